#pragma once
__device__ inline void lonely_wait(volatile int *lonely_flag) {
  while (!*lonely_flag) {}
}
