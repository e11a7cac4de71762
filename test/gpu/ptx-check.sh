#!/usr/bin/env bash
# PTX check of what cuatomlint emits (no GPU needed): each fallback helper
# and rewrite form is compiled with `nvcc -ptx` and the PTX must hold the
# intended instructions, so a form that compiles to the wrong thing fails
# in CI:
#   - a fallback under -DCUATOMLINT_FORCE_FALLBACKS: an atom.cas loop (or,
#     for float2/float4, per-component f32 atomic adds) and not the native
#     instruction it replaces;
#   - the same helper without it, for sm_90: the native instruction;
#   - cuda::atomic_ref load/store with acquire/release: ld.acquire / st.release
#     with .gpu for device scope and .cta for block scope.
#
#   test/gpu/ptx-check.sh [--build DIR]      exit 0 all pass, 1 a mismatch,
#                                            77 no nvcc (skipped)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=$HERE/../../build
[ "${1:-}" = --build ] && BUILD=$2
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ ! -x "$NVCC" ]; then
	echo "skipped: no nvcc"
	exit 77
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
{
	echo "#include <cuda_fp16.h>"
	echo "#include <cuda_bf16.h>"
	"$BUILD/cuatomlint-fallbacks"
} > "$WORK/fallbacks.cuh" || exit 1

# name|helper call|kernel parameter|regex the fallback PTX must hold|regex it must not hold|regex of the native PTX
CASES=(
"f64|cuatomlint_atomicAdd_f64(p, 1.0)|double *p|atom(\.global)?\.cas\.b64|atom(\.global)?\.add\.f64|atom(\.global)?\.add\.f64"
"f16|cuatomlint_atomicAdd_f16(p, __float2half(1.f))|__half *p|atom(\.global)?\.cas\.b32|atom(\.global)?\.add\.noftz\.f16 |atom(\.global)?\.add\.noftz\.f16 "
"bf16|cuatomlint_atomicAdd_bf16(p, __float2bfloat16(1.f))|__nv_bfloat16 *p|atom(\.global)?\.cas\.b32|atom(\.global)?\.add\.noftz\.bf16 |atom(\.global)?\.add\.noftz\.bf16 "
"f16x2|cuatomlint_atomicAdd_f16x2(p, *p)|__half2 *p|atom(\.global)?\.cas\.b32|atom(\.global)?\.add\.noftz\.f16x2|atom(\.global)?\.add\.noftz\.f16x2"
"bf16x2|cuatomlint_atomicAdd_bf16x2(p, *p)|__nv_bfloat162 *p|atom(\.global)?\.cas\.b32|atom(\.global)?\.add\.noftz\.bf16x2|atom(\.global)?\.add\.noftz\.bf16x2"
"float2|cuatomlint_atomicAdd_float2(p, make_float2(1.f, 2.f))|float2 *p|atom(\.global)?\.add\.f32|atom[^;]*\.v2\.f32|atom(\.global)?(\.add)?\.v2\.f32"
"float4|cuatomlint_atomicAdd_float4(p, make_float4(1.f, 2.f, 3.f, 4.f))|float4 *p|atom(\.global)?\.add\.f32|atom[^;]*\.v4\.f32|atom(\.global)?(\.add)?\.v4\.f32"
"min_s64|cuatomlint_atomicMin_s64(p, 3ll)|long long *p|atom(\.global)?\.cas\.b64|atom(\.global)?\.min\.s64|atom(\.global)?\.min\.s64"
"min_u64|cuatomlint_atomicMin_u64(p, 3ull)|unsigned long long *p|atom(\.global)?\.cas\.b64|atom(\.global)?\.min\.u64|atom(\.global)?\.min\.u64"
"max_s64|cuatomlint_atomicMax_s64(p, 3ll)|long long *p|atom(\.global)?\.cas\.b64|atom(\.global)?\.max\.s64|atom(\.global)?\.max\.s64"
"max_u64|cuatomlint_atomicMax_u64(p, 3ull)|unsigned long long *p|atom(\.global)?\.cas\.b64|atom(\.global)?\.max\.u64|atom(\.global)?\.max\.u64"
"and_u64|cuatomlint_atomicAnd_u64(p, 3ull)|unsigned long long *p|atom(\.global)?\.cas\.b64|atom(\.global)?\.and\.b64|atom(\.global)?\.and\.b64"
"or_u64|cuatomlint_atomicOr_u64(p, 3ull)|unsigned long long *p|atom(\.global)?\.cas\.b64|atom(\.global)?\.or\.b64|atom(\.global)?\.or\.b64"
"xor_u64|cuatomlint_atomicXor_u64(p, 3ull)|unsigned long long *p|atom(\.global)?\.cas\.b64|atom(\.global)?\.xor\.b64|atom(\.global)?\.xor\.b64"
"cas_u16|cuatomlint_atomicCAS_u16(p, (unsigned short)1, (unsigned short)2)|unsigned short *p|atom(\.global)?\.cas\.b32|atom(\.global)?\.cas\.b16|atom(\.global)?\.cas\.b16"
)

