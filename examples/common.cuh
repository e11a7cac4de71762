// Shared helpers for the example kernels.
#pragma once

#include <cstdio>
#include <cuda_runtime.h>

// Return the CUDA error from the enclosing host function, with a message.
#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t err_ = (call);                                               \
    if (err_ != cudaSuccess) {                                               \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));   \
      return err_;                                                           \
    }                                                                        \
  } while (0)

constexpr unsigned kBlockSize = 256;

inline __host__ __device__ unsigned div_up(unsigned a, unsigned b) { return (a + b - 1) / b; }

// Index of this thread in the grid, and the grid-stride step.
__device__ inline size_t global_index() { return (size_t)blockIdx.x * blockDim.x + threadIdx.x; }
__device__ inline size_t grid_stride() { return (size_t)gridDim.x * blockDim.x; }
