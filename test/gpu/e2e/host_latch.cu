// e2e: the CPU hands rounds of data to a kernel through host-pinned memory.
// run.sh: before may pass
//
// Misuse (volatile-sync): the kernel spins on a volatile latch in memory
// from cudaMallocHost that the CPU raises after writing the payload, then
// reads the payload with plain loads.  volatile orders nothing: the plain
// loads may be served before the latch is seen.  No device code of this
// file writes the latch, and the file allocates host-pinned memory, so
// cuatomlint --fix must make the poll a *system*-scope acquire load (a
// device-scope one does not synchronize with the CPU's release store; issue
// 21, item 5).  The hazard needs the memory model's worst case, so the
// program as written may pass on a given GPU; the fixed program must pass,
// and the sm_52 build gets no fix (the legacy form orders at device scope).
#include <atomic>
#include "harness.cuh"

enum { ROUNDS = 2000, WORDS = 64 };

__global__ void consume(volatile unsigned *latch, const unsigned *payload, volatile unsigned *ack,
                        int *errors, int *stuck) {
  if (threadIdx.x != 0)
    return;
  for (unsigned r = 1; r <= ROUNDS; r++) {
    unsigned spins = 0;
    while (*latch != r) {
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
    // the payload's loads come before the acknowledgement the CPU waits for
    __threadfence_system();
    *ack = r;
  }
}

int main() {
  unsigned *latch, *payload, *ack;
  int *errors, *stuck, h[2];
  CHECK_CUDA(cudaMallocHost(&latch, sizeof(unsigned)));
  CHECK_CUDA(cudaMallocHost(&ack, sizeof(unsigned)));
  CHECK_CUDA(cudaMallocHost(&payload, WORDS * sizeof(unsigned)));
  std::memset(latch, 0, sizeof(unsigned));
  std::memset(ack, 0, sizeof(unsigned));
  CHECK_CUDA(cudaMalloc(&errors, 2 * sizeof(int)));
  stuck = errors + 1;
  CHECK_CUDA(cudaMemset(errors, 0, 2 * sizeof(int)));
  consume<<<1, 32>>>(latch, payload, ack, errors, stuck);
  CHECK_CUDA(cudaGetLastError());
  auto start = std::chrono::steady_clock::now();
  for (unsigned r = 1; r <= ROUNDS; r++) {
    for (int i = 0; i < WORDS; i++)
      payload[i] = r;
    __atomic_store_n(latch, r, __ATOMIC_RELEASE);
    while (__atomic_load_n(ack, __ATOMIC_ACQUIRE) != r) {
      double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (spent > 30.0 || cudaStreamQuery(0) == cudaSuccess)
        break;
    }
    if (__atomic_load_n(ack, __ATOMIC_ACQUIRE) != r)
      break;
  }
  wait_or_die(30.0, "consume");
  CHECK_CUDA(cudaMemcpy(h, errors, sizeof(h), cudaMemcpyDeviceToHost));
  expect(h[1] == 0, "%skernel hit the spin bound (%lld)", "", h[1]);
  expect(*ack == ROUNDS, "%sonly %lld of %lld rounds acknowledged", "", *ack, ROUNDS);
  expect(h[0] == 0, "%sstale payload in %lld of %lld rounds", "", h[0], ROUNDS);
  return finish("host latch");
}
