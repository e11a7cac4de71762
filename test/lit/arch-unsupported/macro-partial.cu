// 64-bit min/max/logic below sm_32; a call written inside a macro is
// reported at the macro's use with no fix; other clang errors stay, and
// make the parse partial: no fix is offered for a partial parse.
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_30,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not=fix-it:
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_30,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not=fix-it:
#define ADD_ONE(p) atomicAdd(p, 1.0)

__device__ void f(unsigned long long *u, long long *s, double *d) {
  atomicMin(s, 3ll);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: atomicMin(long long*) needs sm_32; the build targets sm_30 [arch-unsupported]
  // CHECK: note: found in a partial parse: clang reported errors in this file
  atomicMax(u, 3ull);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: atomicMax(unsigned long long*) needs sm_32; the build targets sm_30 [arch-unsupported]
  atomicXor(u, 3ull);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: atomicXor(unsigned long long*) needs sm_32; the build targets sm_30 [arch-unsupported]
  ADD_ONE(d);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: atomicAdd(double*) needs sm_60; the build targets sm_30 [arch-unsupported]
  // CHECK-NOT: fix-it:
  undeclared_thing(d);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: use of undeclared identifier 'undeclared_thing' [clang-diagnostic-error]
}
