// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-unsafe-fp-atomic' %s 2>&1 | FileCheck %s --check-prefix=CHECK-SAFE --implicit-check-not='[hip-unsafe-fp-atomic]'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,hip-unsafe-fp-atomic' %s -- -munsafe-fp-atomics 2>&1 | FileCheck %s --check-prefix=CHECK-UNSAFE --implicit-check-not='[hip-unsafe-fp-atomic]'
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// Positives: the translation unit allocates host memory (hipHostMalloc),
// which the one launch of acc passes as 'sum' (a fix there, proof.h).
// unsafeAtomicAdd is the hardware atomic in every build; atomicAdd and
// __hip_atomic_fetch_add only with -munsafe-fp-atomics, and only where the
// target has the instruction (double: gfx90a, not gfx1100).
#include <hip/hip_runtime.h>

__global__ void acc(float *sum, double *dsum, float *fsum, const float *x) {
  unsafeAtomicAdd(sum, x[threadIdx.x]);
  // CHECK-SAFE: hip-unsafe-fp-atomic.hip:[[@LINE-1]]:3: warning: 'unsafeAtomicAdd' on 'float' is undefined on fine-grained or host memory (HIP's header: it may use the hardware floating-point atomic of gfx90a, gfx1100, which such memory does not perform), and this translation unit allocates such memory: hipHostMalloc (hip-unsafe-fp-atomic.hip:27) [hip-unsafe-fp-atomic]
  // CHECK-SAFE: fix-it:"{{.*}}hip-unsafe-fp-atomic.hip":{[[@LINE-2]]:3-[[@LINE-2]]:39}:"__hip_atomic_fetch_add(sum, x[threadIdx.x], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM)"
  // CHECK-UNSAFE: hip-unsafe-fp-atomic.hip:[[@LINE-3]]:3: warning: 'unsafeAtomicAdd' on 'float' is undefined on fine-grained or host memory (HIP's header: it may use the hardware floating-point atomic of gfx90a, gfx1100, which such memory does not perform), and this translation unit allocates such memory: hipHostMalloc (hip-unsafe-fp-atomic.hip:27) [hip-unsafe-fp-atomic]
  atomicAdd(dsum, 1.0);
  // CHECK-UNSAFE: hip-unsafe-fp-atomic.hip:[[@LINE-1]]:3: warning: 'atomicAdd' on 'double' is the hardware floating-point atomic of gfx90a under -munsafe-fp-atomics, which is not performed on fine-grained or host memory, and this translation unit allocates such memory: hipHostMalloc (hip-unsafe-fp-atomic.hip:27) [hip-unsafe-fp-atomic]
  // CHECK-UNSAFE: note: no automatic fix: nothing proves that this pointer is that memory; where it may be, use __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM), or build without -munsafe-fp-atomics
  __hip_atomic_fetch_add(fsum, 2.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  // CHECK-UNSAFE: hip-unsafe-fp-atomic.hip:[[@LINE-1]]:3: warning: '__hip_atomic_fetch_add' on 'float' is the hardware floating-point atomic of gfx90a, gfx1100 under -munsafe-fp-atomics, {{.*}} [hip-unsafe-fp-atomic]
  atomicAdd((int *)fsum, 1); // an integer add is exact on every memory
}

int run(const float *x) {
  float *sum, *fsum;
  double *dsum;
  if (hipHostMalloc((void **)&sum, sizeof(float), 0) != hipSuccess)
    return 1;
  if (hipMalloc((void **)&dsum, sizeof(double)) != hipSuccess ||
      hipMalloc((void **)&fsum, sizeof(float)) != hipSuccess)
    return 1;
  hipLaunchKernelGGL(acc, dim3(1), dim3(256), 0, 0, sum, dsum, fsum, x);
  return 0;
}
