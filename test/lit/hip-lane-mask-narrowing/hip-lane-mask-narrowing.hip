// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-lane-mask-narrowing' --cuda-arch=gfx90a,gfx1100 %s 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %cuatomlint --checks='-*,hip-lane-mask-narrowing' --cuda-arch=gfx1100,gfx1030 %s 2>&1 | count 0
// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-lane-mask-narrowing' --cuda-arch=gfx1100 %s -- -mwavefrontsize64 2>&1 | FileCheck %s --check-prefix=W64
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// A 64-bit lane mask narrowed to 32 bits drops lanes 32-63 on wave64
// targets (gfx90a); on wave32-only builds (the second run) it is clean.
#include <hip/hip_runtime.h>
#include <stdint.h>

__global__ void narrowed(const int *in, int *out) {
  int v = in[threadIdx.x];
  unsigned m = __ballot(v > 0);
  // CHECK: hip-lane-mask-narrowing.hip:[[@LINE-1]]:16: warning: the 64-bit lane mask of '__ballot' is converted to 'unsigned int' here, which drops lanes 32-63 of the wavefronts of gfx90a (wave64): keep it in a 64-bit type (unsigned long long, uint64_t) and use __popcll, __ffsll [hip-lane-mask-narrowing]
  // CHECK: hip-lane-mask-narrowing.hip:[[@LINE-2]]:16: note: no automatic fix: the narrow value's other uses (a 32-bit shift, __popc, __ffs) must widen with it
  // W64: hip-lane-mask-narrowing.hip:[[@LINE-3]]:16: warning: the 64-bit lane mask of '__ballot' is converted to 'unsigned int' here, which drops lanes 32-63 of the wavefronts of gfx1100 (wave64): {{.*}}
  int n = __popc(__ballot64(v > 1));
  // CHECK: hip-lane-mask-narrowing.hip:[[@LINE-1]]:18: warning: the 64-bit lane mask of '__ballot64' is converted to 'unsigned int' here, {{.*}} [hip-lane-mask-narrowing]
  // CHECK: hip-lane-mask-narrowing.hip:[[@LINE-2]]:18: note: no automatic fix: {{.*}}
  // W64: hip-lane-mask-narrowing.hip:[[@LINE-3]]:18: warning: {{.*}}
  int below = 0;
  below = __lanemask_lt();
  // CHECK: hip-lane-mask-narrowing.hip:[[@LINE-1]]:11: warning: the 64-bit lane mask of '__lanemask_lt' is converted to 'int' here, {{.*}} [hip-lane-mask-narrowing]
  // CHECK: hip-lane-mask-narrowing.hip:[[@LINE-2]]:11: note: no automatic fix: {{.*}}
  // W64: hip-lane-mask-narrowing.hip:[[@LINE-3]]:11: warning: {{.*}}
  out[threadIdx.x] = m + n + below;
}

__device__ unsigned vote(int p) {
  return __ballot(p);
  // CHECK: hip-lane-mask-narrowing.hip:[[@LINE-1]]:10: warning: the 64-bit lane mask of '__ballot' is converted to 'unsigned int' here, {{.*}} [hip-lane-mask-narrowing]
  // CHECK: hip-lane-mask-narrowing.hip:[[@LINE-2]]:10: note: no automatic fix: {{.*}}
  // W64: hip-lane-mask-narrowing.hip:[[@LINE-3]]:10: warning: {{.*}}
}

// Near misses: 64-bit types, a test of any bit, an explicit cast, code dead on wave64.
__global__ void wide(const int *in, unsigned long long *out, int *flags) {
  int v = in[threadIdx.x];
  unsigned long long a = __ballot(v > 0);
  uint64_t b = __ballot64(v > 1);
  auto c = __lanemask_lt();
  int n = __popcll(__ballot(v > 2));
  if (__ballot(v > 3))
    flags[0] = 1;
  bool any = __ballot(v > 4);
  unsigned lo = (unsigned)__ballot(v > 5);
  unsigned hi = static_cast<unsigned>(__ballot(v > 6) >> 32);
  if (warpSize == 32) {
    unsigned m = __ballot(v > 7);
    flags[1] = m;
  }
#if __AMDGCN_WAVEFRONT_SIZE == 32
  unsigned w32 = __ballot(v > 8);
  flags[2] = w32;
#endif
  out[threadIdx.x] = a + b + c + n + any + lo + hi + vote(v);
}
