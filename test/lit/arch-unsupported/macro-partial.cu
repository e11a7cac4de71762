// 64-bit min/max/logic below sm_32; a call written inside a macro is
// reported at the macro's use with no fix; other clang errors stay, and
// make the parse partial.
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_30,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_30,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]'
#define ADD_ONE(p) atomicAdd(p, 1.0)

__device__ void f(unsigned long long *u, long long *s, double *d) {
  atomicMin(s, 3ll);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: atomicMin(long long*) needs sm_32; the build targets sm_30 [arch-unsupported]
  // CHECK: note: found in a partial parse: clang reported errors in this file
  // CHECK: fix-it:"{{.*}}macro-partial.cu":{1:1-1:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicMin_s64\n{{.*}}"
  // CHECK: fix-it:"{{.*}}macro-partial.cu":{[[@LINE-4]]:3-[[@LINE-4]]:12}:"cuatomlint_atomicMin_s64"
  atomicMax(u, 3ull);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: atomicMax(unsigned long long*) needs sm_32; the build targets sm_30 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}macro-partial.cu":{[[@LINE-2]]:3-[[@LINE-2]]:12}:"cuatomlint_atomicMax_u64"
  atomicXor(u, 3ull);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: atomicXor(unsigned long long*) needs sm_32; the build targets sm_30 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}macro-partial.cu":{[[@LINE-2]]:3-[[@LINE-2]]:12}:"cuatomlint_atomicXor_u64"
  ADD_ONE(d);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: atomicAdd(double*) needs sm_60; the build targets sm_30 [arch-unsupported]
  // CHECK-NOT: fix-it:
  undeclared_thing(d);
  // CHECK: macro-partial.cu:[[@LINE-1]]:3: error: use of undeclared identifier 'undeclared_thing' [clang-diagnostic-error]
}
