// REQUIRES: cuda-toolkit
// An unguarded atomicAdd(double *, double) in a file that never tests the
// arch (its text never names the macro, these lines included): one device parse stands for sm_52 and sm_90, and only sm_90 has the
// native one, so the finding names sm_90 alone.  (nvcc's host pass rejects
// the definition for every build, sm_52 alone too; no host parse is made
// for a file without an arch test, so an sm_52-only build of this file
// gets no finding: a known miss.)
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 0 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52 %s | count 0

__device__ double atomicAdd(double *p, double v) {
  unsigned long long *w = (unsigned long long *)p, old = *w, seen;
  do {
    seen = old;
    old = atomicCAS(w, seen, __double_as_longlong(v + __longlong_as_double(seen)));
  } while (seen != old);
  return __longlong_as_double(old);
}
// CHECK: double-add-redefinition-plain.cu:[[@LINE-8]]:19: error: 'atomicAdd(double *, double)' defined here redefines the CUDA toolkit's own (its headers define it from sm_60 and in nvcc's host pass) when compiled for sm_90; only the legacy CAS-loop fallback below sm_60 may define it [arch-unsupported]
// CHECK: fix-it:"{{.*}}":{[[@LINE-9]]:1-[[@LINE-9]]:1}:"#if defined({{_}}_CUDA_ARCH{{__}}) && {{_}}_CUDA_ARCH{{__}} < 600\n"
// CHECK-NEXT: fix-it:"{{.*}}":{[[@LINE-3]]:2-[[@LINE-3]]:2}:"\n#endif"

__global__ void total(double *sum, const double *x) { atomicAdd(sum, x[threadIdx.x]); }
