// Polls through inline PTX loads that are not acquire loads: 'ld.global.cg'
// and 'ld.global.cv' (weak loads in the PTX memory model: the poll races
// with the writer) and 'ld.volatile' (a relaxed load), written in the
// loop itself or in a small helper called in its condition.  Written in the
// loop as one load into a local the loop tests, the asm statement becomes a
// cuda::atomic_ref acquire load with the scope volatile-sync picks for the
// word (device here: this file writes it; system where no code writes it).
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/a.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fix %t/a.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/a.cu

__device__ int payload;

__global__ void produce(unsigned *flag, unsigned long long *wide, int *word, int *mismatch) {
  payload = 42;
  __threadfence();
  atomicExch(flag, 1u);
  atomicExch(wide, 1ull);
  atomicExch(word, 1);
  atomicExch(mismatch, 1);
}

// A cache-global load polled in a do-while.
__global__ void wait_cg(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(flag));
  } while (v == 0);
  *out = payload;
}

// A volatile load ending a for (;;) with 'if (...) break;'.
__global__ void wait_volatile(unsigned long long *wide, int *out) {
  unsigned long long v;
  for (;;) {
    asm volatile("ld.volatile.global.u64 %0, [%1];" : "=l"(v) : "l"(wide) : "memory");
    if (v != 0)
      break;
  }
  *out = payload;
}

// A .cv load with named operands.
__global__ void wait_cv(int *word, int *out) {
  int v;
  do {
    asm volatile("ld.global.cv.s32 %[v], [%[p]];" : [v] "=r"(v) : [p] "l"(word));
  } while (v == 0);
  *out = payload;
}

// Through a pointer to const: the fix casts const away for cuda::atomic_ref.
__global__ void wait_const(const unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(flag));
  } while (v == 0);
  *out = payload;
}

// No code of this file writes 'host_flag': the fix keeps system scope.
__global__ void wait_host(unsigned *host_flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(host_flag));
  } while (v == 0);
  *out = payload;
}

// A helper called in the condition: reported at the call, no fix.
__device__ __forceinline__ unsigned load_cg(const unsigned *p) {
  unsigned v;
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__global__ void wait_helper(const unsigned *flag, int *out) {
  while (load_cg(flag) == 0) {
  }
  *out = payload;
}

// No fix: a 64-bit load of a 32-bit word.
__global__ void wait_mismatch(int *mismatch, int *out) {
  unsigned long long v;
  do {
    asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(v) : "l"(mismatch));
  } while (v == 0);
  *out = payload;
}

// No fix: the asm statement is the user's macro.
#define LD_CG_U32(v, p) asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p))
__global__ void wait_macro(unsigned *flag, int *out) {
  unsigned v;
  do {
    LD_CG_U32(v, flag);
  } while (v == 0);
  *out = payload;
}

// No fix: a second instruction in the template.
__global__ void wait_two(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.global.cg.u32 %0, [%1];\n\tadd.u32 %0, %0, 0;" : "=r"(v) : "l"(flag));
  } while (v == 0);
  *out = payload;
}

// Near miss: an acquire load.
__global__ void wait_acquire(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
  } while (v == 0);
  *out = payload;
}

// Near miss: cache-global loads of data in a loop that does not wait on them.
__global__ void sum_cg(unsigned *data, unsigned *out, int n) {
  unsigned s = 0;
  for (int i = 0; i < n; i++) {
    unsigned v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(data + i));
    s += v;
  }
  *out = s;
}

// Near miss: a device fence after the loop makes the poll an acquire.
__global__ void wait_fenced(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(flag));
  } while (v == 0);
  __threadfence();
  *out = payload;
}

// Near miss: a plain cached load (no .cg/.cv/.volatile) is not read as a poll.
__global__ void wait_ca(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(flag));
  } while (v == 0);
  *out = payload;
}

