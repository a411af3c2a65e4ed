#!/usr/bin/env python3
"""Checks the probe's onset detector offline, on the sounds the benchmark plays.

Usage: check-onsets.py [--scan PATH] [--sounds DIR] [detector options...]

For each sound (the bundled Sounds/*.wav and the benchmark's own test click,
bench/click.h) it builds click trains -- a typing rhythm (gaps 80-220 ms), the
benchmark's bursts (30 ms apart), and a tighter burst (15 ms apart) -- sums
overlapping clicks as a mixer would, runs bench/onset-scan over the result and
reports, per train, how many clicks were found, how many onsets were spurious,
and how late the found onsets were after the click's true first sample.

A found onset is the first one in [start, start + 5 ms) of a click. Extra
options are passed to onset-scan (e.g. --ratio 3 --release-ms 8).
Exit status 0 when every typing and 30 ms-burst click of every sound is found
with no spurious onsets; 1 otherwise.
"""
import argparse
import array
import math
import os
import random
import subprocess
import sys
import wave

RATE = 48000
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def bench_click():
    """The same click as bench/click.h."""
    n = int(0.010 * RATE + 0.5)
    fade = int(0.001 * RATE + 0.5)
    out = []
    for i in range(n):
        t = i / RATE
        x = 0.5 * math.sin(2 * math.pi * 2000 * t) * math.exp(-t / 0.0025)
        if i + fade >= n:
            x *= (n - 1 - i) / fade
        out.append(x)
    return out


def read_wav(path):
    with wave.open(path, "rb") as w:
        if w.getsampwidth() != 2 or w.getframerate() != RATE:
            raise SystemExit(f"{path}: expected 16-bit {RATE} Hz")
        ch = w.getnchannels()
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder != "little":
        data.byteswap()
    return [data[i] / 32768.0 for i in range(0, len(data), ch)]


def first_audible(sound, threshold):
    for i, x in enumerate(sound):
        if abs(x) > threshold:
            return i
    return 0


def train(sound, starts, length):
    buf = [0.0] * length
    for s in starts:
        for i, x in enumerate(sound):
            if s + i < length:
                buf[s + i] += x
    return [max(-1.0, min(1.0, x)) for x in buf]


def scan(scan_bin, signal, extra):
    data = array.array("f", signal).tobytes()
    out = subprocess.run([scan_bin, "--rate", str(RATE)] + extra, input=data,
                         capture_output=True, check=True).stdout.decode()
    onsets = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "onset":
            onsets.append((int(parts[1]), parts[2]))
    return onsets


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scan", default=os.path.join(ROOT, ".build", "bench", "onset-scan"))
    ap.add_argument("--sounds", default=os.path.join(ROOT, "Sounds"))
    ap.add_argument("--threshold", type=float, default=0.01,
                    help="only to place true onsets; pass it to onset-scan too if changed")
    args, extra = ap.parse_known_args()
    if "--threshold" in sys.argv:
        extra += ["--threshold", str(args.threshold)]

    sounds = [("bench-click", bench_click())]
    if os.path.isdir(args.sounds):
        for name in sorted(os.listdir(args.sounds)):
            if name.endswith(".wav"):
                sounds.append((name[:-4], read_wav(os.path.join(args.sounds, name))))

    rng = random.Random(7)
    ok = True
    print(f"{'sound':12} {'train':12} {'clicks':>6} {'found':>6} {'spurious':>8} "
          f"{'late p50':>9} {'late max':>9}  kinds")
    for name, sound in sounds:
        lead = first_audible(sound, args.threshold)
        trains = []
        t, starts = RATE // 2, []
        for _ in range(40):
            starts.append(t)
            t += int(rng.uniform(0.080, 0.220) * RATE)
        trains.append(("typing", starts, True))
        trains.append(("burst 30ms", [RATE // 2 + i * int(0.030 * RATE) for i in range(20)], True))
        trains.append(("burst 15ms", [RATE // 2 + i * int(0.015 * RATE) for i in range(20)], False))
        for label, starts, must in trains:
            length = starts[-1] + len(sound) + RATE // 4
            onsets = scan(args.scan, train(sound, starts, length), extra)
            used, lates, kinds = set(), [], {}
            for s in starts:
                true = s + lead
                for j, (f, kind) in enumerate(onsets):
                    if j not in used and true <= f < true + int(0.005 * RATE):
                        used.add(j)
                        lates.append((f - true) / RATE * 1000)
                        kinds[kind] = kinds.get(kind, 0) + 1
                        break
            spurious = len(onsets) - len(used)
            lates.sort()
            p50 = lates[len(lates) // 2] if lates else float("nan")
            mx = lates[-1] if lates else float("nan")
            flag = ""
            if must and (len(lates) != len(starts) or spurious):
                ok = False
                flag = "  <-- FAIL"
            print(f"{name:12} {label:12} {len(starts):6} {len(lates):6} {spurious:8} "
                  f"{p50:8.3f}ms {mx:8.3f}ms  {kinds}{flag}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
