#ifndef PROJ_BUILD
#error built without the project's flags
#endif
__global__ void linked(volatile int *linked_flag) {
  while (!*linked_flag) {}
}
