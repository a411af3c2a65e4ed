#!/usr/bin/env bash
# The native PipeWire output (inputclick-bench --pipewire-tap, client
# inputclick-pw) beside the ALSA path through the pipewire PCM (inputclick
# tap), on a private PipeWire with Debian's stock clock (quantum 1024, min 16,
# max 2048, nothing forced; scripts/pipewire-sink.sh with
# INPUTCLICK_PIPEWIRE_CLOCK=stock):
#   1. tap to sound (bench/run-latency.py, probe under pw-jack with the
#      quantum left unlocked) for the ALSA path and for each latency policy,
#      with the graph's quantum changes counted from the daemon's log over
#      each run (the stream's own open and close included);
#   2. CPU while a keyboard is visible and silent: the client's and the
#      daemons' (pipewire, wireplumber), over IDLE seconds, with nothing else
#      playing, for nothing open, the ALSA path and each policy.
#
# Usage: bash bench/pipewire-native.sh [run-latency.py options, e.g. --taps 200 --rounds 1]
# Environment: INPUTCLICK_BIN, INPUTCLICK_BENCH_BIN (default: .build/release/…;
# build them with swift build -c release --product inputclick / inputclick-bench), IDLE (10).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export INPUTCLICK_BIN=${INPUTCLICK_BIN:-$root/.build/release/inputclick}
export INPUTCLICK_BENCH_BIN=${INPUTCLICK_BENCH_BIN:-$root/.build/release/inputclick-bench}
for bin in "$INPUTCLICK_BIN" "$INPUTCLICK_BENCH_BIN"; do
    [ -x "$bin" ] || { echo "pipewire-native: $bin is missing (swift build -c release --product $(basename "$bin"))" >&2; exit 1; }
done
idle=${IDLE:-10}
export INPUTCLICK_PIPEWIRE_CLOCK=stock
export BENCH_SINK_NAME=inputclick-bench-stock-$$
export INPUTCLICK_SINK_NAME=$BENCH_SINK_NAME
scripts/pipewire-sink.sh start --watch-pid $$ >/dev/null
trap 'scripts/pipewire-sink.sh stop >/dev/null 2>&1 || true' EXIT
eval "$(scripts/pipewire-sink.sh env)"
dir=$PIPEWIRE_RUNTIME_DIR
quanta() { grep -c "new quantum" "$dir/pipewire.log" || true; }

echo "== tap to sound, stock clock"
latency() {
    local label=$1 before after; shift
    before=$(quanta)
    bash bench/run.sh --sink pipewire "$@" 2>&1 | grep -vE '^(bench:|install-deps:)'
    after=$(quanta)
    echo "$label: $((after - before)) quantum changes during the run (open and close included)"
    echo
}
latency "inputclick tap, ALSA pipewire PCM" --clients inputclick "${@}"
for policy in lowest balanced economy; do
    latency "native, $policy" --clients inputclick-pw --pw-policy "$policy" "${@}"
done

# cpu_ns PID...: the CPU time (ns, from schedstat) of every thread of the processes.
cpu_ns() {
    local total=0 pid task
    for pid in "$@"; do
        for task in /proc/"$pid"/task/*/schedstat; do
            [ -r "$task" ] && total=$((total + $(cut -d' ' -f1 "$task")))
        done
    done
    echo "$total"
}
daemons="$(cat "$dir/pipewire.pid") $(cat "$dir/wireplumber.pid")"
# idle_cpu LABEL COMMAND...: starts COMMAND with a pipe for its standard
# input, waits for READY, and measures over $idle s.
idle_cpu() {
    local label=$1 fifo pid d0 c0 d1 c1 q0 q1; shift
    fifo=$(mktemp -d)/in && mkfifo "$fifo"
    if [ $# -gt 0 ]; then
        "$@" <"$fifo" >"$fifo.out" 2>&1 &
        pid=$!
        exec 9>"$fifo"
        for _ in $(seq 100); do grep -q READY "$fifo.out" 2>/dev/null && break; sleep 0.1; done
        sleep 1
    fi
    q0=$(quanta); d0=$(cpu_ns $daemons); c0=$([ -n "${pid:-}" ] && cpu_ns "$pid" || echo 0)
    sleep "$idle"
    q1=$(quanta); d1=$(cpu_ns $daemons); c1=$([ -n "${pid:-}" ] && cpu_ns "$pid" || echo 0)
    if [ -n "${pid:-}" ]; then exec 9>&-; wait "$pid" || true; fi
    rm -rf "$(dirname "$fifo")"
    awk -v l="$label" -v c=$((c1 - c0)) -v d=$((d1 - d0)) -v s="$idle" -v q=$((q1 - q0)) \
        'BEGIN { printf "%-36s client %5.2f %%  daemons %5.2f %%  quantum changes %d\n", l, c / s / 1e7, d / s / 1e7, q }'
}
echo "== CPU while visible and silent (percent of one core, over $idle s), stock clock"
idle_cpu "nothing open"
idle_cpu "inputclick tap, ALSA pipewire PCM" "$INPUTCLICK_BIN" tap --device inputclick_sink
for policy in lowest balanced economy; do
    idle_cpu "native, $policy" "$INPUTCLICK_BENCH_BIN" --pipewire-tap "$policy"
done
