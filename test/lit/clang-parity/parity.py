#!/usr/bin/env python3
"""clang parity: cuatomlint reports exactly the errors clang++ reports.

usage: parity.py CLANGXX CUATOMLINT [OPTIONS...] -- FILE...

Runs cuatomlint --verbose --keep-env --format=json on each FILE, reruns
every parse it printed as `CLANGXX -fsyntax-only ARGS FILE`, and compares
the sets of errors (file, line, column, message).  An error cuatomlint
names as a known clang-versus-nvcc difference (with --verbose) counts as
reported.  Prints one line per file and exits 1 on any difference.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

PARSE = re.compile(r"^cuatomlint: parse (.*?): (.*)$")
KEPT = re.compile(r"^cuatomlint: kept support files in (.*)$")
GAP = re.compile(r"^cuatomlint: (.*?):(\d+):(\d+): note: clang's error '(.*)' is a known "
                 r"clang-versus-nvcc difference")
CLANG_ERROR = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$")


def key(path, line, col, msg):
    return (os.path.realpath(path), int(line), int(col), msg)


def lint(tool, opts, path):
    cmd = tool + opts + ["--verbose", "--keep-env", "--format=json", path]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit("cuatomlint failed (%d) on %s:\n%s" % (p.returncode, path, p.stderr))
    errors, parses, kept = set(), [], None
    for f in json.loads(p.stdout):
        if f["check"] == "clang-diagnostic-error":
            errors.add(key(f["file"], f["line"], f["column"], f["message"]))
    for line in p.stderr.splitlines():
        m = PARSE.match(line)
        if m:
            parses.append(shlex.split(m.group(2)))
        m = GAP.match(line)
        if m:
            errors.add(key(*m.groups()))
        m = KEPT.match(line)
        if m:
            kept = m.group(1)
    return errors, parses, kept


def clang_errors(clangxx, args, path):
    p = subprocess.run([clangxx, "-fsyntax-only"] + args + [path], capture_output=True, text=True)
    found = set()
    for line in p.stderr.splitlines():
        m = CLANG_ERROR.match(line)
        if m and not m.group(1).startswith("fatal"):
            found.add(key(*m.groups()))
    return found


def main():
    split = sys.argv.index("--")
    clangxx, tool, opts = sys.argv[1], shlex.split(sys.argv[2]), sys.argv[3:split]
    status = 0
    for path in sys.argv[split + 1:]:
        ours, parses, kept = lint(tool, opts, path)
        try:
            theirs = set()
            for args in parses:
                theirs |= clang_errors(clangxx, args, path)
        finally:
            if kept:
                shutil.rmtree(kept, ignore_errors=True)
        name = os.path.basename(path)
        if ours == theirs:
            print("parity %s: %d parses, %d errors" % (name, len(parses), len(ours)))
            continue
        status = 1
        for e in sorted(theirs - ours):
            print("%s: only clang: %s:%d:%d: %s" % ((name,) + e))
        for e in sorted(ours - theirs):
            print("%s: only cuatomlint: %s:%d:%d: %s" % ((name,) + e))
    return status


if __name__ == "__main__":
    sys.exit(main())
