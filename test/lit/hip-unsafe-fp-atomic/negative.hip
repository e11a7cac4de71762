// RUN: %cuatomlint --checks='-*,hip-unsafe-fp-atomic' %s -- -munsafe-fp-atomics 2>&1 | FileCheck %s --allow-empty --implicit-check-not='[hip-unsafe-fp-atomic]'
// RUN: %cuatomlint --checks='-*,hip-unsafe-fp-atomic' --cuda-arch=gfx1030,gfx906 %s -- -munsafe-fp-atomics 2>&1 | FileCheck %s --allow-empty --implicit-check-not='[hip-unsafe-fp-atomic]'
// RUN: %cuatomlint --checks='-*,hip-unsafe-fp-atomic' %s 2>&1 | FileCheck %s --allow-empty --implicit-check-not='[hip-unsafe-fp-atomic]'
// RUN: %cuatomlint --checks='-*,hip-unsafe-fp-atomic' --cuda-arch=gfx942 %S/negative-evidence-elsewhere.hip -- -munsafe-fp-atomics 2>&1 | FileCheck %s --allow-empty --implicit-check-not='[hip-unsafe-fp-atomic]'
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// Near misses: float atomics, even unsafe ones, in a translation unit that
// allocates only coarse-grained memory (hipMalloc, hipExtMallocWithFlags
// without the fine-grained flag, hipHostMalloc with hipHostMallocNonCoherent:
// AMD's hardware FP atomics work on coarse-grained host memory, as
// hip-tests' AtomicAdd_NonCoherent_withunsafeflag expects) stay quiet; with
// --cuda-arch=gfx1030,gfx906 no target has an FP add instruction (a CAS
// loop, safe on every memory); on gfx942 the compiler emits the hardware
// add in every build, as right on every memory (amd-facts-codegen.test).
#include <hip/hip_runtime.h>

__global__ void acc(float *sum, double *dsum, const float *x) {
  unsafeAtomicAdd(sum, x[threadIdx.x]);
  atomicAdd(dsum, 1.0);
  atomicAdd(sum, 1.0f);
}

int run(const float *x) {
  float *sum;
  double *dsum;
  if (hipMalloc((void **)&sum, sizeof(float)) != hipSuccess)
    return 1;
  if (hipExtMallocWithFlags((void **)&dsum, sizeof(double), hipDeviceMallocDefault) != hipSuccess)
    return 1;
  float *staging, *staging2;
  if (hipHostMalloc((void **)&staging, sizeof(float), hipHostMallocNonCoherent) != hipSuccess)
    return 1;
#define CHECK(call) if ((call) != hipSuccess) return 1
  CHECK(hipHostMalloc((void **)&staging2, sizeof(float), hipHostMallocNonCoherent));
  hipLaunchKernelGGL(acc, dim3(1), dim3(256), 0, 0, sum, dsum, x);
  return 0;
}