FAILED=0
report() {	# name, ok, what
	if [ "$2" = 1 ]; then
		printf '%-40s pass\n' "$1"
	else
		printf '%-40s FAIL: %s\n' "$1" "$3"
		FAILED=1
	fi
}

ptx_of() {	# out, source, flags...
	local out=$1 src=$2
	shift 2
	"$NVCC" -std=c++17 -arch=sm_90 -ptx -I"$WORK" "$@" -o "$out" "$src" >"$out.log" 2>&1
}

# A CAS loop: atom.cas followed by a branch back to a label before it.
has_loop() {	# ptx file
	awk '/^\$L__BB[0-9_]+:/ { label = 1 } label && /atom(\.global)?\.cas/ { cas = 1 }
	     cas && /bra(\.uni)?[ \t]+\$L__BB/ { found = 1 } END { exit !found }' "$1"
}

for c in "${CASES[@]}"; do
	IFS='|' read -r name call param want avoid native <<< "$c"
	src=$WORK/$name.cu
	printf '#include "fallbacks.cuh"\n__global__ void k(%s, void *out) { auto r = %s; *(decltype(r) *)out = r; }\n' \
		"$param" "$call" > "$src"
	(
		ptx_of "$WORK/$name.fb.ptx" "$src" -DCUATOMLINT_FORCE_FALLBACKS
		ptx_of "$WORK/$name.native.ptx" "$src"
	) &
done
wait

for c in "${CASES[@]}"; do
	IFS='|' read -r name call param want avoid native <<< "$c"
	fb=$WORK/$name.fb.ptx nat=$WORK/$name.native.ptx
	if [ ! -s "$fb" ] || [ ! -s "$nat" ]; then
		report "$name" 0 "nvcc -ptx failed: $(head -3 "$fb.log" "$nat.log" | tr '\n' ' ')"
		continue
	fi
	ok=1 why=
	grep -Eq "$want" "$fb" || { ok=0; why="fallback lacks /$want/"; }
	grep -Eq "$avoid" "$fb" && { ok=0; why="fallback still holds /$avoid/"; }
	case $want in *cas*) has_loop "$fb" || { ok=0; why="no atom.cas loop in the fallback"; } ;; esac
	report "fallback $name (forced)" "$ok" "$why"
	ok=1
	grep -Eq "$native" "$nat" || { ok=0; why="native path lacks /$native/"; }
	report "fallback $name (native on sm_90)" "$ok" "$why"
done

# cuda::atomic_ref load/store forms (the volatile-sync rewrite).
for scope in block device; do
	src=$WORK/ref_$scope.cu
	obj='*flag'
	[ "$scope" = block ] && obj='s'
	cat > "$src" <<EOF
#include <cuda/atomic>
__global__ void k(int *flag, int *out) {
	__shared__ int s;
	cuda::atomic_ref<int, cuda::thread_scope_$scope> r($obj);
	*out = r.load(cuda::memory_order_acquire);
	r.store(1, cuda::memory_order_release);
}
EOF
	ptx_of "$WORK/ref_$scope.ptx" "$src"
	s=cta
	[ "$scope" = device ] && s=gpu
	ok=1 why=
	grep -Eq "ld\.acquire\.$s" "$WORK/ref_$scope.ptx" || { ok=0; why="no ld.acquire.$s ($(head -2 "$WORK/ref_$scope.ptx.log" | tr '\n' ' '))"; }
	grep -Eq "st\.release\.$s" "$WORK/ref_$scope.ptx" || { ok=0; why="$why no st.release.$s"; }
	report "atomic_ref<$scope> load/store" "$ok" "$why"
done
exit $FAILED
