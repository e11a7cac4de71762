// The consumer side: links against the pipeline library (relocatable
// device code) and polls a counter.
#include <cstdio>
#include <cuda_runtime.h>

void launch_produce(int value);

__global__ void consume(unsigned *count)
{
  atomicAdd(count, 1u);
}

#ifdef __clang__
unsigned peek_from_host(unsigned *count)
{
  return __nv_atomic_load_n(count, __NV_ATOMIC_ACQUIRE);
}
#endif

int main()
{
  launch_produce(7);
  consume<<<1, 1>>>(nullptr);
  std::printf("%d\n", (int)cudaDeviceSynchronize());
  return 0;
}
