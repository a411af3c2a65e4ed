#!/usr/bin/env python3
"""A keyboard front end in miniature, in Python: it "shows" an on-screen
keyboard that opts in to clicks, then types each line of standard input at a
human rhythm, clicking on every key, and prints what each tap did.
' ' plays space, '<' delete, '^' shift (modifier), end of line return.

Run:  echo "hello world" | INPUTCLICK_LIBRARY=/path/lib/libinputclick.so.0 python3 keyboard.py [DEVICE]
"""
import sys
import time

import inputclick

KINDS = {" ": inputclick.KIND_SPACE, "<": inputclick.KIND_DELETE, "^": inputclick.KIND_MODIFIER,
         "\n": inputclick.KIND_RETURN}

try:
    keyboard = inputclick.Context(sys.argv[1] if len(sys.argv) > 1 else None)
except inputclick.InputClickError as error:
    sys.exit(f"keyboard: {error}")
with keyboard:
    keyboard.set_visible_views([True])  # shown and opted in: the device opens now
    if keyboard.wait_until_running(2000) != inputclick.OK:
        print(f"keyboard: not running yet ({inputclick.last_error_message()}); typing anyway", file=sys.stderr)
    for line in sys.stdin:
        for character in line:
            decision = keyboard.play(KINDS.get(character, inputclick.KIND_KEY))
            label = "return" if character == "\n" else character
            print(f"{label}:{inputclick.decision_name(decision)}", end=" ", flush=True)
            time.sleep(0.09)
        print()
    keyboard.set_visible_views([])  # hidden
    count, p50, _, p99, _ = keyboard.latency()
    print(f"tap to converter over {count} clicks: p50 {p50 / 1000:.2f} ms, p99 {p99 / 1000:.2f} ms")
