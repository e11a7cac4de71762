// Which conditions select whole warps, and which lanes a helper's callers bring.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note: no fix'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note: no fix'

// Called from a helper that whole warps call ('tid <= 31': the first warp).
__device__ void inner(volatile int *s, unsigned t) {
  s[t] += s[t + 32];
  s[t] += s[t + 16];
  // CHECK: whole-warps.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: whole-warps.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}whole-warps.cu":{[[@LINE-4]]:3-[[@LINE-4]]:21}:"{ int v = s[t] + s[t + 32]; __syncwarp(); s[t] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}whole-warps.cu":{[[@LINE-4]]:3-[[@LINE-4]]:21}:"{ int v = s[t] + s[t + 16]; __syncwarp(); s[t] = v; __syncwarp(); }"
}

__device__ void outer(volatile int *s, unsigned t) { inner(s, t); }

__global__ void transitive(int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  if (tid <= 31) outer(sdata, tid);
  *out = sdata[0];
}

// 48 is no warp boundary: the second warp is split.
__global__ void not_a_warp_boundary(int *out) {
  __shared__ int sdata[96];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata;
  if (tid < 48) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    // CHECK: whole-warps.cu:[[@LINE-2]]:5: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: whole-warps.cu:[[@LINE-2]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: whole-warps.cu:[[@LINE-5]]:7: note: no fix: not every lane of the warp gets past this condition, so a full-mask __syncwarp() would wait for lanes that never arrive
  }
}

// A loop counter set under a lane condition differs between lanes.
__global__ void counter_in_if(int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata;
  int k = 16;
  if (tid & 1) k = 8;
  for (; k > 0; k >>= 1)
    s[tid] += s[tid + k];
  // CHECK: whole-warps.cu:[[@LINE-1]]:5: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: whole-warps.cu:[[@LINE-3]]:3: note: no fix: lanes may run this loop a different number of times, so they would not meet at a full-mask __syncwarp()
}

// The same counter with a kernel parameter and a warp-index guard: fixable.
__global__ void uniform_counter(int *out, int first) {
  __shared__ int sdata[64];
  unsigned warp = threadIdx.x >> 5;
  volatile int *s = sdata;
  int k = first;
  if (warp == 0)
    for (; k > 0; k >>= 1)
      s[threadIdx.x] += s[threadIdx.x + k];
  // CHECK: whole-warps.cu:[[@LINE-1]]:7: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: fix-it:"{{.*}}whole-warps.cu":{[[@LINE-2]]:7-[[@LINE-2]]:44}:"{ int v = s[threadIdx.x] + s[threadIdx.x + k]; __syncwarp(); s[threadIdx.x] = v; __syncwarp(); }"
}

// A continue that some lanes take before the steps: no fix; one that whole
// warps take: fixable.
__global__ void continues(int *out, int rounds) {
  __shared__ int sdata[64];
  __shared__ int tdata[64];
  unsigned tid = threadIdx.x, lane = tid & 31;
  volatile int *s = sdata, *t = tdata;
  for (int r = 0; r < rounds; r++) {
    if (lane < 16) continue;
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    // CHECK: whole-warps.cu:[[@LINE-2]]:5: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: whole-warps.cu:[[@LINE-2]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: whole-warps.cu:[[@LINE-5]]:20: note: no fix: some lanes of the warp may leave here, and a full-mask __syncwarp() would wait for them
  }
  for (int r = 0; r < rounds; r++) {
    if (r % 2 == 1) continue;
    t[tid] += t[tid + 32];
    t[tid] += t[tid + 16];
    // CHECK: whole-warps.cu:[[@LINE-2]]:5: warning: warp-synchronous steps on volatile 't' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: whole-warps.cu:[[@LINE-2]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}whole-warps.cu":{[[@LINE-4]]:5-[[@LINE-4]]:27}:"{ int v = t[tid] + t[tid + 32]; __syncwarp(); t[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}whole-warps.cu":{[[@LINE-4]]:5-[[@LINE-4]]:27}:"{ int v = t[tid] + t[tid + 16]; __syncwarp(); t[tid] = v; __syncwarp(); }"
  }
}

// The reduction loop with a braced body: the lane guard is hoisted inside
// the braces; 'tid < 32' around it selects the first warp.
__global__ void braced_loop(int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata;
  if (tid < 32) {
    for (unsigned k = 32; k > 0; k >>= 1) {
      if (tid < k) s[tid] += s[tid + k];
    }
    // CHECK: whole-warps.cu:[[@LINE-2]]:20: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: fix-it:"{{.*}}whole-warps.cu":{[[@LINE-3]]:7-[[@LINE-3]]:41}:"{ bool c = tid < k; int v{}; if (c) v = s[tid] + s[tid + k]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
  }
  *out = s[0];
}

// A while loop that repeats one step and updates its counter.
__global__ void while_counter(int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata;
  unsigned k = 32;
  if (tid < 32) {
    while (k > 0) {
      if (tid < k) s[tid] += s[tid + k];
      k >>= 1;
    }
    // CHECK: whole-warps.cu:[[@LINE-3]]:20: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: fix-it:"{{.*}}whole-warps.cu":{[[@LINE-4]]:7-[[@LINE-4]]:41}:"{ bool c = tid < k; int v{}; if (c) v = s[tid] + s[tid + k]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
  }
  *out = s[0];
}
