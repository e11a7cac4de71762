// Blocks and loops that write only registers (local arrays, scalars) hold
// no step, and the check skips them whole; a step in a block nested among
// them is still found, and so is one an instantiation makes of a pattern
// whose element is volatile only through the template argument.  There the
// template gives the element's type no name, so no fix: a temporary
// declared '<dependent type> v' would not compile.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu

// Local arrays written lane by lane, in blocks and loops: registers, no exchange.
template <int N>
__global__ void registers_only(const float *in, float *out) {
  float acc[N];
  unsigned tid = threadIdx.x;
  for (int i = 0; i < N; ++i) {
    acc[i] = in[tid * N + i];
    if (tid < 16) {
      acc[i] += acc[(i + 1) % N];
    }
  }
  float sum = 0.0f;
  for (int i = 0; i < N; ++i)
    sum += acc[i];
  out[tid] = sum;
}
template __global__ void registers_only<4>(const float *, float *);

// The pattern writes an element of a template parameter's type; only the
// instantiation over 'volatile float *' makes it a volatile element.
template <class P> __device__ void tail(P s, unsigned tid) {
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  // CHECK: register-blocks.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: register-blocks.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: register-blocks.cu:[[@LINE-5]]:36: note: in instantiation 'tail<volatile float *>'; no automatic fix: the template's other instantiations share these steps; the template names the element's type through a template parameter only, so the temporary a fix needs has no type to be declared with
  // FIXED: {{^  }}s[tid] += s[tid + 16];{{$}}
}

__global__ void reduce(float *out) {
  __shared__ float buf[64];
  unsigned tid = threadIdx.x;
  buf[tid] = out[tid];
  __syncthreads();
  if (tid < 32) {
    float sum = 0.0f;
    for (int k = 0; k < 4; ++k)
      sum += out[k];
    tail<volatile float *>(buf, tid);
  }
}

// A step through a local pointer to the __shared__ array, in a block nested
// among register-only ones.
__global__ void nested(float *out) {
  __shared__ float buf[64];
  unsigned tid = threadIdx.x;
  buf[tid] = out[tid];
  __syncthreads();
  if (tid < 32) {
    float r[2] = {0.0f, 0.0f};
    for (int k = 0; k < 2; ++k) {
      r[k] = out[k];
    }
    {
      volatile float *v = buf;
      v[tid] += v[tid + 16];
      v[tid] += v[tid + 8];
      // CHECK: register-blocks.cu:[[@LINE-2]]:7: warning: warp-synchronous steps on volatile 'v' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
      // CHECK: register-blocks.cu:[[@LINE-2]]:7: note: this step reads what other lanes wrote in the step before
      // CHECK: fix-it:"{{.*}}register-blocks.cu":{[[@LINE-4]]:7-[[@LINE-4]]:29}:"{ float v_ = v[tid] + v[tid + 16]; __syncwarp(); v[tid] = v_; __syncwarp(); }"
      // CHECK-NEXT: fix-it:"{{.*}}register-blocks.cu":{[[@LINE-4]]:7-[[@LINE-4]]:28}:"{ float v_ = v[tid] + v[tid + 8]; __syncwarp(); v[tid] = v_; __syncwarp(); }"
      // FIXED: {{^      }}{ float v_ = v[tid] + v[tid + 16]; __syncwarp(); v[tid] = v_; __syncwarp(); }
    }
    out[tid] = r[0] + r[1];
  }
}
