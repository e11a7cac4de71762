// e2e: message passing through a volatile flag, waits bounded by a time-out
// in the loop condition.
//
// Misuse (volatile-sync): as in message_passing.cu, the producer raises a
// volatile flag after plain payload stores and the consumer polls it, then
// reads the payload with plain loads, so stale payload is read.  Here each
// wait counts a budget in the same condition
// ('while (ack != r - 1 && ++spins < SPIN_BOUND) {}',
// 'for (spins = 0; spins < SPIN_BOUND && flag != r; ++spins) {}'), the form
// volatile-sync did not recognise before.  cuatomlint --fix must turn only
// the flag reads into acquire loads (and the flag stores into release
// stores) and keep the time-out logic as written.
#include "harness.cuh"
#include <cuda/atomic>

enum { ROUNDS = 2000, WORDS = 256 };

__device__ int flag;	// round the payload belongs to
__device__ int ack;	// last round the consumer checked
__device__ int payload[WORDS];

__global__ void ping_pong(int *errors, int *stuck) {
  if (threadIdx.x != 0)
    return;
  for (int r = 1; r <= ROUNDS; r++) {
    unsigned spins = 0;
    if (blockIdx.x == 0) {
      while (cuda::atomic_ref<int, cuda::thread_scope_device>{ack}.load(cuda::memory_order_acquire) != r - 1 && ++spins < SPIN_BOUND) {
      }
      if (spins >= SPIN_BOUND) {
        atomicAdd(stuck, 1);
        return;
      }
      for (int i = 0; i < WORDS; i++)
        payload[i] = r;
      cuda::atomic_ref<int, cuda::thread_scope_device>{flag}.store(r, cuda::memory_order_release);
    } else {
      for (spins = 0; spins < SPIN_BOUND && cuda::atomic_ref<int, cuda::thread_scope_device>{flag}.load(cuda::memory_order_acquire) != r; ++spins) {
      }
      if (spins == SPIN_BOUND) {
        atomicAdd(stuck, 1);
        return;
      }
      int bad = 0;
      for (int i = 0; i < WORDS; i++)
        bad += payload[i] != r;
      if (bad)
        atomicAdd(errors, 1);
      cuda::atomic_ref<int, cuda::thread_scope_device>{ack}.store(r, cuda::memory_order_release);
    }
  }
}

int main() {
  int *errors, *stuck, h[2];
  CHECK_CUDA(cudaMalloc(&errors, 2 * sizeof(int)));
  stuck = errors + 1;
  CHECK_CUDA(cudaMemset(errors, 0, 2 * sizeof(int)));
  ping_pong<<<2, 32>>>(errors, stuck);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(30.0, "ping_pong");
  CHECK_CUDA(cudaMemcpy(h, errors, sizeof(h), cudaMemcpyDeviceToHost));
  expect(h[1] == 0, "%s%lld blocks hit the spin bound", "", h[1]);
  expect(h[0] == 0, "%sstale payload in %lld of %lld rounds", "", h[0], ROUNDS);
  return finish("bounded wait");
}
