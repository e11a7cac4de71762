// e2e: message passing between two blocks through a flag raised with a
// legacy atomicExch and polled with atomicAdd(&flag, 0).
//
// Misuse (relaxed-sync): legacy atomics are relaxed.  The producer writes
// the payload with plain stores and raises the flag with no fence before
// it; the consumer polls the flag and reads the payload with plain loads
// with no fence after the loop.  The consumer's plain loads may be served
// from its SM's L1, which still holds the previous round's payload, or the
// payload stores may land after the flag.  The acknowledgement is written
// correctly (fenced), so the flag is the only misuse.  cuatomlint --fix puts
// a __threadfence() before the atomicExch and one after the polling loop
// (every target has it: the sm_52 build gets the same fix).
// run.sh: before may pass (an H100/H200 may happen to serve the payload fresh; the
// sanitizer rows and the fixed form are the evidence then)
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
      while (atomicAdd(&ack, 0) != r - 1) {
        if (++spins == SPIN_BOUND) {
          atomicAdd(stuck, 1);
          return;
        }
      }
      __threadfence();
      for (int i = 0; i < WORDS; i++)
        payload[i] = r;
      atomicExch(&flag, r);
    } else {
      unsigned spins = 0;
      while (atomicAdd(&flag, 0) != r) {
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
      __threadfence();
      atomicExch(&ack, r);
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
