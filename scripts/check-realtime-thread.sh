#!/usr/bin/env bash
# Checks that the render thread ("inputclick-rt") makes no malloc-family
# calls, takes no lock (mutex, trylock, rwlock, semaphore, futex wait) and
# writes nothing to stdout or stderr after its warm-up (its first 20 ms and
# first 4 periods written), while `inputclick tap` plays a few hundred clicks
# of every kind through the virtual sink. The warm-up covers only the thread's
# start; the first click of each kind is counted. Calls made inside alsa-lib's
# snd_pcm_start, snd_pcm_drop, snd_pcm_prepare and snd_pcm_recover are
# reported apart, by function and count, and do not fail the check: the
# render loop starts the device on a tap and stops it when silent, alsa-lib's
# jack plugin takes its running_mutex in start and drop, and an underrun
# (routine on this machine, whose JACK server has no real-time priority) is
# recovered by snd_pcm_recover. A write never starts the device (the start
# threshold is the boundary), so no lock hides in snd_pcm_writei. The check
# also requires the device to have been started on demand more than 20
# times: proof that it sleeps between words.
#
# It builds an LD_PRELOAD counter with cc (scripts/realtime-check/), proves
# on a small C program that the counter does count, builds `inputclick`,
# starts the virtual sink if none runs (stopping it again afterwards), and
# runs tap under the counter. Exits non-zero on any count above zero, or if
# the render thread was never seen.
#
# Then the same counter watches the native PipeWire output's render thread
# (the data loop of the stream's own libpipewire context, named inputclick-rt
# in its first rendering cycle: libpipewire's work in each cycle counts too)
# while `inputclick-bench --pipewire-tap balanced` plays 150 clicks into a
# private PipeWire with the stock clock.
#
# Then it watches the native PulseAudio output's render thread while `inputclick
# tap --backend pulseaudio` plays 150 clicks into a private PulseAudio 16
# (scripts/pulseaudio-sink.sh, named <INPUTCLICK_SINK_NAME or inputclick>-rt-check-pa-<pid>).
# libpulse runs on a thread of its own there (inputclick-pa, not counted):
# the render thread must make no allocator, lock or output call at all after
# its warm-up, and every tap must be written, with no fault.
#
# Environment: INPUTCLICK_BIN (an inputclick binary to use instead of building
# one), INPUTCLICK_BENCH_BIN (likewise for inputclick-bench),
# INPUTCLICK_SINK_NAME (the sink's server name, see virtual-sink.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/inputclick-rt-check.XXXXXX")
sink_started=
native_sink=inputclick-rt-check-pw-$$
pulse_sink=${INPUTCLICK_SINK_NAME:-inputclick}-rt-check-pa-$$
cleanup() {
    [ -n "$sink_started" ] && scripts/virtual-sink.sh stop >/dev/null 2>&1 || true
    INPUTCLICK_SINK_NAME=$native_sink scripts/pipewire-sink.sh stop >/dev/null 2>&1 || true
    INPUTCLICK_SINK_NAME=$pulse_sink scripts/pulseaudio-sink.sh stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "check-realtime-thread: FAILED: $*" >&2; exit 1; }
value() { awk -v key="$1" '$1 == key { print $2 }' "$2"; }
# check_report REPORT WHAT: prints the counter's REPORT and fails unless it saw
# a thread named inputclick-rt that made no allocator, lock or output call after warm-up.
check_report() {
    local total=0 kind
    echo "$2, after warm-up:"
    sed 's/^/  /' "$1"
    [ "$(value render_threads "$1")" -ge 1 ] || fail "no thread named inputclick-rt was seen ($2)"
    for kind in malloc calloc realloc free memalign mutex_lock mutex_trylock rwlock sem_wait futex_wait stdout_stderr_output; do
        total=$(( total + $(value "$kind" "$1") ))
    done
    [ "$total" -eq 0 ] || fail "the $2 made $total allocator, lock or output calls after warm-up"
}

echo "building the allocation counter"
cc -shared -fPIC -O2 -Wall -o "$work/alloc-counter.so" scripts/realtime-check/alloc-counter.c -ldl -lpthread
cc -O2 -Wall -o "$work/self-test" scripts/realtime-check/self-test.c -lpthread

