// Pre-Volta warp-synchronous reductions through volatile shared memory.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'

// The canonical tail: a volatile pointer to the shared array, inside 'if (tid < 32)'.
__global__ void reduce(const int *in, int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    volatile int *s = sdata;
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] = s[tid] + s[tid + 8];
    s[tid] += s[tid + 4];
    // CHECK: reduction.cu:[[@LINE-4]]:5: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: reduction.cu:[[@LINE-4]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}reduction.cu":{[[@LINE-6]]:5-[[@LINE-6]]:27}:"{ int v = s[tid] + s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}reduction.cu":{[[@LINE-6]]:5-[[@LINE-6]]:27}:"{ int v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}reduction.cu":{[[@LINE-6]]:5-[[@LINE-6]]:34}:"{ int v = s[tid] + s[tid + 8]; __syncwarp(); s[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}reduction.cu":{[[@LINE-6]]:5-[[@LINE-6]]:26}:"{ int v = s[tid] + s[tid + 4]; __syncwarp(); s[tid] = v; __syncwarp(); }"
  }
  if (tid == 0)
    *out = sdata[0];
}

// The helper form, with the CUDA samples' running sum: 'v' is taken, so the
// temporary is 'v_'.
__device__ void warpReduce(volatile float *sdata, unsigned tid) {
  float v = sdata[tid];
  sdata[tid] = v = v + sdata[tid + 32];
  sdata[tid] = v = v + sdata[tid + 16];
  // CHECK: reduction.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 'sdata' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: reduction.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}reduction.cu":{[[@LINE-4]]:3-[[@LINE-4]]:40}:"{ float v_ = v = v + sdata[tid + 32]; __syncwarp(); sdata[tid] = v_; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}reduction.cu":{[[@LINE-4]]:3-[[@LINE-4]]:40}:"{ float v_ = v = v + sdata[tid + 16]; __syncwarp(); sdata[tid] = v_; __syncwarp(); }"
}

// Steps guarded by a compile-time block size (the samples' reduce6); the
// template has no type parameter, so every instantiation gets the same fix.
template <unsigned blockSize>
__device__ void warpReduceT(volatile unsigned *sdata, unsigned tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] *= sdata[tid + 16] + 1u;
  // CHECK: reduction.cu:[[@LINE-2]]:24: warning: warp-synchronous steps on volatile 'sdata' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: reduction.cu:[[@LINE-2]]:24: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}reduction.cu":{[[@LINE-4]]:24-[[@LINE-4]]:54}:"{ unsigned int v = sdata[tid] + sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}reduction.cu":{[[@LINE-4]]:24-[[@LINE-4]]:59}:"{ unsigned int v = sdata[tid] * (sdata[tid + 16] + 1u); __syncwarp(); sdata[tid] = v; __syncwarp(); }"
}

// A loop repeating one step (k is the same on every lane: the loop runs as
// often on each).
__device__ double loop_reduce(volatile double *s, unsigned tid) {
  for (int k = 16; k > 0; k >>= 1)
    s[tid] += s[tid + k];
  // CHECK: reduction.cu:[[@LINE-1]]:5: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: fix-it:"{{.*}}reduction.cu":{[[@LINE-2]]:5-[[@LINE-2]]:26}:"{ double v = s[tid] + s[tid + k]; __syncwarp(); s[tid] = v; __syncwarp(); }"
  return s[0];
}

// The same helper with no call in the file: whether every lane of a warp
// calls it cannot be known, so no fix.
__device__ double uncalled_reduce(volatile double *s, unsigned tid) {
  for (int k = 16; k > 0; k >>= 1)
    s[tid] += s[tid + k];
  // CHECK: reduction.cu:[[@LINE-1]]:5: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: reduction.cu:[[@LINE-4]]:19: note: no fix: this function is not called in this translation unit, so cuatomlint cannot tell whether every lane of the warp calls it
  return s[0];
}

__global__ void launch(float *f, unsigned *u) {
  __shared__ float sf[64];
  __shared__ unsigned su[64];
  __shared__ double sd[64];
  warpReduce(sf, threadIdx.x);
  loop_reduce(sd, threadIdx.x);
  warpReduceT<64>(su, threadIdx.x);
  warpReduceT<128>(su, threadIdx.x);
}

// Half a warp: a full-mask __syncwarp() would wait for lanes that never
// arrive, so the finding carries no fix, and a note says why.
__global__ void half_warp(int *out) {
  __shared__ int sdata[32];
  unsigned tid = threadIdx.x;
  if (tid < 16) {
    volatile int *s = sdata;
    s[tid] += s[tid + 8];
    s[tid] += s[tid + 4];
    // CHECK: reduction.cu:[[@LINE-2]]:5: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: reduction.cu:[[@LINE-2]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: reduction.cu:[[@LINE-6]]:7: note: no fix: not every lane of the warp gets past this condition, so a full-mask __syncwarp() would wait for lanes that never arrive
  }
  *out = sdata[0];
}
