// e2e: a warp-synchronous inclusive scan (Hillis-Steele) through volatile
// shared memory, each step guarded by the lane.
// run.sh: before may pass
//
// Misuse (volatile-warp-sync): the steps assume the 32 lanes run in
// lockstep; since Volta nothing orders lane i's read of s[i - k] before lane
// i - k's write of it.  As written this usually computes the right sums on
// an H100 (the lanes happen to stay converged), so the "before" row is not
// required to fail; compute-sanitizer racecheck reports the hazards.
// cuatomlint --fix must hoist the barriers out of 'if (lane >= k)': a
// full-mask __syncwarp() inside it waits for lane 0, which never comes
// (test/gpu/hang/warp_scan_old_fix.cu keeps that wrong form).  Fixed, every
// block's sums are exact, under racecheck and synccheck too.
#include "harness.cuh"

enum { WARPS = 8, THREADS = 32 * WARPS };

__global__ void warp_scan(const int *in, int *out, int rounds) {
  __shared__ int sdata[THREADS];
  unsigned i = threadIdx.x, lane = threadIdx.x & 31;
  volatile int *s = sdata;
  for (int r = 0; r < rounds; r++) {
    s[i] = in[blockIdx.x * THREADS + i] + r;
    __syncwarp();
    { bool c = lane >= 1; int v{}; if (c) v = s[i] + s[i - 1]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }
    { bool c = lane >= 2; int v{}; if (c) v = s[i] + s[i - 2]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }
    { bool c = lane >= 4; int v{}; if (c) v = s[i] + s[i - 4]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }
    { bool c = lane >= 8; int v{}; if (c) v = s[i] + s[i - 8]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }
    { bool c = lane >= 16; int v{}; if (c) v = s[i] + s[i - 16]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }
    out[(r * gridDim.x + blockIdx.x) * THREADS + i] = s[i];
    __syncthreads();
  }
}

int main() {
  const char *quick = std::getenv("CUATOMLINT_QUICK");
  const int blocks = quick ? 4 : 256, rounds = quick ? 2 : 64;
  const size_t n = (size_t)blocks * THREADS, nout = n * rounds;
  int *in, *out;
  int *h_in = (int *)std::malloc(n * sizeof(int));
  int *h_out = (int *)std::malloc(nout * sizeof(int));

  for (size_t j = 0; j < n; j++)
    h_in[j] = (int)((j * 2654435761u) % 1000) - 500;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, nout * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  warp_scan<<<blocks, THREADS>>>(in, out, rounds);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, "warp_scan");
  CHECK_CUDA(cudaMemcpy(h_out, out, nout * sizeof(int), cudaMemcpyDeviceToHost));
  long long wrong = 0;
  for (int r = 0; r < rounds; r++)
    for (size_t w = 0; w < n / 32; w++) {
      int sum = 0;
      for (int l = 0; l < 32; l++) {
        size_t j = w * 32 + l;
        sum += h_in[j] + r;
        wrong += h_out[(size_t)r * n + j] != sum;
      }
    }
  expect(wrong == 0, "%s%lld of %lld prefix sums wrong", "", wrong, (long long)nout);
  std::free(h_in);
  std::free(h_out);
  return finish("warp scan");
}
