#include <hip/hip_runtime.h>
__global__ void reduce(float *out) {
  float v = out[threadIdx.x];
  for (int k = 16; k > 0; k /= 2)
    v += __shfl_xor_sync(0xffffffffull, v, k);
  out[threadIdx.x] = v;
}
