#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/std/atomic>

__global__ void atomics(int *counter, cuda::std::atomic<int> *a) {
  cuda::atomic_ref<int, cuda::thread_scope_device> ref(*counter);
  ref.fetch_add(1, cuda::std::memory_order_relaxed);
  a->fetch_add(1);
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  bar.arrive_and_wait();
}
