// Mean and variance of a large vector in double precision: each warp reduces
// its partial sums with shuffles, and lane 0 adds them to two global
// accumulators.  atomicAdd on double needs sm_60; this project still builds
// for sm_52 (see CMakeLists.txt and .cuatomlint).
#include "common.cuh"

__global__ void accumulate_moments(const double *x, size_t n, double *sum, double *sum_sq)
{
  double s = 0.0, s2 = 0.0;
  for (size_t i = global_index(); i < n; i += grid_stride()) {
    s += x[i];
    s2 += x[i] * x[i];
  }
  for (int offset = 16; offset > 0; offset >>= 1) {
    s += __shfl_down_sync(0xffffffffu, s, offset);
    s2 += __shfl_down_sync(0xffffffffu, s2, offset);
  }
  if ((threadIdx.x & 31) == 0) {
    atomicAdd(sum, s);
    atomicAdd(sum_sq, s2);
  }
}

cudaError_t moments(const double *x, size_t n, double *sums)
{
  CUDA_CHECK(cudaMemset(sums, 0, 2 * sizeof(double)));
  accumulate_moments<<<80, kBlockSize>>>(x, n, sums, sums + 1);
  return cudaGetLastError();
}
