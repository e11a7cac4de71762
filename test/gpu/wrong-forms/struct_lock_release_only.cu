// Wrong fix form, kept to show why the fix of e2e/struct_lock.cu is whole:
// this is that program with only the lock's release repaired (a release
// store), the fix cuatomlint offered before.  The acquiring atomicCAS stays
// relaxed, so the critical section still has no happens-before: expected to
// fail (lost updates), never to hang (harness watchdog).  Not run by run.sh;
//   nvcc -arch=sm_90 -I test/gpu test/gpu/wrong-forms/struct_lock_release_only.cu -o /tmp/rel && /tmp/rel
// should print "RESULT FAIL struct lock: ..." on an H100.
#include "../harness.cuh"
#include <cuda/atomic>

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
    totals.count = totals.count + 1;
    totals.sum = totals.sum + v;
    totals.squares = totals.squares + (long long)v * v;
    totals.last_seen = totals.count;
    cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&lock)}.store(0, cuda::memory_order_release);
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
