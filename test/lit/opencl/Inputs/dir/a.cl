__kernel void consumer(volatile __global int *flag, __global int *data, __global int *out)
{
	while (*flag == 0)
		;
	out[get_global_id(0)] = data[0];
}

__kernel void producer(volatile __global int *flag, __global int *data)
{
	data[0] = 42;
	*flag = 1;
}

__kernel void wg(__global int *out)
{
	volatile __local int ready;
	__local int value;
	if (get_local_id(0) == 0) {
		value = 7;
		ready = 1;
	} else {
		while (ready == 0)
			;
	}
	out[get_global_id(0)] = value;
}
