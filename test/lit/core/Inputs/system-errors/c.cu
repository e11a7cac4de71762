__global__ void kc(volatile int *p) { while (!*p) {} }
__global__ void start(int *p) { *p = 1; } // the writer: device scope, which sm_52 can give
