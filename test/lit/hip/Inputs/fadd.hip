// The float and double atomic adds whose code amd-facts-codegen.test reads.
#include <hip/hip_runtime.h>
__global__ void k(float *p, double *d) {
  __hip_atomic_fetch_add(p, 1.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(d, 1.0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__global__ void r(float *p, double *d, float *o, double *od) {
  *o = __hip_atomic_fetch_add(p, 1.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  *od = __hip_atomic_fetch_add(d, 1.0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
