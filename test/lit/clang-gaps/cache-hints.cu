// REQUIRES: cuda-toolkit
// The cache-hint loads and stores (__ldcs, __ldcg, __ldca, __ldlu, __ldcv,
// __stcs, __stcg, __stwb, __stwt) live in the toolkit's sm_32_intrinsics.h,
// which clang 19's wrapper leaves out; llm.c's 128-bit loads call them on
// int4.  The prelude declares them as the toolkit does, for every type it
// has them for: no error, so the kernel's misuse is found and fixed.  A type
// the toolkit has no overload for (nvcc rejects it too) stays an error.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s -- -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL

struct pair { int a, b; };

__global__ void copy_then_signal(const float *a, const int4 *b, float *o, int4 *p,
                                 volatile int *done) {
  o[0] = __ldcs(a) + __ldcg(a) + __ldlu(a) + __ldcv(a) + __ldca(a);
  int4 v = __ldcs(b);
  __stcg(p, v);
  __stcs(o, 1.0f);
  __stwb(o + 1, 2.0);
  __stwt(o + 2, 3.0f);
  while (*done == 0) {
  }
#ifdef REAL_ERROR
  const pair *q = 0;
  __ldcs(q);
#endif
}
// CHECK: cache-hints.cu:[[@LINE-7]]:10: warning: spin-wait on volatile '*done'
// REAL: cache-hints.cu:[[@LINE-4]]:3: error: no matching function for call to '__ldcs' [clang-diagnostic-error]

// nvcc's math_functions.h includes <math.h>, clang's wrapper only <cmath>:
// unqualified isfinite() in host code compiles as with nvcc (the prelude
// includes <math.h> too).
static bool all_finite(const float *v, int n) {
  for (int i = 0; i < n; i++)
    if (!isfinite(v[i]))
      return false;
  return true;
}
