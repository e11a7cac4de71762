#pragma once
__device__ inline int bump(int *p) { return atomicAdd(p, 1); }
