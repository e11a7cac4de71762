// e2e: the classic CUDA spin lock written as two helpers, lock() spinning
// on a relaxed atomicCAS and unlock() freeing with a relaxed atomicExch,
// called by the kernel around plain read-modify-writes of a struct.
//
// Misuse (relaxed-sync): legacy atomics are relaxed and no __threadfence()
// follows the taking or precedes the freeing, so nothing orders the
// critical section with the lock: a block may read the struct from its
// SM's L1 line, filled by the peek before the lock, and its field stores
// may become visible after the next block took the lock: updates are lost.
// cuatomlint --fix puts a __threadfence() after the acquiring loop in
// lock() and one before the atomicExch in unlock() (every call of them is
// this lock's; the legacy atomics stay: every arch has the fence).
#include "harness.cuh"

enum { BLOCKS = 1056, ITERS = 64 };

struct totals_t {
  int count;
  int sum;
  long long squares;
  int last_seen;
};

__device__ int lock_word;
__device__ totals_t totals;
__device__ int peeks[BLOCKS];

__device__ bool lock(int *m, int *stuck) {
  unsigned spins = 0;
  while (atomicCAS(m, 0, 1) != 0) {
    if (++spins == SPIN_BOUND) {
      atomicAdd(stuck, 1);
      return false;
    }
  }
  return true;
}

__device__ void unlock(int *m) {
  atomicExch(m, 0);
}

__global__ void accumulate(int *stuck) {
  if (threadIdx.x != 0)
    return;
  for (int i = 0; i < ITERS; i++) {
    int v = (int)blockIdx.x + i;
    int seen = totals.count;  // progress peek outside the lock (a plain read)
    peeks[blockIdx.x] = seen;
    if (!lock(&lock_word, stuck))
      return;
    totals.count = totals.count + 1;
    totals.sum = totals.sum + v;
    totals.squares = totals.squares + (long long)v * v;
    totals.last_seen = totals.count;
    unlock(&lock_word);
  }
}

int main() {
  totals_t zero = {0, 0, 0, 0}, got;
  long long want_sum = 0, want_squares = 0;
  int *stuck, hstuck = 0;
  for (int b = 0; b < BLOCKS; b++)
    for (int i = 0; i < ITERS; i++) {
      want_sum += b + i;
      want_squares += (long long)(b + i) * (b + i);
    }
  CHECK_CUDA(cudaMalloc(&stuck, sizeof(int)));
  CHECK_CUDA(cudaMemset(stuck, 0, sizeof(int)));
  CHECK_CUDA(cudaMemcpyToSymbol(totals, &zero, sizeof(zero)));
  accumulate<<<BLOCKS, 32>>>(stuck);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(30.0, "accumulate");
  CHECK_CUDA(cudaMemcpy(&hstuck, stuck, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpyFromSymbol(&got, totals, sizeof(got)));
  expect(hstuck == 0, "%s%lld blocks hit the spin bound", "", hstuck);
  expect(got.count == BLOCKS * ITERS, "%scount is %lld, want %lld (lost updates)", "", got.count,
         BLOCKS * ITERS);
  expect(got.sum == (int)want_sum, "%ssum is %lld, want %lld", "", got.sum, (int)want_sum);
  expect(got.squares == want_squares, "%ssquares is %lld, want %lld", "", got.squares,
         want_squares);
  expect(got.last_seen == got.count, "%slast_seen is %lld, count %lld", "", got.last_seen,
         got.count);
  return finish("helper lock");
}
