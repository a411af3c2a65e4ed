#!/usr/bin/env bash
# Runs the tests that play through a real PulseAudio 16 (CLIPulseAudioTests:
# `inputclick tap` through ALSA's pulse PCM, every click heard in the server's
# monitor or reported lost; InputClickPulseAudioTests: the native backend,
# through libpulse, the same, plus a killed server and discovery) against
# private servers, one per suite, that the tests start and stop themselves
# (scripts/pulseaudio-sink.sh, each also stopped when the test process exits). The machine's own
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
# Each suite starts a PulseAudio of its own (PulseAudioSink.ofSuite, .shared):
# two suites recording one server's monitor in parallel heard each other's
# clicks (61 heard of 60 tapped) and loaded one daemon with both.
unset INPUTCLICK_PULSEAUDIO_SINK
. scripts/swift-test-summary.sh
log=$(mktemp)
swift test --skip-build --filter 'CLIPulseAudioTests|InputClickPulseAudioTests' >"$log" 2>&1
# The test's own line of what was heard and reported, shown too.
swift_test_summary pulseaudio "PulseAudio tests" "$log" $? '^through (PulseAudio|the native PulseAudio backend): '
result=$?
rm -f "$log"
exit $result
