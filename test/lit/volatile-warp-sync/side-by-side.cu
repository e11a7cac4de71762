// Arrays reduced side by side (issue 23.2): a step on another array between
// two steps on one array does not end its run; each array's run is found
// and fixed.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %expect-exit 0 %cuatomlint --checks='-*,volatile-warp-sync' %t.cu 2>&1 | count 0

// Interleaved statements, through volatile pointers.
__global__ void sum_and_squares(const float *in, float *out) {
  __shared__ float a[64], b[64];
  unsigned t = threadIdx.x;
  a[t] = in[t];
  b[t] = in[t] * in[t];
  __syncthreads();
  if (t < 32) {
    volatile float *va = a, *vb = b;
    va[t] += va[t + 32];
    vb[t] += vb[t + 32];
    va[t] += va[t + 16];
    vb[t] += vb[t + 16];
    // CHECK: side-by-side.cu:[[@LINE-4]]:5: warning: warp-synchronous steps on volatile 'va' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: side-by-side.cu:[[@LINE-3]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-6]]:5-[[@LINE-6]]:25}:"{ float v = va[t] + va[t + 32]; __syncwarp(); va[t] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-5]]:5-[[@LINE-5]]:25}:"{ float v = va[t] + va[t + 16]; __syncwarp(); va[t] = v; __syncwarp(); }"
    // CHECK: side-by-side.cu:[[@LINE-7]]:5: warning: warp-synchronous steps on volatile 'vb' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: side-by-side.cu:[[@LINE-6]]:5: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-9]]:5-[[@LINE-9]]:25}:"{ float v = vb[t] + vb[t + 32]; __syncwarp(); vb[t] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-8]]:5-[[@LINE-8]]:25}:"{ float v = vb[t] + vb[t + 16]; __syncwarp(); vb[t] = v; __syncwarp(); }"
    // FIXED: {{^    }}{ float v = va[t] + va[t + 32]; __syncwarp(); va[t] = v; __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ float v = vb[t] + vb[t + 32]; __syncwarp(); vb[t] = v; __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ float v = va[t] + va[t + 16]; __syncwarp(); va[t] = v; __syncwarp(); }
    // FIXED-NEXT: {{^    }}{ float v = vb[t] + vb[t + 16]; __syncwarp(); vb[t] = v; __syncwarp(); }
  }
  if (t == 0) {
    out[0] = a[0];
    out[1] = b[0];
  }
}

// One braced block per step, not volatile.
__global__ void mean_var(const double *in, double *out) {
  __shared__ double s[64], q[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  q[t] = in[t] * in[t];
  __syncthreads();
  if (t < 32) {
    { s[t] += s[t + 32]; q[t] += q[t + 32]; }
    { s[t] += s[t + 16]; q[t] += q[t + 16]; }
    { s[t] += s[t + 8]; q[t] += q[t + 8]; }
    // CHECK: side-by-side.cu:[[@LINE-3]]:7: warning: warp-synchronous steps on non-volatile __shared__ 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: side-by-side.cu:[[@LINE-3]]:7: note: this step reads what other lanes wrote in the step before
    // CHECK: side-by-side.cu:[[@LINE-5]]:26: note: warp-synchronous steps on non-volatile __shared__ 'q' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync
    // CHECK: side-by-side.cu:[[@LINE-5]]:26: note: this step reads what other lanes wrote in the step before
    // CHECK: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-7]]:7-[[@LINE-7]]:25}:"{ double v = s[t] + s[t + 32]; __syncwarp(); s[t] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-7]]:7-[[@LINE-7]]:25}:"{ double v = s[t] + s[t + 16]; __syncwarp(); s[t] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-7]]:7-[[@LINE-7]]:24}:"{ double v = s[t] + s[t + 8]; __syncwarp(); s[t] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-10]]:26-[[@LINE-10]]:44}:"{ double v = q[t] + q[t + 32]; __syncwarp(); q[t] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-10]]:26-[[@LINE-10]]:44}:"{ double v = q[t] + q[t + 16]; __syncwarp(); q[t] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-10]]:25-[[@LINE-10]]:42}:"{ double v = q[t] + q[t + 8]; __syncwarp(); q[t] = v; __syncwarp(); }"
    // FIXED: {{^    }}{ { double v = s[t] + s[t + 32]; __syncwarp(); s[t] = v; __syncwarp(); } { double v = q[t] + q[t + 32]; __syncwarp(); q[t] = v; __syncwarp(); } }
    // FIXED-NEXT: {{^    }}{ { double v = s[t] + s[t + 16]; __syncwarp(); s[t] = v; __syncwarp(); } { double v = q[t] + q[t + 16]; __syncwarp(); q[t] = v; __syncwarp(); } }
    // FIXED-NEXT: {{^    }}{ { double v = s[t] + s[t + 8]; __syncwarp(); s[t] = v; __syncwarp(); } { double v = q[t] + q[t + 8]; __syncwarp(); q[t] = v; __syncwarp(); } }
  }
  if (t == 0) {
    out[0] = s[0];
    out[1] = q[0];
  }
}

// A loop repeating a step on each of two arrays.
__global__ void loop_pair(const int *in, int *out) {
  __shared__ int a[64], b[64];
  unsigned t = threadIdx.x;
  a[t] = in[t];
  b[t] = 1;
  __syncthreads();
  if (t < 32)
    for (int k = 32; k > 0; k >>= 1) {
      a[t] += a[t + k];
      b[t] += b[t + k];
    }
  // CHECK: side-by-side.cu:[[@LINE-3]]:7: warning: warp-synchronous step on non-volatile __shared__ 'a' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-4]]:7-[[@LINE-4]]:24}:"{ int v = a[t] + a[t + k]; __syncwarp(); a[t] = v; __syncwarp(); }"
  // FIXED: {{^      }}{ int v = a[t] + a[t + k]; __syncwarp(); a[t] = v; __syncwarp(); }
  // CHECK: side-by-side.cu:[[@LINE-5]]:7: warning: warp-synchronous step on non-volatile __shared__ 'b' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: fix-it:"{{.*}}side-by-side.cu":{[[@LINE-6]]:7-[[@LINE-6]]:24}:"{ int v = b[t] + b[t + k]; __syncwarp(); b[t] = v; __syncwarp(); }"
  // FIXED: {{^      }}{ int v = b[t] + b[t + k]; __syncwarp(); b[t] = v; __syncwarp(); }
  if (t == 0)
    out[0] = a[0] + b[0];
}
