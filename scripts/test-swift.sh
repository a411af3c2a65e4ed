#!/usr/bin/env bash
# The `swift test` step of scripts/test.sh, on the build already made
# (--skip-build): the sink suites (ThroughTheVirtualSink, whose tests run one
# at a time) in a test process of their own, beside a second one for every
# other suite but the native PipeWire and PulseAudio backends' (the PipeWire
# and PulseAudio steps of scripts/test.sh run those, against sinks of their
# own). In one process the sink suites' tests waited for one of its few
# threads while other suites held them: the step took 245 s for 130 s of sink
# tests in a loaded run on 2 Dec 2026, and 155 s split so. The sink suites' process is the test bundle run
# as `swift test` runs it: a second `swift test` would wait for the first's
# lock on .build. Prints the other suites' output as it comes, then the sink
# suites'; exits non-zero if either run failed.
set -uo pipefail
cd "$(dirname "$0")/.."
sink_log=$(mktemp)
trap 'rm -f "$sink_log"' EXIT
NO_COLOR=1 .build/debug/InputClickPackageTests.xctest --testing-library swift-testing \
    --filter ThroughTheVirtualSink >"$sink_log" 2>&1 &
sink_pid=$!
swift test --skip-build --skip 'ThroughTheVirtualSink|InputClickPipeWireTests|InputClickPulseAudioTests|CLIPulseAudioTests'
status=$?
wait "$sink_pid"
sink_status=$?
cat "$sink_log"
[ "$status" -eq 0 ] && [ "$sink_status" -eq 0 ]
