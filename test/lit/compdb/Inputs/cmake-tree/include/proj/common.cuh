#pragma once
__device__ inline void proj_wait(volatile int *common_flag) {
  while (!*common_flag) {}
}
