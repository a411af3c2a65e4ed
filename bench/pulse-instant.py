#!/usr/bin/env python3
"""The instant-sound paths of a real PulseAudio 16, side by side in one run (issue 17).

Usage: pulse-instant.py BUILD_DIR TAPS SPACING_MS [ROUNDS]

Needs the client environment of scripts/pulseaudio-sink.sh (eval "$(... env)"),
libpulse-dev, gcc, libcanberra0 and root. Canberra's pulse driver comes from
the libcanberra-pulse package, which is never installed (it depends on the
pulseaudio package, which makes PulseAudio every program's ALSA default):
it is unpacked privately like the rig's daemon and bind-mounted over
canberra's driver directory in a mount namespace of the client's own
(unshare), so nothing of the machine changes. For each round, in turn, types TAPS
taps SPACING_MS apart into each of:
  native    the native backend (InputClickPulseAudio): `BUILD_DIR/inputclick-bench --pulse-taps`
  cache     the server's sample cache: bench/pulse-sample-client.c, pa_context_play_sample
            of Sounds/key.wav uploaded with pactl upload-sample
  canberra  libcanberra's cached sample of the same file (bench/canberra-client.py)
  alsa      `BUILD_DIR/inputclick tap --device inputclick_sink` through ALSA's pulse PCM
and measures each tap's onset in the null sink's monitor with pulse-heard.py's
measure(). The monitor's clock is placed from when its audio arrived, and the
sink renders ahead of it, so the figures share an offset of a few ms (they can
be negative): compare them with each other, within one run. An onset up to
20 ms before a tap counts as its click. Prints p50, p99 and the taps never heard, per path, pooled over rounds.
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("pulse_heard", os.path.join(here, "pulse-heard.py"))
pulse_heard = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pulse_heard)


CANBERRA_DRIVERS = "/usr/lib/x86_64-linux-gnu/libcanberra-0.30"


def canberra_drivers():
    """The directory of libcanberra-pulse's driver, unpacked privately (scripts/sink-processes.sh)."""
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libcanberra0"], capture_output=True, text=True,
                             check=True).stdout
    script = 'me=pulse-instant; . "$0"; unpacked_package libcanberra-pulse "$1"'
    root = subprocess.run(["bash", "-c", script, os.path.join(here, "..", "scripts", "sink-processes.sh"), version],
                          capture_output=True, text=True, check=True).stdout.strip()
    return root + "/root" + CANBERRA_DRIVERS


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.split("\n\n")[1])
    build, taps, spacing = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]) / 1000
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    key = os.path.join(here, "..", "Sounds", "key.wav")
    with tempfile.TemporaryDirectory() as scratch:
        client = os.path.join(scratch, "pulse-sample-client")
        subprocess.run(["cc", "-O2", "-o", client, os.path.join(here, "pulse-sample-client.c"), "-lpulse"], check=True)
        subprocess.run(["pactl", "upload-sample", key, "inputclick-bench-key"], check=True)
        drivers = canberra_drivers()
        paths = {
            "native": [os.path.join(build, "inputclick-bench"), "--pulse-taps"],
            "cache": [client, "inputclick-bench-key"],
            "canberra": ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                         'mount --bind "$0" "$1" && exec "$2" "$3" "$4" "$5"', drivers, CANBERRA_DRIVERS,
                         sys.executable, os.path.join(here, "canberra-client.py"), key, "inputclick-bench-key-ca"],
            "alsa": [os.path.join(build, "inputclick"), "tap", "--device", "inputclick_sink", "--json"],
        }
        results = {name: ([], 0) for name in paths}
        for _ in range(rounds):
            for name, command in paths.items():
                latencies, unheard, _, _, errors = pulse_heard.measure(command, taps, spacing, early=0.02)
                pooled, missed = results[name]
                results[name] = (pooled + latencies, missed + len(unheard))
                for line in errors.strip().splitlines():
                    if "warning" in line or "error" in line:
                        print(f"{name}: {line}")
    print(f"{taps} taps x {rounds} rounds, {sys.argv[3]} ms apart, tap to onset in the monitor:")
    for name, (latencies, missed) in results.items():
        latencies.sort()
        if latencies:
            p50 = latencies[len(latencies) // 2]
            p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
            print(f"  {name:9} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  missed {missed}")
        else:
            print(f"  {name:9} nothing heard, missed {missed}")


if __name__ == "__main__":
    main()
