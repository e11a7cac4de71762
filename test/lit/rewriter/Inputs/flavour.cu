// A flag another block sets; the kernel waits for it, then reads the data.
__global__ void k(volatile int *f, int *d, int *o) {
  while (*f == 0) {
  }
  *o = *d;
}
