// Legacy atomics that modernize-atomic-ref rewrites.
#include <cuda_runtime.h>
#include <cuda/atomic>

#define BUMP(p) atomicAdd(p, 1)

__device__ unsigned long long total;

__global__ void count(int *hist, const int *keys, float *sum, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	cuda::atomic_ref<int, cuda::thread_scope_device>{hist[keys[i]]}.fetch_add(1, cuda::memory_order_relaxed);
	int before = cuda::atomic_ref<int, cuda::thread_scope_block>{*hist}.fetch_max(keys[i], cuda::memory_order_relaxed);
	cuda::atomic_ref<float, cuda::thread_scope_device>{*sum}.fetch_add(0.5f * before, cuda::memory_order_relaxed);
	cuda::atomic_ref<unsigned long long, cuda::thread_scope_system>{total}.exchange(7ull, cuda::memory_order_relaxed);
	BUMP(hist);
	atomicCAS(hist, 0, 1);
}
