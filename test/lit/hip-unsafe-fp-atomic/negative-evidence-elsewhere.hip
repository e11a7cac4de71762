// RUN: %cuatomlint --checks='-*,hip-unsafe-fp-atomic' --cuda-arch=gfx1030 %s 2>&1 | FileCheck %s --allow-empty --implicit-check-not='[hip-unsafe-fp-atomic]'
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// Host memory is allocated here, but on gfx1030 unsafeAtomicAdd is a CAS
// loop (RDNA2 has no FP add instruction): correct on every memory.
#include <hip/hip_runtime.h>

__global__ void acc(float *sum) { unsafeAtomicAdd(sum, 1.0f); }

int run() {
  float *sum;
  if (hipHostMalloc((void **)&sum, sizeof(float), 0) != hipSuccess)
    return 1;
  hipLaunchKernelGGL(acc, dim3(1), dim3(64), 0, 0, sum);
  return 0;
}
