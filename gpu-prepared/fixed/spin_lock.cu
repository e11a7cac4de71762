// e2e: a volatile spin lock guarding a plain counter.
//
// Misuse (volatile-sync): the lock word is polled and released through
// volatile; nothing orders the counter's plain load/store with the lock, so
// a block may read the counter from its SM's stale L1 line or release the
// lock before its counter store is visible: increments are lost.  cuatomlint
// --fix turns the poll into an acquire load and the release into a release
// store.
#include "harness.cuh"
#include <cuda/atomic>

enum { BLOCKS = 264, ITERS = 200 };

__device__ volatile int lock;
__device__ int counter;

__global__ void increment(int *stuck) {
  if (threadIdx.x != 0)
    return;
  for (int i = 0; i < ITERS; i++) {
    unsigned spins = 0;
    for (;;) {
      while (cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&lock)}.load(cuda::memory_order_acquire) != 0) {
        if (++spins == SPIN_BOUND) {
          atomicAdd(stuck, 1);
          return;
        }
      }
      if ([&] { int cuatomlint_old = 0; cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)&lock}.compare_exchange_strong(cuatomlint_old, 1, cuda::memory_order_acquire); return cuatomlint_old; }() == 0)
        break;
    }
    counter = counter + 1;
    cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&lock)}.store(0, cuda::memory_order_release);
  }
}

int main() {
  int *stuck, hstuck = 0, hcount = 0;
  CHECK_CUDA(cudaMalloc(&stuck, sizeof(int)));
  CHECK_CUDA(cudaMemset(stuck, 0, sizeof(int)));
  increment<<<BLOCKS, 32>>>(stuck);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(30.0, "increment");
  CHECK_CUDA(cudaMemcpy(&hstuck, stuck, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpyFromSymbol(&hcount, counter, sizeof(int)));
  expect(hstuck == 0, "%s%lld blocks hit the spin bound", "", hstuck);
  expect(hcount == BLOCKS * ITERS, "%scounter is %lld, want %lld", "", hcount, BLOCKS * ITERS);
  return finish("spin lock");
}
