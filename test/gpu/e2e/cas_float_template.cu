// e2e: a float CAS loop in a template over the operation, fed -0.0 and NaN.
//
// Misuse (cas-float-compare): the loop starts from a guess (0.0f, saving
// the first load) and retries while the float it assumed differs from the
// float atomicCAS returned.  Two failures follow:
//  - the word holds -0.0: the CAS fails (the bits of +0.0 differ) and
//    returns -0.0, but +0.0 != -0.0 is false, so the loop ends as if it had
//    stored: the add is lost and the word keeps -0.0;
//  - the word holds NaN: NaN != NaN, so the loop never ends (here it stops
//    at a kernel-side bound and the test fails).
// The comparison is written on 'float', not on a template parameter: every
// instantiation (add, max) compares floats, so cuatomlint --fix rewrites
// the shared text to compare the integer bit patterns.
#include <cmath>

#include "harness.cuh"

enum { N = 1024, BOUND = 1 << 16 };

__device__ unsigned bound_hit;

template <class Op> __device__ float atomic_apply(float *addr, float v, Op op) {
  unsigned *word = (unsigned *)addr;
  float old = 0.0f, assumed;	// a guess: the CAS corrects it
  unsigned spins = 0;
  do {
    assumed = old;
    old = __uint_as_float(atomicCAS(word, __float_as_uint(assumed), __float_as_uint(op(assumed, v))));
  } while (assumed != old && ++spins < BOUND);
  if (spins == BOUND)
    atomicAdd(&bound_hit, 1u);
  return old;
}

struct Add { __device__ float operator()(float a, float b) const { return a + b; } };
struct Max { __device__ float operator()(float a, float b) const { return fmaxf(a, b); } };

// One thread per word: the -0.0 words must end at v, the NaN words stay NaN.
__global__ void apply(float *sums, float *maxima, const float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    atomic_apply(&sums[i], v[i], Add{});
    atomic_apply(&maxima[i], v[i], Max{});
  }
}

int main() {
  static float h_start[N], h_v[N], h_sums[N], h_max[N];
  float *sums, *maxima, *v;
  unsigned hit = 0;
  for (int i = 0; i < N; i++) {
    h_start[i] = i % 64 == 5 ? NAN : -0.0f;
    h_v[i] = 1.0f + (float)(i % 7);
  }
  CHECK_CUDA(cudaMalloc(&sums, sizeof(h_start)));
  CHECK_CUDA(cudaMalloc(&maxima, sizeof(h_start)));
  CHECK_CUDA(cudaMalloc(&v, sizeof(h_v)));
  CHECK_CUDA(cudaMemcpy(sums, h_start, sizeof(h_start), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(maxima, h_start, sizeof(h_start), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(v, h_v, sizeof(h_v), cudaMemcpyHostToDevice));
  apply<<<N / 128, 128>>>(sums, maxima, v);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(60.0, "apply");
  CHECK_CUDA(cudaMemcpyFromSymbol(&hit, bound_hit, sizeof(hit)));
  CHECK_CUDA(cudaMemcpy(h_sums, sums, sizeof(h_sums), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(h_max, maxima, sizeof(h_max), cudaMemcpyDeviceToHost));
  expect(hit == 0, "%s%lld CAS loops never ended (NaN != NaN)", "", hit);
  for (int i = 0; i < N; i++) {
    if (i % 64 == 5) {
      expect(std::isnan(h_sums[i]), "%ssum %lld: NaN + v is not NaN", "", i);
      continue;
    }
    expect(h_sums[i] == h_v[i], "%ssum %lld: -0.0 + v lost (a failed CAS taken for a success)", "", i);
    expect(h_max[i] == h_v[i], "%smax %lld: max(-0.0, v) lost (a failed CAS taken for a success)", "", i);
  }
  return finish("float CAS loop in a template");
}
