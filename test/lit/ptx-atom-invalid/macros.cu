// asm statements written in macros: a user macro is judged from its
// definition and reported where it is used; a system header's macro is not
// judged (like the rest of the toolkit's headers).
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s -- -isystem %S/Inputs 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s -- -isystem %S/Inputs 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
// The same header as a user header is judged:
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s -- -I %S/Inputs 2>&1 | FileCheck %s --check-prefixes=CHECK,USER --implicit-check-not='[ptx-atom-invalid]'
#include <vendor_atomics.h>

#define USER_ATOM_INC(p, old) asm volatile("atom.global.inc.u64 %0, [%1], 1;" : "=l"(old) : "l"(p))

// A definition continued over several lines.
#define MULTI_LINE(p) \
  asm volatile("red.acq_rel.gpu.global" \
               ".add.u64 [%0], 1;" :: "l"(p))

__device__ void uses(unsigned short *h, unsigned long long *p) {
  unsigned long long old;
  USER_ATOM_INC(p, old);
  // CHECK: macros.cu:[[@LINE-1]]:3: error: '.u64' is not valid with '.inc': .inc and .dec take .u32 only [ptx-atom-invalid]
  // CHECK-NOT: fix-it
  VENDOR_RED_HALF(h, *h);
  // USER: macros.cu:[[@LINE-1]]:3: error: red.add on '.f16' requires '.noftz' [ptx-atom-invalid]
  MULTI_LINE(p);
  // CHECK: macros.cu:[[@LINE-1]]:3: error: '.acq_rel' is not valid on red, which takes only .relaxed or .release [ptx-atom-invalid]
}
