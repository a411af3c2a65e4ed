#!/usr/bin/env bash
# Builds the benchmark's C programs (the probe, the reference clients, the
# onset scanner, where libpulse-dev is installed the sample-cache client, and
# where libcanberra-dev is installed the canberra client)
# into OUT and checks the onset detector offline. Used by bench/run.sh and
# bench/servers.sh.
#
# Usage: bench/build.sh OUT
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:?usage: bench/build.sh OUT}
mkdir -p "$out"
cc=${CC:-cc}
cflags=(-O2 -g -Wall -Wextra)
jack_flags=$(pkg-config --cflags --libs jack)
alsa_flags=$(pkg-config --cflags --libs alsa)
echo "bench: building the probe and the reference clients into $out"
# shellcheck disable=SC2086
{
    "$cc" "${cflags[@]}" -o "$out/probe" bench/probe.c $jack_flags -lm
    "$cc" "${cflags[@]}" -o "$out/native-client" bench/native-client.c $jack_flags -lm
    "$cc" "${cflags[@]}" -o "$out/plain-alsa-client" bench/plain-alsa-client.c $alsa_flags -lpthread -lm
    "$cc" "${cflags[@]}" -o "$out/per-key-client" bench/per-key-client.c $alsa_flags -lpthread -lm
    "$cc" "${cflags[@]}" -o "$out/onset-scan" bench/onset-scan.c -lm
    if pulse_flags=$(pkg-config --cflags --libs libpulse 2>/dev/null); then
        "$cc" "${cflags[@]}" -o "$out/pulse-sample-client" bench/pulse-sample-client.c $pulse_flags
    else
        echo "bench: libpulse-dev is missing: no sample-cache client (bench/servers.sh's cache rows say so)" >&2
    fi
    if canberra_flags=$(pkg-config --cflags --libs libcanberra 2>/dev/null); then
        "$cc" "${cflags[@]}" -o "$out/canberra-client" bench/canberra-client.c $canberra_flags -lm
    else
        echo "bench: libcanberra-dev is missing: no canberra client (bench/servers.sh's canberra rows say so)" >&2
    fi
}

# The onset detector against the sounds it must find (under a second).
if python3 bench/check-onsets.py --scan "$out/onset-scan" >"$out/check-onsets.txt" 2>&1; then
    echo "bench: onset detector check passed ($out/check-onsets.txt)"
else
    echo "bench: WARNING: the onset detector check failed; see $out/check-onsets.txt" >&2
fi
