// A GNU keyword in CUDA code: 'typeof' (NCCL's GPI_ACCESS_ONCE reads a
// word once through '*(volatile typeof(x) *)&(x)').  nvcc accepts it under
// -std=c++17 and -std=c++20, in device and host code; clang's -std=c++17
// alone does not ("unknown type name 'typeof'"), so the tool parses with
// -fgnu-keywords.  No error, no partial parse: the poll through the macro is
// judged.
// RUN: %expect-exit 1 %cuatomlint --builtin-cuda --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='parsed partially'
// RUN: %expect-exit 1 %cuatomlint --builtin-cuda --cuda-arch=sm_90 %s -- -std=c++20 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='parsed partially'

#define ACCESS_ONCE(x) (*(volatile typeof(x) *)&(x))

__device__ int ready;

__global__ void wait_ready(int *out, const int *data) {
  while (ACCESS_ONCE(ready) == 0) {
  }
  // CHECK: gnu-typeof.cu:[[@LINE-2]]:{{[0-9]+}}: warning: spin-wait on volatile {{.*}} [volatile-sync]
  *out = *data;
}

int host_copy(int x) {
  typeof(x) y = x;
  return y;
}