echo "self-test: one malloc on a thread named inputclick-rt must be counted"
INPUTCLICK_RT_WARMUP_MS=100 INPUTCLICK_RT_REPORT="$work/self-test.report" LD_PRELOAD="$work/alloc-counter.so" "$work/self-test"
[ "$(value render_threads "$work/self-test.report")" = 1 ] || fail "the counter did not see the self-test's thread"
[ "$(value malloc "$work/self-test.report")" = 1 ] || fail "the counter missed the self-test's malloc: $(tr '\n' ' ' < "$work/self-test.report")"
[ "$(value free "$work/self-test.report")" = 1 ] || fail "the counter missed the self-test's free"
for kind in mutex_trylock rwlock futex_wait stdout_stderr_output; do
    [ "$(value "$kind" "$work/self-test.report")" = 1 ] || fail "the counter missed the self-test's $kind"
done

binary=${INPUTCLICK_BIN:-}
if [ -z "$binary" ]; then
    echo "building inputclick"
    swift build --product inputclick >/dev/null
    binary=$(swift build --show-bin-path)/inputclick
fi

eval "$(scripts/virtual-sink.sh env)"
if ! scripts/virtual-sink.sh status >/dev/null; then
    scripts/virtual-sink.sh start --watch-pid $$ >/dev/null || fail "the virtual sink did not start"
    sink_started=1
fi

# One click of each kind, each one's first use; then 300 clicks at a typing
# rhythm: 50-150 ms apart, with bursts 20 ms apart.
taps() {
    sleep 0.3
    for kind in key delete modifier space return; do echo "$kind"; sleep 0.05; done
    local kinds=("" "" "" "" "space" "delete" "modifier" "return")
    for i in $(seq 300); do
        echo "${kinds[RANDOM % ${#kinds[@]}]}"
        if (( i % 25 < 6 )); then sleep 0.02; else sleep "$(printf '0.%03d' $(( RANDOM % 101 + 50 )))"; fi
    done
}

echo "running inputclick tap under the counter (about 30 s)"
taps | INPUTCLICK_RT_WARMUP_MS=20 INPUTCLICK_RT_WARMUP_WRITES=4 INPUTCLICK_RT_REPORT="$work/tap.report" LD_PRELOAD="$work/alloc-counter.so" \
    "$binary" tap --device inputclick_sink --json > "$work/tap.out" || fail "inputclick tap failed: $(cat "$work/tap.out")"
# Every tap accounted for: written, or refused or lost for a reason tap
# counts (a loaded machine can stall the sink past the stall timeout, and the
# clicks of that moment are then lost with the device, counted); and most
# written, so that the render thread was put to work.
python3 - "$work/tap.out" <<'PY' || fail "tap did not account for every click: $(tail -n 1 "$work/tap.out")"
import json, sys
stats = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
accepted = stats["plays"] + stats["held"] + stats["suspect"]
accounted = stats["written"] + stats["heldDropped"] + stats["staleDropped"] + stats["lostWithDevice"]
ok = (stats["taps"] == 305 and accepted + sum(stats["refused"].values()) == 305
      and accepted == accounted and stats["unaccounted"] == 0 and stats["written"] >= 250)
print(f"tap: {stats['taps']} taps, {stats['written']} written, {stats['lostWithDevice']} lost with the device, "
      f"{stats['heldDropped'] + stats['staleDropped']} dropped late, refused {stats['refused']}, {stats['faults']} faults")
sys.exit(0 if ok else 1)
PY

check_report "$work/tap.report" "render thread"
starts=$(value calls_snd_pcm_start "$work/tap.report")
[ "${starts:-0}" -gt 20 ] || fail "the device was started on demand only ${starts:-0} times in 305 taps: it does not sleep while silent"
echo "check-realtime-thread: ok (no allocation, no lock and no output on inputclick-rt after its warm-up; started on demand $starts times)"

# The native PipeWire output: its data loop, named inputclick-rt once it renders.
bench=${INPUTCLICK_BENCH_BIN:-}
if [ -z "$bench" ]; then
    echo "building inputclick-bench"
    swift build --product inputclick-bench >/dev/null
    bench=$(swift build --show-bin-path)/inputclick-bench
fi
INPUTCLICK_SINK_NAME=$native_sink INPUTCLICK_PIPEWIRE_CLOCK=stock scripts/pipewire-sink.sh start --watch-pid $$ >/dev/null ||
    fail "the stock PipeWire sink did not start"
