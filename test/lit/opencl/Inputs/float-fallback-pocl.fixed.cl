/*
 * Float and double fetch-and-ops at device scope and seq_cst, for PoCL's CPU
 * device (no cl_ext_float_atomics) (arch-fallback-float.test).
 */
#ifndef CUATOMLINT_HAVE_cuatomlint_fetch_add_f32_global_seq_cst_device
#define CUATOMLINT_HAVE_cuatomlint_fetch_add_f32_global_seq_cst_device
/* cuatomlint fallback: atomic_fetch_add on atomic_float without cl_ext_float_atomics, a compare-exchange loop on its bits as atomic_uint */
float cuatomlint_fetch_add_f32_global_seq_cst_device(volatile __global atomic_float *object, float operand)
{
    volatile __global atomic_uint *word = (volatile __global atomic_uint *)object;
    uint expected = atomic_load_explicit(word, memory_order_relaxed, memory_scope_device), desired;

    do
        desired = as_uint(as_float(expected) + operand);
    while (!atomic_compare_exchange_weak_explicit(word, &expected, desired,
                                                  memory_order_seq_cst, memory_order_relaxed,
                                                  memory_scope_device));
    return as_float(expected);
}
#endif
#ifndef CUATOMLINT_HAVE_cuatomlint_fetch_max_f64_global_release_device
#define CUATOMLINT_HAVE_cuatomlint_fetch_max_f64_global_release_device
/* cuatomlint fallback: atomic_fetch_max on atomic_double without cl_ext_float_atomics, a compare-exchange loop on its bits as atomic_ulong */
double cuatomlint_fetch_max_f64_global_release_device(volatile __global atomic_double *object, double operand)
{
    volatile __global atomic_ulong *word = (volatile __global atomic_ulong *)object;
    ulong expected = atomic_load_explicit(word, memory_order_relaxed, memory_scope_device), desired;

    do
        desired = as_ulong(fmax(as_double(expected), operand));
    while (!atomic_compare_exchange_weak_explicit(word, &expected, desired,
                                                  memory_order_release, memory_order_relaxed,
                                                  memory_scope_device));
    return as_double(expected);
}
#endif
#ifndef CUATOMLINT_HAVE_cuatomlint_fetch_sub_f64_global_acquire_device
#define CUATOMLINT_HAVE_cuatomlint_fetch_sub_f64_global_acquire_device
/* cuatomlint fallback: atomic_fetch_sub on atomic_double without cl_ext_float_atomics, a compare-exchange loop on its bits as atomic_ulong */
double cuatomlint_fetch_sub_f64_global_acquire_device(volatile __global atomic_double *object, double operand)
{
    volatile __global atomic_ulong *word = (volatile __global atomic_ulong *)object;
    ulong expected = atomic_load_explicit(word, memory_order_relaxed, memory_scope_device), desired;

    do
        desired = as_ulong(as_double(expected) - operand);
    while (!atomic_compare_exchange_weak_explicit(word, &expected, desired,
                                                  memory_order_acquire, memory_order_relaxed,
                                                  memory_scope_device));
    return as_double(expected);
}
#endif
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void sums(__global atomic_double *d, __global atomic_float *f, __global double *out)
{
	out[0] = cuatomlint_fetch_max_f64_global_release_device(d, 3.0);
	cuatomlint_fetch_add_f32_global_seq_cst_device(f, 1.0f);
	cuatomlint_fetch_sub_f64_global_acquire_device(d + 1, out[1]);
}
