/* A generic pointer, on a 3.0 profile with the generic address space (arch-fallback-float.test). */
#ifndef CUATOMLINT_HAVE_cuatomlint_fetch_add_f32_generic_relaxed_device
#define CUATOMLINT_HAVE_cuatomlint_fetch_add_f32_generic_relaxed_device
/* cuatomlint fallback: atomic_fetch_add on atomic_float without cl_ext_float_atomics, a compare-exchange loop on its bits as atomic_uint */
float cuatomlint_fetch_add_f32_generic_relaxed_device(volatile atomic_float *object, float operand)
{
    volatile atomic_uint *word = (volatile atomic_uint *)object;
    uint expected = atomic_load_explicit(word, memory_order_relaxed, memory_scope_device), desired;

    do
        desired = as_uint(as_float(expected) + operand);
    while (!atomic_compare_exchange_weak_explicit(word, &expected, desired,
                                                  memory_order_relaxed, memory_order_relaxed,
                                                  memory_scope_device));
    return as_float(expected);
}
#endif
float add_one(atomic_float *p)
{
	return cuatomlint_fetch_add_f32_generic_relaxed_device(p, 1.0f);
}

__kernel void k(__global atomic_float *f)
{
	add_one(f + get_global_id(0));
}
