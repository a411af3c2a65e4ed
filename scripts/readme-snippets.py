#!/usr/bin/env python3
"""Compiles and runs every code block of README.md, as it stands there.

scripts/test-readme-snippets.sh calls this after it has set up the sink, the
plugin and the CLI; run that script, not this one.

Each fenced block is handled by its language:

  swift    A block with `.package(` lines is the manifest fragment: its
           `.package(...)` and `.product(...)` lines go, verbatim, into the
           manifest of a throwaway package. Every other Swift block is a
           program: it becomes main.swift of an executable target there,
           is built, and must exit 0. The package sits beside a link named
           `inputclick` to this checkout, so the fragment's
           `.package(path: "../inputclick")` and `package: "inputclick"`
           work as the README writes them, whatever the checkout is called.
  c        Compiled with `cc -std=c11 -Wall -Wextra -Werror` and
           `pkg-config --cflags --libs inputclick` (the plugin built for this
           run), then run; it must exit 0.
  python   Run with python3, the binding examples/python/inputclick.py on
           its path and the built plugin; it must exit 0.
  sh       Run with `bash -e -o pipefail` in a scratch directory that links
           to the checkout's files, so files it writes land there; it must
           exit 0.
  console  Each `$ COMMAND` line runs in that scratch directory and must exit
           0; its output must equal the lines shown under it, with every
           number taken as any number (figures such as latencies vary).
  (none)   Not code (a file's contents, or output): listed, not run.

A block that must not run here (it changes the system, needs hardware, or
runs for minutes) has an HTML comment on the line before its fence:

  <!-- snippet: skip (the reason) -->

Every skipped block is listed with its reason. Prints one line per block and
"N passed, M failed" last; exits non-zero if any block failed, or if the
README has no Swift program, C, Python or shell block to run (so the
check cannot pass by finding nothing).

Usage: readme-snippets.py README BUILD_DIR SCRATCH_DIR
  BUILD_DIR    a persistent directory for the throwaway Swift package and
               its build (under .build, so reruns are incremental)
  SCRATCH_DIR  a temporary directory for everything else
Environment: PATH with the CLI first, PKG_CONFIG_PATH and INPUTCLICK_LIBRARY
naming the plugin, the sink's ALSA and JACK variables.
"""

import os
import re
import shutil
import subprocess
import sys
import time

SKIP_MARKER = re.compile(r"^<!--\s*snippet:\s*skip\s*\((.+)\)\s*-->$")
NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)*")
TIMEOUT = 600  # seconds for any one command: several times a normal run


class Block:
    def __init__(self, line, language, text, skip_reason):
        self.line = line
        self.language = language
        self.text = text
        self.skip_reason = skip_reason

    @property
    def name(self):
        return f"README.md:{self.line} ({self.language or 'text'})"


def blocks_of(readme):
    """Every fenced block: its first line's number, language, text and skip marker."""
    lines = open(readme, encoding="utf-8").read().split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        match = re.match(r"^```(\S*)\s*$", lines[index])
        if not match:
            index += 1
            continue
        start = index
        previous = next((lines[i].strip() for i in range(start - 1, -1, -1) if lines[i].strip()), "")
        marker = SKIP_MARKER.match(previous)
        end = start + 1
        while end < len(lines) and lines[end].rstrip() != "```":
            end += 1
        if end == len(lines):
            raise SystemExit(f"README.md:{start + 1}: a code block that is never closed")
        blocks.append(Block(start + 1, match.group(1), "\n".join(lines[start + 1:end]) + "\n",
                            marker.group(1) if marker else None))
        index = end + 1
    return blocks


def run(command, cwd, stdin_text=None, env=None):
    """Runs a command with a deadline; returns (exit status, output)."""
    try:
        result = subprocess.run(command, cwd=cwd, input=stdin_text if stdin_text is not None else "",
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                timeout=TIMEOUT, env=env, start_new_session=True)
        return result.returncode, result.stdout
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        return 124, output + f"\n(still running after {TIMEOUT} s, stopped)"


def last_line(output):
    """The output's last non-empty line, to show what a passing block printed."""
    lines = [line for line in output.split("\n") if line.strip()]
    return f" ({lines[-1].strip()})" if lines else ""


