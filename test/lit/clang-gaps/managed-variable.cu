// REQUIRES: cuda-toolkit
// __managed__ variables named in device code.  nvcc makes a __managed__
// variable a __device__ one the host reaches too; clang 19 knows the
// 'managed' attribute in HIP alone, so device code naming one was
// "reference to __host__ variable 'B' in __device__ function" and the file
// parsed partially (gunrock's '__managed__ device_benchmark_t BXXX').  The
// prelude makes __managed__ a __device__ variable: device code and host
// code both name it with no error, and volatile-sync still knows it is
// managed (the CPU writes it: system scope).
// RUN: %expect-exit 1 %cuatomlint --builtin-cuda --cuda-arch=sm_75 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='parsed partially'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_75 --host-parses %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='parsed partially'

struct counters {
  unsigned *edges;
};

__managed__ counters stats;
__device__ __managed__ int go;

__device__ void log_edges(unsigned n) { atomicAdd(stats.edges, n); }

__global__ void wait_go(int *out, const int *data) {
  while (*(volatile int *)&go == 0) {
  }
  // CHECK: managed-variable.cu:[[@LINE-2]]:{{[0-9]+}}: warning: spin-wait on volatile {{.*}} [volatile-sync]
  // CHECK: fix-it:{{.*}}cuda::thread_scope_system
  *out = *data;
}

int host_side() {
  go = 1;
  return stats.edges != nullptr;
}
