// REQUIRES: cuda-toolkit
// cudpp's reduceBlocks: the block size comes from a host max() and a switch
// on it launches one instantiation per size.  clang's wrapper has no host
// max(), and clang drops a statement whose condition does not compile, so
// the kernels the switch launched were never instantiated nor checked.  With
// nvcc's host overloads in the prelude the warp tail is found; the same tail
// with __syncwarp() between the steps is not.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='error:'

template <class T, unsigned blockSize>
__global__ void reduce(T *out, const T *in) {
  extern __shared__ int smem[];
  volatile T *s = (T *)smem;
  unsigned tid = threadIdx.x;
  T sum = in[tid];
  s[tid] = sum;
  __syncthreads();
  if (tid < 32) {
    if (blockSize >= 64) { s[tid] = sum = sum + s[tid + 32]; }
    if (blockSize >= 32) { s[tid] = sum = sum + s[tid + 16]; }
    // CHECK: launched-in-switch.cu:[[@LINE-2]]:28: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them{{.*}} [volatile-warp-sync]
    // CHECK: launched-in-switch.cu:[[@LINE-2]]:28: note: this step reads what other lanes wrote in the step before
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

template <class T, unsigned blockSize>
__global__ void reduce_synced(T *out, const T *in) {
  extern __shared__ int smem[];
  volatile T *s = (T *)smem;
  unsigned tid = threadIdx.x;
  T sum = in[tid];
  s[tid] = sum;
  __syncthreads();
  if (tid < 32) {
    if (blockSize >= 64) { s[tid] = sum = sum + s[tid + 32]; }
    __syncwarp();
    if (blockSize >= 32) { s[tid] = sum = sum + s[tid + 16]; }
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

template <class T> void reduce_blocks(T *out, const T *in, unsigned n) {
  dim3 block(max(1, n / 2), 1, 1);
  switch (block.x) {
  case 128: reduce<T, 128><<<1, block, 128 * sizeof(T)>>>(out, in); break;
  case 64: reduce<T, 64><<<1, block, 64 * sizeof(T)>>>(out, in); break;
  }
  switch (min(block.x, 128)) {
  case 128: reduce_synced<T, 128><<<1, block, 128 * sizeof(T)>>>(out, in); break;
  }
}

void run(int *out, const int *in, unsigned n) { reduce_blocks(out, in, n); }