def indent(text, lines=40):
    kept = text.rstrip("\n").split("\n")[-lines:]
    return "\n".join("    " + line for line in kept)


class Runner:
    def __init__(self, readme, build_dir, scratch):
        self.root = os.path.dirname(os.path.abspath(readme))
        self.build_dir = build_dir
        self.scratch = scratch
        self.passed = 0
        self.failed = 0
        self.skipped = []
        self.ran = {"swift": 0, "c": 0, "python": 0, "sh": 0}
        self.workdir = os.path.join(scratch, "checkout")
        os.makedirs(self.workdir)
        # The checkout's files, linked, so that `cc examples/c/keyboard.c -o keyboard`
        # reads the checkout and writes here. Build products stay out of reach.
        for entry in os.listdir(self.root):
            if entry not in (".build", ".git", "out"):
                os.symlink(os.path.join(self.root, entry), os.path.join(self.workdir, entry))

    def report(self, block, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok      {block.name}{': ' + detail if detail else ''}")
        else:
            self.failed += 1
            print(f"FAILED  {block.name}: {detail}")

    # Swift --------------------------------------------------------------

    def swift(self, manifest_blocks, programs):
        if not manifest_blocks:
            for block in programs:
                self.report(block, False, "no manifest fragment (a swift block with .package lines) to build it with")
            return
        packages, products = [], []
        for block in manifest_blocks:
            for line in block.text.split("\n"):
                code = line.split("//")[0].strip()
                if code.startswith(".package("):
                    packages.append(code.rstrip(","))
                elif code.startswith(".product("):
                    products.append(code.rstrip(","))
        if not packages or not products:
            for block in manifest_blocks:
                self.report(block, False, "the manifest fragment has no .package(...) or no .product(...) line")
            return
        # BUILD_DIR/inputclick -> the checkout; BUILD_DIR/app is the package.
        os.makedirs(self.build_dir, exist_ok=True)
        link = os.path.join(self.build_dir, "inputclick")
        if os.path.islink(link) or os.path.exists(link):
            os.remove(link)
        os.symlink(self.root, link)
        app = os.path.join(self.build_dir, "app")
        shutil.rmtree(os.path.join(app, "Sources"), ignore_errors=True)
        targets = []
        for block in programs:
            target = f"SnippetLine{block.line}"
            os.makedirs(os.path.join(app, "Sources", target))
            with open(os.path.join(app, "Sources", target, "main.swift"), "w", encoding="utf-8") as file:
                file.write(block.text)
            targets.append(target)
        manifest = (
            "// swift-tools-version: 6.0\n"
            "// Written by scripts/readme-snippets.py from README.md's Swift blocks.\n"
            "import PackageDescription\n\n"
            "let package = Package(\n"
            '    name: "ReadmeSnippets",\n'
            "    dependencies: [\n"
            + "".join(f"        {package},\n" for package in packages)
            + "    ],\n"
            "    targets: [\n"
            + "".join(f'        .executableTarget(name: "{target}", dependencies: [\n'
                      + "".join(f"            {product},\n" for product in products)
                      + "        ]),\n" for target in targets)
            + "    ]\n"
            ")\n")
        with open(os.path.join(app, "Package.swift"), "w", encoding="utf-8") as file:
            file.write(manifest)
        started = time.monotonic()
        status, output = run(["swift", "build", "--package-path", app], cwd=app)
        built = status == 0
        for block in manifest_blocks:
            self.report(block, built, f"the throwaway package resolved and built ({time.monotonic() - started:.0f} s)"
                        if built else "swift build failed:\n" + indent(output))
        if not built:
            for block in programs:
                self.report(block, False, "not built (see the manifest fragment)")
            return
        _, bin_path = run(["swift", "build", "--package-path", app, "--show-bin-path"], cwd=app)
        for block, target in zip(programs, targets):
            self.ran["swift"] += 1
            status, output = run([os.path.join(bin_path.strip().split("\n")[-1], target)], cwd=self.workdir)
            self.report(block, status == 0, "built and ran, exit 0" + last_line(output) if status == 0
                        else f"exit {status}:\n" + indent(output))

    # C, Python, shell ---------------------------------------------------

    def c(self, block):
        self.ran["c"] += 1
        source = os.path.join(self.scratch, f"snippet-{block.line}.c")
        program = os.path.join(self.scratch, f"snippet-{block.line}")
        with open(source, "w", encoding="utf-8") as file:
            file.write(block.text)
        status, flags = run(["pkg-config", "--cflags", "--libs", "inputclick"], cwd=self.workdir)
        if status != 0:
            self.report(block, False, "pkg-config does not find inputclick:\n" + indent(flags))
            return
        status, output = run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", program, source] + flags.split(),
                             cwd=self.workdir)
        if status != 0:
            self.report(block, False, "does not compile:\n" + indent(output))
            return
        status, output = run([program], cwd=self.workdir)
        self.report(block, status == 0, "compiled and ran, exit 0" + last_line(output) if status == 0 else f"exit {status}:\n" + indent(output))

    def python(self, block):
        self.ran["python"] += 1
        env = dict(os.environ)
        env["PYTHONPATH"] = os.path.join(self.root, "examples", "python")
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        status, output = run(["python3", "-"], cwd=self.workdir, stdin_text=block.text, env=env)
        self.report(block, status == 0, "ran, exit 0" + last_line(output) if status == 0 else f"exit {status}:\n" + indent(output))

    def sh(self, block):
        self.ran["sh"] += 1
        status, output = run(["bash", "-e", "-o", "pipefail", "-c", block.text], cwd=self.workdir)
        self.report(block, status == 0, "ran, exit 0" + last_line(output) if status == 0 else f"exit {status}:\n" + indent(output))

    def console(self, block):
        self.ran["sh"] += 1
        commands = []  # (command, expected output lines)
        for line in block.text.rstrip("\n").split("\n"):
            if line.startswith("$ "):
                commands.append((line[2:], []))
            elif commands:
                commands[-1][1].append(line)
        if not commands:
            self.report(block, False, "a console block with no '$ ' command")
            return

        def shape(lines):
            return [" ".join(NUMBER.sub("#", line).split()) for line in lines if line.strip()]

        for command, expected in commands:
            status, output = run(["bash", "-e", "-o", "pipefail", "-c", command], cwd=self.workdir)
            if status != 0:
                self.report(block, False, f"'{command}' exited {status}:\n" + indent(output))
                return
            if shape(output.split("\n")) != shape(expected):
                self.report(block, False, f"'{command}' printed something else than the README shows "
                            "(numbers aside):\n  README:\n" + indent("\n".join(expected))
                            + "\n  got:\n" + indent(output))
                return
        self.report(block, True, f"{len(commands)} commands, each exit 0 with the output shown")


