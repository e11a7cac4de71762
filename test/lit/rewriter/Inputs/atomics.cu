// Legacy atomics that modernize-atomic-ref rewrites.
#include <cuda_runtime.h>

#define BUMP(p) atomicAdd(p, 1)

__device__ unsigned long long total;

__global__ void count(int *hist, const int *keys, float *sum, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	atomicAdd(&hist[keys[i]], 1);
	int before = atomicMax_block(hist, keys[i]);
	atomicAdd(sum, 0.5f * before);
	atomicExch_system(&total, 7ull);
	BUMP(hist);
	atomicCAS(hist, 0, 1);
}
