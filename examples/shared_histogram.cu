// Clean: the privatized histogram done right.  The block's bins are
// __shared__, zeroed and flushed between barriers; global bins are updated
// with device-scope atomics once per block.
#include "common.cuh"

constexpr int kSharedBins = 64;

__global__ void byte_histogram_shared(const unsigned char *data, size_t n, unsigned *hist)
{
  __shared__ unsigned block_bins[kSharedBins];
  for (int b = threadIdx.x; b < kSharedBins; b += blockDim.x)
    block_bins[b] = 0;
  __syncthreads();

  for (size_t i = global_index(); i < n; i += grid_stride())
    atomicAdd(&block_bins[data[i] % kSharedBins], 1u);
  __syncthreads();

  for (int b = threadIdx.x; b < kSharedBins; b += blockDim.x) {
    unsigned count = block_bins[b];
    if (count)
      atomicAdd(&hist[b], count);
  }
}

cudaError_t histogram_shared(const unsigned char *data, size_t n, unsigned *hist)
{
  CUDA_CHECK(cudaMemset(hist, 0, kSharedBins * sizeof(unsigned)));
  byte_histogram_shared<<<120, kBlockSize>>>(data, n, hist);
  return cudaGetLastError();
}
