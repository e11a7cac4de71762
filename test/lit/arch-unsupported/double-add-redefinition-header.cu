// REQUIRES: cuda-toolkit
// The unguarded definition inside an include guard (as a project's
// atomics header holds it), in a file that tests __CUDA_ARCH__ elsewhere:
// reported for the host parse too (an include guard is no fallback's
// guard); a definition under any other conditional is left to the
// clang-gaps note in the host parse (clang-gaps/atomicadd-double-fallback.cu).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
#ifndef MY_ATOMICS_H
#define MY_ATOMICS_H
__device__ double atomicAdd(double *p, double v) {
  unsigned long long *w = (unsigned long long *)p, old = *w, seen;
  do {
    seen = old;
    old = atomicCAS(w, seen, __double_as_longlong(v + __longlong_as_double(seen)));
  } while (seen != old);
  return __longlong_as_double(old);
}
// CHECK: double-add-redefinition-header.cu:[[@LINE-8]]:19: error: 'atomicAdd(double *, double)' defined here redefines the CUDA toolkit's own (its headers define it from sm_60 and in nvcc's host pass) when compiled for host, sm_90; only the legacy CAS-loop fallback below sm_60 may define it [arch-unsupported]
#endif

__global__ void total(double *sum, const double *x) {
#if __CUDA_ARCH__ >= 700
  __nanosleep(1);
#endif
  atomicAdd(sum, x[threadIdx.x]);
}
