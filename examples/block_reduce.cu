// Block-wide sum, in the style of the old CUDA SDK "reduction" sample: a
// shared-memory tree down to 64 values, then the last warp finishes
// warp-synchronously through a volatile pointer, assuming the 32 threads run
// in lockstep.  Since Volta, threads of a warp can diverge, and nothing here
// orders one step's writes before the next step's reads.
#include "common.cuh"

__global__ void block_sum(const float *in, size_t n, float *block_sums)
{
  __shared__ float sdata[kBlockSize];
  unsigned tid = threadIdx.x;

  float sum = 0.0f;
  for (size_t i = global_index(); i < n; i += grid_stride())
    sum += in[i];
  sdata[tid] = sum;
  __syncthreads();

  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }

  if (tid < 32) {
    volatile float *vs = sdata;
    vs[tid] += vs[tid + 32];
    vs[tid] += vs[tid + 16];
    vs[tid] += vs[tid + 8];
    vs[tid] += vs[tid + 4];
    vs[tid] += vs[tid + 2];
    vs[tid] += vs[tid + 1];
  }

  if (tid == 0)
    block_sums[blockIdx.x] = sdata[0];
}

cudaError_t sum_blocks(const float *in, size_t n, float *block_sums, unsigned blocks)
{
  block_sum<<<blocks, kBlockSize>>>(in, n, block_sums);
  return cudaGetLastError();
}
