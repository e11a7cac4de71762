// Steps under conditions that may split a warp (issue 11.1): the fix's
// full-mask __syncwarp() must be reached by every lane of the warp.  A step
// under such a condition gets the hoisted form (condition into a bool, the
// value read under it, both barriers outside it); a run that not every lane
// reaches gets no fix and a note that says why.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note: no fix'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note: no fix'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// A second --fix changes nothing, and only the runs without a fix are left.
// RUN: cp %t.cu %t.once && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not='warning:' --implicit-check-not='fix-it:'
// RUN: diff %t.once %t.cu

// The Hillis-Steele scan, unrolled: lanes below k skip each step.
__global__ void scan_unrolled(int *out) {
  __shared__ int sdata[32];
  unsigned i = threadIdx.x, lane = threadIdx.x & 31;
  volatile int *s = sdata;
  s[i] = out[i];
  if (lane >= 1) s[i] += s[i - 1];
  if (lane >= 2) s[i] += s[i - 2];
  if (lane >= 4) { s[i] = s[i] + s[i - 4]; }
  // CHECK: lane-guarded.cu:[[@LINE-3]]:18: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: lane-guarded.cu:[[@LINE-3]]:18: note: this step reads what other lanes wrote in the step before
  // The store that fills 's' races with the first step's reads too (issue 23).
  // CHECK: lane-guarded.cu:[[@LINE-7]]:3: note: no __syncwarp() between this store and the first step, which reads what other lanes of the warp stored here
  // CHECK: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-7]]:3-[[@LINE-7]]:35}:"__syncwarp(); { bool c = lane >= 1; int v{}; if (c) v = s[i] + s[i - 1]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-7]]:3-[[@LINE-7]]:35}:"{ bool c = lane >= 2; int v{}; if (c) v = s[i] + s[i - 2]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-7]]:3-[[@LINE-7]]:45}:"{ bool c = lane >= 4; int v{}; if (c) v = s[i] + s[i - 4]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }"
  // FIXED: {{^  }}__syncwarp(); { bool c = lane >= 1; int v{}; if (c) v = s[i] + s[i - 1]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane >= 2; int v{}; if (c) v = s[i] + s[i - 2]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane >= 4; int v{}; if (c) v = s[i] + s[i - 4]; __syncwarp(); if (c) s[i] = v; __syncwarp(); }
  out[i] = s[i];
}

// The same scan as a loop: k is the same on every lane, the guard is not.
__global__ void scan_loop(float *out) {
  __shared__ float sdata[32];
  volatile float *s = sdata;
  int lane = threadIdx.x % 32;
  s[lane] = out[lane];
  for (int k = 1; k < 32; k <<= 1)
    if (lane >= k) s[lane] += s[lane - k];
  // CHECK: lane-guarded.cu:[[@LINE-1]]:20: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: lane-guarded.cu:[[@LINE-4]]:3: note: no __syncwarp() between this store and the first step, which reads what other lanes of the warp stored here
  // CHECK: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-4]]:3-[[@LINE-4]]:3}:"__syncwarp(); "
  // CHECK-NEXT: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-4]]:5-[[@LINE-4]]:43}:"{ bool c = lane >= k; float v{}; if (c) v = s[lane] + s[lane - k]; __syncwarp(); if (c) s[lane] = v; __syncwarp(); }"
  // FIXED: {{^  }}__syncwarp(); for (int k = 1; k < 32; k <<= 1)
  // FIXED-NEXT: {{^    }}{ bool c = lane >= k; float v{}; if (c) v = s[lane] + s[lane - k]; __syncwarp(); if (c) s[lane] = v; __syncwarp(); }
  out[lane] = s[lane];
}

// A max reduction in compare-and-assign form (issue 10.3) under the whole
// first warp: the data-dependent guard is hoisted, 'tid < 32' is not.
__global__ void max_reduce(const int *in, int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    volatile int *s = sdata;
    if (s[tid + 32] > s[tid]) s[tid] = s[tid + 32];
    if (s[tid + 16] > s[tid]) s[tid] = s[tid + 16];
    if (s[tid] < s[tid + 8]) s[tid] = s[tid + 8];
    // CHECK: lane-guarded.cu:[[@LINE-3]]:31: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: lane-guarded.cu:[[@LINE-3]]:31: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-5]]:5-[[@LINE-5]]:52}:"{ bool c = s[tid + 32] > s[tid]; int v{}; if (c) v = s[tid + 32]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-5]]:5-[[@LINE-5]]:52}:"{ bool c = s[tid + 16] > s[tid]; int v{}; if (c) v = s[tid + 16]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-5]]:5-[[@LINE-5]]:50}:"{ bool c = s[tid] < s[tid + 8]; int v{}; if (c) v = s[tid + 8]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
    // FIXED: {{^    }}{ bool c = s[tid + 32] > s[tid]; int v{}; if (c) v = s[tid + 32]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ bool c = s[tid + 16] > s[tid]; int v{}; if (c) v = s[tid + 16]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ bool c = s[tid] < s[tid + 8]; int v{}; if (c) v = s[tid + 8]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
  }
  if (tid == 0) *out = sdata[0];
}

