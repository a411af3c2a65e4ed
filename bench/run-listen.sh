#!/usr/bin/env bash
# The `inputclick listen` benchmark: event-to-sound latency through the
# virtual sink for a replayed recording (the test fixture by default), side by
# side with, in the same run and on the same sink:
#   native      a JACK client (the sink's floor)
#   plain       a plain alsa-lib client keeping a 64 x 2 buffer full
#   per-key     a player that opens a stream for every press, as naive tools do
#   inputclick  `inputclick tap` (the figure listen's target is set against)
#   listen      `inputclick listen --replay -`, fed the recording's press lines
# Each press of the recording is a tap, at its recorded time; each client's
# CPU is measured while it stays open and silent afterwards (idle between words).
# Target (issue 11): listen's p50 at most 1.5 ms above tap's.
#
# Usage: bash bench/run-listen.sh [--recording FILE] [run-latency.py options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
recording=$root/Tests/Fixtures/listen/typing.evemu
case " $* " in *" --recording "*) recording="" ;; esac
exec bash "$root/bench/run.sh" --clients native,plain,per-key,inputclick,listen \
    ${recording:+--recording "$recording"} "$@"
