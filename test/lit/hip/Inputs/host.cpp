#include <hip/hip_runtime.h>

__global__ void sum(float *total, const float *x) {
  atomicAdd(total, x[threadIdx.x]);
}

int run(const float *x) {
  float *total;
  if (hipMallocManaged((void **)&total, sizeof(float)) != hipSuccess)
    return 1;
  hipLaunchKernelGGL(sum, dim3(1), dim3(64), 0, 0, total, x);
  return 0;
}
