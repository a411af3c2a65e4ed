#!/usr/bin/env bash
# Installs what is missing, starts the real-time virtual sound sink, and runs
# every test: the Swift suites (offline and through real alsa-lib into the
# sink), the real-time-thread malloc check, and the C plugin from C, C++,
# Python and Rust. Exits non-zero if anything fails.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh || exit 1

# The sink's environment: JACK server name, JACK_NO_START_SERVER, ALSA_CONFIG_PATH
# (the system configuration plus config/alsa/inputclick-test.conf).
eval "$(scripts/virtual-sink.sh env)"
export INPUTCLICK_SINK_NAME="$JACK_DEFAULT_SERVER"

failures=()
log=$(mktemp)
step_output=$(mktemp)
step_pid=
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
  local tail_pid=$!
  wait "$step_pid"
  local status=$?
  step_pid=
  wait "$tail_pid"
  # Keep each step's output for the totals at the end.
  cat "$step_output" >>"$log"
  case $status in
    0) echo "==> $name: ok"; return ;;
    124) echo "==> $name: FAILED: still running after $limit s, stopped" ;;
    137) if (( SECONDS - started >= limit )); then echo "==> $name: FAILED: still running after $limit s, killed"
         else echo "==> $name: FAILED: killed by SIGKILL after $(( SECONDS - started )) s (out of memory?)"; fi ;;
    *) echo "==> $name: FAILED (exit $status)" ;;
  esac
  failures+=("$name")
}

# The sink must outlive the build and the tests, and stop even if they fail.
scripts/virtual-sink.sh start || { echo "could not start the virtual sink" >&2; exit 1; }
trap 'scripts/virtual-sink.sh stop >/dev/null 2>&1; rm -f "$log" "$step_output"' EXIT
# Ctrl-C or a TERM stops the running step (timeout passes the signal on to its group).
stop_step() { if [ -n "$step_pid" ]; then kill -TERM "$step_pid" 2>/dev/null; wait "$step_pid"; fi; }
trap 'stop_step; exit 130' INT
trap 'stop_step; exit 143' TERM

# Limits: several times a normal run's duration on CI's 2 cores.
step "build" 1800 swift build --build-tests
step "swift test" 900 swift test
step "the real-time thread allocates nothing and takes no lock" 300 scripts/check-realtime-thread.sh
step "the C plugin from C, C++, Python and Rust" 1200 scripts/test-plugin.sh

# Totals from the runners' own counts: Swift Testing's closing line, and the
# "N passed, M failed" line of each plugin test and check.
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
if [ ${#failures[@]} -eq 0 ]; then
  echo "all test steps passed"
else
  echo "failed steps: ${failures[*]}"
  exit 1
fi
