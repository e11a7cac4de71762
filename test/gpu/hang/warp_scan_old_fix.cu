// The OLD volatile-warp-sync fix form of test/gpu/e2e/warp_scan.cu, kept to
// show why it was replaced (issue 11): the fix wrapped each step in full-mask
// __syncwarp() calls but left them inside 'if (lane >= k)', so lanes below k
// never reach them while the others wait.  __syncwarp(0xffffffff) needs
// every non-exited lane of the mask; here lane 0 goes on to __syncthreads()
// while the other lanes wait for it, so the warp may deadlock (a scan of this
// shape hung in 3 of 3 runs on an H100, issue 11) or, if the hardware lets
// the waiting lanes through, the sums may come out wrong.
// test/gpu/run.sh runs it as written and requires it to fail or hang: the
// host watchdog (wait_or_die) and `timeout` turn a hang into a failure.
// Never fixed by run.sh: this file is the wrong fix.
#include "harness.cuh"

enum { WARPS = 8, THREADS = 32 * WARPS };

__global__ void warp_scan(const int *in, int *out, int rounds) {
  __shared__ int sdata[THREADS];
  unsigned i = threadIdx.x, lane = threadIdx.x & 31;
  volatile int *s = sdata;
  for (int r = 0; r < rounds; r++) {
    s[i] = in[blockIdx.x * THREADS + i] + r;
    __syncwarp();
    if (lane >= 1) { int v = s[i] + s[i - 1]; __syncwarp(); s[i] = v; __syncwarp(); }
    if (lane >= 2) { int v = s[i] + s[i - 2]; __syncwarp(); s[i] = v; __syncwarp(); }
    if (lane >= 4) { int v = s[i] + s[i - 4]; __syncwarp(); s[i] = v; __syncwarp(); }
    if (lane >= 8) { int v = s[i] + s[i - 8]; __syncwarp(); s[i] = v; __syncwarp(); }
    if (lane >= 16) { int v = s[i] + s[i - 16]; __syncwarp(); s[i] = v; __syncwarp(); }
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
  wait_or_die(10.0, "warp_scan (old fix form)");
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
  return finish("warp scan, old fix form");
}