// A helper every call of which is made by whole warps (warp 0: threadIdx.x / 32 == 0).
__device__ void warp_reduce(volatile int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  // CHECK: lane-guarded.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: lane-guarded.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-4]]:3-[[@LINE-4]]:25}:"{ int v = s[tid] + s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-4]]:3-[[@LINE-4]]:25}:"{ int v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }"
}

__global__ void calls_whole_warp(int *out) {
  __shared__ int sdata[64];
  if (threadIdx.x / 32 == 0) warp_reduce(sdata, threadIdx.x);
  *out = sdata[0];
}

// A helper called by half a warp: no fix, the note points at the call's condition.
__device__ void warp_reduce_half(volatile int *s, unsigned tid) {
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  // CHECK: lane-guarded.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: lane-guarded.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: lane-guarded.cu:[[@LINE+7]]:7: note: no fix: not every lane of the warp gets past this condition, so a full-mask __syncwarp() would wait for lanes that never arrive
  // AGAIN: .tmp.cu:[[@LINE-5]]:3: warning: warp-synchronous steps on volatile 's'
}

__global__ void calls_half_warp(int *out) {
  __shared__ int sdata[32];
  unsigned tid = threadIdx.x;
  if (tid < 16) warp_reduce_half(sdata, tid);
  *out = sdata[0];
}

// An early return some lanes take, on data.
__global__ void early_return(int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata;
  if (out[tid] == 0) return;
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  // CHECK: lane-guarded.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: lane-guarded.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: lane-guarded.cu:[[@LINE-5]]:22: note: no fix: some lanes of the warp may leave here, and a full-mask __syncwarp() would wait for them
  // AGAIN: .tmp.cu:[[@LINE-5]]:3: warning: warp-synchronous steps on volatile 's'
}

// 'tid < 32' splits a warp when the block has rows of other than 32k threads:
// in a function that names threadIdx.y it is not taken as whole warps.
__global__ void two_dim(int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata + 64 * threadIdx.y;
  if (tid < 32) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    // CHECK: lane-guarded.cu:[[@LINE-2]]:5: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: lane-guarded.cu:[[@LINE-2]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: lane-guarded.cu:[[@LINE-5]]:7: note: no fix: not every lane of the warp gets past this condition, so a full-mask __syncwarp() would wait for lanes that never arrive
    // AGAIN: .tmp.cu:[[@LINE-5]]:5: warning: warp-synchronous steps on volatile 's'
  }
}

// A loop whose trip count depends on the lane.
__global__ void lane_bound_loop(int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata;
  for (int k = tid; k > 0; k >>= 1)
    s[tid] += s[tid + k];
  // CHECK: lane-guarded.cu:[[@LINE-1]]:5: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: lane-guarded.cu:[[@LINE-3]]:3: note: no fix: lanes may run this loop a different number of times, so they would not meet at a full-mask __syncwarp()
  // AGAIN: .tmp.cu:[[@LINE-3]]:5: warning: warp-synchronous step on volatile 's'
}

// A break some lanes take leaves the others alone in the next round.
__global__ void break_in_loop(int *out, int rounds) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata;
  for (int r = 0; r < rounds; r++) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    if (out[tid] > r) break;
    // CHECK: lane-guarded.cu:[[@LINE-3]]:5: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: lane-guarded.cu:[[@LINE-3]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: lane-guarded.cu:[[@LINE-3]]:23: note: no fix: some lanes of the warp may leave here, and a full-mask __syncwarp() would wait for them
    // AGAIN: .tmp.cu:[[@LINE-6]]:5: warning: warp-synchronous steps on volatile 's'
  }
}

// Compile-time guards and an early return of whole warps stay fixable.
template <unsigned blockSize>
__global__ void uniform_guards(int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  volatile int *s = sdata;
  if (tid >= 32) return;
  if (blockSize >= 64) s[tid] += s[tid + 32];
  if (blockSize >= 32) s[tid] += s[tid + 16];
  // CHECK: lane-guarded.cu:[[@LINE-2]]:24: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: lane-guarded.cu:[[@LINE-2]]:24: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-4]]:24-[[@LINE-4]]:46}:"{ int v = s[tid] + s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}lane-guarded.cu":{[[@LINE-4]]:24-[[@LINE-4]]:46}:"{ int v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }"
  // FIXED: {{^  }}if (blockSize >= 64) { int v = s[tid] + s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}if (blockSize >= 32) { int v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }
}

void host() { uniform_guards<64><<<1, 64>>>(nullptr); }
