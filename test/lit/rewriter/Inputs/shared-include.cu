// Fixes of two checks insert #include <cuda/atomic> at the top of this
// file: it lands once.

__global__ void k(unsigned long long *p, volatile int *flag, int *data, int *out) {
  atomicAnd(p, 3ull);
  while (*flag == 0)
    ;
  *out = *data;
}
