// e2e: message passing between two blocks through a volatile flag.
//
// Misuse (volatile-sync): the producer writes the payload with plain stores
// and raises a volatile flag; the consumer polls the flag and then reads the
// payload with plain loads.  volatile orders nothing: the consumer's plain
// loads may be served from its SM's L1, which still holds the previous
// round's payload, or the payload stores may land after the flag.  On an
// H100 this reads stale data within a few rounds.  cuatomlint --fix turns
// the flag accesses into cuda::atomic_ref acquire loads / release stores.
#include "harness.cuh"
#ifndef CUATOMLINT_ACQUIRE_LOAD
#define CUATOMLINT_ACQUIRE_LOAD
template <class T> __device__ T cuatomlint_acquire_load(T *p) { T v = atomicAdd(p, (T)0); __threadfence(); return v; }
__device__ inline float cuatomlint_acquire_load(float *p) { float v = __uint_as_float(atomicAdd((unsigned int *)p, 0u)); __threadfence(); return v; }
#endif

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
      while (cuatomlint_acquire_load(&ack) != r - 1) {
        if (++spins == SPIN_BOUND) {
          atomicAdd(stuck, 1);
          return;
        }
      }
      for (int i = 0; i < WORDS; i++)
        payload[i] = r;
      __threadfence(); atomicExch(&flag, r);
    } else {
      unsigned spins = 0;
      while (cuatomlint_acquire_load(&flag) != r) {
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
      __threadfence(); atomicExch(&ack, r);
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
  return finish("message passing");
}
