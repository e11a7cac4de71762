// Calls through an implicit 'this' to a member template, and qualified
// base-class calls, give the walk invalid types: every accessor that
// libclang does not check itself goes through ast.c's checked wrappers
// (a SIGSEGV here before).
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not=error:

template <int A> struct S {};
struct R {
  template <typename P> __device__ void f() {}
  __device__ void run() { f<S<1>>(); }
};
__global__ void k1() { R().run(); }

namespace d { struct B { __device__ int f() const { return 0; } }; }
struct D : d::B { __device__ int g() const { return d::B::f(); } };
__global__ void k2(int *o) { *o = D().g(); }

// A real finding in the same file is still reported.
__global__ void k3(double *p) { atomicAdd(p, 1.0); }
// CHECK: invalid-types.cu:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}}atomicAdd(double*){{.*}}[arch-unsupported]
