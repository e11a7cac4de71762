// Must not flag: __syncwarp() between steps, shuffle reductions, host code,
// single steps, non-volatile memory, code in comments and strings.
// RUN: %expect-exit 0 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | count 0
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | count 0

__device__ void synced(volatile int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  __syncwarp();
  s[tid] += s[tid + 16];
  __syncwarp();
  s[tid] += s[tid + 8];
  __syncwarp();
}

__device__ void synced_loop(volatile int *s, unsigned tid) {
  for (int k = 16; k > 0; k >>= 1) {
    s[tid] += s[tid + k];
    __syncwarp();
  }
}

__device__ int shuffle(int v) {
  for (int k = 16; k > 0; k >>= 1)
    v += __shfl_down_sync(0xffffffff, v, k);
  return v;
}

__device__ int shuffle_unrolled(int v) {
  v += __shfl_down_sync(0xffffffff, v, 16);
  v += __shfl_down_sync(0xffffffff, v, 8);
  v += __shfl_down_sync(0xffffffff, v, 4);
  return v;
}

// One step is not a chain of dependent steps.
__device__ void single(volatile int *s, unsigned tid) { s[tid] += s[tid + 32]; }

// Steps on two different arrays do not depend on each other.
__device__ void two_arrays(volatile int *a, volatile int *b, unsigned tid) {
  a[tid] += a[tid + 16];
  b[tid] += b[tid + 16];
}

// Not volatile: some other problem, not this check's.
__device__ void plain(int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
}

// Host code.
void host_reduce(volatile int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
}

// s[tid] += s[tid + 32]; s[tid] += s[tid + 16];
const char *text = "s[tid] += s[tid + 32]; s[tid] += s[tid + 16];";

// A loop run by one thread (issue 11.2): no other lane races with it, and
// the index is the loop counter, not the lane.
__global__ void serial_tail(float *out) {
  __shared__ float sdata[32];
  volatile float *sum = sdata;
  if (threadIdx.x == 0)
    for (int j = 1; j < 32; ++j) sum[0] += sum[j];
  if (threadIdx.x == 0)
    *out = sum[0];
}

// The same element on every lane is no exchange between lanes.
__global__ void same_element(int *out) {
  __shared__ volatile int acc[32];
  for (int j = 1; j < 32; ++j)
    acc[0] += acc[j];
  *out = acc[0];
}

// Steps one lane runs alone.
__global__ void one_lane(int *out) {
  __shared__ int sdata[64];
  unsigned lane = threadIdx.x & 31;
  volatile int *s = sdata;
  if (lane == 0) {
    s[lane] += s[lane + 32];
    s[lane] += s[lane + 16];
  }
  *out = s[0];
}

// A compare-and-assign on different arrays, and one on a single element.
__global__ void compare_single(int *out) {
  __shared__ volatile int best[32];
  unsigned tid = threadIdx.x;
  if (best[tid + 16] > best[tid]) best[tid] = best[tid + 16];
  *out = best[0];
}

// '*sum' through a pointer to a shared array is one element for every lane.
__global__ void deref_tail(int *out) {
  __shared__ int sdata[32];
  volatile int *sum = sdata;
  if (threadIdx.x < 32)
    for (int j = 1; j < 32; ++j) *sum += sum[j];
  *out = *sum;
}
