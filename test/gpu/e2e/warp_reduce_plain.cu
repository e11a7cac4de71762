// e2e: the warp-synchronous tail of a sum reduction on a __shared__ array
// that is not volatile (issue 23.2), with the sum of squares reduced side by
// side, one statement per array per step.
//
// Misuse (volatile-warp-sync, non-volatile shape): the tail assumes the
// lanes of the first warp run in lockstep, and without volatile the compiler
// also keeps values in registers: nvcc 13 -O3 for sm_90 loads s[tid + 32],
// s[tid + 16], ... s[tid + 1] before any store (PTX: every ld.shared of the
// tail precedes its st.shared), so before the fix the sums are wrong on any
// GPU ("before" must fail).  cuatomlint --fix separates each step's
// reads and writes, on both arrays, with full-mask __syncwarp() ('tid < 32'
// is the whole first warp).  Fixed, every block's sums are exact, under
// racecheck and synccheck too.
#include "harness.cuh"

enum { THREADS = 64 };

__global__ void reduce2(const int *in, int *sum, long long *sq) {
  __shared__ int s[THREADS];
  __shared__ long long q[THREADS];
  unsigned tid = threadIdx.x;
  int x = in[blockIdx.x * THREADS + tid];
  s[tid] = x;
  q[tid] = (long long)x * x;
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 32];
    q[tid] += q[tid + 32];
    s[tid] += s[tid + 16];
    q[tid] += q[tid + 16];
    s[tid] += s[tid + 8];
    q[tid] += q[tid + 8];
    s[tid] += s[tid + 4];
    q[tid] += q[tid + 4];
    s[tid] += s[tid + 2];
    q[tid] += q[tid + 2];
    s[tid] += s[tid + 1];
    q[tid] += q[tid + 1];
  }
  if (tid == 0) {
    sum[blockIdx.x] = s[0];
    sq[blockIdx.x] = q[0];
  }
}

int main() {
  const int blocks = std::getenv("CUATOMLINT_QUICK") ? 8 : 4096;
  const size_t n = (size_t)blocks * THREADS;
  int *in, *sum;
  long long *sq;
  int *h_in = (int *)std::malloc(n * sizeof(int));
  int *h_sum = (int *)std::malloc(blocks * sizeof(int));
  long long *h_sq = (long long *)std::malloc(blocks * sizeof(long long));

  for (size_t j = 0; j < n; j++)
    h_in[j] = (int)((j * 40503u) % 2001) - 1000;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&sum, blocks * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&sq, blocks * sizeof(long long)));
  CHECK_CUDA(cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  reduce2<<<blocks, THREADS>>>(in, sum, sq);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, "reduce2");
  CHECK_CUDA(cudaMemcpy(h_sum, sum, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(h_sq, sq, blocks * sizeof(long long), cudaMemcpyDeviceToHost));
  long long wrong = 0;
  for (int b = 0; b < blocks; b++) {
    int s = 0;
    long long q = 0;
    for (int t = 0; t < THREADS; t++) {
      int x = h_in[(size_t)b * THREADS + t];
      s += x;
      q += (long long)x * x;
    }
    wrong += h_sum[b] != s || h_sq[b] != q;
  }
  expect(wrong == 0, "%s%lld of %lld blocks' sums wrong", "", wrong, blocks);
  std::free(h_in);
  std::free(h_sum);
  std::free(h_sq);
  return finish("non-volatile sum and sum of squares");
}