// CHECK: {{.*}}.cu:29:5: warning: spin-wait on an inline PTX 'ld.global.cg' load from 'flag': a weak load neither synchronizes threads nor orders memory, and the poll races with the writer; use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}.cu":{29:5-29:69}:"v = cuda::atomic_ref<unsigned int, cuda::thread_scope_device>{*flag}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{13:1-13:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:38:5: warning: spin-wait on an inline PTX 'ld.volatile' load from 'wide': volatile loads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}.cu":{38:5-38:86}:"v = cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>{*wide}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{13:1-13:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:49:5: warning: spin-wait on an inline PTX 'ld.global.cv' load from 'word': a weak load neither synchronizes threads nor orders memory, and the poll races with the writer; use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}.cu":{49:5-49:81}:"v = cuda::atomic_ref<int, cuda::thread_scope_device>{*word}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{13:1-13:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:58:5: warning: spin-wait on an inline PTX 'ld.global.cg' load from 'flag': a weak load neither synchronizes threads nor orders memory, and the poll races with the writer; use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}.cu":{58:5-58:69}:"v = cuda::atomic_ref<unsigned int, cuda::thread_scope_device>{*const_cast<unsigned int *>(flag)}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{13:1-13:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:67:5: warning: spin-wait on an inline PTX 'ld.global.cg' load from 'host_flag': a weak load neither synchronizes threads nor orders memory, and the poll races with the writer; use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:67:63: note: no code of this translation unit writes 'host_flag': its writer may be the CPU (host-pinned or managed memory) or another device; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
// CHECK: fix-it:"{{.*}}.cu":{67:5-67:74}:"v = cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*host_flag}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{13:1-13:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:79:10: warning: spin-wait through 'load_cg()', whose inline PTX 'ld.global.cg' load is weak: it neither synchronizes threads nor orders memory, and the poll races with the writer; load with 'ld.acquire' (or a cuda::atomic_ref acquire load) in 'load_cg' [volatile-sync]
// CHECK: {{.*}}.cu:75:3: note: the ld.global.cg load is here; no automatic fix: every caller of 'load_cg' shares it, and loads of data through it would become acquire loads too; poll with an 'ld.acquire.gpu' twin of it (with a "memory" clobber, so that the compiler keeps the loads after it) or a cuda::atomic_ref acquire load
// CHECK: {{.*}}.cu:88:5: warning: spin-wait on an inline PTX 'ld.global.cg' load from 'mismatch': a weak load neither synchronizes threads nor orders memory, and the poll races with the writer; use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:88:5: note: no automatic fix: the load's PTX type, the pointed-to type and the output's type differ; load with 'ld.acquire.gpu' there (with a "memory" clobber) or a cuda::atomic_ref acquire load
// CHECK: {{.*}}.cu:98:5: warning: spin-wait on an inline PTX 'ld.global.cg' load from 'flag': a weak load neither synchronizes threads nor orders memory, and the poll races with the writer; use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:98:5: note: no automatic fix: the asm statement is written in a macro; load with 'ld.acquire.gpu' there (with a "memory" clobber) or a cuda::atomic_ref acquire load
// CHECK: {{.*}}.cu:107:5: warning: spin-wait on an inline PTX 'ld.global.cg' load from 'flag': a weak load neither synchronizes threads nor orders memory, and the poll races with the writer; use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:107:5: note: no automatic fix: the asm statement is not one load into its one output from '[%1]'; load with 'ld.acquire.gpu' there (with a "memory" clobber) or a cuda::atomic_ref acquire load
// FIXED: #include <cuda/atomic>
// FIXED: v = cuda::atomic_ref<unsigned int, cuda::thread_scope_device>{*flag}.load(cuda::memory_order_acquire);
// FIXED: v = cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>{*wide}.load(cuda::memory_order_acquire);
// FIXED: v = cuda::atomic_ref<int, cuda::thread_scope_device>{*word}.load(cuda::memory_order_acquire);
// FIXED: v = cuda::atomic_ref<unsigned int, cuda::thread_scope_device>{*const_cast<unsigned int *>(flag)}.load(cuda::memory_order_acquire);
// FIXED: v = cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*host_flag}.load(cuda::memory_order_acquire);
