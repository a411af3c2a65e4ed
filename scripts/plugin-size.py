#!/usr/bin/env python3
"""Sums a GNU ld link map (INPUTCLICK_PLUGIN_LINK_MAP, see build-plugin.sh) by
archive: how many bytes of loaded sections each static library and the
project's own objects put into libinputclick.so. Debug and note sections are
left out (strip removes them).

Usage: scripts/plugin-size.py MAP [N]     prints the N largest (default 12)
"""
import collections
import re
import sys


def contributor(path):
    archive = re.search(r"/([^/()]+\.a)\(", path)
    if archive:
        return archive.group(1)
    if "/.build/" in path:
        return "InputClick's own objects"
    return path.rsplit("/", 1)[-1]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    limit = int(sys.argv[2]) if len(sys.argv) == 3 else 12
    try:
        lines = open(sys.argv[1], errors="replace").read().split("\n")
    except OSError as error:
        sys.exit(f"plugin-size: cannot read {sys.argv[1]}: {error.strerror}")
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith("Memory map"))
    except StopIteration:
        sys.exit(f"plugin-size: {sys.argv[1]} is not a GNU ld map (no 'Memory map')")
    one_line = re.compile(r"^ (\.\S+)\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$")
    section_only = re.compile(r"^ (\.\S+)\s*$")
    continuation = re.compile(r"^\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$")
    skipped = (".debug", ".comment", ".note")
    totals = collections.Counter()
    pending = None
    for line in lines[start:]:
        match = one_line.match(line)
        if match:
            section, size, path = match.groups()
            if not section.startswith(skipped):
                totals[contributor(path)] += int(size, 16)
            pending = None
            continue
        match = section_only.match(line)
        if match:
            pending = match.group(1)
            continue
        if pending:
            match = continuation.match(line)
            if match and not pending.startswith(skipped):
                totals[contributor(match.group(2))] += int(match.group(1), 16)
            pending = None
    print(f"{sum(totals.values()) / 1e6:8.2f} MB  in all")
    for name, size in totals.most_common(limit):
        print(f"{size / 1e6:8.2f} MB  {name}")


main()
