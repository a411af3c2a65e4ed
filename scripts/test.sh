#!/usr/bin/env bash
# Installs what is missing, starts the real-time virtual sound sink, and runs
# every test: the Swift suites (offline and through real alsa-lib into the
# sink), the real-time-thread malloc check, and the C plugin from C, C++,
# Python and Rust. Exits non-zero if anything fails.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh || exit 1

export JACK_NO_START_SERVER=1
export ALSA_CONFIG_PATH="/usr/share/alsa/alsa.conf:$PWD/config/alsa/inputclick-test.conf"

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
[ -x scripts/check-realtime-thread.sh ] && step "real-time thread makes no malloc calls" scripts/check-realtime-thread.sh
[ -x scripts/test-plugin.sh ] && step "C plugin from C, C++, Python and Rust" scripts/test-plugin.sh

echo
if [ ${#failures[@]} -eq 0 ]; then
  echo "all test steps passed"
else
  echo "failed steps: ${failures[*]}"
  exit 1
fi
