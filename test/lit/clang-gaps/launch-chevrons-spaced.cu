// SimpleGPUHashTable launches kernels as Visual Studio formats them,
// 'k<< <grid, block >> >(args)'; nvcc accepts it, clang reads shifts and
// stops with "expected expression".  A known gap for a kernel that is no
// template: no finding, no partial parse, fixes not withheld, --verbose
// names it.  A template kernel's launch stays an error (dropping it would
// lose the instantiation), and so does a shift that is no launch.
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --verbose %s 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s -- -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL --implicit-check-not='error:'

__global__ void wait(volatile int *go, int *out) {
  while (!*go) {}
  *out = 1;
}
// CHECK: launch-chevrons-spaced.cu:[[@LINE-3]]:11: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
// CHECK: fix-it:"{{.*}}launch-chevrons-spaced.cu":{[[@LINE-4]]:11-[[@LINE-4]]:14}:

namespace table { __global__ void clear(int *p) { *p = 0; } }

void run(int *go, int *out) {
  wait<< <1, 32 >> >(go, out);
  wait << <1, 32>>>(go, out);
  table::clear<< <1, 1 >> >(out);
}
// VERBOSE: launch-chevrons-spaced.cu:21:10: note: clang's error 'expected expression' is a known clang-versus-nvcc difference (launch-chevrons-spaced), not reported
// VERBOSE: launch-chevrons-spaced.cu:21:20: note: clang's error 'expected expression' is a known clang-versus-nvcc difference (launch-chevrons-spaced), not reported
// VERBOSE: launch-chevrons-spaced.cu:22:11: note: clang's error 'expected expression' is a known clang-versus-nvcc difference (launch-chevrons-spaced), not reported
// VERBOSE: launch-chevrons-spaced.cu:23:18: note: clang's error 'expected expression' is a known clang-versus-nvcc difference (launch-chevrons-spaced), not reported

#ifdef REAL_ERROR
template <class T> __global__ void fill(T *p) { *p = T(); }
void run_template(int *out, int a, int b) {
  fill<< <1, 1 >> >(out);
  // REAL: launch-chevrons-spaced.cu:[[@LINE-1]]:10: error: expected expression [clang-diagnostic-error]
  int c = a << <b;
  // REAL: launch-chevrons-spaced.cu:[[@LINE-1]]:16: error: expected expression [clang-diagnostic-error]
}
#endif
