// Per-category event counters with hand-written PTX: a fire-and-forget
// reduction with relaxed semantics at GPU scope.  .relaxed (like every .sem
// qualifier) needs sm_70, but this project also builds for sm_52.
#include "common.cuh"

__device__ __forceinline__ void count_event(unsigned *counter, unsigned amount)
{
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], %1;" :: "l"(counter), "r"(amount) : "memory");
}

__global__ void tally_events(const unsigned char *category, size_t n, unsigned *counters)
{
  for (size_t i = global_index(); i < n; i += grid_stride())
    count_event(&counters[category[i] & 15], 1u);
}

cudaError_t tally(const unsigned char *category, size_t n, unsigned *counters)
{
  CUDA_CHECK(cudaMemset(counters, 0, 16 * sizeof(unsigned)));
  tally_events<<<div_up((unsigned)n, kBlockSize), kBlockSize>>>(category, n, counters);
  return cudaGetLastError();
}
