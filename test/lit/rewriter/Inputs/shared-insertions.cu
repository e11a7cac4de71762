// Fixes of several checks insert the same #include or helper at the top
// of this file: each lands once.
#include <cuda/atomic>

__device__ int ready_ref;

__global__ void k(unsigned long long *p, volatile int *flag, int *data, int *out, double *d) {
  atomicAnd(p, 3ull);
  atomicAdd(d, 1.0);
  while (*flag == 0)
    ;
  *out = *data;
}

__global__ void r(int *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> ref(ready_ref);
  while (ref.load(cuda::memory_order_acquire) == 0)
    ;
  *out = 1;
}

// The flag's writer: device scope, which the sm_52 legacy form gives.
__global__ void start(int *flag) { *flag = 1; }