def main():
    if len(sys.argv) != 4:
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        print("usage: readme-snippets.py README BUILD_DIR SCRATCH_DIR", file=sys.stderr)
        return 64
    readme, build_dir, scratch = sys.argv[1:]
    runner = Runner(readme, build_dir, scratch)
    blocks = blocks_of(readme)
    manifest_blocks, programs = [], []
    for block in blocks:
        if block.skip_reason:
            runner.skipped.append(block)
            continue
        language = block.language
        if language == "swift":
            (manifest_blocks if ".package(" in block.text else programs).append(block)
        elif language == "c":
            runner.c(block)
        elif language == "python":
            runner.python(block)
        elif language in ("sh", "bash"):
            runner.sh(block)
        elif language == "console":
            runner.console(block)
        elif language == "":
            print(f"text    {block.name}: not code (a file's contents or output), not run")
        else:
            runner.report(block, False, f"no way to run a '{language}' block; mark it "
                          "<!-- snippet: skip (reason) --> if it must not run")
    runner.swift(manifest_blocks, programs)
    for block in runner.skipped:
        print(f"skipped {block.name}: {block.skip_reason}")
    for language, count in runner.ran.items():
        if count == 0:
            runner.failed += 1
            print(f"FAILED  README.md has no {language} block that runs: nothing of that kind was checked")
    print(f"{runner.passed} passed, {runner.failed} failed")
    return 0 if runner.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
