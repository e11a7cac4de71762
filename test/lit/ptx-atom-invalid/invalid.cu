// Invalid atom/red qualifier combinations: wrong on every target.
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'

__device__ unsigned short half_add(unsigned short *p, unsigned short v) {
  unsigned short old;
  asm volatile("atom.global.add.f16 %0, [%1], %2;" : "=h"(old) : "l"(p), "h"(v));
  // CHECK: invalid.cu:[[@LINE-1]]:32: error: atom.add on '.f16' requires '.noftz' [ptx-atom-invalid]
  // CHECK-NEXT: {{^ +}}[[@LINE-2]] |   asm volatile("atom.global.add.f16 %0, [%1], %2;" : "=h"(old) : "l"(p), "h"(v));
  // CHECK-NEXT: {{^}}       |                                ^~~~{{$}}
  // CHECK-NEXT: fix-it:"{{.*}}invalid.cu":{[[@LINE-4]]:32-[[@LINE-4]]:32}:".noftz"
  return old;
}

// Concatenated literals on several lines, escapes, %-operands: the finding
// points at the qualifier in the second literal.
__device__ unsigned bad_inc(unsigned *p) {
  unsigned old;
  asm volatile("{\n\t"
               "atom.global.inc"
               ".s32 %0, [%1], 1;\n\t"
               "}" : "=r"(old) : "l"(p));
  // CHECK: invalid.cu:[[@LINE-2]]:17: error: '.s32' is not valid with '.inc': .inc and .dec take .u32 only [ptx-atom-invalid]
  return old;
}

// Several instructions in one string; red with acquire; a 128-bit add.
__device__ void several(unsigned *p, unsigned long long *q) {
  asm volatile("red.global.add.u32 [%0], 1;\n\t"
               "red.acquire.gpu.global.add.u32 [%0], 1;\n\t"
               "atom.global.add.b128 %1, [%2], %1;" : "+l"(q) : "l"(p), "l"(q));
  // CHECK: invalid.cu:[[@LINE-2]]:20: error: '.acquire' is not valid on red, which takes only .relaxed or .release [ptx-atom-invalid]
  // CHECK: invalid.cu:[[@LINE-2]]:32: error: '.b128' is only valid with .cas or .exch, not '.add' [ptx-atom-invalid]
}

// Bit operations take .b32/.b64; vector forms live in global memory only.
__device__ void bits_and_vectors(unsigned *p, float *f) {
  unsigned old;
  asm volatile("atom.global.and.u32 %0, [%1], 1;" : "=r"(old) : "l"(p));
  // CHECK: invalid.cu:[[@LINE-1]]:32: error: '.u32' is not valid with '.and': bit operations take .b32 or .b64 [ptx-atom-invalid]
  float a, b;
  asm volatile("atom.shared.v2.f32.add {%0, %1}, [%2], {%3, %4};"
               : "=f"(a), "=f"(b) : "l"(f), "f"(1.0f), "f"(2.0f));
  // CHECK: invalid.cu:[[@LINE-2]]:21: error: '.shared' is not valid with '.v2': vector atom works on .global memory only [ptx-atom-invalid]
  asm volatile("@!%4 atom.global.v4.f32.add {%0, %1}, [%2], {%3, %3};"
               : "=f"(a), "=f"(b) : "l"(f), "f"(1.0f), "r"(old));
  // CHECK: invalid.cu:[[@LINE-2]]:33: error: '.v4' needs 4-element operand lists, not 2 [ptx-atom-invalid]
  asm volatile("atom.mmio.relaxed.sys.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(p));
  // CHECK: invalid.cu:[[@LINE-1]]:21: error: '.mmio' is not a qualifier of atom (ld/st only) [ptx-atom-invalid]
  asm volatile("atom.global.relaxd.gpu.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(p));
  // CHECK: invalid.cu:[[@LINE-1]]:28: error: '.relaxd' is not a qualifier of atom [ptx-atom-invalid]
}

// Misuse inside a macro is reported where the macro is used (no fix).
#define RED_HALF(p, v) asm volatile("red.global.add.f16 [%0], %1;" :: "l"(p), "h"(v))
__device__ void macro_use(unsigned short *p, unsigned short v) {
  RED_HALF(p, v);
  // CHECK: invalid.cu:[[@LINE-1]]:3: error: red.add on '.f16' requires '.noftz' [ptx-atom-invalid]
}

// A template: reported once, at the literal.
template <class T> __device__ void tmpl(T *p) {
  asm volatile("red.global.exch.b32 [%0], 1;" :: "l"(p));
  // CHECK: invalid.cu:[[@LINE-1]]:27: error: '.exch' is not a reduction: red has no .cas or .exch; use atom [ptx-atom-invalid]
}
template __device__ void tmpl<int>(int *);

// Negative: valid instructions, in any qualifier order, with predicates,
// labels and comments.
__device__ unsigned valid(unsigned *p, unsigned short *h, float *f) {
  unsigned old;
  unsigned short hold;
  float a, b;
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0;\n"
               "  @p atom.global.add.u32 %0, [%1], 1; // atom.add.f16 in a comment\n"
               "  /* red.acquire.add.u32 [%1], 1; */\n"
               "L1: @!p atom.u32.add.relaxed.gpu.global %0, [%1], 2; }"
               : "=r"(old) : "l"(p));
  asm volatile("atom.global.add.noftz.f16 %0, [%1], %2;" : "=h"(hold) : "l"(h), "h"(hold));
  asm volatile("atom.global.cas.b16 %0, [%1], %2, %3;" : "=h"(hold) : "l"(h), "h"(hold), "h"(hold));
  asm volatile("atom.global.v2.f32.add {%0, %1}, [%2], {%3, %4};"
               : "=f"(a), "=f"(b) : "l"(f), "f"(1.0f), "f"(2.0f));
  asm volatile("red.release.sys.global.add.u32 [%0], 1;" :: "l"(p));
  asm volatile("atom.global.cas.b128 %0, [%1], %0, %0;" : "+l"(f) : "l"(p));
  return old + hold + (unsigned)(a + b);
}

// Negative: other PTX that merely contains ".red" or "atom".
__device__ unsigned other_ptx(unsigned *p, unsigned v) {
  unsigned r;
  asm volatile("barrier.red.popc.u32 %0, 0, %1;" : "=r"(r) : "r"(v));
  asm volatile("redux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(v));
  asm volatile("multimem.red.relaxed.gpu.global.add.u32 [%0], %1;" :: "l"(p), "r"(v));
  asm volatile("ld.mmio.relaxed.sys.global.u32 %0, [%1];" : "=r"(r) : "l"(p));
  return r;
}

// Negative: PTX text outside asm, and asm in host code.
const char *not_asm = "atom.global.add.f16 %0, [%1], %2;";
// asm volatile("atom.global.add.f16 %0, [%1], %2;");
void host_fn() { asm volatile("" ::: "memory"); }
