#!/usr/bin/env python3
"""A whole real project: cuatomlint against compiling it (issue 24.3).

    bench/whole_project.py DBDIR [--max-tus N] [--jobs J] [--tool PATH] [--no-tidy]

DBDIR holds a compile_commands.json (bench/projects/run.py writes one per
project: WORK/NAME/default/copydb).  Its CUDA entries (.cu), all of them or
an even sample of N (sorted by path, every k-th), are measured four ways,
each as the total CPU time (user + sys of the process and all its children,
from wait4) of one run over all of them with -j J:

  1. cuatomlint -p DBDIR, every TU with its own arch list, with the shared
     preamble (the default; it fills a fresh result cache) and without it
     (--no-shared-preamble --no-cache); the two JSON reports must be
     byte-identical;
  2. clang++-19 -fsyntax-only on each TU with the same arguments: those of
     cuatomlint's first parse of it (printed by --verbose), with the TU's
     whole arch list (--cuda-gpu-arch for each target, and the host): what
     a compile of the TU with clang parses, one clang++ per job (each
     target's device side, the host side) so that a job with an error does
     not stop the driver before the others;
  3. run-clang-tidy-19 -j J with one trivial check
     (-checks=-*,misc-definitions-in-headers) over a database of those same
     clang++ commands;
  4. a re-lint after an edit of one .cu (a comment appended, then taken
     back), with the result cache of run 1: its CPU and how many TUs it
     parsed.

Prints one markdown row per figure; `uptime` before and after.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANG = "clang++-19"
PARSE_RE = re.compile(r"^cuatomlint: parse (.+?): (-x cuda .*)$")
GROUPS_RE = re.compile(r"^cuatomlint: arch groups (.+?): (.*)$")


def run_cpu(cmd, cwd=None, stdout=subprocess.DEVNULL, env=None):
    """(CPU seconds of cmd and its children, exit status, stderr text)."""
    err = tempfile.TemporaryFile()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=stdout, stderr=err, env=env)
    _, status, ru = os.wait4(p.pid, 0)
    err.seek(0)
    text = err.read().decode(errors="replace")
    err.close()
    return ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status), text


def pool_cpu(cmds, jobs):
    """Total CPU of running cmds (argv, cwd) jobs at a time."""
    total, running, failed = 0.0, {}, 0
    todo = list(cmds)
    while todo or running:
        while todo and len(running) < jobs:
            argv, cwd = todo.pop(0)
            p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            running[p.pid] = p
        pid, status, ru = os.wait4(-1, 0)
        if pid in running:
            del running[pid]
            total += ru.ru_utime + ru.ru_stime
            failed += os.waitstatus_to_exitcode(status) != 0
    return total, failed


def cuda_entries(dbdir, max_tus):
    with open(os.path.join(dbdir, "compile_commands.json")) as f:
        db = json.load(f)
    files = sorted({os.path.normpath(os.path.join(e["directory"], e["file"]))
                    for e in db if e["file"].endswith(".cu")})
    if max_tus and len(files) > max_tus:
        step = len(files) / max_tus
        files = [files[int(i * step)] for i in range(max_tus)]
    dirs = {}
    for e in db:
        dirs[os.path.normpath(os.path.join(e["directory"], e["file"]))] = e["directory"]
    return files, dirs


def lint_cmd(tool, dbdir, files, jobs, *extra):
    return [tool, "-p", dbdir, "--format=json", "--quiet", "-j%d" % jobs] + list(extra) + files


def clang_args(parse_args, groups):
    """cuatomlint's first parse of a TU, as one clang++ compile for all its targets (tidy's)."""
    out, targets = [], []
    skip = ("--cuda-device-only", "--cuda-host-only", "-U__CUDA_ARCH__",
            "-U__CUDA_ARCH_FEAT_SM90_ALL")
    for a in shlex.split(parse_args):
        if a in skip or a.startswith(("--cuda-gpu-arch=", "-D__CUDA_ARCH__=", "-D__CUDA_ARCH_FEAT_")):
            continue
        out.append(a)
    for sm, suffix in re.findall(r"sm_(\d+)([a-z]?)", groups):
        name = "sm_%s%s" % (sm, suffix) if int(sm) <= 90 else "sm_90a"
        if name not in targets:
            targets.append(name)
    return out + ["--cuda-gpu-arch=%s" % t for t in targets]


def clang_jobs(parse_args, groups):
    """The same compile as one clang++ -fsyntax-only per job: each target's device side, then
    the host.  One driver stops at the first job with an error (bitsandbytes' kernels.cu with
    -DNDEBUG: CCCL's __assert_fail), so the jobs after it would cost nothing; each job runs to
    its end here, as a compile that gets past the error parses every side."""
    args = clang_args(parse_args, groups)
    common = [a for a in args if not a.startswith("--cuda-gpu-arch=")]
    archs = [a for a in args if a.startswith("--cuda-gpu-arch=")]
    return [common + ["--cuda-device-only", a] for a in archs] + \
        [common + ["--cuda-host-only"] + archs]


def parse_verbose(err):
    first, groups = {}, {}
    for line in err.splitlines():
        m = PARSE_RE.match(line)
        if m and m.group(1) not in first:
            first[m.group(1)] = m.group(2)
        m = GROUPS_RE.match(line)
        if m:
            groups[m.group(1)] = m.group(2)
    return first, groups


def relint(tool, dbdir, files, jobs, cache):
    """(CPU of the re-lint after editing one .cu, TUs it parsed); cache is warm."""
    victim = files[len(files) // 2]
    with open(victim, "rb") as f:
        original = f.read()
    try:
        with open(victim, "ab") as f:
            f.write(b"\n// bench: touched\n")
        warm, _, err = run_cpu(lint_cmd(tool, dbdir, files, jobs, "--cache-dir=" + cache,
                                        "--verbose"))
    finally:
        with open(victim, "wb") as f:
            f.write(original)
    parsed = len({m.group(1) for m in map(PARSE_RE.match, err.splitlines()) if m})
    return warm, parsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dbdir")
    ap.add_argument("--max-tus", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "cuatomlint"))
    ap.add_argument("--no-tidy", action="store_true")
    a = ap.parse_args()
    files, dirs = cuda_entries(a.dbdir, a.max_tus)
    print("uptime before: %s" % subprocess.run(["uptime"], capture_output=True,
                                                text=True).stdout.strip())
    print("%d TUs, -j%d" % (len(files), a.jobs), flush=True)
    out_off = tempfile.NamedTemporaryFile(suffix=".json", delete=False)
    out_on = tempfile.NamedTemporaryFile(suffix=".json", delete=False)
    off, _, err = run_cpu(lint_cmd(a.tool, a.dbdir, files, a.jobs, "--no-cache",
                                   "--no-shared-preamble", "--verbose", "--keep-env"),
                          stdout=out_off)
    cache = tempfile.mkdtemp(prefix="cal-bench-cache-")
    # the default run fills a result cache (its cost is the hashing of each TU's headers)
    on, _, _ = run_cpu(lint_cmd(a.tool, a.dbdir, files, a.jobs, "--cache-dir=" + cache),
                       stdout=out_on)
    out_off.close()
    out_on.close()
    with open(out_off.name, "rb") as f1, open(out_on.name, "rb") as f2:
        same = f1.read() == f2.read()
    first, groups = parse_verbose(err)
    cmds = [([CLANG, "-fsyntax-only"] + clang_args(first[f], groups.get(f, "")) + [f],
             dirs.get(f)) for f in files if f in first]
    jobs = [([CLANG, "-fsyntax-only"] + job + [f], dirs.get(f))
            for f in files if f in first for job in clang_jobs(first[f], groups.get(f, ""))]
    clang, clang_failed = pool_cpu(jobs, a.jobs)
    tidy = None
    if not a.no_tidy and shutil.which("run-clang-tidy-19"):
        tdir = tempfile.mkdtemp(prefix="cal-bench-tidy-")
        with open(os.path.join(tdir, "compile_commands.json"), "w") as f:
            json.dump([{"directory": cwd, "file": argv[-1], "arguments": argv}
                       for argv, cwd in cmds], f)
        tidy, _, _ = run_cpu(["run-clang-tidy-19", "-j", str(a.jobs), "-p", tdir, "-quiet",
                              "-clang-tidy-binary", shutil.which("clang-tidy-19"),
                              "-checks=-*,misc-definitions-in-headers"] +
                             [re.escape(argv[-1]) for argv, _ in cmds])
        shutil.rmtree(tdir, ignore_errors=True)
    warm, parsed = relint(a.tool, a.dbdir, files, a.jobs, cache)
    shutil.rmtree(cache, ignore_errors=True)
    for p in (out_off.name, out_on.name):
        os.unlink(p)
    print("| figure | CPU s | vs clang++ |")
    print("|---|---|---|")
    print("| clang++-19 -fsyntax-only, each TU, its archs + host (%d TUs, %d jobs, %d with "
          "errors) | %.1f | 1.00x |" % (len(cmds), len(jobs), clang_failed, clang))
    print("| cuatomlint, shared preamble (default, filling a result cache) | %.1f | %.2fx |"
          % (on, on / clang))
    print("| cuatomlint --no-shared-preamble | %.1f | %.2fx |" % (off, off / clang))
    if tidy is not None:
        print("| run-clang-tidy-19 -j%d, one trivial check, same commands | %.1f | %.2fx |"
              % (a.jobs, tidy, tidy / clang))
    print("| re-lint after editing one .cu (%d TU parsed) | %.1f | %.3fx |"
          % (parsed, warm, warm / clang))
    print("JSON identical with and without the shared preamble: %s" % ("yes" if same else "NO"))
    print("uptime after: %s" % subprocess.run(["uptime"], capture_output=True,
                                               text=True).stdout.strip())
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
