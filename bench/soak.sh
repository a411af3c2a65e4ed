#!/usr/bin/env bash
# A soak of steady typing: `inputclick tap` plays a click every 80-220 ms (a
# seeded typing rhythm with a short burst every 50 taps) for MINUTES minutes,
# into a private server of its own, while its resident memory is sampled
# every 10 s. Prints tap's JSON report (clicks written, held, lost, dropped,
# underruns, faults, latency), whether every tap is accounted for, and the RSS
# at the start and the end.
#
# Usage: bash bench/soak.sh [MINUTES]          (default 10)
# Environment: INPUTCLICK_BIN (an inputclick to use instead of building one),
#              SOAK_SERVER (the server and the backend, issue 17's four:
#                jack      JACK dummy (scripts/virtual-sink.sh), ALSA to inputclick_sink (the default)
#                pw-lab    PipeWire, quantum forced to 64 (scripts/pipewire-sink.sh), auto: native PipeWire
#                pw-stock  PipeWire with Debian's clock, auto: native PipeWire
#                pulse     PulseAudio 16 (scripts/pulseaudio-sink.sh), auto: native PulseAudio),
#              SOAK_SCHEDULING (auto, on-demand or append; default auto).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
minutes=${1:-10}
case $minutes in ''|*[!0-9]*) echo "soak: MINUTES must be a whole number, not '$minutes'" >&2; exit 64 ;; esac
server=${SOAK_SERVER:-jack}
device=()
case $server in
    jack) rig=(scripts/virtual-sink.sh); export INPUTCLICK_SINK_SERVER=jack; device=(--device inputclick_sink) ;;
    pw-lab) rig=(scripts/pipewire-sink.sh); export INPUTCLICK_PIPEWIRE_CLOCK=lab ;;
    pw-stock) rig=(scripts/pipewire-sink.sh); export INPUTCLICK_PIPEWIRE_CLOCK=stock ;;
    pulse) rig=(scripts/pulseaudio-sink.sh) ;;
    *) echo "soak: SOAK_SERVER must be jack, pw-lab, pw-stock or pulse, not '$server'" >&2; exit 64 ;;
esac
bash scripts/install-deps.sh >/dev/null
binary=${INPUTCLICK_BIN:-}
if [ -z "$binary" ]; then
    swift build -c release --product inputclick >/dev/null
    binary=$root/.build/release/inputclick
fi
export INPUTCLICK_SINK_NAME=${INPUTCLICK_SINK_NAME:-inputclick-soak-$server}
unset PULSE_SERVER PIPEWIRE_RUNTIME_DIR PIPEWIRE_REMOTE JACK_DEFAULT_SERVER
"${rig[@]}" start --watch-pid $$ >/dev/null
work=
trap '"${rig[@]}" stop >/dev/null 2>&1 || true; [ -z "$work" ] || rm -rf "$work"' EXIT
eval "$("${rig[@]}" env)"
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
"$binary" tap "${device[@]}" --json --scheduling "${SOAK_SCHEDULING:-auto}" <"$work/taps" >"$work/report" 2>"$work/errors" &
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
echo "soak: $minutes min of steady typing on $server, scheduling ${SOAK_SCHEDULING:-auto}"
tail -n 1 "$work/report"
python3 -c '
import json, sys
r = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
keys = ("taps", "written", "plays", "played", "dropped", "held", "suspect", "heldDropped", "lostWithDevice", "staleDropped",
        "unaccounted", "underruns", "faults", "rewinds", "starts")
print("soak: " + ", ".join(f"{k} {r.get(k)}" for k in keys if k in r))
print("soak: refused " + json.dumps(r.get("refused", {})) + "; every tap accounted for: "
      + ("yes" if r.get("unaccounted", 1) == 0 else "NO"))
' "$work/report"
sed 's/^/soak: tap said: /' "$work/errors"
echo "rss: ${first} kB after 2 s, ${last:-$first} kB at the end, peak ${peak} kB"
