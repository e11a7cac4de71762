// REQUIRES: cuda-toolkit
// The guard's '#if' and a helper another fix inserts land at one offset
// (the definition starts where the helpers go): the helper goes first, so
// the guard holds only the definition, and the fixed file compiles.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52,sm_90 --fix %t/k.cu > /dev/null 2>&1
// RUN: FileCheck %s --match-full-lines --strict-whitespace < %t/k.cu
// RUN: nvcc -arch=sm_90 -c %t/k.cu -o %t/k.o
// CHECK:#endif
// CHECK-NEXT:#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
// CHECK-NEXT:__device__ double atomicAdd(double *p, double v) {
// CHECK:}
// CHECK-NEXT:#endif
// CHECK-NEXT:__global__ void sum(double *total, int *go) {
__device__ double atomicAdd(double *p, double v) {
  unsigned long long *w = (unsigned long long *)p, old = *w, seen;
  do {
    seen = old;
    old = atomicCAS(w, seen, __double_as_longlong(v + __longlong_as_double(seen)));
  } while (seen != old);
  return __longlong_as_double(old);
}
__global__ void sum(double *total, volatile int *go) {
  while (!*go) {}
  atomicAdd(total, 1.0);
}
__global__ void start(int *go) { *go = 1; }
