// A producer/consumer queue whose ready flag is published by a host-side
// helper.  nvcc rejects __nv_atomic_* builtins in host code; the helper is
// visible only to clang-based tools (__clang__) so that nvcc still builds
// this example while cuatomlint has something to report.
#include <cuda_runtime.h>

__device__ int queue[QUEUE_SLOTS];
__device__ unsigned ready;

__global__ void produce(int value)
{
  queue[threadIdx.x % QUEUE_SLOTS] = value;
  __threadfence();
  atomicAdd(&ready, 1u);
}

#ifdef __clang__
void publish_from_host(unsigned *flag)
{
  __nv_atomic_store_n(flag, 1u, __NV_ATOMIC_RELEASE);
}
#endif

void launch_produce(int value)
{
  produce<<<1, 32>>>(value);
}
