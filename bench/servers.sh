#!/usr/bin/env bash
# The benchmark on the four sound servers (issue 17, item 4): JACK dummy,
# PipeWire lab (quantum forced to 64), PipeWire stock and PulseAudio 16, each
# a private rig started and stopped by bench/run-servers.py. See bench/README.md.
#
# Usage: bash bench/servers.sh [run-servers.py options...]
#   e.g. bash bench/servers.sh --quick --json out/servers.json --markdown out/servers.md
# INPUTCLICK_BIN=/path/to/inputclick skips the Swift build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if ! bash scripts/install-deps.sh; then
    echo "bench: scripts/install-deps.sh failed (see above)" >&2
    exit 1
fi
out=$root/.build/bench
bash bench/build.sh "$out"
if [ -z "${INPUTCLICK_BIN:-}" ]; then
    echo "bench: swift build -c release --product inputclick"
    swift build -c release --product inputclick
fi
exec python3 bench/run-servers.py --build-dir "$out" "$@"
