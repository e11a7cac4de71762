// The inline PTX of poll helpers and MMIO code is read by the shared PTX
// reader (src/ptx/): a template spelled in a macro is read from the
// definition, and 'ld.volatile' / '.mmio' count only as a statement's
// opcode and qualifiers, not as words of a PTX comment.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'

// An ld.volatile load written in the user's macro.
#define LD_VOLATILE_U32(v, p) asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(v) : "l"(p))
__device__ __forceinline__ unsigned ld_volatile_macro(const unsigned *p) {
  unsigned v;
  LD_VOLATILE_U32(v, p);
  return v;
}
__global__ void wait_macro(const unsigned *step, unsigned want, int *out) {
  while (ld_volatile_macro(step) < want) {
  }
  *out = 1;
}
// CHECK: asm-reader.cu:[[@LINE-4]]:10: warning: spin-wait through 'ld_volatile_macro()', whose inline PTX 'ld.volatile' load neither synchronizes threads nor orders memory; load with 'ld.acquire' (or a cuda::atomic_ref acquire load) in 'ld_volatile_macro' [volatile-sync]
// CHECK: asm-reader.cu:12:3: note: the ld.volatile load is here; no automatic fix: every caller of 'ld_volatile_macro' shares it, and loads of data through it would become acquire loads too; poll with an 'ld.acquire.sys' twin of it (with a "memory" clobber, so that the compiler keeps the loads after it) or a cuda::atomic_ref acquire load

// Named operands are read too.
__device__ __forceinline__ unsigned ld_volatile_named(const unsigned *p) {
  unsigned v;
  asm volatile("ld.volatile.global.u32 %[v], [%[p]];" : [v] "=r"(v) : [p] "l"(p));
  return v;
}
__global__ void wait_named(const unsigned *step, unsigned want, int *out) {
  while (ld_volatile_named(step) < want) {
  }
  *out = 1;
}
// CHECK: asm-reader.cu:[[@LINE-4]]:10: warning: spin-wait through 'ld_volatile_named()', whose inline PTX 'ld.volatile' load neither synchronizes threads nor orders memory; load with 'ld.acquire' (or a cuda::atomic_ref acquire load) in 'ld_volatile_named' [volatile-sync]
// CHECK: asm-reader.cu:26:3: note: the ld.volatile load is here; no automatic fix: every caller of 'ld_volatile_named' shares it, and loads of data through it would become acquire loads too; poll with an 'ld.acquire.sys' twin of it (with a "memory" clobber, so that the compiler keeps the loads after it) or a cuda::atomic_ref acquire load

// Near miss: an acquire load whose PTX comment names ld.volatile.
__device__ __forceinline__ unsigned ld_acquire_commented(const unsigned *p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1]; // was ld.volatile" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__global__ void wait_commented(const unsigned *step, unsigned want, int *out) {
  while (ld_acquire_commented(step) < want) {
  }
  *out = 1;
}

// Near miss: MMIO code whose .mmio load is written in the user's macro.
#define LD_MMIO_U32(v, p) asm volatile("ld.relaxed.mmio.sys.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory")
__device__ int poll_register_macro(volatile int *reg) {
  int value;
  LD_MMIO_U32(value, reg);
  while (*reg == 0) {
  }
  *reg = 0;
  return value;
}

// NCCL's helper: a "memory" clobber already there; a word device code
// writes (device scope).
__device__ __forceinline__ unsigned long long ld_volatile_global(unsigned long long *p) {
  unsigned long long v;
  asm volatile("ld.volatile.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__global__ void bump(unsigned long long *tail) { *tail += 1; }
__global__ void wait_tail(unsigned long long *tail, unsigned long long step, int *out) {
  while (ld_volatile_global(tail) < step) {
  }
  *out = 1;
}
// CHECK: asm-reader.cu:[[@LINE-4]]:10: warning: spin-wait through 'ld_volatile_global()', whose inline PTX 'ld.volatile' load neither synchronizes threads nor orders memory; load with 'ld.acquire' (or a cuda::atomic_ref acquire load) in 'ld_volatile_global' [volatile-sync]
// CHECK: asm-reader.cu:[[@LINE-10]]:3: note: the ld.volatile load is here; no automatic fix: every caller of 'ld_volatile_global' shares it, and loads of data through it would become acquire loads too; poll with an 'ld.acquire.gpu' twin of it (keeping its "memory" clobber, so that the compiler keeps the loads after it) or a cuda::atomic_ref acquire load
