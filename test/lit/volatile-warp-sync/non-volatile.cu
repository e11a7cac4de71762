// Warp-synchronous steps on __shared__ memory that is not volatile (issue
// 23.2): the same lockstep assumption, and without volatile the compiler may
// also keep the values in registers.  Same check, same fix; the message says
// the array is not volatile.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %expect-exit 0 %cuatomlint --checks='-*,volatile-warp-sync' %t.cu 2>&1 | count 0

// The reduction tail on the __shared__ array itself.
__global__ void reduce_plain(const int *in, int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] = sdata[tid] + sdata[tid + 8];
    // CHECK: non-volatile.cu:[[@LINE-3]]:5: warning: warp-synchronous steps on non-volatile __shared__ 'sdata' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: non-volatile.cu:[[@LINE-3]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-5]]:5-[[@LINE-5]]:35}:"{ int v = sdata[tid] + sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-5]]:5-[[@LINE-5]]:35}:"{ int v = sdata[tid] + sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-5]]:5-[[@LINE-5]]:46}:"{ int v = sdata[tid] + sdata[tid + 8]; __syncwarp(); sdata[tid] = v; __syncwarp(); }"
    // FIXED: {{^    }}{ int v = sdata[tid] + sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ int v = sdata[tid] + sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ int v = sdata[tid] + sdata[tid + 8]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  }
  if (tid == 0)
    *out = sdata[0];
}

// Through a pointer to it, in a block of 'extern __shared__' memory.
__global__ void reduce_extern(const float *in, float *out) {
  extern __shared__ float smem[];
  float *s = smem;
  unsigned tid = threadIdx.x;
  smem[tid] = in[tid];
  __syncthreads();
  if (threadIdx.x < 32) {
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
    // CHECK: non-volatile.cu:[[@LINE-2]]:5: warning: warp-synchronous steps on non-volatile __shared__ 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: non-volatile.cu:[[@LINE-2]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-4]]:5-[[@LINE-4]]:27}:"{ float v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-4]]:5-[[@LINE-4]]:26}:"{ float v = s[tid] + s[tid + 8]; __syncwarp(); s[tid] = v; __syncwarp(); }"
    // FIXED: {{^    }}{ float v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ float v = s[tid] + s[tid + 8]; __syncwarp(); s[tid] = v; __syncwarp(); }
  }
  if (tid == 0)
    *out = s[0];
}

// The Hillis-Steele scan as a loop, lane ids, guarded steps: the store that
// fills the array also needs a __syncwarp() before the first step.
__global__ void scan_plain(int *out) {
  __shared__ int s[32];
  int lane = threadIdx.x & 31;
  s[lane] = out[lane];
  for (int k = 1; k < 32; k <<= 1)
    if (lane >= k) s[lane] += s[lane - k];
  // CHECK: non-volatile.cu:[[@LINE-1]]:20: warning: warp-synchronous step on non-volatile __shared__ 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: non-volatile.cu:[[@LINE-4]]:3: note: no __syncwarp() between this store and the first step, which reads what other lanes of the warp stored here
  // CHECK: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-4]]:3-[[@LINE-4]]:3}:"__syncwarp(); "
  // CHECK-NEXT: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-4]]:5-[[@LINE-4]]:43}:"{ bool c = lane >= k; int v{}; if (c) v = s[lane] + s[lane - k]; __syncwarp(); if (c) s[lane] = v; __syncwarp(); }"
  // FIXED: {{^  }}__syncwarp(); for (int k = 1; k < 32; k <<= 1)
  // FIXED-NEXT: {{^    }}{ bool c = lane >= k; int v{}; if (c) v = s[lane] + s[lane - k]; __syncwarp(); if (c) s[lane] = v; __syncwarp(); }
  out[lane] = s[lane];
}

// One segment of 32 per warp in a two-dimensional array.
__global__ void per_warp(const double *in, double *out) {
  __shared__ double part[4][32];
  unsigned w = threadIdx.x / 32, lane = threadIdx.x % 32;
  part[w][lane] = in[threadIdx.x];
  __syncthreads();
  if (lane < 16) part[w][lane] += part[w][lane + 16];
  if (lane < 8) part[w][lane] += part[w][lane + 8];
  // CHECK: non-volatile.cu:[[@LINE-2]]:18: warning: warp-synchronous steps on non-volatile __shared__ 'part' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: non-volatile.cu:[[@LINE-2]]:17: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-4]]:3-[[@LINE-4]]:54}:"{ bool c = lane < 16; double v{}; if (c) v = part[w][lane] + part[w][lane + 16]; __syncwarp(); if (c) part[w][lane] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}non-volatile.cu":{[[@LINE-4]]:3-[[@LINE-4]]:52}:"{ bool c = lane < 8; double v{}; if (c) v = part[w][lane] + part[w][lane + 8]; __syncwarp(); if (c) part[w][lane] = v; __syncwarp(); }"
  // FIXED: {{^  }}{ bool c = lane < 16; double v{}; if (c) v = part[w][lane] + part[w][lane + 16]; __syncwarp(); if (c) part[w][lane] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ bool c = lane < 8; double v{}; if (c) v = part[w][lane] + part[w][lane + 8]; __syncwarp(); if (c) part[w][lane] = v; __syncwarp(); }
  if (lane == 0)
    out[w] = part[w][0];
}
