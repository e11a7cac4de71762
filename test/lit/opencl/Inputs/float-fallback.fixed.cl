/* Float fetch-and-ops for devices without cl_ext_float_atomics (arch-fallback-float.test). */
#ifndef CUATOMLINT_HAVE_cuatomlint_fetch_add_f32_local_relaxed_work_group
#define CUATOMLINT_HAVE_cuatomlint_fetch_add_f32_local_relaxed_work_group
/* cuatomlint fallback: atomic_fetch_add on atomic_float without cl_ext_float_atomics, a compare-exchange loop on its bits as atomic_uint */
float cuatomlint_fetch_add_f32_local_relaxed_work_group(volatile __local atomic_float *object, float operand)
{
    volatile __local atomic_uint *word = (volatile __local atomic_uint *)object;
    uint expected = atomic_load_explicit(word, memory_order_relaxed, memory_scope_work_group), desired;

    do
        desired = as_uint(as_float(expected) + operand);
    while (!atomic_compare_exchange_weak_explicit(word, &expected, desired,
                                                  memory_order_relaxed, memory_order_relaxed,
                                                  memory_scope_work_group));
    return as_float(expected);
}
#endif
#ifndef CUATOMLINT_HAVE_cuatomlint_fetch_min_f32_local_acq_rel_work_group
#define CUATOMLINT_HAVE_cuatomlint_fetch_min_f32_local_acq_rel_work_group
/* cuatomlint fallback: atomic_fetch_min on atomic_float without cl_ext_float_atomics, a compare-exchange loop on its bits as atomic_uint */
float cuatomlint_fetch_min_f32_local_acq_rel_work_group(volatile __local atomic_float *object, float operand)
{
    volatile __local atomic_uint *word = (volatile __local atomic_uint *)object;
    uint expected = atomic_load_explicit(word, memory_order_relaxed, memory_scope_work_group), desired;

    do
        desired = as_uint(fmin(as_float(expected), operand));
    while (!atomic_compare_exchange_weak_explicit(word, &expected, desired,
                                                  memory_order_acq_rel, memory_order_relaxed,
                                                  memory_scope_work_group));
    return as_float(expected);
}
#endif
#ifndef CUATOMLINT_HAVE_cuatomlint_fetch_sub_f32_local_release_work_group
#define CUATOMLINT_HAVE_cuatomlint_fetch_sub_f32_local_release_work_group
/* cuatomlint fallback: atomic_fetch_sub on atomic_float without cl_ext_float_atomics, a compare-exchange loop on its bits as atomic_uint */
float cuatomlint_fetch_sub_f32_local_release_work_group(volatile __local atomic_float *object, float operand)
{
    volatile __local atomic_uint *word = (volatile __local atomic_uint *)object;
    uint expected = atomic_load_explicit(word, memory_order_relaxed, memory_scope_work_group), desired;

    do
        desired = as_uint(as_float(expected) - operand);
    while (!atomic_compare_exchange_weak_explicit(word, &expected, desired,
                                                  memory_order_release, memory_order_relaxed,
                                                  memory_scope_work_group));
    return as_float(expected);
}
#endif
__kernel void sums(__global atomic_float *f, __local atomic_float *l, __global float *out)
{
	out[0] = cuatomlint_fetch_add_f32_local_relaxed_work_group(l, 1.0f);
	cuatomlint_fetch_min_f32_local_acq_rel_work_group(&l[1], out[1]);
	cuatomlint_fetch_sub_f32_local_release_work_group(l + 2, 2);
	/* the same helper as the first call: defined once */
	cuatomlint_fetch_add_f32_local_relaxed_work_group(&l[3], out[2]);
	/* near misses: an exchange and an int add need no float atomics */
	atomic_exchange_explicit(l + 4, 1.0f, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit((__local atomic_int *)l + 5, 1, memory_order_relaxed, memory_scope_work_group);
}
