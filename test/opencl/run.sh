#!/bin/sh
# OpenCL validation of cuatomlint's fixes, without a GPU.
#
#   run.sh HOST CUATOMLINT OUTDIR
#
# For each misuse kernel (test/opencl/mp_*.cl, a 'pingpong' kernel run by
# ocl_pingpong.c), as its "validate:" line says:
#   check=ID        the check that flags it: cuatomlint --checks=-*,ID flags
#                   it, and --fix writes OUTDIR/NAME.fixed.cl, on which no
#                   check finds anything;
#   device=NAME     the --opencl-device profile(s) the lint judges it for
#                   (default: cuatomlint's default, gpu);
#   rounds=N        the rounds on the device (default 20000);
#   timeout=S       the watchdog (default 30 s);
#   before=WORD     what the misuse must do on the device where a CPU shows
#                   it (hang, fail); without it the result is information;
#   global=N local=M  the work sizes on the device (default 2 work-groups of
#                   one work-item); grind_global/grind_local under oclgrind;
#   oclgrind=race   under `oclgrind --data-races` the misuse must show a data
#                   race; the fixed kernel's report is information only
#                   (oclgrind 21.10 gives 2.0 atomics mapped to 1.2 ones no
#                   happens-before, below);
#   oclgrind=race-clean  ... and the fixed kernel must show none;
#   oclgrind=info   both reports are information only; none: not run;
#   oclgrind=fixed-race-clean  only the fixed kernel runs there (the misuse
#                   needs a built-in oclgrind lacks), and it must pass and
#                   show no data race.
# Both kernels run on the first OpenCL device (PoCL's CPU device in CI)
# with a watchdog: the misuse result is recorded (x86 is TSO and PoCL runs
# a work-group's work-items in order between barriers, so many misuses pass
# there: the GPU run shows them), the fixed kernel must pass.
# One line per run; exit 0, 1 on a broken expectation, 77 with no OpenCL
# platform.  On the GPU machine: test/opencl/gpu-run.sh (docs/validation.md).
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
field() { # KEY DEFAULT: the value of KEY= on $src's validate line
	v=$(sed -n 's/.*validate:.*[[:space:]]'"$1"'=\([^[:space:]]*\).*/\1/p' "$src" | head -n 1)
	echo "${v:-$2}"
}
races() { # REPORT: how many data races oclgrind reported
	grep -c 'data race' "$1"
}
for src in "$here"/mp_*.cl; do
	name=$(basename "$src" .cl)
	check=$(field check volatile-sync)
	grind=$(field oclgrind race)
	timeout=$(field timeout 30)
	rounds=$(field rounds 20000)
	device=$(field device '')
	export OCL_GLOBAL=$(field global 2) OCL_LOCAL=$(field local 1)
	cp "$src" "$out/$name.cl"
	cp "$src" "$out/$name.fixed.cl"
	"$lint" --no-cache ${device:+--opencl-device "$device"} --checks="-*,$check" "$out/$name.cl" > "$out/$name.lint" 2>&1
	expect "$name lint ($check)" 1 $?
	"$lint" --no-cache ${device:+--opencl-device "$device"} --checks="-*,$check" --fix "$out/$name.fixed.cl" > /dev/null 2>&1
	"$lint" --no-cache ${device:+--opencl-device "$device"} "$out/$name.fixed.cl" > "$out/$name.fixed.lint" 2>&1
	expect "$name fixed lint" 0 $?
	before=$(field before info)
	r=$("$host" "$out/$name.cl" "$rounds" 0 "$timeout"); st=$(outcome $?)
	if [ "$before" = info ]; then
		echo "info: $name before fix on the OpenCL device: $st ($r)"
	else
		expect "$name before fix on the OpenCL device ($r)" "$before" "$st"
	fi
	r=$("$host" "$out/$name.fixed.cl" "$rounds" 0 "$timeout"); st=$(outcome $?)
	expect "$name after fix on the OpenCL device ($r)" pass "$st"
	[ "$grind" = none ] && continue
	if ! command -v oclgrind > /dev/null; then
		echo "skipped: oclgrind not installed (Debian: oclgrind)"
		continue
	fi
	export OCL_GLOBAL=$(field grind_global "$OCL_GLOBAL") OCL_LOCAL=$(field grind_local "$OCL_LOCAL")
	# The fixed kernels' 2.0 atomics run as 1.2 ones there
	# (oclgrind_cl12_atomics.h): oclgrind 21.10 has no acquire/release, and
	# its race detector gives them no happens-before, so a fixed kernel
	# that relies on them may still show its payload; the ordering is shown
	# on the GPU (docs/validation.md).
	for kind in cl fixed.cl; do
		[ "$grind" = fixed-race-clean ] && [ "$kind" = cl ] && continue
		OCL_STD=CL2.0 oclgrind --data-races "$host" "$out/$name.$kind" 4 1000 120 \
			"$guard" -DOCLGRIND_CL12_ATOMICS -I"$here" > "$out/$name.$kind.oclgrind" 2>&1
	done
	if [ "$grind" = fixed-race-clean ]; then
		r=$(grep -E '^(pass|fail|hang|error|skip):' "$out/$name.fixed.cl.oclgrind" | head -n 1)
		expect "$name.fixed.cl under oclgrind (${r:-no result})" pass "${r%%:*}"
		expect "$name.fixed.cl oclgrind race reports" 0 "$(races "$out/$name.fixed.cl.oclgrind")"
		continue
	fi
	if ! grep -q 'rounds' "$out/$name.cl.oclgrind"; then
		echo "skipped: oclgrind could not run the host program: $(head -n 1 "$out/$name.cl.oclgrind")"
		continue
	fi
	before=$(races "$out/$name.cl.oclgrind") after=$(races "$out/$name.fixed.cl.oclgrind")
	if [ "$grind" = info ]; then
		echo "info: $name under oclgrind: $before race reports before the fix, $after after"
		continue
	fi
	if [ "$before" -gt 0 ]; then got=yes; else got=no; fi
	expect "$name.cl oclgrind data race ($before reports)" yes $got
	if [ "$grind" = race-clean ]; then
		expect "$name.fixed.cl oclgrind race reports" 0 "$after"
	else
		echo "info: $name.fixed.cl under oclgrind: $after race reports ($(grep -o 'flag\|data\[' "$out/$name.fixed.cl.oclgrind" | sort | uniq -c | tr '\n' ' '))"
	fi
done
exit $failed
