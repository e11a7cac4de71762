/* A generic pointer, on a 3.0 profile with the generic address space (arch-fallback-float.test). */
float add_one(atomic_float *p)
{
	return atomic_fetch_add_explicit(p, 1.0f, memory_order_relaxed, memory_scope_device);
}

__kernel void k(__global atomic_float *f)
{
	add_one(f + get_global_id(0));
}
