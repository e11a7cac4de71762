#include "hdr.cuh"
__global__ void k2(int *p) { bump(p); }
