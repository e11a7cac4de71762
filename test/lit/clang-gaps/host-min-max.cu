// REQUIRES: cuda-toolkit
// NVIDIA's cuda-samples call min()/max() in host code; nvcc's headers
// declare them for the host too, clang's wrapper only for the device.  The
// prelude declares nvcc's host overloads, pair for pair, so such calls
// compile (two arguments of one type they take, or one of the mixed pairs
// they declare: int and unsigned, as in cudpp's 'max(1, (unsigned
// int)ceil(...))'): no error, no gap to hide (--verbose names none), fixes
// not withheld.  A call nvcc rejects too (no overload takes a string; int
// and long is ambiguous among nvcc's overloads) stays an error.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial parse'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --verbose %s 2>&1 | FileCheck %s --check-prefix=VERBOSE --implicit-check-not='known clang-versus-nvcc'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s -- -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL

#include <cstdio>

static int clamp_blocks(int n, int most) {
  int at_most = min(n, most);
  unsigned blocks = max(1, (unsigned)at_most);
  return max(1.0, (double)blocks);
}

__global__ void wait_then_count(int *count, volatile int *go) {
  while (!*go) {}
  atomicAdd(count, min(count[1], 4));
}
// CHECK: host-min-max.cu:[[@LINE-3]]:11: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
// CHECK: fix-it:"{{.*}}host-min-max.cu":{[[@LINE-4]]:11-[[@LINE-4]]:14}:

int main() {
  printf("%d\n", clamp_blocks(100, 64));
#ifdef REAL_ERROR
  int s = min("a", 2);
  // REAL: host-min-max.cu:[[@LINE-1]]:11: error: no matching function for call to 'min' [clang-diagnostic-error]
  return max(s, 2L);
  // REAL: host-min-max.cu:[[@LINE-1]]:10: error: call to 'max' is ambiguous [clang-diagnostic-error]
#endif
  return 0;
}
// VERBOSE: host-min-max.cu:23:11: warning: spin-wait on volatile '*go'
