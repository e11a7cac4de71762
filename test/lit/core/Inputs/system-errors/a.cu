#include <vendor.h>
__global__ void ka(int *p) { atomicAdd(p, 1); }
