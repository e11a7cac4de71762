#!/usr/bin/env python3
"""Cost of 1, 3 and 6 target archs on arch-dependent files of public projects.

    bench/arch_groups.py --snapshot NVIDIA/cuda-samples=GITDIR \
        [--snapshot NVIDIA/cuCollections=GITDIR] [--tool build/cuatomlint] \
        [--baseline OTHER_TOOL] [--repeat N]

GITDIR is a git directory holding the commit named in ROWS (a bare mirror
or a clone); the files are exported from it with `git archive` into a
temporary folder, never copied into this repository.  For each row and each
target list the tool runs with its default (grouped device parses) and with
--per-arch-parses; CPU time is user + sys of the child (getrusage), the
minimum over --repeat alternating runs; parses are read from --summary.
--baseline runs another build the same way (its default only), to compare
with an older parse plan.
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

# repository, commit, file, folders to export, clang arguments (paths relative to the export)
ROWS = [
    ("NVIDIA/cuda-samples", "c94ff366", "Samples/3_CUDA_Features/bf16TensorCoreGemm/bf16TensorCoreGemm.cu",
     ["Samples/3_CUDA_Features/bf16TensorCoreGemm", "Common"], ["-I", "Common"]),
    ("NVIDIA/cuda-samples", "c94ff366", "Samples/3_CUDA_Features/globalToShmemAsyncCopy/globalToShmemAsyncCopy.cu",
     ["Samples/3_CUDA_Features/globalToShmemAsyncCopy", "Common"], ["-I", "Common"]),
    ("NVIDIA/cuda-samples", "c94ff366", "Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu",
     ["Samples/2_Concepts_and_Techniques/reduction", "Common"], ["-I", "Common"]),
    ("NVIDIA/cuda-samples", "c94ff366", "Samples/3_CUDA_Features/warpAggregatedAtomicsCG/warpAggregatedAtomicsCG.cu",
     ["Samples/3_CUDA_Features/warpAggregatedAtomicsCG", "Common"], ["-I", "Common"]),
    ("NVIDIA/cuCollections", "dc0f9fc2", "examples/static_set/device_ref_example.cu",
     ["examples", "include"], ["-I", "include", "-D__CUDACC_EXTENDED_LAMBDA__"]),
]

ARCHS = [
    ("1", "sm_80"),
    ("3", "sm_75,sm_80,sm_90"),
    ("6", "sm_75,sm_80,sm_86,sm_89,sm_90,sm_120"),
]


def export(gitdir, commit, folders, dest):
    archive = subprocess.run(["git", "--git-dir", gitdir, "archive", commit] + folders,
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)


def cpu_of(cmd, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, proc.stderr


def summary_count(stderr, name):
    m = re.search(r"^%s\s+(\d+)$" % re.escape(name), stderr, re.M)
    return int(m.group(1)) if m else None


def measure(tool, row_dir, path, flags, archs, extra, repeat):
    cmd = [tool, "--no-cache", "--summary", "--cuda-arch=" + archs] + extra + [path, "--"] + flags
    best, err = None, ""
    for _ in range(repeat):
        cpu, err = cpu_of(cmd, row_dir)
        best = cpu if best is None else min(best, cpu)
    dev = summary_count(err, "device parses")
    host = summary_count(err, "host parses")
    parses = None if dev is None else dev + (host or 0)
    return best, parses


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--snapshot", action="append", default=[], help="OWNER/NAME=GITDIR")
    ap.add_argument("--tool", default="build/cuatomlint")
    ap.add_argument("--baseline")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    snaps = dict(s.split("=", 1) for s in args.snapshot)
    tool = os.path.abspath(args.tool)
    base = os.path.abspath(args.baseline) if args.baseline else None
    tmp = tempfile.mkdtemp(prefix="cal-archbench-")
    print("cuatomlint arch groups benchmark; CPU seconds (min of %d); parses = device + host"
          % args.repeat)
    hdr = "%-58s %5s %9s %6s %9s %6s" % ("file", "archs", "grouped", "parses", "per-arch", "parses")
    if base:
        hdr += " %9s %6s" % ("baseline", "parses")
    print(hdr)
    try:
        for repo, commit, path, folders, flags in ROWS:
            if repo not in snaps:
                continue
            row_dir = os.path.join(tmp, repo.replace("/", "+") + "-" + commit)
            os.makedirs(row_dir, exist_ok=True)
            missing = [f for f in folders if not os.path.isdir(os.path.join(row_dir, f))]
            if missing:
                export(snaps[repo], commit, missing, row_dir)
            if not os.path.isfile(os.path.join(row_dir, path)):
                sys.exit("arch_groups.py: %s not in the export of %s" % (path, repo))
            one = {}
            for n, archs in ARCHS:
                g = measure(tool, row_dir, path, flags, archs, [], args.repeat)
                p = measure(tool, row_dir, path, flags, archs, ["--per-arch-parses"], args.repeat)
                b = measure(base, row_dir, path, flags, archs, [], args.repeat) if base else None
                if n == "1":
                    one = {"g": g[0], "p": p[0], "b": b[0] if b else None}
                line = "%-58s %5s %9.2f %6s %9.2f %6s" % (
                    (repo + ":" + os.path.basename(path))[-58:], n, g[0], g[1], p[0], p[1])
                if b:
                    line += " %9.2f %6s" % (b[0], b[1])
                print(line)
                if n != "1":
                    rel = "%-58s %5s %8.2fx %6s %8.2fx %6s" % (
                        "  cost relative to 1 arch", n, g[0] / one["g"], "", p[0] / one["p"], "")
                    if b:
                        rel += " %8.2fx" % (b[0] / one["b"])
                    print(rel)
                sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
