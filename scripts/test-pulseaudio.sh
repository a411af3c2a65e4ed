#!/usr/bin/env bash
# Runs the tests that play through a real PulseAudio 16 (CLIPulseAudioTests:
# `inputclick tap` through ALSA's pulse PCM, every click heard in the server's
# monitor or reported lost; InputClickPulseAudioTests: the native backend,
# through libpulse, the same, plus a killed server and discovery) against a
# private server started here
# (scripts/pulseaudio-sink.sh, stopped with this script). The machine's own
# ALSA default and sound servers are not touched. Expects the tests to be
# built (swift build --build-tests). Prints the failing tests' lines,
# indented, and one "N passed, M failed" line; exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
# libpulse is loaded at run time (dlopen): no built binary may need it.
for binary in .build/debug/inputclick .build/debug/inputclick-bench .build/debug/libInputClickPlugin.so \
    .build/debug/InputClickPackageTests.xctest; do
    if [ -e "$binary" ] && readelf -d "$binary" | grep -q 'NEEDED.*libpulse'; then
        echo "test-pulseaudio: $binary has libpulse in DT_NEEDED; it must be loaded at run time" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
done
export INPUTCLICK_PULSEAUDIO_SINK=inputclick-pa-test-$$
INPUTCLICK_SINK_NAME=$INPUTCLICK_PULSEAUDIO_SINK scripts/pulseaudio-sink.sh start --watch-pid $$ \
    || { echo "test-pulseaudio: the PulseAudio sink did not start" >&2; echo "0 passed, 1 failed"; exit 1; }
trap 'INPUTCLICK_SINK_NAME=$INPUTCLICK_PULSEAUDIO_SINK scripts/pulseaudio-sink.sh stop >/dev/null 2>&1' EXIT
. scripts/swift-test-summary.sh
log=$(mktemp)
swift test --skip-build --filter 'CLIPulseAudioTests|InputClickPulseAudioTests' >"$log" 2>&1
# The test's own line of what was heard and reported, shown too.
swift_test_summary pulseaudio "PulseAudio tests" "$log" $? '^through (PulseAudio|the native PulseAudio backend): '
result=$?
rm -f "$log"
exit $result
