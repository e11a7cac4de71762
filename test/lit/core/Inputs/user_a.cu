#include "shared_helpers.cuh"
__global__ void ka(int *p) { bump(p); }
