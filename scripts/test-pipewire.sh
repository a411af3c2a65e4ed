#!/usr/bin/env bash
# Runs the sink tests (the InputClickALSATests target: real alsa-lib into a
# real-time sink) a second time, through a private headless PipeWire with a
# null sink instead of the JACK dummy server (scripts/pipewire-sink.sh). The
# machine's own ALSA default is not touched. Expects the tests to be built
# (swift build --build-tests). Prints the failing tests' lines, indented, and
# one "N passed, M failed" line; exits non-zero if any failed.
#
# INPUTCLICK_PIPEWIRE_CLOCK=stock runs them on PipeWire's clock as Debian
# ships it (quantum 1024, nothing forced), where the stream is kept running
# while a keyboard is visible; the default (lab) forces the quantum to 64.
set -uo pipefail
cd "$(dirname "$0")/.."
export INPUTCLICK_SINK_SERVER=pipewire
export INPUTCLICK_SINK_NAME=inputclick-pipewire-test-$$
scripts/virtual-sink.sh start --watch-pid $$ || { echo "test-pipewire: the PipeWire sink did not start" >&2; echo "0 passed, 1 failed"; exit 1; }
trap 'scripts/virtual-sink.sh stop >/dev/null 2>&1' EXIT
eval "$(scripts/virtual-sink.sh env)"
. scripts/swift-test-summary.sh
log=$(mktemp)
swift test --skip-build --filter InputClickALSATests >"$log" 2>&1
clock=${INPUTCLICK_PIPEWIRE_CLOCK:-lab}
swift_test_summary "pipewire-$clock" "PipeWire ($clock clock) sink tests" "$log" $?
result=$?
rm -f "$log"
exit $result
