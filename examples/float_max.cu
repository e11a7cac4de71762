// Row maxima of a matrix, with the float atomicMax that CUDA lacks built from
// an atomicCAS loop.  The loop decides whether to retry by comparing the
// floats: with a NaN in memory old != assumed stays true forever.
#include "common.cuh"

__device__ float atomic_max_float(float *addr, float value)
{
  int *word = reinterpret_cast<int *>(addr);
  float old = *addr;
  float assumed;
  do {
    assumed = old;
    if (assumed >= value)
      break;
    old = __int_as_float(atomicCAS(word, __float_as_int(assumed), __float_as_int(value)));
  } while (old != assumed);
  return old;
}

__global__ void row_max(const float *m, int rows, int cols, float *row_maxima)
{
  int row = blockIdx.y;
  for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < cols; c += gridDim.x * blockDim.x)
    atomic_max_float(&row_maxima[row], m[(size_t)row * cols + c]);
}

cudaError_t row_maxima(const float *m, int rows, int cols, float *out)
{
  dim3 grid(div_up(cols, kBlockSize), rows);
  row_max<<<grid, kBlockSize>>>(m, rows, cols, out);
  return cudaGetLastError();
}
