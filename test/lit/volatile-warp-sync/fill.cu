// The stores that fill the array before the first step (issue 23.2): the
// first step reads what other lanes stored, so the fix also puts a
// __syncwarp() between them (before the first step, or before the loop);
// a note shows the store.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %expect-exit 0 %cuatomlint --checks='-*,volatile-warp-sync' %t.cu 2>&1 | count 0

// A segmented reduction: each warp sums its own 32 values.
__global__ void segmented(const int *in, int *out) {
  __shared__ int sdata[128];
  unsigned tid = threadIdx.x, lane = tid & 31;
  volatile int *s = sdata;
  s[tid] = in[blockIdx.x * 128 + tid];
  if (lane < 16) s[tid] += s[tid + 16];
  if (lane < 8) s[tid] += s[tid + 8];
  if (lane < 4) s[tid] += s[tid + 4];
  // CHECK: fill.cu:[[@LINE-3]]:18: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: fill.cu:[[@LINE-3]]:17: note: this step reads what other lanes wrote in the step before
  // CHECK: fill.cu:[[@LINE-6]]:3: note: no __syncwarp() between this store and the first step, which reads what other lanes of the warp stored here
  // CHECK: fix-it:"{{.*}}fill.cu":{[[@LINE-6]]:3-[[@LINE-6]]:40}:"__syncwarp(); { bool c = lane < 16; int v{}; if (c) v = s[tid] + s[tid + 16]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}fill.cu":{[[@LINE-6]]:3-[[@LINE-6]]:38}:"{ bool c = lane < 8; int v{}; if (c) v = s[tid] + s[tid + 8]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}fill.cu":{[[@LINE-6]]:3-[[@LINE-6]]:38}:"{ bool c = lane < 4; int v{}; if (c) v = s[tid] + s[tid + 4]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
  // FIXED: {{^  }}__syncwarp(); { bool c = lane < 16; int v{}; if (c) v = s[tid] + s[tid + 16]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane < 8; int v{}; if (c) v = s[tid] + s[tid + 8]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane < 4; int v{}; if (c) v = s[tid] + s[tid + 4]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
  if (lane == 0)
    out[blockIdx.x * 4 + tid / 32] = s[tid];
}

// Filled through the array, reduced through a volatile pointer to it, with
// a declaration between.
__global__ void through_alias(const float *in, float *out) {
  __shared__ float buf[32];
  unsigned lane = threadIdx.x % 32;
  buf[lane] = in[lane] * 2.0f;
  volatile float *v = buf;
  if (lane < 16) v[lane] += v[lane + 16];
  if (lane < 8) v[lane] += v[lane + 8];
  if (lane < 4) v[lane] += v[lane + 4];
  // CHECK: fill.cu:[[@LINE-3]]:18: warning: warp-synchronous steps on volatile 'v' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: fill.cu:[[@LINE-3]]:17: note: this step reads what other lanes wrote in the step before
  // CHECK: fill.cu:[[@LINE-7]]:3: note: no __syncwarp() between this store and the first step, which reads what other lanes of the warp stored here
  // CHECK: fix-it:"{{.*}}fill.cu":{[[@LINE-6]]:3-[[@LINE-6]]:42}:"__syncwarp(); { bool c = lane < 16; float v_{}; if (c) v_ = v[lane] + v[lane + 16]; __syncwarp(); if (c) v[lane] = v_; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}fill.cu":{[[@LINE-6]]:3-[[@LINE-6]]:40}:"{ bool c = lane < 8; float v_{}; if (c) v_ = v[lane] + v[lane + 8]; __syncwarp(); if (c) v[lane] = v_; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}fill.cu":{[[@LINE-6]]:3-[[@LINE-6]]:40}:"{ bool c = lane < 4; float v_{}; if (c) v_ = v[lane] + v[lane + 4]; __syncwarp(); if (c) v[lane] = v_; __syncwarp(); }"
  // FIXED: {{^  }}__syncwarp(); { bool c = lane < 16; float v_{}; if (c) v_ = v[lane] + v[lane + 16]; __syncwarp(); if (c) v[lane] = v_; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane < 8; float v_{}; if (c) v_ = v[lane] + v[lane + 8]; __syncwarp(); if (c) v[lane] = v_; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane < 4; float v_{}; if (c) v_ = v[lane] + v[lane + 4]; __syncwarp(); if (c) v[lane] = v_; __syncwarp(); }
  out[lane] = v[0];
}

// Near misses: a __syncwarp() after the store, and a store to another array.
__global__ void synced_fill(const int *in, int *out) {
  __shared__ int s[32], other[32];
  unsigned lane = threadIdx.x & 31;
  s[lane] = in[lane];
  __syncwarp();
  other[lane] = 0;
  if (lane < 16) s[lane] += s[lane + 16];
  if (lane < 8) s[lane] += s[lane + 8];
  // CHECK: fill.cu:[[@LINE-2]]:18: warning: warp-synchronous steps on non-volatile __shared__ 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: fill.cu:[[@LINE-2]]:17: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}fill.cu":{[[@LINE-4]]:3-[[@LINE-4]]:42}:"{ bool c = lane < 16; int v{}; if (c) v = s[lane] + s[lane + 16]; __syncwarp(); if (c) s[lane] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}fill.cu":{[[@LINE-4]]:3-[[@LINE-4]]:40}:"{ bool c = lane < 8; int v{}; if (c) v = s[lane] + s[lane + 8]; __syncwarp(); if (c) s[lane] = v; __syncwarp(); }"
  // FIXED: {{^  }}{ bool c = lane < 16; int v{}; if (c) v = s[lane] + s[lane + 16]; __syncwarp(); if (c) s[lane] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane < 8; int v{}; if (c) v = s[lane] + s[lane + 8]; __syncwarp(); if (c) s[lane] = v; __syncwarp(); }
  out[lane] = s[0] + other[lane];
}
