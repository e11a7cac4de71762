#!/bin/sh
# OpenCL validation of cuatomlint's fixes, without a GPU.
#
#   run.sh HOST CUATOMLINT OUTDIR
#
# For each misuse kernel (test/opencl/*.cl with a 'pingpong' kernel):
#   1. cuatomlint flags it, and --fix writes OUTDIR/NAME.fixed.cl;
#   2. both run on the first OpenCL device (PoCL's CPU device in CI) with a
#      watchdog: the misuse result is recorded (x86 is TSO, so a volatile
#      flag often passes there: the GPU run shows the failure), the fixed
#      kernel must pass;
#   3. both run under `oclgrind --data-races`: the misuse must show a data
#      race on its flag; the fixed kernel's report is information only
#      (oclgrind 21.10 gives the fix's atomics no happens-before, below).
# One line per run; exit 0, 1 on a broken expectation, 77 with no OpenCL
# platform.  On the GPU machine: OCL_DEVICE_TYPE=gpu HOST KERNEL ... directly
# (see docs/validation.md).
set -u
host=$1 lint=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
probe=$("$host" "$here/mp_volatile.cl" 1 0 20)
if [ $? -eq 77 ]; then
	echo "skipped: $probe (install pocl-opencl-icd)"
	exit 77
fi
# what test/opencl/gpu-run.sh needs on a machine without headers or loader
cp "$host" "$out/ocl_pingpong"
mkdir -p "$out/lib"
loader=$(ldd "$host" | awk '/libOpenCL/ { print $3 }')
[ -n "$loader" ] && cp -L "$loader" "$out/lib/libOpenCL.so.1"
guard='-DSPIN_GUARD=if(++spins>max_spins){timeouts++;break;}'
failed=0
expect() { # NAME WANT GOT
	if [ "$2" = "$3" ]; then echo "ok:   $1: $3"; else echo "FAIL: $1: want $2, got $3"; failed=1; fi
}
outcome() { # exit status of the host -> word
	case $1 in 0) echo pass;; 1) echo fail;; 3) echo hang;; *) echo "error($1)";; esac
}
for src in "$here"/mp_*.cl; do
	name=$(basename "$src" .cl)
	cp "$src" "$out/$name.cl"
	cp "$src" "$out/$name.fixed.cl"
	"$lint" --no-cache --checks='-*,volatile-sync' "$out/$name.cl" > "$out/$name.lint" 2>&1
	expect "$name lint" 1 $?
	"$lint" --no-cache --checks='-*,volatile-sync' --fix "$out/$name.fixed.cl" > /dev/null 2>&1
	"$lint" --no-cache "$out/$name.fixed.cl" > "$out/$name.fixed.lint" 2>&1
	expect "$name fixed lint" 0 $?
	r=$("$host" "$out/$name.cl" 20000 0 30); st=$(outcome $?)
	echo "info: $name before fix on the OpenCL device: $st ($r)"
	r=$("$host" "$out/$name.fixed.cl" 20000 0 30); st=$(outcome $?)
	expect "$name after fix on the OpenCL device ($r)" pass "$st"
	if command -v oclgrind > /dev/null; then
		# The misuse kernel must show a race on its flag.  The fixed kernel
		# is run for information only: oclgrind 21.10 has no OpenCL 2.0
		# acquire/release (the fix's atomics are mapped to 1.2 atomics,
		# oclgrind_cl12_atomics.h) and its race detector gives them no
		# happens-before, so it may still report the payload; the ordering
		# is shown on the GPU (docs/validation.md).
		OCL_STD=CL2.0 oclgrind --data-races "$host" "$out/$name.cl" 4 1000 120 \
			"$guard" -DOCLGRIND_CL12_ATOMICS -I"$here" > "$out/$name.cl.oclgrind" 2>&1
		if ! grep -q 'rounds' "$out/$name.cl.oclgrind"; then
			echo "skipped: oclgrind could not run the host program: $(head -n 1 "$out/$name.cl.oclgrind")"
		else
			if grep -q 'data race' "$out/$name.cl.oclgrind"; then got=yes; else got=no; fi
			expect "$name.cl oclgrind data race" yes $got
		fi
		OCL_STD=CL2.0 oclgrind --data-races "$host" "$out/$name.fixed.cl" 4 100000 120 \
			"$guard" -DOCLGRIND_CL12_ATOMICS -I"$here" > "$out/$name.fixed.cl.oclgrind" 2>&1
		echo "info: $name.fixed.cl under oclgrind: $(grep -c 'data race' "$out/$name.fixed.cl.oclgrind") race reports ($(grep -o 'flag\|data\[' "$out/$name.fixed.cl.oclgrind" | sort | uniq -c | tr '\n' ' '))"
	else
		echo "skipped: oclgrind not installed (Debian: oclgrind)"
	fi
done
exit $failed
