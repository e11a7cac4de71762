"""Compare cuatomlint's arch-unsupported findings on amd-builtins.hip with
clang 19's code generation: for each target, the lines clang rejects with
"needs target feature" must be the lines of the findings naming that target.
usage: amd_builtins_codegen.py CLANGXX FILE TARGET... -- CUATOMLINT [ARG...]"""
import json
import re
import subprocess
import sys

sep = sys.argv.index("--")
clangxx, path, targets, tool = sys.argv[1], sys.argv[2], sys.argv[3:sep], sys.argv[sep + 1:]
run = subprocess.run(tool + [ "--checks=-*,arch-unsupported", "--format=json",
                      "--cuda-arch=" + ",".join(targets), path],
                     capture_output=True, text=True)
found = {t: set() for t in targets}
for f in json.loads(run.stdout):
    for t in f["archs"]:
        found[t].add(f["line"])
kernels = open(path).read().count("#if !defined(ONLY)")
bad = 0
for t in targets:
    rejected = set()
    for k in range(kernels):	# clang stops at the first such error: one kernel a run
        cc = subprocess.run([clangxx, "-x", "hip", "--cuda-device-only", "-nogpulib",
                             "-nogpuinc", "-DONLY=%d" % k, "--offload-arch=" + t,
                             "-emit-llvm", "-S", "-o", "/dev/null", path],
                            capture_output=True, text=True)
        rejected |= {int(m.group(1)) for m in
                     re.finditer(r":(\d+):\d+: error: .* needs target feature", cc.stderr)}
    if rejected != found[t]:
        bad += 1
        print(f"{t}: clang rejects lines {sorted(rejected)}, findings at {sorted(found[t])}")
    else:
        print(f"{t}: {len(rejected)} builtins missing, agree")
sys.exit(1 if bad else 0)
