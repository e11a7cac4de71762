#include <hip/hip_runtime.h>
__global__ void add(float *p, float v) {
  __builtin_amdgcn_global_atomic_fadd_f32(p, v);
}
