// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
#include <cuda/atomic>

// Inline PTX with named operands ([%[name]]), read by the shared PTX reader.
// clang's CUDA accepts symbolic operand names; nvcc 13 does not compile them
// ("symbolic operand reference not supported"), so this file is not in
// fixed-code-compiles.test.
__global__ void named_operands(unsigned *p, unsigned *q) {
  unsigned old;
  asm volatile("atom.cta.global.add.u32 %0, [%[ptr]], 1;" : "=r"(old) : [ptr] "l"(p));
  // CHECK: ptx-named-operands.cu:[[@LINE-1]]:3: warning: PTX 'atom.cta.global.add.u32' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'named_operands': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:21-[[@LINE-3]]:25}:".gpu"
  asm volatile("red.relaxed.cta.global.add.u32 [%[dst] + 4], %[v];" :: [v] "r"(old), [dst] "l"(q));
  // CHECK: ptx-named-operands.cu:[[@LINE-1]]:3: warning: PTX 'red.relaxed.cta.global.add.u32' is atomic only within one block, but other blocks of the kernel update the same global memory through 'q' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'q' is a parameter of kernel 'named_operands': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:28-[[@LINE-3]]:32}:".gpu"
  // Negative: a named per-block address, and shared memory.
  __shared__ unsigned s;
  asm volatile("red.cta.global.add.u32 [%[dst]], 1;" :: [dst] "l"(q + blockIdx.x));
  asm volatile("atom.cta.shared.add.u32 %0, [%[a]], 1;" : "=r"(old) : [a] "r"((unsigned)(size_t)&s));
}

// An asm statement in the user's macro: read from the definition, reported
// at the use, without a fix.
#define RED_CTA(ptr) asm volatile("red.cta.global.add.u32 [%[a]], 1;" :: [a] "l"(ptr))
__global__ void macro_asm(unsigned *p) {
  RED_CTA(p);
  // CHECK: ptx-named-operands.cu:[[@LINE-1]]:3: warning: PTX 'red.cta.global.add.u32' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'macro_asm': it points to global memory
  // CHECK-NOT: fix-it
}
