// <nv/target> selects code per arch without #if.
#include <nv/target>
#include <cuda/atomic>

__device__ unsigned long long counter;

__global__ void count(double *d, int *flags)
{
	NV_IF_TARGET(NV_PROVIDES_SM_90, (atomicAdd(d, 1.0);), (atomicAdd(&counter, 1ull);))
	NV_DISPATCH_TARGET(
		NV_PROVIDES_SM_80, (cuda::atomic_ref<int, cuda::thread_scope_device> r(flags[0]); r.fetch_add(1);),
		NV_IS_DEVICE, (atomicAdd(&flags[0], 1);))
	NV_IF_ELSE_TARGET(NV_IS_EXACTLY_SM_86, (flags[1] = 1;), (flags[1] = 2;))
}
