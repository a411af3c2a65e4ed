#!/usr/bin/env python3
"""Checks that the Python and Rust bindings spell every constant of
inputclick.h with the header's value: the header is the one source of the C
interface's numbers (the Swift side imports them through the CInputClick
module), and the bindings copy them, so this proves the copies agree, value
by value. Prints each disagreement and exits 1; exits 0 when all agree.

Usage: scripts/check-constants.py   (from anywhere; paths are the repo's)
"""
import ast
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
header = (root / "Sources/InputClickPlugin/include/inputclick.h").read_text()

# Enum members (`INPUTCLICK_NAME = -3,`): results, kinds, decisions, states,
# profiles, measures, counters, scheduling modes.
constants = {name: int(value)
             for name, value in re.findall(r"^\s*INPUTCLICK_([A-Z0-9_]+)\s*=\s*(-?\d+)\s*,?", header, re.M)}
version = re.search(r'^#define INPUTCLICK_VERSION_STRING "([^"]*)"', header, re.M).group(1)
if len(constants) < 40:
    sys.exit(f"check-constants: found only {len(constants)} constants in inputclick.h; the pattern no longer matches the header")



def python_constants(text):
    """Module-level integer constants: `NAME = -2` and `A, B, C = range(3)`."""
    spelled = {}
    for node in ast.parse(text).body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        if isinstance(target, ast.Name) and target.id.isupper():
            try:
                literal = ast.literal_eval(value)
            except ValueError:
                continue
            spelled[target.id] = literal
        elif (isinstance(target, ast.Tuple) and isinstance(value, ast.Call)
              and getattr(value.func, "id", None) == "range" and len(value.args) == 1):
            count = ast.literal_eval(value.args[0])
            names = [element.id for element in target.elts]
            if count != len(names):
                problems.append(f"python: {', '.join(names)} = range({count}) has {len(names)} names")
            spelled.update({name: index for index, name in enumerate(names)})
    return spelled


def rust_constants(text):
    """`pub const NAME: c_int = -2;` and `pub const VERSION_STRING: &str = "…";`."""
    spelled = {name: int(value) for name, value in
               re.findall(r"^\s*pub const ([A-Z][A-Z0-9_]*):\s*c_int\s*=\s*(-?\d+);", text, re.M)}
    spelled.update(re.findall(r'^\s*pub const (VERSION_STRING):\s*&str\s*=\s*"([^"]*)";', text, re.M))
    return spelled


problems = []
bindings = {"examples/python/inputclick.py": python_constants, "examples/rust/inputclick.rs": rust_constants}
for path, read in bindings.items():
    spelled = read((root / path).read_text())
    if spelled.get("VERSION_STRING") != version:
        problems.append(f"{path}: VERSION_STRING is {spelled.get('VERSION_STRING')!r}, but inputclick.h says {version!r}")
    # VERSION_NUMBER is the header's macro MAJOR * 10000 + MINOR * 100 + PATCH.
    major, minor, patch = (int(part) for part in version.split("."))
    if "VERSION_NUMBER" in spelled and spelled["VERSION_NUMBER"] != major * 10000 + minor * 100 + patch:
        problems.append(f"{path}: VERSION_NUMBER is {spelled['VERSION_NUMBER']}, but {version} gives "
                        f"{major * 10000 + minor * 100 + patch}")
    spelled = {name: value for name, value in spelled.items() if name not in ("VERSION_STRING", "VERSION_NUMBER")}
    for name, value in sorted(constants.items(), key=lambda item: item[0]):
        if name not in spelled:
            problems.append(f"{path}: INPUTCLICK_{name} ({value}) is missing as {name}")
        elif spelled[name] != value:
            problems.append(f"{path}: {name} is {spelled[name]}, but inputclick.h says INPUTCLICK_{name} = {value}")
    for name in sorted(set(spelled) - set(constants)):
        if isinstance(spelled[name], int):
            problems.append(f"{path}: {name} = {spelled[name]} is not a constant of inputclick.h")
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-constants: the Python and Rust bindings agree with inputclick.h on all {len(constants)} constants")
