// One finding per (line, check), clang-tidy's habit: several bad
// instantiations or several PTX problems on one line are one finding whose
// notes list the others; other checks on the line keep their own finding.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52 --checks='-*,arch-unsupported,ptx-atom-invalid,modernize-atomic-ref' %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='[ptx-atom-invalid]' --implicit-check-not='note:'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_52 --checks='-*,arch-unsupported,ptx-atom-invalid,modernize-atomic-ref' %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='[ptx-atom-invalid]' --implicit-check-not='note:'
#include <cuda_fp16.h>

template <class T> __device__ void add(T *p, T v) { atomicAdd(p, v); }
// CHECK:      one-finding-per-line.cu:[[@LINE-1]]:53: error: atomicAdd(__half*) needs sm_70; the build targets sm_52 [arch-unsupported]
// CHECK:      one-finding-per-line.cu:[[@LINE-2]]:36: note: in instantiation 'add<__half>'; no automatic fix: the template's other instantiations share this call
// CHECK:      one-finding-per-line.cu:[[@LINE-3]]:53: note: atomicAdd(double*) needs sm_60; the build targets sm_52
// CHECK:      one-finding-per-line.cu:[[@LINE-4]]:36: note: in instantiation 'add<double>'; no automatic fix: the template's other instantiations share this call

__global__ void k(double *d, __half *h, float *f) {
  add(d, 1.0);
  add(h, __float2half(1.0f));
  add(f, 1.0f);
}

__global__ void ptx(int *p) {
  asm volatile("red.global.cas.b32 [%0], 1; red.global.exch.b32 [%0], 2;" :: "l"(p));
  // CHECK:      one-finding-per-line.cu:[[@LINE-1]]:27: error: '.cas' is not a reduction: red has no .cas or .exch; use atom [ptx-atom-invalid]
  // CHECK:      one-finding-per-line.cu:[[@LINE-2]]:55: note: '.exch' is not a reduction: red has no .cas or .exch; use atom
}
