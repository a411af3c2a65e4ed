#!/usr/bin/env python3
"""Writes the seed programs of Fuzz/c_api_fuzz.c into Fuzz/corpus/c_api/.

The harness reads its input as a program (see the comments in
c_api_fuzz.c); these seeds spell out a few useful ones in that encoding, so
the fuzzer starts from sequences that open a stream and play, instead of
having to discover the encoding byte by byte. Run it after changing the
encoding:  python3 Fuzz/c_api_seeds.py
"""
import os

# Calls (the harness's `op % CALL_COUNT`) and the bytes that follow each.
VIEWS, SECURE, PLAY, DECISION, RELOAD, STATE, WAIT, FORMAT, LATENCY, RESET, STATISTIC, \
    WARNING, ERROR_MESSAGE, CLOSE, SETTINGS, SLEEP, STRINGS, LINGER, BURST = \
    0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
CONTEXT, NULL_HANDLE, OPTIONS_HANDLE = 0, 14, 15


def views(*flags, handle=CONTEXT, variant=0):
    out = [VIEWS, handle, len(flags)]
    for flag in flags:
        out += [1, 1] if flag else [0]
    return out + [variant]


def enum(value):
    """enum_value(): a byte b < 0xF0 means b % 12 - 2."""
    return [value + 2]


def call(op, *args, handle=CONTEXT):
    return [op, handle, *args]


def settings(text):
    data = text.encode()
    return [SETTINGS, CONTEXT, len(data), *data]


def open_on_null(*option_steps, how=3):
    """Options steps (each a list starting with its step number), then how to open."""
    steps = [0, 0] + [b for step in option_steps for b in step]  # step 0: set_device("null")
    return [1 + len(option_steps)] + steps + [how]


def threads(*lists):
    """Interleaves the threads' call bytes in chunks of at most 16."""
    out = []
    cursors = [0] * len(lists)
    while any(cursor < len(calls) for cursor, calls in zip(cursors, lists)):
        for thread, calls in enumerate(lists):
            chunk = calls[cursors[thread]:cursors[thread] + 16]
            if chunk:
                out += [thread, len(chunk) - 1, *chunk]
                cursors[thread] += len(chunk)
    return out


# Four waits of up to 63 ms each: under ThreadSanitizer the stream takes over 60 ms to open.
running = call(WAIT, 63) * 4
typing = (views(True) + running + call(PLAY, *enum(0)) + call(BURST, 15) + call(STATE)
          + call(FORMAT, 0x0F) + call(LATENCY, 0x1F, *enum(0)) + call(STATISTIC, *enum(6), 1)
          + call(WARNING, 0x50, 1) + views() + call(STATE))

seeds = {
    # Show a click-enabled view, wait for the stream, type, read everything back, hide.
    "typing-on-null": open_on_null() + threads(typing),
    # The same from two threads while a third shows, hides and finally closes.
    "three-threads-close-while-typing": open_on_null() + threads(
        views(True) + running + call(SLEEP, 200) + views(False, True) + call(SLEEP, 255) + call(CLOSE),
        call(BURST, 15) * 4 + call(DECISION, *enum(3)) + call(BURST, 15) * 4,
        call(SECURE, 0, 0, 0, 1) + call(BURST, 9) * 4 + call(LATENCY, 0x1F, *enum(1)) + call(RESET)),
    # Settings written, reloaded, broken, reloaded; the warning read into small buffers.
    "settings-reload": open_on_null([5, 0]) + threads(
        settings("volume = 0.2\nprofile = quiet\n") + call(RELOAD) + views(True) + running + call(BURST, 4)
        + settings("volume = loud\n") + call(RELOAD) + call(ERROR_MESSAGE, 0x45, 1) + call(WARNING, 0x41, 1)
        + call(WARNING, 0x00, 0) + settings("clicks = off\n") + call(RELOAD) + call(PLAY, *enum(4))),
    # Bad arguments everywhere: NULL and wrong-kind handles, enums out of range, huge counts.
    "bad-arguments": open_on_null([1] + enum(7), [2, 1, 0, 0, 0, 1] + enum(1), [3, 0x80, 0xFF, 0xFF, 0xFF, 0xFF]) + threads(
        call(PLAY, *enum(9)) + call(PLAY, 0xF0, 0x80, 0, 0, 0) + call(DECISION, *enum(-2))
        + views(True, handle=NULL_HANDLE) + views(True, handle=OPTIONS_HANDLE) + views(True, variant=7)
        + views(True, True, variant=6) + call(STATISTIC, *enum(9), 1) + call(STATISTIC, *enum(0), 0)
        + call(LATENCY, 0x1F, *enum(2)) + call(WAIT, 0x85) + call(FORMAT, 0x00, handle=NULL_HANDLE)
        + call(WARNING, 0xFF, 1) + call(ERROR_MESSAGE, 0xC1, 0) + call(STRINGS, 0xF0, 0x7F, 0xFF, 0xFF, 0xFF)
        + call(LINGER, 1, 0xFF, 0xFF, 0xFF, 0xFF)),
    # Options that cannot open: a missing device, a bad path, destroyed; then calls on no context.
    "opens-that-fail": [4, 0, 6, 4, 5, 8, 6, 3] + threads(call(PLAY, *enum(0)) + call(CLOSE) + call(STATE)),
    "no-such-device": [1, 0, 6, 3] + threads(call(ERROR_MESSAGE, 0x7F, 1) + call(PLAY, *enum(0))),
    # inputclick_open by name, then calls after a close.
    "open-by-name": [0, 0, 0] + threads(views(True) + running + call(BURST, 10) + call(CLOSE) + call(PLAY, *enum(0))),
}

directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "c_api")
os.makedirs(directory, exist_ok=True)
for name, program in seeds.items():
    with open(os.path.join(directory, name), "wb") as file:
        file.write(bytes(b & 0xFF for b in program))
print(f"wrote {len(seeds)} seeds to {directory}")
