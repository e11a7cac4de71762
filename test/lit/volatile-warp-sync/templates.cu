// Warp-synchronous steps in templates over the element type (issue 21.5:
// cudpp's and SHOC's reductions and scans).  The edit changes the template's
// text, which every instantiation shares, so the temporary's type is
// spelled as the template writes it ('T'), and the fix is kept only where
// every instantiation of the translation unit takes the very same edits.
// Volatile arrays only: a volatile object of class type cannot even be
// assigned, so 'T' is arithmetic in every instantiation, in other
// translation units too.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// A second --fix changes nothing; only the runs without a fix are left.
// RUN: cp %t.cu %t.once && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not='warning:' --implicit-check-not='fix-it:'
// RUN: diff %t.once %t.cu

template <class T> struct Sum { __device__ T operator()(T a, T b) const { return a + b; } };

// cudpp's reduceBlock: a chained assignment per step, under conditions on
// a non-type parameter (the same in every lane).
template <unsigned blockSize, class T>
__global__ void reduce(const T *in, T *out) {
  extern __shared__ char smem[];
  volatile T *sdata = (volatile T *)smem;
  unsigned tid = threadIdx.x;
  Sum<T> op;
  T mySum = in[blockIdx.x * blockSize + tid];
  sdata[tid] = mySum;
  __syncthreads();
  if (tid < 32) {
    if (blockSize >= 64) { sdata[tid] = mySum = op(mySum, sdata[tid + 32]); }
    if (blockSize >= 32) { sdata[tid] = mySum = op(mySum, sdata[tid + 16]); }
    // CHECK: templates.cu:[[@LINE-2]]:28: warning: warp-synchronous steps on volatile 'sdata' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
    // CHECK: templates.cu:[[@LINE-2]]:28: note: this step reads what other lanes wrote in the step before
    // CHECK: templates.cu:[[@LINE-13]]:17: note: in instantiation 'reduce<64, float>'; the fix is the same for every instantiation: it names the element type as the template writes it, and each instantiation here takes the same edits
    // CHECK: fix-it:"{{.*}}templates.cu":{[[@LINE-5]]:28-[[@LINE-5]]:76}:"{ T v = mySum = op(mySum, sdata[tid + 32]); __syncwarp(); sdata[tid] = v; __syncwarp(); }"
    // CHECK-NEXT: fix-it:"{{.*}}templates.cu":{[[@LINE-5]]:28-[[@LINE-5]]:76}:"{ T v = mySum = op(mySum, sdata[tid + 16]); __syncwarp(); sdata[tid] = v; __syncwarp(); }"
    // FIXED: {{^    }}if (blockSize >= 64) { { T v = mySum = op(mySum, sdata[tid + 32]); __syncwarp(); sdata[tid] = v; __syncwarp(); } }
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
template __global__ void reduce<64, float>(const float *, float *);
template __global__ void reduce<64, int>(const int *, int *);

// A helper over the element type, and a step under a lane-dependent
// condition: the hoisted form declares 'T v{}'.
template <class T> __device__ void warpReduce(volatile T *s, unsigned tid, unsigned n) {
  s[tid] += s[tid + 16];
  if (tid + 8 < n) s[tid] += s[tid + 8];
  // CHECK: templates.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: templates.cu:[[@LINE-2]]:20: note: this step reads what other lanes wrote in the step before
  // CHECK: templates.cu:[[@LINE-5]]:36: note: in instantiation 'warpReduce<double>'; the fix is the same for every instantiation: it names the element type as the template writes it, and each instantiation here takes the same edits
  // CHECK: fix-it:"{{.*}}templates.cu":{[[@LINE-5]]:3-[[@LINE-5]]:25}:"{ T v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}templates.cu":{[[@LINE-5]]:3-[[@LINE-5]]:41}:"{ bool c = tid + 8 < n; T v{}; if (c) v = s[tid] + s[tid + 8]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }"
  // FIXED: {{^  }}{ bool c = tid + 8 < n; T v{}; if (c) v = s[tid] + s[tid + 8]; __syncwarp(); if (c) s[tid] = v; __syncwarp(); }
}

__global__ void launch(double *d, char *c, unsigned n) {
  __shared__ double sd[64];
  __shared__ char sc[64];
  sd[threadIdx.x] = d[threadIdx.x];
  sc[threadIdx.x] = c[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) {
    warpReduce(sd, threadIdx.x, n);
    warpReduce(sc, threadIdx.x, n);
  }
  d[0] = sd[0];
  c[0] = sc[0];
}

// Near miss: one instantiation is called by lanes 0-15 only, where a
// full-mask __syncwarp() would wait for lanes that never come: the
// other instantiation's fix would change its text too, so neither has one.
template <class T> __device__ void halfWarp(volatile T *s, unsigned tid) {
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  // CHECK: templates.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: templates.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: templates.cu:[[@LINE-5]]:36: note: in instantiation 'halfWarp<float>'; no automatic fix: the template's other instantiations share these steps
  // AGAIN: {{.*}}.cu:[[@LINE-5]]:3: warning: warp-synchronous steps on volatile 's'
}

__global__ void launch_half(float *f, int *i) {
  __shared__ float sf[64];
  __shared__ int si[64];
  sf[threadIdx.x] = f[threadIdx.x];
  si[threadIdx.x] = i[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32)
    halfWarp(sf, threadIdx.x);
  if (threadIdx.x < 16)
    halfWarp(si, threadIdx.x);
  f[0] = sf[0];
  i[0] = si[0];
}

// Near miss: 'if constexpr' may discard a step in some instantiation.
template <class T> __device__ void constexprSteps(volatile T *s, unsigned tid) {
  s[tid] += s[tid + 16];
  if constexpr (sizeof(T) == 4)
    s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  // CHECK: templates.cu:[[@LINE-4]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: templates.cu:[[@LINE-3]]:5: note: this step reads what other lanes wrote in the step before
  // CHECK: templates.cu:[[@LINE-7]]:36: note: in instantiation 'constexprSteps<float>'; no automatic fix: the template's other instantiations share these steps
  // AGAIN: {{.*}}.cu:[[@LINE-7]]:3: warning: warp-synchronous steps on volatile 's'
}

__global__ void launch_constexpr(float *f) {
  __shared__ float sf[64];
  sf[threadIdx.x] = f[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32)
    constexprSteps(sf, threadIdx.x);
  f[0] = sf[0];
}
