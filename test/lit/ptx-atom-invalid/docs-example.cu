// The example of docs/checks/ptx-atom-invalid.md, with its exact output.
// RUN: not %builtin --cuda-arch=sm_60,sm_90 %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not %cuatomlint --cuda-arch=sm_60,sm_90 %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines

__device__ unsigned short add_half(unsigned short *p, unsigned short v) {
  unsigned short old;
  asm volatile("atom.global.acquire.gpu.add.f16 %0, [%1], %2;"
               : "=h"(old) : "l"(p), "h"(v));
  return old;
}

// CHECK:{{.*}}docs-example.cu:7:28: error: '.acquire' in atom needs sm_70 (PTX .sem qualifier); the build targets sm_60 [ptx-atom-invalid]
// CHECK-NEXT:     7 |   asm volatile("atom.global.acquire.gpu.add.f16 %0, [%1], %2;"
// CHECK-NEXT:       |                            ^~~~~~~~
// CHECK-NEXT:{{.*}}docs-example.cu:7:44: note: '.f16' in atom needs sm_70 (PTX atom.add.noftz.f16); the build targets sm_60
// CHECK-NEXT:     7 |   asm volatile("atom.global.acquire.gpu.add.f16 %0, [%1], %2;"
// CHECK-NEXT:       |                                            ^~~~
// CHECK-NEXT:{{.*}}docs-example.cu:7:44: note: atom.add on '.f16' requires '.noftz'
// CHECK-NEXT:     7 |   asm volatile("atom.global.acquire.gpu.add.f16 %0, [%1], %2;"
// CHECK-NEXT:       |                                            ^~~~
// CHECK-NEXT:fix-it:"{{.*}}docs-example.cu":{7:44-7:44}:".noftz"
