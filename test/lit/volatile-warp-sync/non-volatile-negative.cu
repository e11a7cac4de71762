// Near misses of the non-volatile shape (issue 23.2): correct code, or code
// whose lanes exchange nothing, that looks like warp-synchronous steps.
// RUN: %expect-exit 0 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | count 0
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | count 0

// __syncwarp() between the steps (and between reads and writes).
__global__ void synced(int *out) {
  __shared__ int s[64];
  unsigned tid = threadIdx.x;
  s[tid] = out[tid];
  __syncthreads();
  if (tid < 32) {
    int v = s[tid] + s[tid + 32];
    __syncwarp();
    s[tid] = v;
    __syncwarp();
    s[tid] += s[tid + 16];
    __syncwarp();
    s[tid] += s[tid + 8];
  }
  out[tid] = s[tid];
}

// The classic tree reduction: __syncthreads() in the loop and between steps.
__global__ void tree(const float *in, float *out) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid < 64) s[tid] += s[tid + 64];
  __syncthreads();
  if (tid < 32) s[tid] += s[tid + 32];
  __syncthreads();
  if (tid == 0) *out = s[0];
}

// One step is no chain.
__global__ void single(int *out) {
  __shared__ int s[64];
  unsigned tid = threadIdx.x;
  s[tid] = out[tid];
  __syncthreads();
  if (tid < 32) s[tid] += s[tid + 32];
  __syncthreads();
  out[tid] = s[tid];
}

// Each thread reads and writes its own slots only: rows per thread, four
// consecutive elements per thread, its own element.
__global__ void own_slots(int *out) {
  __shared__ int buf[256][4];
  __shared__ int q[1024];
  __shared__ int r[256];
  unsigned t = threadIdx.x;
  int i = threadIdx.x * 4;
  buf[t][1] += buf[t][0];
  buf[t][2] += buf[t][1];
  buf[t][3] += buf[t][2];
  q[i + 1] += q[i];
  q[i + 2] += q[i + 1];
  q[i + 3] += q[i + 2];
  r[t] = r[t] * 2;
  r[t] = r[t] + out[t];
  out[t] = buf[t][3] + q[i + 3] + r[t];
}

// Slots a whole block apart belong to the same thread.
__global__ void strided_slots(float *out) {
  extern __shared__ float s[];
  unsigned t = threadIdx.x;
  s[t] += s[t + blockDim.x];
  s[t] += s[t + 2 * blockDim.x];
  int off = blockDim.x;
  s[t] += s[t + off];
  s[t] += s[t + off];
  out[t] = s[t];
}

// Per-thread private arrays are no shared memory.
__global__ void private_array(int *out) {
  int a[64];
  unsigned tid = threadIdx.x;
  for (int j = 0; j < 64; ++j)
    a[j] = out[j];
  if (tid < 32) {
    a[tid] += a[tid + 32];
    a[tid] += a[tid + 16];
  }
  out[tid] = a[tid];
}

// Global memory: not this shape (another thread's element, but not an
// exchange through shared memory the check can see).
__global__ void global_steps(int *g) {
  unsigned tid = threadIdx.x;
  if (tid < 32) {
    g[tid] += g[tid + 32];
    g[tid] += g[tid + 16];
  }
}

// Shuffles exchange through registers.
__global__ void shuffles(int *out) {
  __shared__ int s[32];
  int v = out[threadIdx.x];
  for (int k = 16; k > 0; k >>= 1)
    v += __shfl_down_sync(0xffffffff, v, k);
  s[threadIdx.x & 31] = v;
  __syncwarp();
  out[threadIdx.x] = s[0];
}

// One lane alone, and the same element on every lane.
__global__ void serial(int *out) {
  __shared__ int s[32];
  if (threadIdx.x == 0)
    for (int j = 1; j < 32; ++j)
      s[j] += s[j - 1];
  __syncthreads();
  s[0] += s[1];
  s[0] += s[2];
  out[threadIdx.x] = s[31];
}
