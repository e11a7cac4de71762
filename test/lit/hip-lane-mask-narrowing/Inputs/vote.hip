// A lane mask kept in 32 bits (compdb-wave64.test builds it for gfx1100 with -mwavefrontsize64).
#include <hip/hip_runtime.h>
__global__ void vote(const int *in, unsigned *out) {
  unsigned m = __ballot(in[threadIdx.x] > 0);
  out[threadIdx.x] = m;
}
