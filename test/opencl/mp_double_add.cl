/*
 * Misuse for arch-unsupported: many work-groups add 1.0 to one __global
 * atomic_double with atomic_fetch_add_explicit, which needs
 * cl_ext_float_atomics with its fp64 add feature.  PoCL's CPU device lacks
 * it (the build fails there, so the result before the fix is information),
 * and so does NVIDIA's H100 driver (no float atomics at all); the
 * fix is cuatomlint's CAS-loop fallback, a compare-exchange on the word's
 * bits as atomic_ulong (both devices have the 64-bit atomics).  As in
 * mp_float_add.cl, the last work-item to finish compares the sum with
 * global size x rounds (exact in double) and writes the difference to
 * result[0].  Not run under oclgrind: its stand-ins for the 2.0 atomics
 * (oclgrind_cl12_atomics.h) are 32-bit.
 * validate: check=arch-unsupported device=pocl-cpu global=64 local=4 rounds=50000 oclgrind=none
 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void pingpong(__global int *flag, __global int *data, __global int *result,
		       int rounds, int max_spins)
{
	__global atomic_double *sum = (__global atomic_double *)data;
	int n = (int)get_global_size(0), done;
	double total;

	(void)max_spins;
	for (int r = 0; r < rounds; r++)
		atomic_fetch_add_explicit(sum, 1.0, memory_order_relaxed, memory_scope_device);
	done = atomic_fetch_add_explicit((__global atomic_int *)flag, 1, memory_order_acq_rel,
					 memory_scope_device);
	if (done != n - 1)
		return;
	total = as_double(atomic_load_explicit((__global atomic_long *)data, memory_order_relaxed,
					       memory_scope_device));
	result[0] = (int)fabs(total - (double)n * (double)rounds);
}
