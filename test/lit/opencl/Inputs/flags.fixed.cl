__kernel void consumer(volatile __global int *flag, __global int *data, __global int *out)
{
	while (atomic_load_explicit((volatile __global atomic_int *)flag, memory_order_acquire, memory_scope_device) == 0)
		;
	out[get_global_id(0)] = data[0];
}

__kernel void producer(volatile __global int *flag, __global int *data)
{
	data[0] = 42;
	atomic_store_explicit((volatile __global atomic_int *)flag, 1, memory_order_release, memory_scope_device);
}

__kernel void wg(__global int *out)
{
	volatile __local int ready;
	__local int value;
	if (get_local_id(0) == 0) {
		value = 7;
		atomic_store_explicit((volatile __local atomic_int *)&ready, 1, memory_order_release, memory_scope_work_group);
	} else {
		while (atomic_load_explicit((volatile __local atomic_int *)&ready, memory_order_acquire, memory_scope_work_group) == 0)
			;
	}
	out[get_global_id(0)] = value;
}
