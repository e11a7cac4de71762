// RUN: %expect-exit 1 %cuatomlint --checks='-*,atomic-local-memory' %s 2>&1 | FileCheck %s --implicit-check-not='warning:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,atomic-local-memory' --cuda-arch=gfx90a,gfx1100 %s 2>&1 | FileCheck %s --implicit-check-not='warning:'
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// Each gfx target is its own parse: code under __AMDGCN_WAVEFRONT_SIZE or
// __gfx90a__ is judged for the targets that compile it, and the finding
// names them.
#include <hip/hip_runtime.h>

__global__ void k(int *out) {
  int x = 0;
#if __AMDGCN_WAVEFRONT_SIZE == 64
  atomicAdd(&x, 1);
  // CHECK: wavefront.hip:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'x': {{.*}} [atomic-local-memory]
#endif
#if defined(__gfx1100__)
  atomicOr(&x, 2);
  // CHECK: wavefront.hip:[[@LINE-1]]:3: warning: 'atomicOr' on thread-local variable 'x': {{.*}} [atomic-local-memory]
#endif
  out[0] = x;
}
