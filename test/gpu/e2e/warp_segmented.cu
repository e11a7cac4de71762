// e2e: a segmented reduction: each warp stores its 32 values into its own
// segment of shared memory and reduces it with lane-guarded
// warp-synchronous steps ('if (lane < 16) s[tid] += s[tid + 16];').
// run.sh: before may pass
//
// Misuse (volatile-warp-sync, issue 23.2): besides the steps, the first
// step's reads race with the other lanes' stores that fill the segment:
// nothing orders lane 0's read of s[16] after lane 16's store.  As written
// it usually gives the right sums on an H100/H200, so the "before" row is
// not required to fail; racecheck reports the hazards.  cuatomlint --fix
// hoists each lane guard and separates each step's reads and writes with
// full-mask __syncwarp(), and also puts a __syncwarp() between the stores
// and the first step (before issue 23 it did not, and racecheck still saw
// that one race).  Fixed, every segment's sum is exact, under racecheck and
// synccheck too.
#include "harness.cuh"

enum { WARPS = 4, THREADS = 32 * WARPS };

__global__ void segment_sums(const int *in, int *out, int rounds) {
  __shared__ int sdata[THREADS];
  unsigned tid = threadIdx.x, lane = tid & 31;
  volatile int *s = sdata;
  for (int r = 0; r < rounds; r++) {
    s[tid] = in[blockIdx.x * THREADS + tid] + r;
    if (lane < 16) s[tid] += s[tid + 16];
    if (lane < 8) s[tid] += s[tid + 8];
    if (lane < 4) s[tid] += s[tid + 4];
    if (lane < 2) s[tid] += s[tid + 2];
    if (lane < 1) s[tid] += s[tid + 1];
    if (lane == 0)
      out[(r * gridDim.x + blockIdx.x) * WARPS + tid / 32] = s[tid];
    __syncthreads();
  }
}

int main() {
  const char *quick = std::getenv("CUATOMLINT_QUICK");
  const int blocks = quick ? 4 : 1024, rounds = quick ? 2 : 32;
  const size_t n = (size_t)blocks * THREADS, nout = (size_t)blocks * WARPS * rounds;
  int *in, *out;
  int *h_in = (int *)std::malloc(n * sizeof(int));
  int *h_out = (int *)std::malloc(nout * sizeof(int));

  for (size_t j = 0; j < n; j++)
    h_in[j] = (int)((j * 2654435761u) % 1000) - 500;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, nout * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  segment_sums<<<blocks, THREADS>>>(in, out, rounds);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, "segment_sums");
  CHECK_CUDA(cudaMemcpy(h_out, out, nout * sizeof(int), cudaMemcpyDeviceToHost));
  long long wrong = 0;
  for (int r = 0; r < rounds; r++)
    for (int b = 0; b < blocks; b++)
      for (int w = 0; w < WARPS; w++) {
        int sum = 0;
        for (int l = 0; l < 32; l++)
          sum += h_in[(size_t)b * THREADS + w * 32 + l] + r;
        wrong += h_out[((size_t)r * blocks + b) * WARPS + w] != sum;
      }
  expect(wrong == 0, "%s%lld of %lld segment sums wrong", "", wrong, nout);
  std::free(h_in);
  std::free(h_out);
  return finish("segmented reduction");
}
