#include "proj/common.cuh"
#ifndef PROJ_BUILD
#error built without the project's flags
#endif
__global__ void excluded(volatile int *excluded_flag) {
  while (!*excluded_flag) {}
}
