#!/usr/bin/env python3
"""Per-parse overhead on real code: cuatomlint against `clang++-19
-fsyntax-only` run with exactly the arguments cuatomlint's parses use.

    bench/bench.sh --corpus DIR [--archs LIST] [--pairs N] [--tool PATH] [-- FLAGS...]

Every .cu file under DIR (or DIR itself, a file) is linted alone (-j1,
--no-cache) with FLAGS after `--`; `--verbose --keep-env` prints the clang
arguments of each parse it makes, and clang++ -fsyntax-only is then run once
per such parse.  The two are alternated N times (pairs) and the CPU time
(user + sys, from wait4) of each side is summed; the ratio per file is
cuatomlint / clang++ on the medians.  Both sides parse the same files the
same number of times, so the ratio is the tool's own cost per parse: the
walk, the checks, and whatever its parse options add.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_of(cmd, cwd):
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime, status, err


def tool_cmd(tool, path, archs, flags, verbose):
    cmd = [tool, "--color=never", "--no-cache", "-j1", "--cuda-arch=" + archs]
    if verbose:
        cmd += ["--verbose", "--keep-env"]
    return cmd + [path, "--"] + flags


def parses_of(tool, path, archs, flags, cwd):
    """The clang argument lists of every parse, and the kept support folder."""
    _, _, err = cpu_of(tool_cmd(tool, path, archs, flags, True), cwd)
    parses, kept = [], None
    for line in err.splitlines():
        m = re.match(r"cuatomlint: parse (.*?): (-x cuda .*)$", line)
        if m:
            parses.append(m.group(2).split())
        m = re.match(r"cuatomlint: kept support files in (.*)$", line)
        if m:
            kept = m.group(1)
    return parses, kept


def measure(tool, clang, path, archs, flags, pairs):
    # both sides run where the script was started: FLAGS' relative folders hold
    cwd = os.getcwd()
    path = os.path.abspath(path)
    parses, kept = parses_of(tool, path, archs, flags, cwd)
    if not parses:
        return None
    tool_cpu, clang_cpu = [], []
    try:
        for _ in range(pairs):
            t, _, _ = cpu_of(tool_cmd(tool, path, archs, flags, False), cwd)
            tool_cpu.append(t)
            c = 0.0
            for args in parses:
                c += cpu_of([clang, "-fsyntax-only", "-w"] + args + [os.path.abspath(path)], cwd)[0]
            clang_cpu.append(c)
    finally:
        if kept:
            shutil.rmtree(kept, ignore_errors=True)
    return len(parses), statistics.median(tool_cpu), statistics.median(clang_cpu)


def files_under(corpus):
    if os.path.isfile(corpus):
        return [corpus]
    found = []
    for d, _, names in os.walk(corpus):
        found += [os.path.join(d, n) for n in names if n.endswith(".cu")]
    return sorted(found)


def main():
    argv = sys.argv[1:]
    flags = []
    if "--" in argv:
        i = argv.index("--")
        argv, flags = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--archs", default="sm_75")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "cuatomlint"))
    a = ap.parse_args(argv)
    clang = shutil.which("clang++-19") or "clang++"
    tool = os.path.realpath(a.tool)
    print("%-60s %7s %10s %10s %7s" % ("file", "parses", "tool CPU", "clang CPU", "ratio"))
    total_t = total_c = 0.0
    for f in files_under(a.corpus):
        r = measure(tool, clang, f, a.archs, flags, a.pairs)
        if r is None:
            print("%-60s  (no parse)" % f[-60:])
            continue
        n, t, c = r
        total_t += t
        total_c += c
        print("%-60s %7d %9.2fs %9.2fs %6.2fx" % (f[-60:], n, t, c, t / c if c else 0))
        sys.stdout.flush()
    if total_c:
        print("%-60s %7s %9.2fs %9.2fs %6.2fx" % ("total", "", total_t, total_c, total_t / total_c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
