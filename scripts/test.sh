#!/usr/bin/env bash
# Installs what is missing, starts the real-time virtual sound sink, and runs
# every test: the Swift suites (offline and through real alsa-lib into the
# sink, through PipeWire, and into a real PulseAudio 16), the real-time-thread
# malloc check, the C plugin from C, C++, Python and Rust, the fcitx5 add-on,
# the README's code blocks, the installation, the fuzzers,
# and the core suites and the C API under the address and thread sanitizers.
# Exits non-zero if anything fails. Each step's line says how long it took.
#
# Usage: scripts/test.sh [--quick]
#   --quick  (or INPUTCLICK_TEST_QUICK=1) leaves out the three long steps that
#            build and test the product another way: the installation, the
#            fuzzers and the sanitizers; the final line says they were skipped.
#            The PipeWire passes then leave out the two soak-like typing tests
#            (scripts/test-pipewire.sh), which the JACK pass runs anyway.
#            For a developer's repeated runs; CI (.ci/run) runs everything.
set -uo pipefail
cd "$(dirname "$0")/.."

quick=${INPUTCLICK_TEST_QUICK:-0}
case ${1:-} in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 64 ;;
esac
[ "$quick" = 0 ] || quick=1
# The PipeWire passes read it too (scripts/test-pipewire.sh).
export INPUTCLICK_TEST_QUICK=$quick

scripts/install-deps.sh || exit 1

# The sink's environment: JACK server name, JACK_NO_START_SERVER, ALSA_CONFIG_PATH
# (the system configuration plus config/alsa/inputclick-test.conf).
eval "$(scripts/virtual-sink.sh env)"
export INPUTCLICK_SINK_NAME="$JACK_DEFAULT_SERVER"
# The tests start their tmux server on this private socket (tmux -S), so that
# the cleanup below can end it without touching anyone else's tmux.
# It lives in a directory of this run's own (mktemp -d, mode 0700), never at a
# name another user could guess and take first.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/inputclick-test.XXXXXX") || exit 1
export INPUTCLICK_TEST_TMUX_SOCKET="$scratch/tmux.socket"
# The plugin's release build is installed once, here, by the plugin step; the
# fcitx5 and README steps use that install instead of building it again.
export INPUTCLICK_PLUGIN_PREFIX="$scratch/plugin"
# The machine's desktop settings (GNOME's input feedback switch, feedbackd's
# profile) must not change the outcome; the desktop tests turn the lookup on
# for themselves, against a keyfile backend in a temporary directory.
export INPUTCLICK_DESKTOP_SETTINGS=off

failures=()
log=$(mktemp)
step_output=$(mktemp)
step_pid=
tail_pid=
# step NAME SECONDS COMMAND...: runs one step with a time limit, so that a hang
# fails that step with a message instead of stalling the run until CI gives up.
step() {
  local name=$1 limit=$2; shift 2
  echo
  echo "==> $name"
  # The step writes to a file that tail shows as it grows; no pipe, so nothing
  # a step leaves running can hold this script's output open. timeout puts the
  # step in a process group of its own, signals the whole group at the limit,
  # and kills it 30 s later. It runs in the background so that Ctrl-C (the
  # trap below) can stop it.
  : >"$step_output"
  local started=$SECONDS
  timeout --kill-after=30 "$limit" "$@" >"$step_output" 2>&1 </dev/null &
  step_pid=$!
  tail -n +1 -f --pid="$step_pid" "$step_output" &
  tail_pid=$!
  wait "$step_pid"
  local status=$?
  step_pid=
  wait "$tail_pid"
  tail_pid=
  # Keep each step's output for the totals at the end.
  cat "$step_output" >>"$log"
  case $status in
    0) echo "==> $name: ok ($(( SECONDS - started )) s)"; return ;;
    124) echo "==> $name: FAILED: still running after $limit s, stopped" ;;
    137) if (( SECONDS - started >= limit )); then echo "==> $name: FAILED: still running after $limit s, killed"
         else echo "==> $name: FAILED: killed by SIGKILL after $(( SECONDS - started )) s (out of memory?)"; fi ;;
    *) echo "==> $name: FAILED (exit $status)" ;;
  esac
  failures+=("$name")
}

# descendants PID: every process below PID, children before grandchildren.
descendants() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}

# alive PID...: whether any of them still runs (a zombie, which only waits to
# be reaped, does not count).
alive() {
  local pid state
  for pid in "$@"; do
    state=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1)
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ] && return 0
  done
  return 1
}

# Stops the running step, if any, and everything it started. timeout runs the
# step in a process group of its own, but the tests start their programs
# (the CLI, tmux clients, the sink script) in process groups of their own too,
# so each of those groups is signalled as well, found while the process tree
# still holds them. TERM first; whatever is left after 5 s gets KILL.
stop_step() {
  [ -n "$step_pid" ] || return 0
  local pid=$step_pid pids groups group own_group tries
  step_pid=
  own_group=$(ps -o pgid= -p $$ | tr -d ' ')
  pids="$pid $(descendants "$pid")"
  groups=$(for p in $pids; do ps -o pgid= -p "$p" 2>/dev/null; done | tr -d ' ' | sort -u | grep -vx "$own_group")
  for group in $groups; do kill -TERM -- "-$group" 2>/dev/null; done
  kill -TERM $pids 2>/dev/null
  for (( tries = 0; tries < 50; tries++ )); do
    alive $pids || break
    sleep 0.1
  done
  for group in $groups; do kill -KILL -- "-$group" 2>/dev/null; done
  kill -KILL $pids 2>/dev/null
  wait "$pid" 2>/dev/null
}

