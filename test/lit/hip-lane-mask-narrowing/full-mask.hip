// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-lane-mask-narrowing' --cuda-arch=gfx90a,gfx1100 %s -- -isystem %S/Inputs/rocm6 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %cuatomlint --checks='-*,hip-lane-mask-narrowing' --cuda-arch=gfx1100 %s -- -isystem %S/Inputs/rocm6 2>&1 | count 0
// RUN: hipcc --offload-arch=gfx90a -isystem %S/Inputs/rocm6 -c %s -o %t.o
// CUDA's full-warp mask 0xffffffff names half a wave64 wavefront: a
// comparison of a 64-bit lane mask with it, a 32-bit variable a mask is
// OR-ed into, and the mask of ROCm 6.2's warp functions (stand-in header:
// Debian's HIP 5.2 has no _sync forms).  Wave32-only builds are clean.
#include <hip/hip_runtime.h>
#include <hip/warp_sync_standin.h>

#define FULL_MASK 0xffffffffull

__global__ void ported(const int *in, int *out) {
  int v = in[threadIdx.x];
  unsigned seen = 0;
  seen |= __ballot(v > 0);
  // CHECK: full-mask.hip:[[@LINE-1]]:11: warning: the 64-bit lane mask of '__ballot' is stored into 'unsigned int' by '|=' here, which drops lanes 32-63 of the wavefronts of gfx90a (wave64): keep it in a 64-bit type (unsigned long long, uint64_t) and use __popcll, __ffsll [hip-lane-mask-narrowing]
  // CHECK: full-mask.hip:[[@LINE-2]]:11: note: no automatic fix: the narrow value's other uses (a 32-bit shift, __popc, __ffs) must widen with it
  if (__ballot(v > 1) == 0xffffffff)
    // CHECK: full-mask.hip:[[@LINE-1]]:7: warning: the 64-bit lane mask of '__ballot' is compared with 0xffffffff, the full mask of a 32-lane warp: on gfx90a (wave64) that holds when lanes 0-31 are set and lanes 32-63 clear, not when the whole wavefront is; compare with __ballot(1) (the lanes that run here) or use __all [hip-lane-mask-narrowing]
    // CHECK: full-mask.hip:[[@LINE-2]]:7: note: no automatic fix: whether every lane of the wavefront runs this (~0ull) or only some (__ballot(1)) is not known here
    out[0] = 1;
  int all = 0xFFFFFFFFu != (__ballot64(v > 2));
  // CHECK: full-mask.hip:[[@LINE-1]]:29: warning: the 64-bit lane mask of '__ballot64' is compared with 0xffffffff, {{.*}} [hip-lane-mask-narrowing]
  // CHECK: full-mask.hip:[[@LINE-2]]:29: note: no automatic fix: {{.*}}
  for (int k = 16; k > 0; k /= 2)
    v += __shfl_xor_sync(0xffffffffull, v, k);
  // CHECK: full-mask.hip:[[@LINE-1]]:10: warning: the mask 0xffffffff of '__shfl_xor_sync' names lanes 0-31, a whole 32-lane warp, but the wavefronts of gfx90a (wave64) have 64: HIP requires the mask to name every lane that runs the call, and traps where assertions are on (no NDEBUG) [hip-lane-mask-narrowing]
  // CHECK: full-mask.hip:[[@LINE-2]]:10: note: no automatic fix: ~0ull is right only where all 64 lanes run the call, __ballot(1) (the lanes that run here) otherwise
  const unsigned long long full = 0xffffffff;
  int any = __any_sync(full, v > 3);
  // CHECK: full-mask.hip:[[@LINE-1]]:13: warning: the mask 0xffffffff of '__any_sync' names lanes 0-31, {{.*}}(no NDEBUG); without them the votes of lanes 32-63 are dropped [hip-lane-mask-narrowing]
  // CHECK: full-mask.hip:[[@LINE-2]]:13: note: no automatic fix: {{.*}}
  unsigned long long votes = __ballot_sync(FULL_MASK, v > 4);
  // CHECK: full-mask.hip:[[@LINE-1]]:30: warning: the mask 0xffffffff of '__ballot_sync' names lanes 0-31, {{.*}} [hip-lane-mask-narrowing]
  // CHECK: full-mask.hip:[[@LINE-2]]:30: note: no automatic fix: {{.*}}
  out[threadIdx.x] = v + seen + all + any + (int)votes;
}

// Near misses: 64-bit accumulators, whole-wavefront and partial masks, an
// explicit cast, code a constant test leaves dead on wave64.
__global__ void wide(const int *in, unsigned long long *out) {
  int v = in[threadIdx.x];
  unsigned long long seen = 0;
  seen |= __ballot(v > 0);
  int a = __ballot(v > 1) == ~0ull;
  int b = __ballot(v > 2) == (unsigned long long)-1;
  int c = __ballot(v > 3) == 0xffff;
  int d = (unsigned)__ballot(v > 4) == 0xffffffffu;
  int e = __ballot(v > 5) == __ballot(1);
  v += __shfl_xor_sync(~0ull, v, 16);
  v += __shfl_down_sync(0xffffull, v, 1);
  int f = __all_sync(__ballot(1), v > 6);
  if (warpSize == 32) {
    v += __shfl_xor_sync(0xffffffffull, v, 1);
    f += __ballot(v > 7) == 0xffffffff;
  }
  out[threadIdx.x] = seen + a + b + c + d + e + f + v;
}
