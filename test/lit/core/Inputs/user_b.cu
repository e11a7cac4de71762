#include "shared_helpers.cuh"
__global__ void kb(int *p) { bump(p + 1); }
