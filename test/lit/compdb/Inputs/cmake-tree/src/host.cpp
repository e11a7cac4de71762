#ifndef PROJ_BUILD
#error built without the project's flags
#endif
__global__ void host_cpp(volatile int *host_flag) {
  while (!*host_flag) {}
}
