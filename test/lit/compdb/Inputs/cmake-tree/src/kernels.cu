#include "util.cuh"
#ifndef PROJ_BUILD
#error built without the project's flags
#endif
__global__ void kernels(volatile int *kernels_flag) {
  while (!*kernels_flag) {}
  util_wait(kernels_flag);
  proj_wait(kernels_flag);
}
