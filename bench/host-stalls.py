#!/usr/bin/env python3
"""How often the host itself stalls: a thread at SCHED_FIFO priority 20 asks
to wake every millisecond for SECONDS and notes each wake-up more than 5 ms
late. On an otherwise idle machine no process at normal priority can hold
such a thread back, so its late wake-ups are the hypervisor's (compare the
steal column of /proc/stat) or the kernel's. Run it beside a soak or a
benchmark; it prints a JSON summary and writes every late wake-up
(CLOCK_MONOTONIC seconds, milliseconds late) to OUT if given.

Usage: python3 bench/host-stalls.py SECONDS [OUT]   (as root, or with an
RLIMIT_RTPRIO of at least 20; otherwise it runs at normal priority and says so)
"""
import json
import os
import sys
import time


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip())
    try:
        seconds = float(sys.argv[1])
    except ValueError:
        sys.exit(f"host-stalls: SECONDS must be a number, not {sys.argv[1]!r}")
    if not 0 < seconds <= 86400:
        sys.exit("host-stalls: SECONDS must be more than 0 and at most 86400")
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(20))
        policy = "SCHED_FIFO 20"
    except OSError as error:
        policy = f"normal priority (SCHED_FIFO refused: {error.strerror})"
    late = []
    worst = 0.0
    wakeups = 0
    start = time.monotonic()
    now = start
    while now < start + seconds:
        target = now + 0.001
        time.sleep(0.001)
        now = time.monotonic()
        wakeups += 1
        lag = (now - target) * 1000
        worst = max(worst, lag)
        if lag > 5:
            late.append([round(target, 4), round(lag, 2)])
    summary = {"policy": policy, "seconds": round(now - start, 3), "wakeups": wakeups,
               "late_over_5ms": len(late), "late_over_5_33ms": sum(1 for _, lag in late if lag > 16 / 3),
               "late_over_10ms": sum(1 for _, lag in late if lag > 10),
               "late_over_20ms": sum(1 for _, lag in late if lag > 20), "worst_ms": round(worst, 2)}
    if len(sys.argv) == 3:
        with open(sys.argv[2], "w") as out:
            json.dump(dict(summary, late=late), out)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
