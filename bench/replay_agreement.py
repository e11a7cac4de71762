#!/usr/bin/env python3
"""Does the arch replay agree with clang on real projects?  Groups, fallbacks, parses saved.

    bench/replay_agreement.py [--work /tmp/projects] [--tool build/cuatomlint] [-j 2]
        [--max-tus N] [--compare N] [--only NAME,...]

For each project of PROJECTS (its own flags and its own CUDA arch list), every CUDA
translation unit (or a deterministic sample of --max-tus) is linted with
CUATOMLINT_BENCH=plan-only: the first device parse and the replay that groups the
targets, nothing more (the groups do not depend on the checks; one parse a TU
keeps a whole project affordable).  From `--verbose`'s "arch groups" lines:

  TUs        translation units measured
  agreed     TUs whose replay ran to the end for every target (no "parsed alone")
  disagree   TUs where the first target's replay contradicted clang's skipped ranges
  groups/TU  device parses the default makes per TU (mean)
  saved      device parses saved against one per target: 1 - groups / targets
  replay ms  the replay's CPU time per TU (mean), all targets

--compare N lints the N smallest TUs of each project in full twice, grouped (the
default) and with --per-arch-parses, and compares the JSON reports byte for byte.

Compile commands: a project's compile_commands.json from the end-to-end harness
(bench/projects/run.py: WORK/NAME/default/copydb, pointing at the extracted copy),
or, for projects the harness does not configure, commands written here from the
source tree (WORK/src/OWNER+NAME, the commit named in the table) with the
project's include folders, as its CMake would give them.  No project code is kept
in this repository.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# name, repository, commit, compile db (relative to WORK) or None, TU filter (regex on
# the path), arch list (the project's own default for CUDA 13), flags for a written db
PROJECTS = [
    ("ggml", "ggml-org/ggml", "d99724f2", "ggml/default/copydb", r"/src/ggml-cuda/",
     # ggml-cuda/CMakeLists.txt, CUDA >= 12.9: 75-virtual 80-virtual 86-real 89-real
     # 90-virtual 120a-real 121a-real
     "sm_75,sm_80,sm_86,sm_89,sm_90,sm_120a,sm_121a", None),
    ("cutlass examples", "NVIDIA/cutlass", "7107b055", None, r"/examples/",
     # CUTLASS_NVCC_ARCHS_SUPPORTED for CUDA 13 (CMakeLists.txt), its default
     "sm_75,sm_80,sm_86,sm_87,sm_89,sm_90,sm_90a,sm_100,sm_100a,sm_120,sm_120a,sm_121,"
     "sm_121a,sm_110,sm_110a,sm_100f,sm_120f,sm_121f,sm_103a,sm_103f",
     ["-std=c++17", "--expt-relaxed-constexpr", "-Iinclude", "-Itools/util/include",
      "-Iexamples/common", "-DCUTLASS_ENABLE_TENSOR_CORE_MMA=1"]),
    ("cuda-samples", "NVIDIA/cuda-samples", "c94ff366", "cuda-samples/default/copydb",
     r"/Samples/",
     # CMakeLists.txt: set(CMAKE_CUDA_ARCHITECTURES 75 80 86 87 89 90 100 110 120)
     "sm_75,sm_80,sm_86,sm_87,sm_89,sm_90,sm_100,sm_110,sm_120", None),
    ("cuCollections examples", "NVIDIA/cuCollections", "dc0f9fc2", None, r"/examples/",
     # rapids-cmake's RAPIDS architectures (70 75 80 86 90 100 120)
     "sm_70,sm_75,sm_80,sm_86,sm_90,sm_100,sm_120",
     ["-std=c++17", "--expt-extended-lambda", "--expt-relaxed-constexpr", "-Iinclude"]),
    ("faiss", "facebookresearch/faiss", "02dbb4e4", "faiss/default/copydb", r"/faiss/gpu/",
     # faiss sets no list; the harness configured CMAKE_CUDA_ARCHITECTURES=75;90
     "sm_75,sm_90", None),
]

REPLAY = re.compile(r"^cuatomlint: arch replay (.+?): ([0-9.]+) ms CPU$")
GROUPS = re.compile(r"^cuatomlint: arch groups (.+?): ((?:\{[^}]*\} ?)+)(?:; parsed alone: (\d+) "
                    r"\(first: (.*)\))?$")


def db_entries(work, row):
    name, repo, _commit, db, filt, _archs, flags = row
    if db:
        with open(os.path.join(work, db, "compile_commands.json")) as f:
            entries = json.load(f)
        return [e for e in entries if e["file"].endswith(".cu") and re.search(filt, e["file"])]
    src = os.path.join(work, "src", repo.replace("/", "+"))
    out = []
    for top, _dirs, files in os.walk(src):
        for fn in files:
            path = os.path.join(top, fn)
            if fn.endswith(".cu") and re.search(filt, path):
                out.append({"directory": src, "file": path,
                            "arguments": ["nvcc"] + flags + ["-x", "cu", "-c", path,
                                                              "-o", "/dev/null"]})
    return out


def sample(entries, n):
    entries = sorted(entries, key=lambda e: e["file"])
    if not n or len(entries) <= n:
        return entries
    step = len(entries) / n
    return [entries[int(i * step)] for i in range(n)]


def write_db(entries, folder):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return folder


def plans(tool, db, archs, jobs):
    env = dict(os.environ, CUATOMLINT_BENCH="plan-only")
    p = subprocess.run([tool, "--no-cache", "--checks=-*", "--verbose", "--quiet",
                        "--cuda-arch=" + archs, "-j", str(jobs), "-p", db],
                       capture_output=True, text=True, errors="replace", env=env)
    out, ms = {}, {}
    for line in p.stderr.splitlines():
        m = GROUPS.match(line)
        if m:
            out[m.group(1)] = (m.group(2).count("{"), int(m.group(3) or 0), m.group(4))
        m = REPLAY.match(line)
        if m:
            ms[m.group(1)] = float(m.group(2))
    return out, ms


def compare(tool, entries, archs, tmp):
    """Byte-identical JSON, grouped and per arch?  Returns (compared, identical)."""
    same = 0
    for i, e in enumerate(entries):
        db = write_db([e], os.path.join(tmp, "cmp%d" % i))
        outs = []
        for extra in ([], ["--per-arch-parses"]):
            p = subprocess.run([tool, "--no-cache", "--quiet", "--format=json",
                                "--cuda-arch=" + archs, "-p", db] + extra,
                               capture_output=True, text=True, errors="replace")
            outs.append(p.stdout)
        same += outs[0] == outs[1] and outs[0] != ""
        if outs[0] != outs[1]:
            print("  JSON differs: %s" % e["file"], file=sys.stderr)
    return len(entries), same


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.environ.get("CUATOMLINT_PROJECTS_DIR", "/tmp/projects"))
    ap.add_argument("--tool", default="build/cuatomlint")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--max-tus", type=int, default=0)
    ap.add_argument("--compare", type=int, default=0)
    ap.add_argument("--only", default="")
    ap.add_argument("--causes", action="store_true", help="print each fallback's cause")
    args = ap.parse_args()
    tool = os.path.abspath(args.tool)
    only = set(filter(None, args.only.split(",")))
    tmp = tempfile.mkdtemp(prefix="cal-replay-")
    print("%-24s %-9s %6s %5s %7s %8s %9s %6s %9s %9s" % (
        "project", "commit", "archs", "TUs", "agreed", "disagree", "groups/TU", "saved",
        "replay ms", "JSON same"))
    try:
        for row in PROJECTS:
            if only and row[0] not in only:
                continue
            every = db_entries(args.work, row)
            entries = sample(every, args.max_tus)
            if not entries:
                print("%-24s no compile commands under %s" % (row[0], args.work))
                continue
            archs = row[5]
            n_archs = archs.count(",") + 1
            got, ms = plans(tool, write_db(entries, os.path.join(tmp, "db")), archs, args.j)
            tus = len(got)
            agreed = sum(1 for g in got.values() if not g[1])
            disagree = sum(1 for g in got.values() if g[2] and "disagrees" in g[2])
            groups = sum(g[0] for g in got.values())
            smallest = sorted(every, key=lambda e: (os.path.getsize(e["file"]), e["file"]))
            cmp = compare(tool, smallest[:args.compare], archs, tmp) if args.compare else None
            print("%-24s %-9s %6d %5d %6.1f%% %8d %9.2f %5.0f%% %9.0f %9s" % (
                row[0], row[2], n_archs, tus, 100.0 * agreed / max(tus, 1), disagree,
                groups / max(tus, 1), 100.0 * (1 - groups / max(tus * n_archs, 1)),
                sum(ms.values()) / max(len(ms), 1),
                "%d/%d" % (cmp[1], cmp[0]) if cmp else "-"))
            if tus < len(entries):
                print("  %d of %d TUs printed no arch groups (no parse)" % (len(entries) - tus,
                                                                           len(entries)))
            if args.causes:
                for f, g in sorted(got.items()):
                    if g[1]:
                        print("  %s: %s" % (os.path.basename(f), g[2]))
            sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
