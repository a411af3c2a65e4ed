#!/usr/bin/env python3
"""Clicks heard through a real PulseAudio 16 (issue 17).

Usage: pulse-heard.py INPUTCLICK TAPS SPACING_MS [tap options...]

Needs the client environment of scripts/pulseaudio-sink.sh (eval "$(... env)"):
records the null sink's monitor with parec, starts `INPUTCLICK tap --device
inputclick_sink --json` with the tap options given (--scheduling append, say),
types TAPS taps SPACING_MS apart once it says READY, and prints what tap
reported (played, dropped, underruns, faults, the scheduling, the buffer) next
to the clicks heard in the monitor: onsets above 0.01 after 10 ms of quiet,
and which taps had none within their spacing.

The latency is from each tap to its click's onset in the monitor, the monitor's
clock taken from when its audio reached this process: frame k is placed at
min(arrival - frames so far / rate) + k / rate. The recorder asks 1 ms
fragments, so the null sink renders at most about 1 ms ahead of its clock and
this clock runs up to that much early: an onset up to 2 ms before a tap counts
as its click, and a figure is good to about a millisecond (at 5 ms fragments
the sink rendered 5 to 10 ms ahead and clicks were placed 3 to 4 ms before
their taps). Tap's own "call to converter" (snd_pcm_delay at the write) is
printed beside it.
Python 3 standard library only.
"""
import array
import json
import subprocess
import sys
import threading
import time

RATE = 48000


def measure(command, taps, spacing, early=0.002):
    """Records the monitor, starts `command` (which prints READY, then takes
    a line per tap), types `taps` lines `spacing` seconds apart, and returns
    (latencies in ms, indices of taps unheard, onsets heard, its stdout, its stderr).
    An onset counts for a tap from `early` seconds before it (the monitor's clock is an estimate)."""
    recorder = subprocess.Popen(["parec", "-d", "inputclick-null.monitor", "--raw", "--format=float32le",
                                 f"--rate={RATE}", "--channels=2", "--latency-msec=1"], stdout=subprocess.PIPE)
    chunks, arrivals = [], []

    def read():
        total = 0
        while chunk := recorder.stdout.read1(65536):
            chunks.append(chunk)
            total += len(chunk)
            arrivals.append((time.monotonic(), total // 8))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    tap = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if tap.stdout.readline().strip() != "READY":
        recorder.terminate()
        sys.exit(f"{command[0]} did not say READY: {tap.stderr.read()}")
    tapped = []
    for _ in range(taps):
        tapped.append(time.monotonic())
        tap.stdin.write("\n")
        tap.stdin.flush()
        time.sleep(spacing)
    tap.stdin.close()
    output, errors = tap.stdout.read(), tap.stderr.read()
    tap.wait()
    time.sleep(0.5)  # the monitor's last fragments
    recorder.terminate()
    recorder.wait()
    reader.join()

    data = array.array("f")
    raw = b"".join(chunks)
    data.frombytes(raw[: len(raw) // 8 * 8])
    start = min(t - frames / RATE for t, frames in arrivals)
    onsets, quiet = [], 480
    for k in range(len(data) // 2):
        if max(abs(data[2 * k]), abs(data[2 * k + 1])) > 0.01:
            if quiet >= 480:
                onsets.append(start + k / RATE)
            quiet = 0
        else:
            quiet += 1
    latencies, unheard = [], []
    for index, t in enumerate(tapped):
        near = [onset - t for onset in onsets if -early <= onset - t < spacing - 0.01]
        if near:
            latencies.append(near[0] * 1000)
        else:
            unheard.append(index)
    latencies.sort()
    return latencies, unheard, onsets, output, errors


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.split("\n\n")[1])
    cli, taps, spacing = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]) / 1000
    latencies, unheard, onsets, output, errors = measure(
        [cli, "tap", "--device", "inputclick_sink", "--json"] + sys.argv[4:], taps, spacing)
    stats = json.loads(output.strip().splitlines()[-1])
    converter = stats["milliseconds"]["toConverter"]
    print(f"tap: {stats['played']} played, {stats['dropped']} dropped, {stats.get('underruns')} underruns, "
          f"{stats.get('faults', 'unreported')} faults, scheduling {stats.get('scheduling')}, buffer "
          f"{(stats.get('format') or {}).get('bufferFrames')} frames; call to converter p50 {converter['p50']} ms")
    shown = ", ".join(map(str, unheard[:12])) + (", …" if len(unheard) > 12 else "")
    print(f"heard: {len(onsets)} onsets in the monitor for {taps} taps; {len(unheard)} taps with none"
          + (f" ({shown})" if unheard else ""))
    if latencies:
        print(f"tap to monitor: p50 {latencies[len(latencies) // 2]:.1f} ms, "
              f"p95 {latencies[int(len(latencies) * 0.95)]:.1f} ms, max {latencies[-1]:.1f} ms (n={len(latencies)})")
    for line in errors.strip().splitlines():
        print(f"tap: {line}")


if __name__ == "__main__":
    main()
