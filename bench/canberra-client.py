#!/usr/bin/env python3
"""libcanberra's cached sample, the desktop's own instant-sound path, for
bench/pulse-instant.py: caches FILE as event SOUND-ID through canberra's pulse
driver (libcanberra-pulse; the server is libpulse's, PULSE_SERVER), prints
READY, and plays the event for every line read. Exits at end of input.

Usage: canberra-client.py FILE SOUND-ID
"""
import ctypes
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    path, event = (arg.encode() for arg in sys.argv[1:])
    ca = ctypes.CDLL("libcanberra.so.0")
    ca.ca_strerror.restype = ctypes.c_char_p
    context = ctypes.c_void_p()

    def check(call, result):
        if result != 0:
            sys.exit(f"{call}: {ca.ca_strerror(result).decode()}")

    check("ca_context_create", ca.ca_context_create(ctypes.byref(context)))
    check("ca_context_set_driver", ca.ca_context_set_driver(context, b"pulse"))
    check("ca_context_open", ca.ca_context_open(context))
    s = ctypes.c_char_p
    check("ca_context_cache", ca.ca_context_cache(context, s(b"event.id"), s(event), s(b"media.filename"), s(path),
                                                  s(b"media.role"), s(b"event"), None))
    print("READY", flush=True)
    played = 0
    for _ in sys.stdin:
        check("ca_context_play", ca.ca_context_play(context, 0, s(b"event.id"), s(event), s(b"media.filename"), s(path),
                                                    s(b"media.role"), s(b"event"), None))
        played += 1
    print(f"played {played}", file=sys.stderr)
    ca.ca_context_destroy(context)


if __name__ == "__main__":
    main()
