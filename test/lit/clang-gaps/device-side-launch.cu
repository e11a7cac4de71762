// Dynamic parallelism: nvcc -rdc=true compiles kernel launches in device
// code; clang 19 rejects every one ("reference to __global__ function in
// __global__ function", or the launch configuration is host code), and
// drops the launch statement.  cuda-samples' cdpQuadtree and
// cdpAdvancedQuicksort do it.  A known gap with -rdc=true, for a kernel
// that is no template, or a template kernel launching itself with its own
// parameters (no instantiation is lost): no finding, no partial parse,
// fixes not withheld, --verbose names it.  Without -rdc=true nvcc rejects
// it too: the error stays, with why.  Any other template kernel's launch
// may instantiate it, and a launch with wrong arguments is wrong: errors.
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s -- -rdc=true 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --verbose %s -- -rdc=true 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --check-prefix=NORDC
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s -- -rdc=true -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL --implicit-check-not='error:'

__global__ void child(volatile int *go, int *out) {
  while (!*go) {}
  *out = 1;
}
// CHECK: device-side-launch.cu:[[@LINE-3]]:11: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
// CHECK: fix-it:"{{.*}}device-side-launch.cu":{[[@LINE-4]]:11-[[@LINE-4]]:14}:

__device__ void spawn(int *go, int *out) { child<<<1, 1>>>(go, out); }

__global__ void parent(int *go, int *out, int depth) {
  if (depth > 0)
    parent<<<2, 32, 0, 0>>>(go, out, depth - 1);
  child
      <<<1, 1>>>(go, out);
  spawn(go, out);
}

template <int N> __global__ void tree(int *p) {
  if (N > 0 && *p > 0)
    tree<N>
        <<<4, N>>>(p + 1);
}
void host(int *go, int *out, int *p) {
  parent<<<1, 1>>>(go, out, 2);
  tree<32><<<1, 32>>>(p);
}
// VERBOSE: device-side-launch.cu:23:44: note: clang's error 'reference to __global__ function 'child' in __device__ function' is a known clang-versus-nvcc difference (device-side-launch), not reported
// VERBOSE: device-side-launch.cu:27:5: note: clang's error {{.*}}(device-side-launch), not reported
// VERBOSE: device-side-launch.cu:28:3: note: clang's error {{.*}}(device-side-launch), not reported
// VERBOSE: device-side-launch.cu:{{3[56]}}:{{.*}}(device-side-launch), not reported
// NORDC: device-side-launch.cu:23:44: error: reference to __global__ function 'child' in __device__ function [clang-diagnostic-error]
// NORDC: device-side-launch.cu:23:44: note: nvcc rejects it too: a kernel launch in device code (dynamic parallelism) needs separate compilation, -rdc=true or -dc

#ifdef REAL_ERROR
template <class T> __global__ void fill(T *p) { *p = T(); }
__global__ void other(int *p) {
  fill<int><<<1, 1>>>(p);
  // REAL: device-side-launch.cu:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}} [clang-diagnostic-error]
}
template <int N> __global__ void shrink(int *p) {
  shrink<N - 1><<<1, 1>>>(p);
  // REAL: device-side-launch.cu:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}} [clang-diagnostic-error]
}
__global__ void wrong(int *p) {
  child<<<1, 1>>>(p);
  // REAL: device-side-launch.cu:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}} [clang-diagnostic-error]
}
void host_real(int *p) { shrink<3><<<1, 1>>>(p); }
#endif
