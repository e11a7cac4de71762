// __CUDA_ARCH__ used as a value in code: every target sees its own text.
__device__ int arch_seen;
__global__ void k(double *d)
{
	arch_seen = __CUDA_ARCH__;
	atomicAdd(d, 1.0);
}
