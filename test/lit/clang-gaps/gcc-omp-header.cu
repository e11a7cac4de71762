// nvcc compiles host code with gcc, which has <omp.h> in its own include
// folder (llm.c's matmul_backward_bias.cu includes it with no -I); clang's
// resource folder has none.  The tool's last include folder forwards
// <omp.h> to gcc's copy, and hides the one thing in it clang 19 rejects
// (gcc 11's '__malloc__ (omp_free)'): a clean parse, and the kernel's
// misuse is found with its fix.  A header nobody has stays an error.
// REQUIRES: gcc-omp
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s -- -DMISSING 2>&1 | FileCheck %s --check-prefix=MISSING
#include <omp.h>
#ifdef MISSING
#include <no_such_header_anywhere.h>
// MISSING: gcc-omp-header.cu:[[@LINE-1]]:10: error: 'no_such_header_anywhere.h' file not found [clang-diagnostic-error]
#endif

int host_threads(void) { return omp_get_max_threads(); }

__global__ void wait(volatile int *go, int *out) {
  while (!*go) {}
  *out = 1;
}
// CHECK: gcc-omp-header.cu:[[@LINE-3]]:11: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
// CHECK: fix-it:"{{.*}}gcc-omp-header.cu":{[[@LINE-4]]:11-[[@LINE-4]]:14}:
