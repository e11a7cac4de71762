// e2e: a max reduction whose warp-synchronous tail is written in
// compare-and-assign form ('if (s[i + 16] > s[i]) s[i] = s[i + 16];').
// run.sh: before may pass
//
// Misuse (volatile-warp-sync): the tail assumes lockstep.  As written it
// usually gives the right maxima on an H100, so the "before" row is not
// required to fail; racecheck reports the hazards.  Each step's condition
// reads data, so it may split the warp: cuatomlint --fix evaluates it once
// into a bool, reads the value under it, and puts both full-mask
// __syncwarp() calls outside it.  Fixed, every block's maximum is exact,
// under racecheck and synccheck too.
#include "harness.cuh"

enum { THREADS = 128 };

__global__ void block_max(const int *in, int *out) {
  __shared__ int sdata[THREADS];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * THREADS + tid];
  __syncthreads();
  if (tid < 64 && sdata[tid + 64] > sdata[tid])
    sdata[tid] = sdata[tid + 64];
  __syncthreads();
  if (tid < 32) {
    volatile int *s = sdata;
    { bool c = s[tid + 32] > s[tid]; int v{}; if (c) v = s[tid + 32]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
    { bool c = s[tid + 16] > s[tid]; int v{}; if (c) v = s[tid + 16]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
    { bool c = s[tid + 8] > s[tid]; int v{}; if (c) v = s[tid + 8]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
    { bool c = s[tid + 4] > s[tid]; int v{}; if (c) v = s[tid + 4]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
    { bool c = s[tid + 2] > s[tid]; int v{}; if (c) v = s[tid + 2]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
    { bool c = s[tid + 1] > s[tid]; int v{}; if (c) v = s[tid + 1]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

int main() {
  const int blocks = std::getenv("CUATOMLINT_QUICK") ? 8 : 4096;
  const size_t n = (size_t)blocks * THREADS;
  int *in, *out;
  int *h_in = (int *)std::malloc(n * sizeof(int));
  int *h_out = (int *)std::malloc(blocks * sizeof(int));

  for (size_t j = 0; j < n; j++)
    h_in[j] = (int)((j * 2246822519u) % 100003) - 50000;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, blocks * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  block_max<<<blocks, THREADS>>>(in, out);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, "block_max");
  CHECK_CUDA(cudaMemcpy(h_out, out, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  long long wrong = 0;
  for (int b = 0; b < blocks; b++) {
    int m = h_in[(size_t)b * THREADS];
    for (int t = 1; t < THREADS; t++)
      m = h_in[(size_t)b * THREADS + t] > m ? h_in[(size_t)b * THREADS + t] : m;
    wrong += h_out[b] != m;
  }
  expect(wrong == 0, "%s%lld of %lld block maxima wrong", "", wrong, blocks);
  std::free(h_in);
  std::free(h_out);
  return finish("max reduction");
}
