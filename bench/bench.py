#!/usr/bin/env python3
"""The cuatomlint benchmark (run through bench/bench.sh; see bench/README.md).

Side by side in one run, on the same files with the same translated clang
arguments (taken from `cuatomlint --verbose --keep-env`):

  1. cuatomlint vs `clang++-19 -fsyntax-only`, for 1, 3 and 6 target archs
     (examples/ plus generated files), with and without --per-arch-parses;
  2. -j2 vs -j1 on the generated corpus;
  3. a warm-cache re-run vs the cold run on the 300-file corpus;
  4. peak memory (max RSS from /usr/bin/time -v) with one and two workers;
  5. cuatomlint vs clang-tidy-19 with one trivial check.

Times are wall seconds and CPU seconds (user + sys of the child processes);
on a shared machine CPU time is the steadier of the two.
"""
import argparse
import glob
import os
import re
import resource
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARCH_SETS = {1: "sm_75", 3: "sm_75,sm_80,sm_90", 6: "sm_75,sm_80,sm_86,sm_87,sm_89,sm_90"}


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_of(cmd):
    """CPU seconds (user + sys) of one process, measured by wait4."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, ru = os.wait4(p.pid, 0)
    p.returncode = 0
    return ru.ru_utime + ru.ru_stime


def pool_cpu(cmds, workers=2):
    """Total CPU seconds of cmds, run `workers` at a time."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(workers) as ex:
        return sum(ex.map(cpu_of, cmds))


def timed(cmd, **kw):
    """Run cmd; return (wall, cpu, completed process)."""
    c0, t0 = child_cpu(), time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    return time.perf_counter() - t0, child_cpu() - c0, p


