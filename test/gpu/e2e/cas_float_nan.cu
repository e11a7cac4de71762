// e2e: a float atomicMax built from atomicCAS, fed NaN.
//
// Misuse (cas-float-compare): the loop retries while the float it assumed
// differs from the float atomicCAS returned; once the word holds NaN,
// NaN != NaN holds forever and the loop never ends (here it stops at the
// kernel-side bound and the test fails).  cuatomlint --fix compares the
// integer bit patterns instead.
#include "harness.cuh"

enum { N = 4096 };

__device__ unsigned spins_hit;

__device__ float atomic_max_float(float *addr, float v) {
  int *word = (int *)addr;
  float old = *addr, assumed;
  unsigned spins = 0;
  do {
    assumed = old;
    old = __int_as_float(atomicCAS(word, __float_as_int(assumed),
                                   __float_as_int(fmaxf(assumed, v))));
  } while (assumed != old && ++spins < SPIN_BOUND / 64);
  if (spins == SPIN_BOUND / 64)
    atomicAdd(&spins_hit, 1u);
  return old;
}

__global__ void reduce_max(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    atomic_max_float(out, in[i]);
}

int main() {
  float h[N], *in, *out, result;
  for (int i = 0; i < N; i++)
    h[i] = i == 7 ? __builtin_nanf("") : (float)i;
  unsigned hit = 0;
  float nan = __builtin_nanf("");
  CHECK_CUDA(cudaMalloc(&in, sizeof(h)));
  CHECK_CUDA(cudaMalloc(&out, sizeof(float)));
  CHECK_CUDA(cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(out, &nan, sizeof(float), cudaMemcpyHostToDevice));	// the word holds NaN
  reduce_max<<<N / 256, 256>>>(out, in);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(60.0, "reduce_max");
  CHECK_CUDA(cudaMemcpyFromSymbol(&hit, spins_hit, sizeof(hit)));
  CHECK_CUDA(cudaMemcpy(&result, out, sizeof(float), cudaMemcpyDeviceToHost));
  expect(hit == 0, "%s%lld CAS loops never ended (NaN != NaN)", "", hit);
  expect(result == (float)(N - 1), "%smax is not %lld", "", N - 1);
  return finish("float CAS loop");
}
