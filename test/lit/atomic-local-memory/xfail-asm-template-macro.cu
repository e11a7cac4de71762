// Known false negative: an inline PTX template that is itself a macro is
// not expanded, so the atom/red inside it is not seen.
// XFAIL: *
// RUN: %expect-exit 1 %builtin --checks='-*,atomic-local-memory' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s
#define RED_ADD_U32 "red.global.add.u32 [%0], %1;"
__device__ void f(unsigned *out) {
  unsigned x = 0;
  asm volatile(RED_ADD_U32 :: "l"(&x), "r"(1u));
  // CHECK: xfail-asm-template-macro.cu:[[@LINE-1]]:3: warning: inline PTX 'red.global.add.u32' on thread-local variable 'x'
  *out = x;
}
