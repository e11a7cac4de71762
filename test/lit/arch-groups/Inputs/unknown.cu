// A condition the replay cannot evaluate: __has_builtin next to the arch.
__device__ double acc;
__global__ void k(double v)
{
#if __has_builtin(__nvvm_atom_add_gen_d) && __CUDA_ARCH__ >= 600
	atomicAdd(&acc, v);
#endif
}
