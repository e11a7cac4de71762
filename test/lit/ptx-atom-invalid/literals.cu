// How the template is read: spellings of asm, raw strings, escapes, and
// templates the check cannot know.
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'

__device__ void spellings(unsigned *p) {
  __asm__ __volatile__("red.global.or.u32 [%0], 1;" :: "l"(p));
  // CHECK: literals.cu:[[@LINE-1]]:38: error: '.u32' is not valid with '.or': bit operations take .b32 or .b64 [ptx-atom-invalid]
  asm("red.global.xor.s64 [%0], 1;" :: "l"(p) : "memory");
  // CHECK: literals.cu:[[@LINE-1]]:22: error: '.s64' is not valid with '.xor': bit operations take .b32 or .b64 [ptx-atom-invalid]
}

__device__ void raw_and_escapes(unsigned *p) {
  asm volatile(R"(
    red.global.add.u32 [%0], 1;
    red.global.dec.u64 [%0], 1;
  )" :: "l"(p));
  // CHECK: literals.cu:[[@LINE-2]]:19: error: '.u64' is not valid with '.dec': .inc and .dec take .u32 only [ptx-atom-invalid]
  // An escaped quote and tab before the instruction; the octal escape
  // \056 is the '.' of the qualifier, so the finding starts at the backslash.
  asm volatile("// \"quoted\"\n\tred.global\056cas.b32 [%0], 1, 2;" :: "l"(p));
  // CHECK: literals.cu:[[@LINE-1]]:44: error: '.cas' is not a reduction: red has no .cas or .exch; use atom [ptx-atom-invalid]
}

// Negative: a template assembled from macros is not known, so not judged.
#define TYPE ".f16"
__device__ void unknown_template(unsigned short *p) {
  asm volatile("red.global.add" TYPE " [%0], 1;" :: "l"(p));
}
