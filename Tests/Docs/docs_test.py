#!/usr/bin/env python3
"""Runs the documentation's commands against an installed mediate, and fails on one that fails.

What it runs, three at a time, each in a fresh copy of the repository's tracked files
(`git ls-files`), with the installed `bin/` first on PATH, standard input empty, and CI, NO_COLOR
and GVBINDIR unset:

- every ```sh block of README.md, CONTRIBUTING.md and docs/**/*.md whose first command starts
  with `mediate`, as one bash script (a command that exits otherwise than announced stops the
  block, as under `set -e`; pipelines fail when any part fails);
- the command `mediate init NAME` suggests (`try: mediate run …`);
- every example of `mediate --help` and of each `mediate SUBCOMMAND --help` (the indented
  `mediate …` lines under `Example:` or `Examples:`).

A command announces what it does besides exiting 0 with a comment at the end of its line:

- `# exits N` (the comment starts so, e.g. `# exits 1: the designs differ`): it must exit N;
- `# runs until …` (e.g. `# runs until Ctrl-C`, for `watch`): it must still be running after a
  few seconds; it is then stopped with SIGTERM.

mediate is installed with `make install PREFIX=<temporary folder>` (the release build `make run`
uses), or taken from `--prefix DIR` (an existing install: DIR/bin/mediate). Prints one line a
block or example, the failures in full (file, line, the block, the output's end); exits 1 if any
failed. Standard library only.

    python3 Tests/Docs/docs_test.py [--prefix DIR] [--keep]
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXITS = re.compile(r"#\s*exits (\d+)\b")
RUNS_UNTIL = re.compile(r"#\s*runs until\b")
RUNNING_SECONDS = 4
BLOCK_SECONDS = 120
WORKERS = 3
# The copies of the repository go to memory when the system has a tmpfs there: on disk, each
# copy's 900 files cost a second of system time. (The install stays on disk: /dev/shm may be noexec.)
SCRATCH = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None


class Example:
    """A block of commands to run, and where it was written."""

    def __init__(self, place, lines):
        self.place = place  # "README.md:549" or "mediate check --help"
        self.lines = lines  # the block's lines, as written

    def commands(self):
        """(line index, command text) for each command: continued lines joined, comments kept."""
        commands, pending, first = [], "", None
        for index, line in enumerate(self.lines):
            if not pending and (not line.strip() or line.strip().startswith("#")):
                continue
            if first is None:
                first = index
            if line.rstrip().endswith("\\"):
                pending += line.rstrip()[:-1] + "\n"
                continue
            commands.append((first, pending + line))
            pending, first = "", None
        if pending:
            commands.append((first, pending))
        return commands

    def starts_with_mediate(self):
        commands = self.commands()
        return bool(commands) and re.match(r"\s*mediate(\s|$)", commands[0][1]) is not None

    def script(self):
        """The block as a bash script: each command, then a check of its exit code."""
        parts = ["set -o pipefail", "__fail() { echo \"__docs_test__ $1 $2 $3\" >&2; exit 1; }"]
        for index, command in self.commands():
            if RUNS_UNTIL.search(command):
                # In a process group of its own (set -m), so that SIGTERM reaches every process of it.
                parts.append(
                    f"set -m; ( {command}\n) </dev/null & __pid=$!; set +m; sleep {RUNNING_SECONDS}; "
                    f"if kill -0 $__pid 2>/dev/null; then kill -TERM -- -$__pid; wait $__pid; true; "
                    f"else wait $__pid; __fail {index} $? running; fi")
                continue
            expected = int(EXITS.search(command).group(1)) if EXITS.search(command) else 0
            parts.append(f"{command}\n__s=$?; [ $__s -eq {expected} ] || __fail {index} $__s {expected}")
        return "\n".join(parts) + "\n"


def markdown_examples():
    """Every ```sh block of README.md, CONTRIBUTING.md and docs/**/*.md that starts with mediate."""
    files = ["README.md", "CONTRIBUTING.md"] + sorted(glob.glob("docs/**/*.md", root_dir=REPOSITORY, recursive=True))
    examples = []
    for name in files:
        path = os.path.join(REPOSITORY, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as file:
            lines = file.read().split("\n")
        index = 0
        while index < len(lines):
            opening = re.match(r"^(\s*)(```+|~~~+)\s*(\S*)", lines[index])
            if not opening:
                index += 1
                continue
            indent, fence, info = opening.groups()
            start, body = index, []
            index += 1
            while index < len(lines) and not lines[index].strip().startswith(fence):
                body.append(lines[index][len(indent):] if lines[index].startswith(indent) else lines[index])
                index += 1
            index += 1
            example = Example(f"{name}:{start + 2}", body)
            if info == "sh" and example.starts_with_mediate():
                examples.append(example)
    return examples


