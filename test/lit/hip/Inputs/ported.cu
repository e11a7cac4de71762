// A .cu file of a project with a HIP build (USE_HIP: hip_runtime.h).
#include <hip/hip_runtime.h>

__global__ void count(int *out) {
  int n = 0;
  atomicAdd(&n, 1);
  out[0] = n;
}
