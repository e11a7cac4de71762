#include <cuda/atomic>
#define INC(p) atomicAdd(p, 1)
#define PTR hist

__global__ void k(int *hist, int *other) {
	atomicAdd(hist, atomicAdd(other, 1));
	INC(hist);
	cuda::atomic_ref<int, cuda::thread_scope_device>{*PTR}.fetch_add(2, cuda::memory_order_relaxed);
	cuda::atomic_ref<int, cuda::thread_scope_device>{*other}.fetch_sub(3, cuda::memory_order_relaxed);
}
