#include "hdr.cuh"
__global__ void k(int *p) { bump(p); atomicSub(p, 2); }