def help_examples(mediate, environment):
    """The examples of `mediate --help` and of each subcommand's `--help`, one Example each."""
    wide = dict(environment, COLUMNS="1000")

    def help_text(*arguments):
        return subprocess.run([mediate, *arguments, "--help"], capture_output=True, text=True, env=wide).stdout

    root = help_text()
    subcommands = []
    listing = root.split("SUBCOMMANDS:", 1)[1] if "SUBCOMMANDS:" in root else ""
    for line in listing.strip("\n").split("\n"):
        if not line.strip():
            break  # the list ends at a blank line; `See 'mediate help …'` follows it
        match = re.match(r"^  (\S+)", line)
        if match and match.group(1) != "help":
            subcommands.append(match.group(1))
    examples = []
    for arguments in [[]] + [[name] for name in subcommands]:
        text = help_text(*arguments)
        lines = text.split("\n")
        for index, line in enumerate(lines):
            if re.match(r"^Examples?:\s*$", line):
                for example in lines[index + 1:]:
                    if not example.startswith("  "):
                        break
                    if example.strip().startswith("mediate"):
                        place = " ".join(["mediate", *arguments, "--help"])
                        examples.append(Example(f"{place}: {example.strip()}", [example.strip()]))
    return examples, subcommands


def copy_repository(destination):
    """The tracked files of the repository, as they are in the working tree, under destination."""
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPOSITORY, capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, (name.decode() for name in names)):
        source = os.path.join(REPOSITORY, name)
        target = os.path.join(destination, name)
        if not os.path.lexists(source):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.islink(source):
            os.symlink(os.readlink(source), target)
        else:
            shutil.copy2(source, target)


def run(example, pristine, work, environment):
    """Runs example in a fresh copy; returns None when it passed, else why it failed."""
    if os.path.exists(work):
        shutil.rmtree(work)
    shutil.copytree(pristine, work, symlinks=True)
    process = subprocess.Popen(
        ["bash", "-c", example.script()], cwd=work, env=environment, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=BLOCK_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return f"did not finish in {BLOCK_SECONDS} s (announce a command that keeps running with '# runs until …')"
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if process.returncode == 0:
        return None
    marker = re.search(r"^__docs_test__ (\d+) (\S+) (\S+)$", stderr, re.MULTILINE)
    output = stdout + (stderr.replace(marker.group(0), "") if marker else stderr)
    tail = "\n".join("    | " + line for line in output.strip().split("\n")[-12:])
    if not marker:
        return f"the block's shell exited {process.returncode}\n{tail}"
    line, status, expected = int(marker.group(1)), marker.group(2), marker.group(3)
    command = example.lines[line].strip()
    if expected == "running":
        return f"'{command}' ended (exit {status}) before {RUNNING_SECONDS} s, though announced to keep running\n{tail}"
    announced = "" if expected == "0" else f", announced '# exits {expected}'"
    return f"line {line + 1} of the block: '{command}' exited {status}{announced}\n{tail}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--prefix", help="an existing install (PREFIX/bin/mediate) instead of make install")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    arguments = parser.parse_args()
    temporary = tempfile.mkdtemp(prefix="mediate-docs-")
    copies = tempfile.mkdtemp(prefix="mediate-docs-copies-", dir=SCRATCH)
    try:
        prefix = os.path.abspath(arguments.prefix) if arguments.prefix else os.path.join(temporary, "prefix")
        if not arguments.prefix:
            print(f"docs-test: make install PREFIX={prefix}", flush=True)
            subprocess.run(["make", "--no-print-directory", "install", f"PREFIX={prefix}"], cwd=REPOSITORY, check=True)
        mediate = os.path.join(prefix, "bin", "mediate")
        environment = {
            key: value for key, value in os.environ.items() if key not in ("CI", "NO_COLOR", "GVBINDIR", "MEDIATE_RECORD")
        }
        environment["PATH"] = os.path.join(prefix, "bin") + os.pathsep + environment.get("PATH", "")
        pristine = os.path.join(copies, "repository")
        copy_repository(pristine)
        work = os.path.join(copies, "work")

        examples = markdown_examples()
        helps, _ = help_examples(mediate, environment)
        examples += helps
        # `mediate init`'s hint: the command it prints after writing the starter.
        shutil.copytree(pristine, work, symlinks=True)
        init = subprocess.run(
            [mediate, "init", "docs-hint"], cwd=work, env=environment, capture_output=True, text=True)
        hint = re.search(r"try: (mediate .*)$", init.stdout, re.MULTILINE)
        if init.returncode != 0 or not hint:
            examples.append(Example("mediate init docs-hint (printed no 'try: mediate …' hint)", ["false"]))
        else:
            examples.append(Example("mediate init's hint", [f"mediate init docs-hint && {hint.group(1)}"]))

        def timed(numbered):
            index, example = numbered
            started = time.monotonic()
            why = run(example, pristine, f"{work}-{index}", environment)
            return why, f"({time.monotonic() - started:.1f} s)"

        # A few at once: most of a block's time is copying the repository and waiting for a
        # command announced to keep running. Each has a copy of its own; results print in order.
        failures = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
            outcomes = pool.map(timed, enumerate(examples))
            for example, (why, took) in zip(examples, outcomes):
                if why is None:
                    print(f"docs-test: ok   {example.place} {took}", flush=True)
                else:
                    failures += 1
                    print(f"docs-test: FAIL {example.place} {took}: {why}", flush=True)
                    if len(example.lines) > 1:
                        print("\n".join("    > " + line for line in example.lines), flush=True)
        print(f"docs-test: {len(examples) - failures} passed, {failures} failed")
        return 1 if failures else 0
    finally:
        if arguments.keep:
            print(f"docs-test: kept {temporary} and {copies}")
        else:
            shutil.rmtree(temporary, ignore_errors=True)
            shutil.rmtree(copies, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
