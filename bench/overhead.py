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

With --per-file, also what a user pays per file: clang++ -fsyntax-only on
every side of the file, the host and each arch of --archs, each with the
arguments the tool's parse of that side uses (--host-parses
--per-arch-parses make them all), and the tool's CPU is set against that
("file ratio"): the tool skips the parses no check can find anything in.
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


def tool_cmd(tool, path, archs, flags, verbose, every_side=False):
    cmd = [tool, "--color=never", "--no-cache", "-j1", "--cuda-arch=" + archs]
    if verbose:
        cmd += ["--verbose", "--keep-env"]
    if every_side:
        cmd += ["--host-parses", "--per-arch-parses"]
    return cmd + [path, "--"] + flags


def parses_of(tool, path, archs, flags, cwd, every_side=False):
    """The clang argument lists of every parse, and the kept support folder."""
    _, _, err = cpu_of(tool_cmd(tool, path, archs, flags, True, every_side), cwd)
    parses, kept = [], None
    for line in err.splitlines():
        m = re.match(r"cuatomlint: parse (.*?): (-x cuda .*)$", line)
        if m:
            parses.append(m.group(2).split())
        m = re.match(r"cuatomlint: kept support files in (.*)$", line)
        if m:
            kept = m.group(1)
    return parses, kept


def measure(tool, clang, path, archs, flags, pairs, per_file):
    # both sides run where the script was started: FLAGS' relative folders hold
    cwd = os.getcwd()
    path = os.path.abspath(path)
    parses, kept = parses_of(tool, path, archs, flags, cwd)
    if not parses:
        return None
    tool_cpu, clang_cpu, file_cpu = [], [], []
    sides, kept_sides = parses_of(tool, path, archs, flags, cwd, True) if per_file else ([], None)
    try:
        for _ in range(pairs):
            t, _, _ = cpu_of(tool_cmd(tool, path, archs, flags, False), cwd)
            tool_cpu.append(t)
            c = 0.0
            for args in parses:
                c += cpu_of([clang, "-fsyntax-only", "-w"] + args + [os.path.abspath(path)], cwd)[0]
            clang_cpu.append(c)
            if per_file:
                file_cpu.append(sum(cpu_of([clang, "-fsyntax-only", "-w"] + args + [path],
                                           cwd)[0] for args in sides))
    finally:
        for folder in (kept, kept_sides):
            if folder:
                shutil.rmtree(folder, ignore_errors=True)
    return (len(parses), statistics.median(tool_cpu), statistics.median(clang_cpu),
            statistics.median(file_cpu) if per_file else 0.0)


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
    ap.add_argument("--per-file", action="store_true",
                    help="also clang++ -fsyntax-only as a compile of the file's every side")
    a = ap.parse_args(argv)
    clang = shutil.which("clang++-19") or "clang++"
    tool = os.path.realpath(a.tool)
    extra = " %10s %7s" % ("file CPU", "ratio") if a.per_file else ""
    print("%-60s %7s %10s %10s %7s%s" % ("file", "parses", "tool CPU", "clang CPU", "ratio", extra))
    total_t = total_c = total_f = 0.0
    for f in files_under(a.corpus):
        r = measure(tool, clang, f, a.archs, flags, a.pairs, a.per_file)
        if r is None:
            print("%-60s  (no parse)" % f[-60:])
            continue
        n, t, c, w = r
        total_t += t
        total_c += c
        total_f += w
        extra = " %9.2fs %6.2fx" % (w, t / w if w else 0) if a.per_file else ""
        print("%-60s %7d %9.2fs %9.2fs %6.2fx%s" % (f[-60:], n, t, c, t / c if c else 0, extra))
        sys.stdout.flush()
    if total_c:
        extra = " %9.2fs %6.2fx" % (total_f, total_t / total_f if total_f else 0) if a.per_file else ""
        print("%-60s %7s %9.2fs %9.2fs %6.2fx%s" % ("total", "", total_t, total_c,
                                                    total_t / total_c, extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
