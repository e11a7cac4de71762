__kernel void ocl(volatile __global int *ocl_flag) {
  while (!*ocl_flag) {}
}