native_dir=$(INPUTCLICK_SINK_NAME=$native_sink scripts/pipewire-sink.sh env | sed -n "s/.*PIPEWIRE_RUNTIME_DIR='\([^']*\)'.*/\1/p")
echo "running inputclick-bench --pipewire-tap balanced under the counter (about 10 s)"
(sleep 0.5; for _ in $(seq 150); do echo; sleep "$(printf '0.%03d' $(( RANDOM % 51 + 30 )))"; done) |
    env -u PIPEWIRE_REMOTE PIPEWIRE_RUNTIME_DIR="$native_dir" PIPEWIRE_LOG="$work/pw-client.log" \
        INPUTCLICK_RT_WARMUP_MS=20 INPUTCLICK_RT_WARMUP_WRITES=0 INPUTCLICK_RT_REPORT="$work/pw.report" \
        LD_PRELOAD="$work/alloc-counter.so" "$bench" --pipewire-tap balanced >"$work/pw.out" 2>&1 ||
    fail "inputclick-bench --pipewire-tap failed: $(cat "$work/pw.out")"
tail -n 1 "$work/pw.out"
grep -q "150 taps, 150 played, 150 written" "$work/pw.out" || fail "not every click was written: $(tail -n 1 "$work/pw.out")"
check_report "$work/pw.report" "PipeWire data loop"
echo "check-realtime-thread: ok (no allocation, no lock and no output on the native PipeWire output's data loop)"

# The native PulseAudio output: its render thread, with libpulse on a thread of its own.
INPUTCLICK_SINK_NAME=$pulse_sink scripts/pulseaudio-sink.sh start --watch-pid $$ >/dev/null ||
    fail "the PulseAudio sink did not start"
pulse_env=$(INPUTCLICK_SINK_NAME=$pulse_sink scripts/pulseaudio-sink.sh env)
pulse_server=$(sed -n "s/.*PULSE_SERVER='\([^']*\)'.*/\1/p" <<<"$pulse_env")
pulse_config=$(sed -n "s/.*PULSE_CLIENTCONFIG='\([^']*\)'.*/\1/p" <<<"$pulse_env")
echo "running inputclick tap --backend pulseaudio under the counter (about 15 s)"
(sleep 0.5; for kind in key delete modifier space return; do echo "$kind"; sleep 0.05; done
 for _ in $(seq 145); do echo; sleep "$(printf '0.%03d' $(( RANDOM % 71 + 30 )))"; done) |
    env -u ALSA_CONFIG_PATH PULSE_SERVER="$pulse_server" PULSE_CLIENTCONFIG="$pulse_config" \
        INPUTCLICK_RT_WARMUP_MS=20 INPUTCLICK_RT_WARMUP_WRITES=0 INPUTCLICK_RT_REPORT="$work/pa.report" \
        LD_PRELOAD="$work/alloc-counter.so" "$binary" tap --backend pulseaudio --json >"$work/pa.out" 2>"$work/pa.err" ||
    fail "inputclick tap --backend pulseaudio failed: $(cat "$work/pa.out" "$work/pa.err")"
# Every tap accounted for and written, with no fault: the fresh rig's null
# sink is up to 2 s ahead when tap connects, and the open waits until the
# server mixes the stream in (before, the server asked for nothing for up to
# 1.8 s, the render thread declared it stalled and dropped those taps).
python3 - "$work/pa.out" <<'PY' || fail "tap did not write every tap, or faulted: $(tail -n 1 "$work/pa.out"; cat "$work/pa.err")"
import json, sys
stats = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
print(f"tap: {stats['taps']} taps, {stats['written']} written, {stats['dropped']} dropped "
      f"(refused {stats['refused']}, {stats['staleDropped']} stale, {stats['heldDropped']} held and dropped), "
      f"{stats['lostWithDevice']} lost with the device, {stats['underruns']} underruns, {stats['rewinds']} rewinds, "
      f"{stats['faults']} faults, {stats['unaccounted']} unaccounted")
sys.exit(0 if stats["taps"] == 150 and stats["written"] == 150 and stats["faults"] == 0 and stats["unaccounted"] == 0 else 1)
PY
check_report "$work/pa.report" "PulseAudio render thread"
echo "check-realtime-thread: ok (no allocation, no lock and no output on the native PulseAudio output's render thread)"
