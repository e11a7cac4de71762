// RUN: not %cuatomlint --checks='-*,nv-atomic-context' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not=fix-it
// RUN: not %builtin --checks='-*,nv-atomic-context' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not=fix-it
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: not %builtin --checks='-*,nv-atomic-context' --fix %t/k.cu -o /dev/null 2> %t/err
// RUN: FileCheck %s --check-prefix=ERR --match-full-lines < %t/err
// RUN: FileCheck %s --check-prefix=FIXED --match-full-lines < %t/k.cu
// ERR: cuatomlint: applied 4 fixes in 1 files

// Two builtins in one constructor's initializer list: one fix moves both
// into the body (two fixes would overlap and both be refused); every
// finding of the list carries that same fix.

struct OneLine {
  int a, b;
  __device__ OneLine(int *p, int *q) : a(__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)), b(__nv_atomic_load_n(q, __NV_ATOMIC_ACQUIRE)) {}
  // CHECK: ctor-init-combined.cu:[[@LINE-1]]:42: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'OneLine': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: ctor-init-combined.cu:[[@LINE-2]]:89: note: '__nv_atomic_load_n' called in the member initializer list of constructor 'OneLine': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:37-[[@LINE-3]]:132}:""
  // CHECK-NEXT: fix-it:"{{.*}}":{[[@LINE-4]]:134-[[@LINE-4]]:134}:" a = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED); b = __nv_atomic_load_n(q, __NV_ATOMIC_ACQUIRE); "
};
// FIXED:      struct OneLine {
// FIXED-NEXT:   int a, b;
// FIXED-NEXT:   __device__ OneLine(int *p, int *q) { a = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED); b = __nv_atomic_load_n(q, __NV_ATOMIC_ACQUIRE); }

struct Lines {
  int a, c;
  float b;
  __device__ Lines(int *p)
      : a(__nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED)),
        b(0.5f),
        c(__nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE)) {
    b += 1.0f;
  }
  // CHECK: ctor-init-combined.cu:[[@LINE-5]]:11: error: '__nv_atomic_fetch_add' called in the member initializer list of constructor 'Lines': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: fix-it:"{{.*}}":{[[@LINE-6]]:8-[[@LINE-6]]:61}:""
  // CHECK-NEXT: fix-it:"{{.*}}":{[[@LINE-6]]:16-[[@LINE-5]]:54}:""
  // CHECK-NEXT: fix-it:"{{.*}}":{[[@LINE-6]]:56-[[@LINE-6]]:56}:"\n    a = __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED);\n    c = __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE);"
  // CHECK: ctor-init-combined.cu:[[@LINE-7]]:11: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'Lines': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: fix-it:"{{.*}}":{[[@LINE-10]]:8-[[@LINE-10]]:61}:""
  // CHECK-NEXT: fix-it:"{{.*}}":{[[@LINE-10]]:16-[[@LINE-9]]:54}:""
  // CHECK-NEXT: fix-it:"{{.*}}":{[[@LINE-10]]:56-[[@LINE-10]]:56}:"\n    a = __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED);\n    c = __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE);"
};
// FIXED:      struct Lines {
// FIXED-NEXT:   int a, c;
// FIXED-NEXT:   float b;
// FIXED-NEXT:   __device__ Lines(int *p)
// FIXED-NEXT:       :
// FIXED-NEXT:         b(0.5f) {
// FIXED-NEXT:     a = __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED);
// FIXED-NEXT:     c = __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE);
// FIXED-NEXT:     b += 1.0f;
// FIXED-NEXT:   }

// Near miss: a const member cannot be assigned; the other call still moves.
struct Mixed {
  const int k;
  int a, z;
  __device__ Mixed(int *p)
      : k(__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)),
        a(__nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE)),
        z(0) {}
  // CHECK: ctor-init-combined.cu:[[@LINE-3]]:11: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'Mixed': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: ctor-init-combined.cu:[[@LINE-4]]:11: note: the member is not assignable (const, reference or class type); initialize it from a __device__ helper function that makes the call
  // CHECK: ctor-init-combined.cu:[[@LINE-4]]:11: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'Mixed': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: fix-it:"{{.*}}":{[[@LINE-6]]:54-[[@LINE-5]]:54}:""
  // CHECK-NEXT: fix-it:"{{.*}}":{[[@LINE-5]]:15-[[@LINE-5]]:15}:" a = __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE); "
};
// FIXED:      struct Mixed {
// FIXED-NEXT:   const int k;
// FIXED-NEXT:   int a, z;
// FIXED-NEXT:   __device__ Mixed(int *p)
// FIXED-NEXT:       : k(__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)),
// FIXED-NEXT:         z(0) { a = __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE); }
