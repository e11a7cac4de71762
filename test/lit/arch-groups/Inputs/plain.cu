// Tests the arch only in a comment (__CUDA_ARCH__): one group.
__device__ double acc;
__global__ void k(double v) { atomicAdd(&acc, v); }
