// e2e: a spin lock guarding plain read-modify-writes of a struct, many blocks.
//
// Misuse (volatile-sync): the lock is taken with a relaxed atomicCAS and
// released by a volatile store.  Neither side orders the critical section:
// a block may read the struct from its SM's L1 line, filled by the peek
// before the lock (or reuse the peeked value), and the release may become
// visible before the field stores, so updates are lost.  cuatomlint --fix
// must repair both sides: the release becomes a release store and the
// acquiring CAS an acquire compare_exchange_strong (below sm_60: a
// __threadfence() after the acquiring loop).  Fixing only the release
// leaves the acquire side unordered.
#include "harness.cuh"

enum { BLOCKS = 1056, ITERS = 64 };

struct totals_t {
  int count;
  int sum;
  long long squares;
  int last_seen;
};

__device__ volatile int lock;
__device__ totals_t totals;
__device__ int peeks[BLOCKS];

__global__ void accumulate() {
  if (threadIdx.x != 0)
    return;
  for (int i = 0; i < ITERS; i++) {
    int v = (int)blockIdx.x + i;
    int seen = totals.count;  // progress peek outside the lock (a plain read)
    peeks[blockIdx.x] = seen;
    while (atomicCAS((int *)&lock, 0, 1) != 0)
      ;
    __threadfence();
    totals.count = totals.count + 1;
    totals.sum = totals.sum + v;
    totals.squares = totals.squares + (long long)v * v;
    totals.last_seen = totals.count;
    __threadfence(); atomicExch(const_cast<int *>(&lock), 0);
  }
}

int main() {
  totals_t zero = {0, 0, 0, 0}, got;
  long long want_sum = 0, want_squares = 0;
  for (int b = 0; b < BLOCKS; b++)
    for (int i = 0; i < ITERS; i++) {
      want_sum += b + i;
      want_squares += (long long)(b + i) * (b + i);
    }
  CHECK_CUDA(cudaMemcpyToSymbol(totals, &zero, sizeof(zero)));
  accumulate<<<BLOCKS, 32>>>();
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(30.0, "accumulate");
  CHECK_CUDA(cudaMemcpyFromSymbol(&got, totals, sizeof(got)));
  expect(got.count == BLOCKS * ITERS, "%scount is %lld, want %lld", "", got.count,
         BLOCKS * ITERS);
  expect(got.sum == (int)want_sum, "%ssum is %lld, want %lld", "", got.sum, (int)want_sum);
  expect(got.squares == want_squares, "%ssquares is %lld, want %lld", "", got.squares,
         want_squares);
  expect(got.last_seen == got.count, "%slast_seen is %lld, count %lld", "", got.last_seen,
         got.count);
  return finish("struct lock");
}
