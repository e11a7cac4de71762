// e2e: the classic shared-memory tree reduction with a warp-synchronous
// tail through volatile shared memory under 'if (tid < 32)'.
// run.sh: before may pass
//
// Misuse (volatile-warp-sync): the tail assumes lockstep.  As written it
// usually gives the right sums on an H100, so the "before" row is not
// required to fail; racecheck reports the hazards.  'tid < 32' admits the
// whole first warp of a one-dimensional block, so cuatomlint --fix keeps the
// steps inside it and separates each step's reads and writes with full-mask
// __syncwarp(); fixed, every block's sum is exact, under racecheck and
// synccheck too.
#include "harness.cuh"

enum { THREADS = 256 };

__global__ void reduce(const int *in, int *out) {
  __shared__ int sdata[THREADS];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * THREADS + tid];
  __syncthreads();
  for (unsigned k = THREADS / 2; k > 32; k >>= 1) {
    if (tid < k)
      sdata[tid] += sdata[tid + k];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *s = sdata;
    { int v = s[tid] + s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }
    { int v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }
    { int v = s[tid] + s[tid + 8]; __syncwarp(); s[tid] = v; __syncwarp(); }
    { int v = s[tid] + s[tid + 4]; __syncwarp(); s[tid] = v; __syncwarp(); }
    { int v = s[tid] + s[tid + 2]; __syncwarp(); s[tid] = v; __syncwarp(); }
    { int v = s[tid] + s[tid + 1]; __syncwarp(); s[tid] = v; __syncwarp(); }
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
    h_in[j] = (int)((j * 40503u) % 2001) - 1000;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, blocks * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  reduce<<<blocks, THREADS>>>(in, out);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, "reduce");
  CHECK_CUDA(cudaMemcpy(h_out, out, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  long long wrong = 0;
  for (int b = 0; b < blocks; b++) {
    int sum = 0;
    for (int t = 0; t < THREADS; t++)
      sum += h_in[(size_t)b * THREADS + t];
    wrong += h_out[b] != sum;
  }
  expect(wrong == 0, "%s%lld of %lld block sums wrong", "", wrong, blocks);
  std::free(h_in);
  std::free(h_out);
  return finish("tree reduction");
}
