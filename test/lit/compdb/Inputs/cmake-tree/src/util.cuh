#pragma once
#include "proj/common.cuh"
__device__ inline void util_wait(volatile int *util_flag) {
  while (!*util_flag) {}
}
