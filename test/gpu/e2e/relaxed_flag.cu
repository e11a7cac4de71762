// e2e: message passing between two blocks through a relaxed atomic flag.
//
// Misuse (relaxed-sync): the producer writes the payload with plain stores
// and raises the flag with a cuda::atomic_ref store given
// memory_order_relaxed; the consumer polls the flag with a relaxed load and
// then reads the payload with plain loads.  A relaxed atomic orders nothing
// but itself: the consumer's plain loads may be served from its SM's L1,
// which still holds the previous round's payload, or the payload stores may
// land after the flag.  The acknowledgement is written correctly (release /
// acquire), so the flag is the only misuse.  cuatomlint --fix makes the
// flag's store a release and its poll an acquire, the scope kept.
// run.sh: before may pass (an H100/H200 may happen to serve the payload fresh; the
// sanitizer rows and the fixed form are the evidence then)
#include <cuda/atomic>

#include "harness.cuh"

enum { ROUNDS = 2000, WORDS = 256 };

__device__ int flag;	// round the payload belongs to
__device__ int ack;	// last round the consumer checked
__device__ int payload[WORDS];

__global__ void ping_pong(int *errors, int *stuck) {
  if (threadIdx.x != 0)
    return;
  for (int r = 1; r <= ROUNDS; r++) {
    if (blockIdx.x == 0) {
      unsigned spins = 0;
      while (cuda::atomic_ref<int, cuda::thread_scope_device>{ack}.load(cuda::memory_order_acquire) != r - 1) {
        if (++spins == SPIN_BOUND) {
          atomicAdd(stuck, 1);
          return;
        }
      }
      for (int i = 0; i < WORDS; i++)
        payload[i] = r;
      cuda::atomic_ref<int, cuda::thread_scope_device>{flag}.store(r, cuda::memory_order_relaxed);
    } else {
      unsigned spins = 0;
      while (cuda::atomic_ref<int, cuda::thread_scope_device>{flag}.load(cuda::memory_order_relaxed) != r) {
        if (++spins == SPIN_BOUND) {
          atomicAdd(stuck, 1);
          return;
        }
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
  return finish("relaxed flag");
}
