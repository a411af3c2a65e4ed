#!/usr/bin/env python3
"""Writes typing.evemu: an evemu-record recording (format 1.3, as evemu 2.7's
evemu-record writes it) of a keyboard typing a few sentences.

It is GENERATED from a seeded, human-like typing timeline, not recorded
from hardware: the build machine has no /dev/input. The device description
is that of a common laptop keyboard ("AT Translated Set 2 keyboard"); the
events follow what that driver sends: MSC_SCAN then EV_KEY then SYN_REPORT
for each press and release, EV_KEY value 2 then SYN_REPORT for autorepeat
(delay 250 ms, period 33 ms).

Usage: python3 make-recording.py > typing.evemu
"""
import random

TEXT = "The quick brown fox jumps over the lazz\x08y dog. Pack my box with five dozen liquor jugs!\n"
HOLD = "-"            # typed last, held for 1.5 s: autorepeat beyond the gate's 20 a second
SEED = 11

KEYS = {}
for i, c in enumerate("1234567890-="): KEYS[c] = (2 + i, False)
for i, c in enumerate("qwertyuiop[]"): KEYS[c] = (16 + i, False)
for i, c in enumerate("asdfghjkl;'"): KEYS[c] = (30 + i, False)
for i, c in enumerate("zxcvbnm,./"): KEYS[c] = (44 + i, False)
SHIFTED = {"!": "1", "?": "/", ":": ";"}
KEYS[" "] = (57, False); KEYS["\n"] = (28, False); KEYS["\x08"] = (14, False)
NAMES = {14: "KEY_BACKSPACE", 28: "KEY_ENTER", 42: "KEY_LEFTSHIFT", 57: "KEY_SPACE", 12: "KEY_MINUS"}
LEFTSHIFT = 42


def name(code):
    if code in NAMES: return NAMES[code]
    for c, (k, _) in KEYS.items():
        if k == code and c.isalpha(): return "KEY_" + c.upper()
    return "KEY_%d" % code


def header():
    lines = ["# EVEMU 1.3",
             "# Kernel: 6.1.0-28-amd64",
             "# DMI: dmi:bvnLENOVO:bvrN2HET70W:svnLENOVO:pn20QD:",
             '# Input device name: "AT Translated Set 2 keyboard"',
             "# Input device ID: bus 0x11 vendor 0x01 product 0x01 version 0xab83",
             "# Supported events:",
             "#   Event type 0 (EV_SYN)",
             "#   Event type 1 (EV_KEY)",
             "#   Event type 4 (EV_MSC)",
             "#     Event code 4 (MSC_SCAN)",
             "#   Event type 17 (EV_LED)",
             "#   Event type 20 (EV_REP)",
             "# Properties:",
             "N: AT Translated Set 2 keyboard",
             "I: 0011 0001 0001 ab83",
             "P: 00 00 00 00 00 00 00 00"]
    keybits = bytearray(96)
    for code in list(range(1, 89)) + [96, 97, 98, 99, 100, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 113, 114, 115, 119, 125, 126, 127]:
        keybits[code // 8] |= 1 << (code % 8)
    masks = {0x00: bytes([0x13]) + bytes(7), 0x01: bytes(keybits), 0x04: bytes([0x10]) + bytes(7),
             0x11: bytes([0x07]) + bytes(7), 0x14: bytes([0x03]) + bytes(7)}
    for t in [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x11, 0x12, 0x14, 0x15, 0x16, 0x17]:
        data = masks.get(t, bytes(8))
        for off in range(0, len(data), 8):
            lines.append("B: %02x " % t + " ".join("%02x" % b for b in data[off:off + 8]))
    lines += ["################################", "#      Waiting for events      #", "################################"]
    return lines


def main():
    rng = random.Random(SEED)
    events = []  # (time_us, type, code, value)

    def key(t, code, value, scan=True):
        if scan and value != 2: events.append((t, 4, 4, code))
        events.append((t, 1, code, value))
        events.append((t, 0, 0, 0))

    t = 0
    for ch in TEXT:
        shift = ch.isupper() or ch in SHIFTED
        base = SHIFTED.get(ch, ch.lower())
        code = KEYS[base][0]
        if shift:
            key(t, LEFTSHIFT, 1); t += rng.randint(60, 110) * 1000
        down = t
        key(down, code, 1)
        dwell = rng.randint(70, 120) * 1000
        up = down + dwell
        if shift:
            key(up, code, 0); key(up + rng.randint(15, 40) * 1000, LEFTSHIFT, 0)
        else:
            key(up, code, 0)
        gap = rng.randint(120, 260) if ch != " " else rng.randint(160, 320)
        t = down + gap * 1000 + (120000 if shift else 0)
    # A held key: autorepeat after 250 ms, every 33 ms, for 1.5 s.
    code = KEYS[HOLD][0]
    key(t, code, 1)
    r = t + 250000
    while r < t + 1500000:
        key(r, code, 2, scan=False); r += 33333
    key(t + 1500000, code, 0)

    events.sort(key=lambda e: e[0])
    out = header()
    last = None
    for (tu, ty, co, va) in events:
        stamp = "E: %d.%06d %04x %04x %04d\t" % (tu // 1000000, tu % 1000000, ty, co, va)
        if ty == 4:
            out.append(stamp + "# EV_MSC / MSC_SCAN             %d" % va)
        elif ty == 1:
            out.append(stamp + "# EV_KEY / %-20s %d" % (name(co), va))
        else:
            delta = 0 if last is None else (tu - last) // 1000
            out.append(stamp + "# ------------ SYN_REPORT (0) ---------- +%dms" % delta)
            last = tu
    print("\n".join(out))


main()