def max_rss_kb(cmd):
    p = subprocess.run(["/usr/bin/time", "-v"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    return int(m.group(1)) if m else 0


def lint(tool, files, archs, extra=(), jobs=2):
    """(wall, cpu, number of parses) of one run."""
    cmd = [tool, "--color=never", "--no-cache", "--verbose", "-j%d" % jobs,
           "--cuda-arch=" + archs] + list(extra) + files
    wall, cpu, p = timed(cmd)
    return wall, cpu, sum(l.startswith("cuatomlint: parse ") for l in p.stderr.splitlines())


def parse_lines(tool, files, archs):
    """{file: [(kind, args)]} for every parse cuatomlint makes with --per-arch-parses."""
    cmd = [tool, "--color=never", "--no-cache", "-j2", "--verbose", "--keep-env",
           "--per-arch-parses", "--cuda-arch=" + archs] + files
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    parses, kept = {}, None
    for line in p.stderr.splitlines():
        m = re.match(r"cuatomlint: parse (.*?): (-x cuda .*)$", line)
        if m:
            args = m.group(2).split()
            kind = "host" if "--cuda-host-only" in args else next(
                a.split("=")[1] for a in args if a.startswith("--cuda-gpu-arch="))
            parses.setdefault(m.group(1), []).append((kind, args))
        m = re.match(r"cuatomlint: kept support files in (.*)$", line)
        if m:
            kept = m.group(1)
    return parses, kept


def clang_cost(clang, parses, kinds):
    """CPU seconds of clang++ -fsyntax-only for the parses of the given kinds."""
    return pool_cpu([[clang, "-fsyntax-only", "-w"] + args + [f]
                     for f, plist in parses.items() for kind, args in plist if kind in kinds])


def tidy_cost(tidy, parses, kinds):
    return pool_cpu([[tidy, "-checks=-*,misc-definitions-in-headers", "--quiet", f, "--"] + args
                     for f, plist in parses.items() for kind, args in plist if kind in kinds])


def row(name, *cols):
    print("%-46s" % name + "".join("%11s" % c for c in cols))
    sys.stdout.flush()


def fmt(x, unit=""):
    return ("%.2f" % x) + unit


def section(title):
    print("\n== " + title)
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="4 + 24 files, a few minutes")
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "cuatomlint"))
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "bench"))
    ap.add_argument("--files", type=int, help="generated files for the arch comparison (16; --quick 4, --full 60)")
    ap.add_argument("--corpus", type=int, help="generated files for the cache (100; --quick 24, --full 300)")
    ap.add_argument("--j1-files", type=int,
                    help="files timed with -j1 and -j2 (24; --quick 8, --full: the whole corpus)")
    ap.add_argument("--full", action="store_true",
                    help="the issues' sizes: 60 files per arch count, 300-file corpus, -j1 vs -j2 on all")
    a = ap.parse_args()
    nfiles = a.files or (4 if a.quick else 60 if a.full else 16)
    ncorpus = a.corpus or (24 if a.quick else 300 if a.full else 100)
    nj = ncorpus if a.full else (a.j1_files or (8 if a.quick else 24))
    clang = shutil.which("clang++-19") or "clang++"
    tidy = shutil.which("clang-tidy-19")

    corpus = os.path.join(a.work, "corpus")
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_corpus.py"),
                    str(max(ncorpus, nfiles)), corpus], check=True)
    generated = sorted(glob.glob(os.path.join(corpus, "*.cu")))
    examples = sorted(glob.glob(os.path.join(ROOT, "examples", "**", "*.cu"), recursive=True))
    set1 = examples + generated[:nfiles]
    lines = sum(open(f).read().count("\n") for f in set1)
    print("cuatomlint benchmark: %d files (%d from examples/, %d generated, %d lines); "
          "corpus %d files; %d cores; load average %.1f" % (
              len(set1), len(examples), nfiles, lines, ncorpus, os.cpu_count(),
              os.getloadavg()[0]))
    print("tool %s, %s, %s" % (a.tool, clang, tidy or "no clang-tidy-19"))

    # 1. archs
    section("1. cuatomlint vs clang++-19 -fsyntax-only, same files and args (CPU seconds)")
    parses, kept = parse_lines(a.tool, set1, "sm_75,sm_90")
    c_host = clang_cost(clang, parses, {"host"})
    c_dev = clang_cost(clang, parses, {"sm_75"})
    c_dev90 = clang_cost(clang, parses, {"sm_90"})
    row("clang++ parses: host, sm_75 device, sm_90 device", fmt(c_host), fmt(c_dev), fmt(c_dev90))
    row("archs", "cuatomlint", "per-arch", "vs 1 dev", "vs host+N", "parses", "per-arch")
    arch_rows = []
    for n, archs in ARCH_SETS.items():
        _, cpu, np_ = lint(a.tool, set1, archs)
        _, cpu_pa, np_pa = (0, cpu, np_) if n == 1 else lint(a.tool, set1, archs,
                                                             ["--per-arch-parses"])
        # what a compiler parses: the host side and one device side per arch
        nvcc_like = c_host + c_dev + (n - 1) * c_dev90
        row("%d (%s)" % (n, archs), fmt(cpu), fmt(cpu_pa), fmt(cpu / c_dev, "x"),
            fmt(cpu / nvcc_like, "x"), np_, np_pa)
        arch_rows.append((n, cpu, cpu_pa, np_))
    base = arch_rows[0][1]
    for n, cpu, cpu_pa, _ in arch_rows[1:]:
        row("cost of %d archs / 1 arch (shared, per-arch)" % n, fmt(cpu / base, "x"),
            fmt(cpu_pa / base, "x"))

    # 5. clang-tidy on the same parses as cuatomlint's one-arch run
    if tidy:
        section("5. cuatomlint vs clang-tidy-19 -checks=-*,misc-definitions-in-headers, 1 arch (CPU s)")
        t_cpu = tidy_cost(tidy, parses, {"host", "sm_75"}) or 1e-9
        _, same_cpu, same_np = lint(a.tool, set1, "sm_75", ["--host-parses"])
        row("", "CPU s", "parses")
        row("clang-tidy-19 (host + sm_75 parse per file)", fmt(t_cpu), 2 * len(set1))
        row("cuatomlint --host-parses (every check)", fmt(same_cpu), same_np)
        row("cuatomlint (default: host parse where needed)", fmt(base), arch_rows[0][3])
        row("ratio cuatomlint / clang-tidy, same parses", fmt(same_cpu / t_cpu, "x"))
        row("ratio cuatomlint default / clang-tidy", fmt(base / t_cpu, "x"))
    if kept:
        shutil.rmtree(kept, ignore_errors=True)

    # 2. -j
    section("2. -j2 vs -j1, %d generated files, 1 arch" % nj)
    files = generated[:nj]
    w1, c1, _ = timed([a.tool, "--color=never", "--no-cache", "-j1", "--cuda-arch=sm_75"] + files)
    w2, c2, _ = timed([a.tool, "--color=never", "--no-cache", "-j2", "--cuda-arch=sm_75"] + files)
    row("", "wall s", "CPU s", "files/s")
    row("-j1", fmt(w1), fmt(c1), fmt(nj / w1))
    row("-j2", fmt(w2), fmt(c2), fmt(nj / w2))
    row("speedup -j2 over -j1 (wall)", fmt(w1 / w2, "x"))

    # 3. cache
    section("3. result cache, %d generated files, 1 arch, -j2" % ncorpus)
    cache = os.path.join(a.work, "cache")
    cmd = [a.tool, "--color=never", "-j2", "--cuda-arch=sm_75", "--cache-dir=" + cache]
    wc, cc, pc = timed(cmd + generated[:ncorpus])
    ww, cw, pw = timed(cmd + generated[:ncorpus])
    row("", "wall s", "CPU s")
    row("cold (parses, fills the cache)", fmt(wc), fmt(cc))
    row("warm (nothing changed)", fmt(ww), fmt(cw))
    row("warm / cold", fmt(100 * ww / wc, "%"), fmt(100 * cw / cc, "%"))
    row("identical output", "yes" if pc.stdout == pw.stdout else "NO")

    # 4. memory
    section("4. peak memory (max RSS), %d files, 1 arch" % min(nj, 8))
    files = generated[:min(nj, 8)]
    r1 = max_rss_kb([a.tool, "--color=never", "--no-cache", "-j1", "--cuda-arch=sm_75"] + files)
    r2 = max_rss_kb([a.tool, "--color=never", "--no-cache", "-j2", "--cuda-arch=sm_75"] + files)
    row("-j1 (one worker)", "%d MiB" % (r1 // 1024))
    row("-j2 (two workers)", "%d MiB" % (r2 // 1024))
    row("per added worker", "%d MiB" % ((r2 - r1) // 1024))

    cmake_project(a.tool, a.work)
    fix_cost(a.tool, set1, a.work)


def cmake_project(tool, work):
    """6. The examples/ CMake project through its compile_commands.json (nvcc lines)."""
    section("6. the examples/ CMake project (nvcc command lines, -p), its own targets")
    build = os.path.join(work, "cmake-examples")
    p = subprocess.run(["cmake", "-S", os.path.join(ROOT, "examples"), "-B", build],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode or not os.path.exists(os.path.join(build, "compile_commands.json")):
        print("skipped: cmake could not configure a CUDA project here (no nvcc?)")
        return
    cmd = [tool, "--color=never", "-p", build]
    w1, c1, _ = timed(cmd + ["--no-cache", "-j1"])
    w2, c2, _ = timed(cmd + ["--no-cache", "-j2"])
    cache = ["--cache-dir=" + os.path.join(work, "cmake-cache"), "-j2"]
    wc, cc, pc = timed(cmd + cache)
    ww, cw, pw = timed(cmd + cache)
    r1 = max_rss_kb(cmd + ["--no-cache", "-j1"])
    r2 = max_rss_kb(cmd + ["--no-cache", "-j2"])
    row("", "wall s", "CPU s")
    row("-j1", fmt(w1), fmt(c1))
    row("-j2", fmt(w2), fmt(c2))
    row("speedup -j2 over -j1 (wall)", fmt(w1 / w2, "x"))
    row("cache: cold, warm", fmt(wc), fmt(ww))
    row("warm / cold (wall)", fmt(100 * ww / wc, "%"))
    row("identical output", "yes" if pc.stdout == pw.stdout else "NO")
    row("peak memory -j1, -j2, per added worker", "%d MiB" % (r1 // 1024),
        "%d MiB" % (r2 // 1024), "%d MiB" % ((r2 - r1) // 1024))


def fix_cost(tool, files, work):
    """7. --fix against a plain lint of copies of the same files."""
    section("7. --fix vs plain lint, %d files (copies), 1 arch, -j2" % len(files))
    copies = os.path.join(work, "fix")
    shutil.rmtree(copies, ignore_errors=True)
    os.makedirs(copies)
    # whole folders, so that the files' own headers come along
    dirs = sorted(set(os.path.dirname(f) for f in files))
    for i, d in enumerate(dirs):
        shutil.copytree(d, os.path.join(copies, str(i)))
    copied = [os.path.join(copies, str(dirs.index(os.path.dirname(f))), os.path.basename(f))
              for f in files]
    cmd = [tool, "--color=never", "--no-cache", "-j2", "--cuda-arch=sm_75"]
    wl, cl, _ = timed(cmd + copied)
    wf, cf, pf = timed(cmd + ["--fix"] + copied)
    changed = sum(open(c).read() != open(f).read() for c, f in zip(copied, files))
    row("", "wall s", "CPU s")
    row("lint", fmt(wl), fmt(cl))
    row("--fix (%d files rewritten)" % changed, fmt(wf), fmt(cf))
    row("--fix / lint", fmt(wf / wl, "x"), fmt(cf / cl, "x"))


if __name__ == "__main__":
    main()
