__global__ void kc(volatile int *p) { while (!*p) {} }
