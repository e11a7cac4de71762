// e2e: an argmax whose warp-synchronous tail is written in compare-and-assign
// form over two arrays, the value and its index
// ('if (v[t + 16] > v[t]) { v[t] = v[t + 16]; i[t] = i[t + 16]; }').
// run.sh: before may pass
//
// Misuse (volatile-warp-sync, issue 23.2): the tail assumes lockstep; as
// written it usually gives the right answer on an H100/H200, so the
// "before" row is not required to fail; racecheck reports the hazards.  The
// condition reads data and may split the warp: cuatomlint --fix evaluates it
// once into a bool, reads both values under it, then after a full-mask
// __syncwarp() writes both, and a second __syncwarp() ends the step.  Fixed,
// every block's maximum and its index are exact, under racecheck and
// synccheck too.
#include "harness.cuh"

enum { THREADS = 128 };

__global__ void block_argmax(const int *in, int *max, int *arg) {
  __shared__ int sval[THREADS];
  __shared__ int sidx[THREADS];
  unsigned tid = threadIdx.x;
  sval[tid] = in[blockIdx.x * THREADS + tid];
  sidx[tid] = tid;
  __syncthreads();
  if (tid < 64 && sval[tid + 64] > sval[tid]) {
    sval[tid] = sval[tid + 64];
    sidx[tid] = sidx[tid + 64];
  }
  __syncthreads();
  if (tid < 32) {
    volatile int *v = sval;
    volatile int *i = sidx;
    if (v[tid + 32] > v[tid]) { v[tid] = v[tid + 32]; i[tid] = i[tid + 32]; }
    if (v[tid + 16] > v[tid]) { v[tid] = v[tid + 16]; i[tid] = i[tid + 16]; }
    if (v[tid + 8] > v[tid]) { v[tid] = v[tid + 8]; i[tid] = i[tid + 8]; }
    if (v[tid + 4] > v[tid]) { v[tid] = v[tid + 4]; i[tid] = i[tid + 4]; }
    if (v[tid + 2] > v[tid]) { v[tid] = v[tid + 2]; i[tid] = i[tid + 2]; }
    if (v[tid + 1] > v[tid]) { v[tid] = v[tid + 1]; i[tid] = i[tid + 1]; }
  }
  if (tid == 0) {
    max[blockIdx.x] = sval[0];
    arg[blockIdx.x] = sidx[0];
  }
}

int main() {
  const int blocks = std::getenv("CUATOMLINT_QUICK") ? 8 : 4096;
  const size_t n = (size_t)blocks * THREADS;
  int *in, *max, *arg;
  int *h_in = (int *)std::malloc(n * sizeof(int));
  int *h_max = (int *)std::malloc(blocks * sizeof(int));
  int *h_arg = (int *)std::malloc(blocks * sizeof(int));

  /* 100003 is prime: the 128 values of a block are distinct, one argmax */
  for (size_t j = 0; j < n; j++)
    h_in[j] = (int)((j * 2246822519u) % 100003) - 50000;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&max, blocks * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&arg, blocks * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  block_argmax<<<blocks, THREADS>>>(in, max, arg);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, "block_argmax");
  CHECK_CUDA(cudaMemcpy(h_max, max, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(h_arg, arg, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  long long wrong = 0;
  for (int b = 0; b < blocks; b++) {
    int m = h_in[(size_t)b * THREADS], at = 0;
    for (int t = 1; t < THREADS; t++)
      if (h_in[(size_t)b * THREADS + t] > m) {
        m = h_in[(size_t)b * THREADS + t];
        at = t;
      }
    wrong += h_max[b] != m || h_arg[b] != at;
  }
  expect(wrong == 0, "%s%lld of %lld block argmaxes wrong", "", wrong, blocks);
  std::free(h_in);
  std::free(h_max);
  std::free(h_arg);
  return finish("argmax reduction");
}
