/*
 * Misuse for arch-unsupported: many work-groups add 1.0f to one __global
 * atomic_float with atomic_fetch_add_explicit, which needs
 * cl_ext_float_atomics.  PoCL's CPU device lacks it (the build fails there,
 * so the result before the fix is information) and so does the profile the
 * lint is given (device=pocl-cpu); the fix is cuatomlint's CAS-loop fallback,
 * a compare-exchange on the word's bits as atomic_uint.  Each work-item adds
 * 1.0f 'rounds' times; the last one to finish (a device-scope acq_rel
 * counter in 'flag') compares the sum with global size x rounds, exact in
 * float below 2^24 (64 x 200000 on PoCL and the GPU), and writes
 * the number of lost (or extra) adds to result[0], which the host prints as
 * stale reads.  Under oclgrind (no OpenCL C 2.0 atomics there) the counter is
 * a 1.2 atomic_inc and the fallback's atomics the 1.2 ones of
 * oclgrind_cl12_atomics.h.
 * validate: check=arch-unsupported device=pocl-cpu global=64 local=4 rounds=200000 grind_global=8 grind_local=2 oclgrind=fixed-race-clean
 */
#ifdef OCLGRIND_CL12_ATOMICS
#include "oclgrind_cl12_atomics.h"
#endif

__kernel void pingpong(__global int *flag, __global int *data, __global int *result,
		       int rounds, int max_spins)
{
	__global atomic_float *sum = (__global atomic_float *)data;
	int n = (int)get_global_size(0), done;
	float total;

	(void)max_spins;
	for (int r = 0; r < rounds; r++)
		atomic_fetch_add_explicit(sum, 1.0f, memory_order_relaxed, memory_scope_device);
#ifdef OCLGRIND_CL12_ATOMICS
	done = atomic_inc((volatile __global int *)flag);
#else
	done = atomic_fetch_add_explicit((__global atomic_int *)flag, 1, memory_order_acq_rel,
					 memory_scope_device);
#endif
	if (done != n - 1)
		return;
	total = as_float(atomic_load_explicit((__global atomic_int *)data, memory_order_relaxed,
					      memory_scope_device));
	result[0] = (int)fabs(total - (float)n * (float)rounds);
}
