// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync,atomic-local-memory,cas-float-compare,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='warning:'
// RUN: %expect-exit 1 %cuatomlint --verbose --checks='-*,atomic-local-memory' %s 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: cp %s %t.hip && %expect-exit 1 %cuatomlint --checks='-*,atomic-local-memory,cas-float-compare' --fix %t.hip >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t.hip
// RUN: hipcc --offload-arch=gfx90a -c %t.hip -o %t.o && hipcc --offload-arch=gfx1100 -nogpulib -fgpu-rdc -c %t.hip -o %t.o
// The CUDA checks in the HIP dialect: one parse per gfx target (gfx90a,
// wave64, and gfx1100, wave32, by default), with clang's HIP mode and the
// HIP headers; fixes only where they are HIP code.
#include <hip/hip_runtime.h>

// ARGS: parse {{.*}}dialect.hip: -x hip -std=c++17 -ferror-limit=0 -w --cuda-device-only --offload-arch=gfx1100 -nogpulib --rocm-path=/usr
// ARGS: arch groups {{.*}}dialect.hip: {gfx1100} {gfx90a}
// ARGS: parse {{.*}}dialect.hip: -x hip -std=c++17 -ferror-limit=0 -w --cuda-device-only --offload-arch=gfx90a -nogpulib --rocm-path=/usr

__global__ void spin(volatile int *flag, int *out) {
  while (*flag == 0) {
  }
  // CHECK: dialect.hip:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag': {{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}dialect.hip":{[[@LINE-3]]:10-[[@LINE-3]]:15}:"__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM)"
  out[0] = 1;
}

__global__ void local(int *out, int v) {
  int sum = 0;
  atomicAdd(&sum, v);
  // CHECK: dialect.hip:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}dialect.hip":{[[@LINE-2]]:3-[[@LINE-2]]:21}:"sum += v"
  // FIXED: sum += v;
  out[0] = sum;
}

__device__ float add_cas(float *p, float v) {
  float old = *p, assumed;
  do {
    assumed = old;
    old = __int_as_float(atomicCAS((int *)p, __float_as_int(assumed), __float_as_int(assumed + v)));
  } while (assumed != old);
  // CHECK: dialect.hip:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' {{.*}} [cas-float-compare]
  // CHECK: fix-it:"{{.*}}dialect.hip":{[[@LINE-2]]:12-[[@LINE-2]]:19}:"__float_as_uint(assumed)"
  // FIXED: } while (__float_as_uint(assumed) != __float_as_uint(old));
  return old;
}
