#!/usr/bin/env python3
"""Toolkit parity sweep: every public header of the installed CUDA toolkit
that nvcc accepts must parse with no clang error in cuatomlint, under every
build flavour, for the oldest and the newest target nvcc knows.

For speed, one translation unit includes a whole family of headers (cuda/*,
cuda/std/*, cub/*, thrust/*, the toolkit's own) and holds one kernel; only a
family that shows clang errors is split into one translation unit per
header, and only then is nvcc asked (nvcc -c with the same flags): a header
nvcc rejects too is listed with nvcc's first error as the reason, one nvcc
accepts is a defect (exit status 1).

  bench/toolkit_sweep.py --tool build/cuatomlint            # the full sweep
  bench/toolkit_sweep.py --tool build/cuatomlint --fast     # ctest's sample
  bench/toolkit_sweep.py --tool build/cuatomlint --per-header --flavour ndebug

--fast parses one translation unit of representative headers (CCCL's
atomics, barriers, pipelines, spans, CUB, Thrust, cooperative groups, the
half, bfloat16 and fp8 types, mma.h) under every flavour and both targets.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

FLAVOURS = [
    ("plain", []),
    ("ndebug", ["-DNDEBUG"]),
    ("release", ["-O3", "-DNDEBUG", "--use_fast_math"]),
    ("debug", ["-G"]),
    ("cxx20", ["-std=c++20"]),
    ("extended-lambda", ["--extended-lambda"]),
    ("rdc", ["-rdc=true"]),
]

FAST_HEADERS = [
    "cuda/atomic", "cuda/barrier", "cuda/pipeline", "cuda/std/span", "cuda/std/atomic",
    "cuda/std/cassert", "cuda/std/mdspan", "cub/block/block_reduce.cuh", "cub/warp/warp_reduce.cuh",
    "thrust/device_vector.h", "thrust/reduce.h", "cooperative_groups.h",
    "cooperative_groups/reduce.h", "cuda_fp16.h", "cuda_bf16.h", "cuda_fp8.h", "mma.h",
]

# The toolkit's own public device headers, beside CCCL's.
TOOLKIT_HEADERS = [
    "cuda_runtime.h", "cooperative_groups.h", "cooperative_groups/memcpy_async.h",
    "cooperative_groups/reduce.h", "cooperative_groups/scan.h", "cuda_fp16.h", "cuda_bf16.h",
    "cuda_fp8.h", "cuda_fp6.h", "cuda_fp4.h", "mma.h", "cuda_awbarrier.h",
    "cuda_awbarrier_primitives.h", "cuda_pipeline.h", "cuda_pipeline_primitives.h",
    "curand_kernel.h",
]

KERNEL = "__global__ void cuatomlint_sweep_kernel(int *p) { atomicAdd(p, 1); }\n"


def public_files(root, sub, suffix=""):
    """Files directly under root/sub not named with a leading '_' (CCCL's detail headers)."""
    folder = os.path.join(root, sub)
    if not os.path.isdir(folder):
        return []
    names = sorted(n for n in os.listdir(folder)
                   if not n.startswith("_") and n.endswith(suffix) and
                   os.path.isfile(os.path.join(folder, n)))
    return [sub + "/" + n for n in names]


def families(cuda):
    inc = os.path.join(cuda, "include")
    cccl = os.path.join(inc, "cccl")
    cccl = cccl if os.path.isdir(cccl) else inc
    fams = {
        "cuda": public_files(cccl, "cuda"),
        "cuda-std": public_files(cccl, "cuda/std"),
        "cub": public_files(cccl, "cub", ".cuh"),
        "thrust": public_files(cccl, "thrust", ".h"),
        "toolkit": [h for h in TOOLKIT_HEADERS if os.path.exists(os.path.join(inc, h))],
    }
    return {k: v for k, v in fams.items() if v}


def archs(nvcc):
    out = subprocess.run([nvcc, "--list-gpu-code"], capture_output=True, text=True).stdout
    sms = sorted({int(m) for m in re.findall(r"sm_(\d+)", out)})
    if not sms:
        sys.exit("toolkit_sweep: nvcc --list-gpu-code lists no sm_ target")
    return ["sm_%d" % sms[0], "sm_%d" % sms[-1]]


def write_tu(folder, name, headers):
    path = os.path.join(folder, name + ".cu")
    with open(path, "w") as f:
        f.write("".join("#include <%s>\n" % h for h in headers) + KERNEL)
    return path


def lint(tool, path, arch, flags):
    """clang's errors in cuatomlint's parses of path (a list of 'file:line: message')."""
    cmd = [tool, "--no-cache", "--quiet", "--color=never", "--format=json",
           "--cuda-arch=" + arch, path, "--"] + flags
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        return ["cuatomlint exit %d: %s" % (r.returncode, r.stderr.strip()[-300:])]
    try:
        findings = json.loads(r.stdout or "[]")
    except json.JSONDecodeError:
        return ["unreadable output: " + r.stdout[:200]]
    return ["%s:%s: %s" % (f["file"], f["line"], f["message"]) for f in findings
            if f["check"] in ("clang-diagnostic-error", "clang-partial-parse")]


def nvcc_verdict(nvcc, path, arch, flags, out):
    """None if nvcc -c compiles it, else nvcc's first error line."""
    cmd = [nvcc, "-c", "-arch=" + arch, path, "-o", out] + flags
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode == 0:
        return None
    lines = [l for l in (r.stderr + r.stdout).splitlines() if "error" in l]
    return (lines[0] if lines else "exit %d" % r.returncode).strip()[:300]


def run_combo(args, folder, fam, headers, flavour, flags, arch):
    name = re.sub(r"[^\w.-]", "_", "%s-%s-%s" % (fam, flavour, arch))
    t0 = time.time()
    errors = lint(args.tool, write_tu(folder, name, headers), arch, flags)
    result = {"family": fam, "flavour": flavour, "arch": arch, "headers": len(headers),
              "seconds": round(time.time() - t0, 1), "errors": len(errors),
              "defects": [], "nvcc_rejects": [], "interaction": []}
    if not errors:
        return result
    # one translation unit per header: which of them fail, and does nvcc agree?
    for i, h in enumerate(headers):
        one = write_tu(folder, "%s-%d" % (name, i), [h])
        errs = lint(args.tool, one, arch, flags)
        if not errs:
            continue
        why = nvcc_verdict(args.nvcc, one, arch, flags, one + ".o")
        if why:
            result["nvcc_rejects"].append({"header": h, "nvcc": why})
        else:
            result["defects"].append({"header": h, "clang": errs[:3]})
    if not result["defects"] and not result["nvcc_rejects"]:
        result["interaction"] = errors[:3]
        if nvcc_verdict(args.nvcc, write_tu(folder, name, headers), arch, flags,
                        os.path.join(folder, name + ".o")) is None:
            result["defects"].append({"header": "(the family together)", "clang": errors[:3]})
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", required=True, help="the cuatomlint executable")
    ap.add_argument("--nvcc", default=None, help="nvcc (default: CUDA_PATH/bin, PATH, /usr/local/cuda)")
    ap.add_argument("--fast", action="store_true", help="one translation unit of representative headers")
    ap.add_argument("--family", action="append", help="only these families (repeatable)")
    ap.add_argument("--per-header", action="store_true",
                    help="one translation unit per header (no header relies on another's includes)")
    ap.add_argument("--flavour", action="append", help="only these flavours (repeatable)")
    ap.add_argument("--target", action="append", help="only these of the two targets (repeatable)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", help="write every combination's result here")
    args = ap.parse_args()

    nvcc = args.nvcc or shutil.which("nvcc")
    for cand in (os.path.join(os.environ.get("CUDA_PATH", ""), "bin", "nvcc"), "/usr/local/cuda/bin/nvcc"):
        if not nvcc and os.path.exists(cand):
            nvcc = cand
    if not nvcc or not os.path.exists(nvcc):
        print("toolkit_sweep: skipped: no nvcc")
        return 77
    args.nvcc = nvcc
    cuda = os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))
    fams = {"fast": FAST_HEADERS} if args.fast else families(cuda)
    if args.family:
        fams = {k: v for k, v in fams.items() if k in args.family}
    if args.per_header:
        fams = {h: [h] for hs in fams.values() for h in hs}
    flavours = [f for f in FLAVOURS if not args.flavour or f[0] in args.flavour]
    targets = [a for a in archs(nvcc) if not args.target or a in args.target]
    combos = [(fam, hs, fl, flags, a) for fam, hs in fams.items() for fl, flags in flavours
              for a in targets]
    t0 = time.time()
    results = []
    with tempfile.TemporaryDirectory(prefix="cuatomlint-sweep-") as folder, \
            concurrent.futures.ThreadPoolExecutor(max(1, args.j)) as pool:
        futures = [pool.submit(run_combo, args, folder, *c) for c in combos]
        for fut in concurrent.futures.as_completed(futures):
            r = fut.result()
            results.append(r)
            state = "ok" if not r["errors"] else "%d defects, %d nvcc rejects too" % (
                len(r["defects"]), len(r["nvcc_rejects"]))
            print("%-9.40s %-16s %-7s %3d headers %6.1f s  %s" % (r["family"], r["flavour"], r["arch"],
                  r["headers"], r["seconds"], state), flush=True)
    headers = sorted({h for _, hs, _, _, _ in combos for h in hs})
    defects = [(r, d) for r in results for d in r["defects"]]
    rejects = sorted({(d["header"], r["flavour"], d["nvcc"]) for r in results for d in r["nvcc_rejects"]})
    print("\n%d headers, %d flavours x %d targets (%s), %d translation-unit combinations, %.0f s"
          % (len(headers), len(flavours), len(targets), ",".join(targets), len(combos), time.time() - t0))
    for h, fl, why in rejects:
        print("listed (nvcc rejects it too, %s): %s: %s" % (fl, h, why))
    for r, d in defects:
        print("DEFECT (%s %s %s): %s: %s" % (r["family"], r["flavour"], r["arch"], d["header"],
                                          " | ".join(d["clang"])))
    print("%d defects" % len(defects))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(sorted(results, key=lambda r: (r["family"], r["flavour"], r["arch"])), f, indent=1)
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
