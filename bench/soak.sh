#!/usr/bin/env bash
# A soak of steady typing through the virtual sink: `inputclick tap` plays a
# click every 80-220 ms (a seeded typing rhythm with a short burst every 50
# taps) for MINUTES minutes, on a JACK server of its own, while its resident
# memory is sampled every 10 s. Prints tap's report (clicks, starts,
# rewinds, underruns, latency) and the RSS at the start and the end.
#
# Usage: bash bench/soak.sh [MINUTES]          (default 10)
# Environment: INPUTCLICK_BIN (an inputclick to use instead of building one),
#              SOAK_SCHEDULING (auto, on-demand or append; default auto).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
minutes=${1:-10}
case $minutes in ''|*[!0-9]*) echo "soak: MINUTES must be a whole number, not '$minutes'" >&2; exit 64 ;; esac
bash scripts/install-deps.sh >/dev/null
binary=${INPUTCLICK_BIN:-}
if [ -z "$binary" ]; then
    swift build -c release --product inputclick >/dev/null
    binary=$root/.build/release/inputclick
fi
export INPUTCLICK_SINK_NAME=${INPUTCLICK_SINK_NAME:-inputclick-soak}
eval "$(scripts/virtual-sink.sh env)"
scripts/virtual-sink.sh start --watch-pid $$ >/dev/null
trap 'scripts/virtual-sink.sh stop >/dev/null 2>&1 || true' EXIT
work=$(mktemp -d)
mkfifo "$work/taps"
python3 -c '
import random, sys, time
random.seed(7)
end = time.monotonic() + 60 * int(sys.argv[1])
n = 0
out = open(sys.argv[2], "w", buffering=1)
time.sleep(0.5)
while time.monotonic() < end:
    out.write("\n")
    n += 1
    time.sleep(0.03 if n % 50 < 5 else random.uniform(0.08, 0.22))
out.close()
' "$minutes" "$work/taps" &
"$binary" tap --device inputclick_sink --scheduling "${SOAK_SCHEDULING:-auto}" <"$work/taps" >"$work/report" 2>"$work/errors" &
tap=$!
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$tap/status" 2>/dev/null || echo 0; }
sleep 2
first=$(rss)
peak=$first
while kill -0 "$tap" 2>/dev/null; do
    now=$(rss); [ "${now:-0}" -gt "$peak" ] && peak=$now
    last=$now
    sleep 10
done
wait "$tap" || { echo "soak: tap failed:"; cat "$work/errors"; exit 1; }
echo "soak: $minutes min of steady typing, scheduling ${SOAK_SCHEDULING:-auto}"
cat "$work/report"
echo "rss: ${first} kB after 2 s, ${last:-$first} kB at the end, peak ${peak} kB"
rm -rf "$work"
