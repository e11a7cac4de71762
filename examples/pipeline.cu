// Two-stage pipeline between blocks: block 0 decodes a tile into global
// memory and raises a ready flag; every other block waits for the flag, then
// consumes the tile.  The flag is a volatile int: the classic pre-CUDA-9
// idiom, with no acquire/release ordering for the tile data.
#include "common.cuh"

constexpr int kTile = 1024;

__global__ void decode_then_filter(const float *raw, float *tile, volatile int *ready,
                                   float *out, float threshold)
{
  if (blockIdx.x == 0) {
    for (int i = threadIdx.x; i < kTile; i += blockDim.x)
      tile[i] = raw[i] * 0.5f + 1.0f;
    __syncthreads();
    if (threadIdx.x == 0)
      *ready = 1;               // publish: other blocks poll this flag
    return;
  }

  if (threadIdx.x == 0) {
    while (*ready == 0)         // spin until the producer block is done
      ;
  }
  __syncthreads();

  for (int i = threadIdx.x; i < kTile; i += blockDim.x) {
    float v = tile[i];
    out[(blockIdx.x - 1) * kTile + i] = v > threshold ? v : 0.0f;
  }
}

cudaError_t run_pipeline(const float *raw, float *tile, int *ready, float *out,
                         int consumers, float threshold)
{
  CUDA_CHECK(cudaMemset(ready, 0, sizeof(int)));
  decode_then_filter<<<consumers + 1, kBlockSize>>>(raw, tile, ready, out, threshold);
  return cudaGetLastError();
}
