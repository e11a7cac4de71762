#!/bin/sh
# Run the OpenCL validation kernels on the GPU machine (NVIDIA's OpenCL
# library, no headers, no clinfo, maybe no ICD loader): the host binary,
# the kernels (before and after cuatomlint --fix) and the ICD loader travel
# from a machine that ran test/opencl/run.sh (CTest opencl/validate).
#
#   test/opencl/gpu-run.sh [OUTDIR]     (default build/test/opencl/out)
#
# OUTDIR holds ocl_pingpong, lib/libOpenCL.so.1 and mp_*.cl / mp_*.fixed.cl.
# Prints one line per kernel; exit 0 if every fixed kernel passed (the
# misuse kernels are expected to fail with stale reads or hang there).
set -u
out=${1:-build/test/opencl/out}
host=$out/ocl_pingpong
[ -x "$host" ] || { echo "gpu-run: no $host (run ctest -R opencl/validate first)"; exit 2; }
export LD_LIBRARY_PATH="$out/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if ! grep -qs nvidia /etc/OpenCL/vendors/*.icd; then
	# no NVIDIA entry in the ICD registry (none at all, or only PoCL's, as
	# on the H100 machine): name NVIDIA's library for the travelling loader
	mkdir -p "$out/vendors"
	echo libnvidia-opencl.so.1 > "$out/vendors/nvidia.icd"
	export OCL_ICD_VENDORS="$out/vendors"
fi
export OCL_DEVICE_TYPE=gpu
failed=0
field() { # KEY DEFAULT: the value of KEY= on the kernel's validate line (run.sh)
	v=$(sed -n 's/.*validate:.*[[:space:]]'"$1"'=\([^[:space:]]*\).*/\1/p' "$k" | head -n 1)
	echo "${v:-$2}"
}
for k in "$out"/mp_*.cl; do
	case $k in *.fixed.cl) continue;; esac
	name=$(basename "$k" .cl)
	export OCL_GLOBAL=$(field global 2) OCL_LOCAL=$(field local 1)
	limit=$(field timeout 60)
	for kind in cl fixed.cl; do
		r=$("$host" "$out/$name.$kind" 200000 0 "$limit"); st=$?
		echo "$name.$kind: exit $st: $r"
		[ "$kind" = fixed.cl ] && [ $st -ne 0 ] && failed=1
	done
done
exit $failed
