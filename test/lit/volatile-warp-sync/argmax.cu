// Compare-and-assign steps whose body updates several arrays (issue 23.2,
// 23.6): the argmax keeps the value and its index side by side.  The fix
// reads every value under the condition before any lane writes; it is
// offered only where no assignment reads or indexes with an array another
// one writes, so that reading them all first is what lockstep did.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %expect-exit 0 %cuatomlint --checks='-*,volatile-warp-sync' %t.cu 2>&1 | count 0

// The argmax tail under the first warp, volatile.
__global__ void argmax(const float *in, int *out) {
  __shared__ float val[64];
  __shared__ int idx[64];
  unsigned t = threadIdx.x;
  val[t] = in[t];
  idx[t] = t;
  __syncthreads();
  if (t < 32) {
    volatile float *v = val;
    volatile int *i = idx;
    if (v[t + 32] > v[t]) { v[t] = v[t + 32]; i[t] = i[t + 32]; }
    if (v[t + 16] > v[t]) { v[t] = v[t + 16]; i[t] = i[t + 16]; }
    if (v[t + 8] > v[t]) {
      v[t] = v[t + 8];
      i[t] = i[t + 8];
    }
    // CHECK: argmax.cu:[[@LINE-6]]:29: warning: warp-synchronous steps on volatile 'v' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: argmax.cu:[[@LINE-6]]:29: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}argmax.cu":{[[@LINE-8]]:5-[[@LINE-8]]:66}:"{ bool c = v[t + 32] > v[t]; float v0{}; int v1{}; if (c) { v0 = v[t + 32]; v1 = i[t + 32]; } __syncwarp(); if (c) { v[t] = v0; i[t] = v1; } __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}argmax.cu":{[[@LINE-8]]:5-[[@LINE-8]]:66}:"{ bool c = v[t + 16] > v[t]; float v0{}; int v1{}; if (c) { v0 = v[t + 16]; v1 = i[t + 16]; } __syncwarp(); if (c) { v[t] = v0; i[t] = v1; } __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}argmax.cu":{[[@LINE-8]]:5-[[@LINE-5]]:6}:"{ bool c = v[t + 8] > v[t]; float v0{}; int v1{}; if (c) { v0 = v[t + 8]; v1 = i[t + 8]; } __syncwarp(); if (c) { v[t] = v0; i[t] = v1; } __syncwarp(); }"
    // FIXED: {{^    }}{ bool c = v[t + 32] > v[t]; float v0{}; int v1{}; if (c) { v0 = v[t + 32]; v1 = i[t + 32]; } __syncwarp(); if (c) { v[t] = v0; i[t] = v1; } __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ bool c = v[t + 16] > v[t]; float v0{}; int v1{}; if (c) { v0 = v[t + 16]; v1 = i[t + 16]; } __syncwarp(); if (c) { v[t] = v0; i[t] = v1; } __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ bool c = v[t + 8] > v[t]; float v0{}; int v1{}; if (c) { v0 = v[t + 8]; v1 = i[t + 8]; } __syncwarp(); if (c) { v[t] = v0; i[t] = v1; } __syncwarp(); }
  }
  if (t == 0)
    *out = idx[0];
}

// Not volatile, per warp, the condition also guards the lane; an argmin
// with three arrays.
__global__ void argmin3(const double *in, int *out) {
  __shared__ double d[128];
  __shared__ int at[128];
  __shared__ short tag[128];
  unsigned tid = threadIdx.x, lane = tid & 31;
  d[tid] = in[tid];
  at[tid] = tid;
  tag[tid] = 1;
  __syncthreads();
  if (lane < 16 && d[tid + 16] < d[tid]) { d[tid] = d[tid + 16]; at[tid] = at[tid + 16]; tag[tid] = tag[tid + 16]; }
  if (lane < 8 && d[tid + 8] < d[tid]) { d[tid] = d[tid + 8]; at[tid] = at[tid + 8]; tag[tid] = tag[tid + 8]; }
  // CHECK: argmax.cu:[[@LINE-2]]:44: warning: warp-synchronous steps on non-volatile __shared__ 'd' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: argmax.cu:[[@LINE-2]]:42: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}argmax.cu":{[[@LINE-4]]:3-[[@LINE-4]]:117}:"{ bool c = lane < 16 && d[tid + 16] < d[tid]; double v0{}; int v1{}; short v2{}; if (c) { v0 = d[tid + 16]; v1 = at[tid + 16]; v2 = tag[tid + 16]; } __syncwarp(); if (c) { d[tid] = v0; at[tid] = v1; tag[tid] = v2; } __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}argmax.cu":{[[@LINE-4]]:3-[[@LINE-4]]:112}:"{ bool c = lane < 8 && d[tid + 8] < d[tid]; double v0{}; int v1{}; short v2{}; if (c) { v0 = d[tid + 8]; v1 = at[tid + 8]; v2 = tag[tid + 8]; } __syncwarp(); if (c) { d[tid] = v0; at[tid] = v1; tag[tid] = v2; } __syncwarp(); }"
  // FIXED: {{^  }}{ bool c = lane < 16 && d[tid + 16] < d[tid]; double v0{}; int v1{}; short v2{}; if (c) { v0 = d[tid + 16]; v1 = at[tid + 16]; v2 = tag[tid + 16]; } __syncwarp(); if (c) { d[tid] = v0; at[tid] = v1; tag[tid] = v2; } __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane < 8 && d[tid + 8] < d[tid]; double v0{}; int v1{}; short v2{}; if (c) { v0 = d[tid + 8]; v1 = at[tid + 8]; v2 = tag[tid + 8]; } __syncwarp(); if (c) { d[tid] = v0; at[tid] = v1; tag[tid] = v2; } __syncwarp(); }
  if (lane == 0)
    out[tid / 32] = at[tid] + tag[tid];
}

// Near misses.  Each thread's own slots: rows per thread.
__global__ void own_rows(float *out) {
  __shared__ float v[32][2];
  __shared__ int i[32][2];
  unsigned t = threadIdx.x;
  if (v[t][1] > v[t][0]) { v[t][0] = v[t][1]; i[t][0] = i[t][1]; }
  if (v[t][1] > v[t][0]) { v[t][0] = v[t][1]; i[t][0] = i[t][1]; }
  out[t] = v[t][0] + i[t][0];
}

// __syncwarp() between the steps.
__global__ void synced(const float *in, int *out) {
  __shared__ float v[64];
  __shared__ int i[64];
  unsigned t = threadIdx.x;
  v[t] = in[t];
  i[t] = t;
  __syncthreads();
  if (t < 32) {
    float nv = v[t];
    int ni = i[t];
    if (v[t + 16] > nv) { nv = v[t + 16]; ni = i[t + 16]; }
    __syncwarp();
    v[t] = nv;
    i[t] = ni;
    __syncwarp();
    if (v[t + 8] > v[t]) { v[t] = v[t + 8]; i[t] = i[t + 8]; }
  }
  if (t == 0)
    *out = i[0];
}
