// A finding of the device parse (volatile-sync) and one of the host parse
// only (nv-atomic-host): the server publishes the first, then both.
__global__ void wait_flag(volatile int *flag)
{
	while (*flag == 0)
		;
}

void plain_host(unsigned *p)
{
	unsigned v = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
	(void)v;
}
