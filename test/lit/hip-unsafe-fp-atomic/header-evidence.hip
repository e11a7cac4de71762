// RUN: %cuatomlint --checks='-*,hip-unsafe-fp-atomic' --cuda-arch=gfx90a %s 2>&1 | count 0
// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-unsafe-fp-atomic' --cuda-arch=gfx90a %s -- -DUSE_PINNED 2>&1 | FileCheck %s --check-prefix=USED
// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-unsafe-fp-atomic' --cuda-arch=gfx90a %s -- -DIN_TEMPLATE 2>&1 | FileCheck %s --check-prefix=TMPL
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// RUN: hipcc --offload-arch=gfx90a -DIN_TEMPLATE -c %s -o %t.o
// The evidence is an allocation the translation unit makes: in its own
// file, or in a helper it calls.  A shared header's helper that nothing
// here calls (ROCm's hip-tests include one in every test) is none.  An
// allocation in a template, written inside a checking macro, is one.
#include "Inputs/pinned_helpers.h"

__global__ void acc(double *sum) { unsafeAtomicAdd(sum, 1.0); }
// USED: header-evidence.hip:[[@LINE-1]]:36: warning: 'unsafeAtomicAdd' on 'double' is undefined on fine-grained or host memory (HIP's header: it may use the hardware floating-point atomic of gfx90a, which such memory does not perform), and this translation unit allocates such memory: hipHostMalloc (pinned_helpers.h:9) [hip-unsafe-fp-atomic]

#ifdef IN_TEMPLATE
#define HIP_CHECK(call) do { if ((call) != hipSuccess) return; } while (0)
template <typename T> void coherent_test() {
  T *h;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void **>(&h), sizeof(T), hipHostMallocCoherent));
}
template void coherent_test<double>();
#endif
// TMPL: header-evidence.hip:{{[0-9]+}}:36: warning: 'unsafeAtomicAdd' on 'double' {{.*}} allocates such memory: hipHostMalloc (header-evidence.hip:[[#@LINE-4]]) [hip-unsafe-fp-atomic]

int run(double *dev) {
#ifdef USE_PINNED
  float *staging = pinned_floats(16);
  (void)staging;
#endif
  hipLaunchKernelGGL(acc, dim3(1), dim3(64), 0, 0, dev);
  return 0;
}
