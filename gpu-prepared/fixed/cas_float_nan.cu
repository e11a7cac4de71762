// e2e: a float atomicAdd built from atomicCAS, fed a NaN.
//
// Misuse (cas-float-compare): the loop retries while the float it assumed
// differs from the float atomicCAS returned.  Once the word holds NaN, every
// CAS succeeds but NaN != NaN, so the loop never ends (here it stops at a
// kernel-side bound and the test fails).  cuatomlint --fix compares the
// integer bit patterns instead.
#include <cmath>

#include "harness.cuh"

enum { N = 4096, BOUND = 1 << 16 };

__device__ unsigned bound_hit;

__device__ float atomic_add_float(float *addr, float v) {
  int *word = (int *)addr;
  float old = *addr, assumed;
  unsigned spins = 0;
  do {
    assumed = old;
    old = __int_as_float(atomicCAS(word, __float_as_int(assumed), __float_as_int(assumed + v)));
  } while (__float_as_uint(assumed) != __float_as_uint(old) && ++spins < BOUND);
  if (spins == BOUND)
    atomicAdd(&bound_hit, 1u);
  return old;
}

__global__ void sum(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    atomic_add_float(out, in[i]);
}

int main() {
  static float h[N];
  float *in, *out, result, zero = 0.f;
  unsigned hit = 0;
  for (int i = 0; i < N; i++)
    h[i] = i == 7 ? NAN : 1.f;	// one bad input poisons the sum
  CHECK_CUDA(cudaMalloc(&in, sizeof(h)));
  CHECK_CUDA(cudaMalloc(&out, sizeof(float)));
  CHECK_CUDA(cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(out, &zero, sizeof(float), cudaMemcpyHostToDevice));
  sum<<<N / 256, 256>>>(out, in);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(60.0, "sum");
  CHECK_CUDA(cudaMemcpyFromSymbol(&hit, bound_hit, sizeof(hit)));
  CHECK_CUDA(cudaMemcpy(&result, out, sizeof(float), cudaMemcpyDeviceToHost));
  expect(hit == 0, "%s%lld CAS loops never ended (NaN != NaN)", "", hit);
  expect(std::isnan(result), "%sthe sum of a NaN is not NaN", "", 0);
  return finish("float CAS loop");
}
