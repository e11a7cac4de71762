// e2e: a volatile spin lock guarding a plain counter.
//
// Misuse (volatile-sync): the lock word is polled and released through
// volatile; nothing orders the counter's plain load/store with the lock, so
// a block may read the counter from its SM's stale L1 line or release the
// lock before its counter store is visible: increments are lost.  cuatomlint
// --fix turns the poll into an acquire load and the release into a release
// store.
#include "harness.cuh"
#ifndef CUATOMLINT_ACQUIRE_LOAD
#define CUATOMLINT_ACQUIRE_LOAD
template <class T> __device__ T cuatomlint_acquire_load(T *p) { T v = atomicAdd(p, (T)0); __threadfence(); return v; }
__device__ inline float cuatomlint_acquire_load(float *p) { float v = __uint_as_float(atomicAdd((unsigned int *)p, 0u)); __threadfence(); return v; }
#endif

enum { BLOCKS = 264, ITERS = 200 };

__device__ volatile int lock;
__device__ int counter;

__global__ void increment(int *stuck) {
  if (threadIdx.x != 0)
    return;
  for (int i = 0; i < ITERS; i++) {
    unsigned spins = 0;
    for (;;) {
      while (cuatomlint_acquire_load(const_cast<int *>(&lock)) != 0) {
        if (++spins == SPIN_BOUND) {
          atomicAdd(stuck, 1);
          return;
        }
      }
      if (atomicCAS((int *)&lock, 0, 1) == 0)
        break;
    }
    __threadfence();
    counter = counter + 1;
    __threadfence(); atomicExch(const_cast<int *>(&lock), 0);
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
