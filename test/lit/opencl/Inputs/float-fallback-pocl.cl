/*
 * Float and double fetch-and-ops at device scope and seq_cst, for PoCL's CPU
 * device (no cl_ext_float_atomics) (arch-fallback-float.test).
 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void sums(__global atomic_double *d, __global atomic_float *f, __global double *out)
{
	out[0] = atomic_fetch_max_explicit(d, 3.0, memory_order_release);
	atomic_fetch_add(f, 1.0f);
	atomic_fetch_sub_explicit(d + 1, out[1], memory_order_acquire, memory_scope_device);
}
