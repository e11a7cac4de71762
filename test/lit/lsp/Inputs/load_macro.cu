#define load(p) (*(p))
__global__ void consumer(volatile int *flag, int *out)
{
	while (*flag == 0)
		;
	out[0] = 1;
}
