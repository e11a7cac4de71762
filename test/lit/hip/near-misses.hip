// RUN: %cuatomlint --checks='-*,volatile-sync,atomic-local-memory,cas-float-compare,volatile-warp-sync' %s 2>&1 | FileCheck %s --allow-empty --implicit-check-not='[volatile-sync]' --implicit-check-not='[atomic-local-memory]' --implicit-check-not='[cas-float-compare]' --implicit-check-not='[volatile-warp-sync]'
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// Near misses in the HIP dialect: an atomic on memory other threads see, a
// CAS loop that compares bit patterns, volatile reads that wait for
// nothing, and a wave-synchronous reduction under tid < 32 (AMD wavefronts
// run in lockstep and lanes 0-31 are one wavefront on wave32 and wave64:
// volatile-warp-sync judges HIP and finds it right).
#include <hip/hip_runtime.h>

__global__ void fine(int *counter, float *p, const float *in, float *out) {
  __shared__ volatile float s[64];
  int tid = threadIdx.x;
  atomicAdd(counter, 1);
  unsigned old = __float_as_uint(*p), assumed;
  do {
    assumed = old;
    old = atomicCAS((unsigned *)p, assumed, __float_as_uint(__uint_as_float(assumed) + 1.0f));
  } while (assumed != old);
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

__global__ void wait_atomic(int *flag) {
  while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == 0) {
  }
}
