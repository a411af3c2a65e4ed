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
step() {
  local name=$1; shift
  echo
  echo "==> $name"
  if "$@"; then echo "==> $name: ok"; else echo "==> $name: FAILED"; failures+=("$name"); fi
}

# The sink must outlive the build and the tests, and stop even if they fail.
scripts/virtual-sink.sh start || { echo "could not start the virtual sink" >&2; exit 1; }
trap 'scripts/virtual-sink.sh stop >/dev/null 2>&1' EXIT

step "build" swift build --build-tests
step "swift test" swift test
step "the real-time thread allocates nothing and takes no lock" scripts/check-realtime-thread.sh
step "the C plugin from C, C++, Python and Rust" scripts/test-plugin.sh

echo
if [ ${#failures[@]} -eq 0 ]; then
  echo "all test steps passed"
else
  echo "failed steps: ${failures[*]}"
  exit 1
fi