# On every way out: stop the running step and what it started, end the tests'
# tmux server (its sessions outlive a killed test), stop the sink, and remove
# the scratch files. A SIGKILL of this script cannot be caught; then the
# test-owned sinks still stop with the test process (--watch-pid), but a
# tmux server on $INPUTCLICK_TEST_TMUX_SOCKET may remain.
cleanup() {
  stop_step
  if [ -n "$tail_pid" ]; then kill "$tail_pid" 2>/dev/null; fi
  tmux -S "$INPUTCLICK_TEST_TMUX_SOCKET" kill-server >/dev/null 2>&1
  rm -rf "$scratch"
  scripts/virtual-sink.sh stop >/dev/null 2>&1
  rm -f "$log" "$step_output"
}

# The sink must outlive the build and the tests, and stop even if they fail.
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 131' QUIT
trap 'exit 143' TERM
scripts/virtual-sink.sh start || { echo "could not start the virtual sink" >&2; exit 1; }

# Limits: several times a normal run's duration on CI's 2 cores.
step "the sink scripts trust no directory another user could have made" 120 scripts/test-sink-scripts.sh
step "build" 1800 swift build --build-tests
# Every suite but the native PipeWire and PulseAudio ones, which the PipeWire
# and PulseAudio steps below run, against sinks of their own as here. Run here
# as well, they ran twice, and held the test process's few threads while the
# sink suites, which run one at a time, waited for one.
step "swift test" 900 swift test --skip-build --skip 'InputClickPipeWireTests|InputClickPulseAudioTests|CLIPulseAudioTests'
# The binaries the build step made, not another `swift build` for each.
step "the real-time thread allocates nothing and takes no lock" 300 \
  env INPUTCLICK_BIN=.build/debug/inputclick INPUTCLICK_BENCH_BIN=.build/debug/inputclick-bench scripts/check-realtime-thread.sh
step "the C plugin from C, C++, Python and Rust" 1200 scripts/test-plugin.sh
step "the sink tests again, through PipeWire (lab clock: quantum forced to 64)" 900 scripts/test-pipewire.sh
# PipeWire's clock as shipped (issue 17): the stream kept running while visible, never re-timing the graph per tap.
step "the sink tests again, through PipeWire as Debian ships it" 900 env INPUTCLICK_PIPEWIRE_CLOCK=stock scripts/test-pipewire.sh
# A real PulseAudio 16, through ALSA's pulse PCM and through the native backend (libpulse, loaded at run time): every click tapped is heard in the server's monitor or reported lost; no binary has libpulse in DT_NEEDED.
step "clicks through a real PulseAudio 16, each heard or reported" 300 scripts/test-pulseaudio.sh
# An in-process fcitx5 with its test front end and the add-on, through the sink's file capture (issue 20).
step "the fcitx5 add-on, headless" 600 scripts/test-fcitx5.sh
# Every code block of README.md, compiled and run as it stands (issue 10); reuses the builds above.
step "the README's snippets, compiled and run" 900 scripts/test-readme-snippets.sh
skipped=()
if [ "$quick" = 1 ]; then
  skipped=("installation" "fuzzing" "sanitizers" "the typing soak tests on PipeWire")
else
  # make install/uninstall into a DESTDIR, the .deb through apt-get, pip, and the plugin's 10 MB bound.
  step "installation: make install, the .deb, pip, the plugin's size" 1200 scripts/test-install.sh
  # Own build directories (.build/fuzz, .build/sanitizers); each prints only its
  # own "N passed, M failed" (runs), never Swift Testing's lines, so the totals
  # below count no test twice.
  step "fuzzing: libFuzzer, 30 s per harness" 600 scripts/fuzz.sh 30
  step "the core and keyboard tests and the C API under ASan and TSan" 1800 scripts/sanitizers.sh
fi

# Totals from the runners' own counts: Swift Testing's closing line, and the
# "N passed, M failed" line of each plugin test and check, of the fuzzing
# (harnesses) and of the sanitizer runs.
swift_total=$(grep -oE 'Test run with [0-9]+ tests?' "$log" | grep -oE '[0-9]+' | head -n 1)
swift_failed=$(grep -E '^✘ Test .* failed after' "$log" | grep -cv '^✘ Test run ')
swift_passed=$(( ${swift_total:-0} - swift_failed ))
other_passed=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | awk '{s += $1} END {print s + 0}')
other_failed=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | awk '{s += $3} END {print s + 0}')
echo
failed=$(( ${swift_failed:-0} + other_failed ))
# A step that failed without a failing test (a build error, a crash) still counts.
[ "$failed" -eq 0 ] && failed=${#failures[@]}
echo "tests: $(( ${swift_passed:-0} + other_passed )) passed, $failed failed"
[ ${#skipped[@]} -eq 0 ] || echo "skipped (--quick): ${skipped[*]}"
echo "took $(( SECONDS / 60 )) min $(( SECONDS % 60 )) s"
if [ ${#failures[@]} -eq 0 ]; then
  if [ "$quick" = 1 ]; then echo "all test steps run passed"; else echo "all test steps passed"; fi
else
  echo "failed steps: ${failures[*]}"
  exit 1
fi
