/*
 * Misuse for opencl-atomic-type: counters declared with C11's
 * '_Atomic(int)', which OpenCL C does not have: the OpenCL compiler
 * (PoCL's clang) refuses the kernel (issue 27).  The fix spells the type
 * atomic_int; the fixed kernel counts from 64 work-groups and the last
 * work-item to arrive (a ticket at device scope) checks the total:
 * result[2] counts a wrong one.
 * validate: check=opencl-atomic-type oclgrind=none before=error(2) global=4096 local=64 rounds=16
 */
__kernel void pingpong(__global _Atomic(int) *flag, __global _Atomic(int) *data,
		       __global int *result, int rounds, int max_spins)
{
	uint n = get_global_size(0);

	(void)max_spins;
	for (int r = 0; r < rounds; r++)
		atomic_fetch_add_explicit(&data[0], 1, memory_order_relaxed, memory_scope_device);
	if (atomic_fetch_add_explicit(flag, 1, memory_order_acq_rel, memory_scope_device) !=
	    (int)n - 1)
		return;
	result[2] = atomic_load_explicit(&data[0], memory_order_relaxed, memory_scope_device) !=
		    (int)n * rounds;
}
