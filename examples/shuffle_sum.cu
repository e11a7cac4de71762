// Clean: a block sum with warp shuffles (no volatile, no lockstep
// assumption), one float atomicAdd per block into the global total.
#include "common.cuh"

__device__ float warp_sum(float v)
{
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void total_sum(const float *in, size_t n, float *total)
{
  __shared__ float warp_sums[kBlockSize / 32];
  float v = 0.0f;
  for (size_t i = global_index(); i < n; i += grid_stride())
    v += in[i];

  v = warp_sum(v);
  unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  if (lane == 0)
    warp_sums[warp] = v;
  __syncthreads();

  if (warp == 0) {
    v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0)
      atomicAdd(total, v);
  }
}

cudaError_t sum_all(const float *in, size_t n, float *total)
{
  CUDA_CHECK(cudaMemset(total, 0, sizeof(float)));
  total_sum<<<div_up((unsigned)n, kBlockSize * 8), kBlockSize>>>(in, n, total);
  return cudaGetLastError();
}
