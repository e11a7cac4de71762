// Count the keys equal to a needle.  Every block adds to one global counter;
// on sm_60+ someone switched to the "cheaper" block-scoped atomic, which is
// atomic only among the threads of one block: blocks race with each other.
#include "common.cuh"

__global__ void count_matches(const int *keys, size_t n, int needle,
                              unsigned long long *matches)
{
  for (size_t i = global_index(); i < n; i += grid_stride()) {
    if (keys[i] != needle)
      continue;
#if __CUDA_ARCH__ >= 600
    atomicAdd_block(matches, 1ull);
#else
    atomicAdd(matches, 1ull);
#endif
  }
}

cudaError_t count(const int *keys, size_t n, int needle, unsigned long long *matches)
{
  CUDA_CHECK(cudaMemset(matches, 0, sizeof(*matches)));
  count_matches<<<div_up((unsigned)n, kBlockSize), kBlockSize>>>(keys, n, needle, matches);
  return cudaGetLastError();
}
