// e2e: message passing between two blocks, the flag polled with an inline
// PTX relaxed load (ld.relaxed.gpu, with a "memory" clobber), as
// hand-written communication code does.
//
// Misuse (relaxed-sync): a relaxed load orders nothing.  The consumer's
// plain loads of the payload after the loop may be served from its SM's
// L1, which still holds the previous round's payload.  The producer's side
// is written correctly (payload, __threadfence(), atomicExch), as is the
// acknowledgement, so the poll is the only misuse.  cuatomlint --fix
// renames '.relaxed' to '.acquire' in the asm template (the same for an
// sm_52 build: the PTX is the user's, and sm_70+ PTX is needed for either).
// run.sh: before may pass (an H100/H200 may happen to serve the payload fresh; the
// sanitizer rows and the fixed form are the evidence then)
#include "harness.cuh"

enum { ROUNDS = 2000, WORDS = 256 };

__device__ int ack;	// last round the consumer checked
__device__ int payload[WORDS];

__global__ void ping_pong(unsigned *flag, int *errors, int *stuck) {
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
      __threadfence();
      atomicExch(flag, (unsigned)r);
    } else {
      unsigned spins = 0, v;
      do {
        asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
        if (++spins == SPIN_BOUND) {
          atomicAdd(stuck, 1);
          return;
        }
      } while (v != (unsigned)r);
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
  unsigned *flag;
  CHECK_CUDA(cudaMalloc(&errors, 2 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&flag, sizeof(unsigned)));
  stuck = errors + 1;
  CHECK_CUDA(cudaMemset(errors, 0, 2 * sizeof(int)));
  CHECK_CUDA(cudaMemset(flag, 0, sizeof(unsigned)));
  ping_pong<<<2, 32>>>(flag, errors, stuck);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(30.0, "ping_pong");
  CHECK_CUDA(cudaMemcpy(h, errors, sizeof(h), cudaMemcpyDeviceToHost));
  expect(h[1] == 0, "%s%lld blocks hit the spin bound", "", h[1]);
  expect(h[0] == 0, "%sstale payload in %lld of %lld rounds", "", h[0], ROUNDS);
  return finish("relaxed asm poll");
}
