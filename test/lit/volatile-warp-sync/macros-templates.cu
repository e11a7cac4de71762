// Steps written through a macro are reported at the use site, without a fix;
// a template over the element type of a volatile array is fixed with the
// temporary's type spelled as the template writes it ('T', templates.cu),
// a non-volatile one over a template parameter is not.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'

#define STEP(s, i, k) s[i] += s[i + k]

__device__ void macro_steps(volatile int *s, unsigned tid) {
  STEP(s, tid, 32);
  STEP(s, tid, 16);
  // CHECK: macros-templates.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: macros-templates.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
}

template <class T> __device__ void warpReduce(volatile T *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  // CHECK: macros-templates.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: macros-templates.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: macros-templates.cu:[[@LINE-5]]:36: note: in instantiation 'warpReduce<float>'; the fix is the same for every instantiation: it names the element type as the template writes it, and each instantiation here takes the same edits
  // CHECK: fix-it:"{{.*}}macros-templates.cu":{[[@LINE-5]]:3-[[@LINE-5]]:25}:"{ T v = s[tid] + s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}macros-templates.cu":{[[@LINE-5]]:3-[[@LINE-5]]:25}:"{ T v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }"
}

// Only instantiated with a non-volatile type, on a __shared__ array and
// threadIdx.x: the non-volatile shape (issue 23.2), judged per instantiation.
template <class T> __device__ void maybe(T *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  // CHECK: macros-templates.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on non-volatile __shared__ 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: macros-templates.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: macros-templates.cu:[[@LINE-5]]:36: note: in instantiation 'maybe<int>'; no automatic fix: the template's other instantiations share these steps
}

__global__ void launch() {
  __shared__ float f[64];
  __shared__ int i[64];
  warpReduce(f, threadIdx.x);
  warpReduce(i, threadIdx.x);
  maybe(i, threadIdx.x);
}
