/* Float fetch-and-ops for devices without cl_ext_float_atomics (arch-fallback-float.test). */
__kernel void sums(__global atomic_float *f, __local atomic_float *l, __global float *out)
{
	out[0] = atomic_fetch_add_explicit(l, 1.0f, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_min_explicit(&l[1], out[1], memory_order_acq_rel, memory_scope_work_group);
	atomic_fetch_sub_explicit(l + 2, 2, memory_order_release, memory_scope_work_group);
	/* the same helper as the first call: defined once */
	atomic_fetch_add_explicit(&l[3], out[2], memory_order_relaxed, memory_scope_work_group);
	/* near misses: an exchange and an int add need no float atomics */
	atomic_exchange_explicit(l + 4, 1.0f, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit((__local atomic_int *)l + 5, 1, memory_order_relaxed, memory_scope_work_group);
}
