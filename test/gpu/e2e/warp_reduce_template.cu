// e2e: cudpp's reduceBlock shape, a template over the block size and the
// element type whose warp-synchronous tail chains 'sdata[tid] = sum =
// op(sum, sdata[tid + k])' through volatile shared memory.
// run.sh: before may pass
//
// Misuse (volatile-warp-sync, issue 21.5): the tail assumes lockstep; as
// written it usually gives the right sums on an H100/H200, so the "before"
// row is not required to fail; racecheck reports the hazards.  The steps
// sit in a template over the element type, instantiated for int and float:
// cuatomlint --fix writes the temporary as 'T', the type the template
// names, so one edit serves both instantiations.  Fixed, every block's sum
// is exact for both types (the float inputs are small integers, so their
// sums are exact in any order), under racecheck and synccheck too.
#include "harness.cuh"

enum { THREADS = 256 };

template <class T> struct Add {
  __device__ T operator()(T a, T b) const { return a + b; }
};

template <unsigned blockSize, class T>
__global__ void reduce_block(const T *in, T *out) {
  __shared__ T smem[blockSize];
  volatile T *sdata = smem;
  Add<T> op;
  unsigned tid = threadIdx.x;
  T sum = in[blockIdx.x * blockSize + tid];
  sdata[tid] = sum;
  __syncthreads();
  if (blockSize >= 256) { if (tid < 128) { sdata[tid] = sum = op(sum, sdata[tid + 128]); } __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) { sdata[tid] = sum = op(sum, sdata[tid + 64]); } __syncthreads(); }
  if (tid < 32) {
    if (blockSize >= 64) { sdata[tid] = sum = op(sum, sdata[tid + 32]); }
    if (blockSize >= 32) { sdata[tid] = sum = op(sum, sdata[tid + 16]); }
    if (blockSize >= 16) { sdata[tid] = sum = op(sum, sdata[tid + 8]); }
    if (blockSize >= 8) { sdata[tid] = sum = op(sum, sdata[tid + 4]); }
    if (blockSize >= 4) { sdata[tid] = sum = op(sum, sdata[tid + 2]); }
    if (blockSize >= 2) { sdata[tid] = sum = op(sum, sdata[tid + 1]); }
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

template <class T> static long long run(int blocks, const char *what) {
  const size_t n = (size_t)blocks * THREADS;
  T *in, *out;
  T *h_in = (T *)std::malloc(n * sizeof(T));
  T *h_out = (T *)std::malloc(blocks * sizeof(T));

  for (size_t j = 0; j < n; j++)
    h_in[j] = (T)((int)((j * 40503u) % 2001) - 1000);
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&out, blocks * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(in, h_in, n * sizeof(T), cudaMemcpyHostToDevice));
  reduce_block<THREADS, T><<<blocks, THREADS>>>(in, out);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, what);
  CHECK_CUDA(cudaMemcpy(h_out, out, blocks * sizeof(T), cudaMemcpyDeviceToHost));
  long long wrong = 0;
  for (int b = 0; b < blocks; b++) {
    T sum = 0;
    for (int t = 0; t < THREADS; t++)
      sum += h_in[(size_t)b * THREADS + t];
    wrong += h_out[b] != sum;
  }
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  std::free(h_in);
  std::free(h_out);
  return wrong;
}

int main() {
  const int blocks = std::getenv("CUATOMLINT_QUICK") ? 8 : 4096;
  long long wi = run<int>(blocks, "reduce_block<int>");
  long long wf = run<float>(blocks, "reduce_block<float>");
  expect(wi == 0 && wf == 0, "%s%lld int and %lld float block sums wrong", "", wi, wf);
  return finish("template tree reduction");
}
