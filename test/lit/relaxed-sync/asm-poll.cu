// Polls through inline PTX 'ld.relaxed' (a relaxed atomic load in the PTX
// memory model), written in the spin loop as one asm statement whose output
// the loop tests, or in a small helper called in the loop's condition.  The
// in-loop load is fixed by renaming '.relaxed' to '.acquire' (the scope
// stays) where the statement has a "memory" clobber; a helper's load is
// every caller's, so it gets a note and no fix.
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/a.cu
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync' --fix %t/a.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/a.cu

__device__ int payload[64];

__global__ void produce(unsigned *flag, unsigned long long *wide) {
  payload[0] = 1;
  __threadfence();
  atomicExch(flag, 1u);
  atomicExch(wide, 1ull);
}

// In the loop, device scope, with a "memory" clobber: fixed.
__global__ void wait_gpu(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
  } while (v == 0);
  *out = payload[0];
}

// System scope, ended by 'if (...) break;': fixed, the scope kept.
__global__ void wait_sys(unsigned long long *wide, int *out) {
  unsigned long long v;
  for (;;) {
    asm volatile("ld.relaxed.sys.global.u64 %0, [%1];" : "=l"(v) : "l"(wide) : "memory");
    if (v != 0)
      break;
  }
  *out = payload[1];
}

// No "memory" clobber: no fix (the compiler could still hoist the data load).
__global__ void wait_no_clobber(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag));
  } while (v == 0);
  *out = payload[2];
}

// A helper called in the condition: reported at the call, no fix.
__device__ __forceinline__ unsigned ld_relaxed(const unsigned *p) {
  unsigned v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__global__ void wait_helper(unsigned *flag, int *out) {
  while (ld_relaxed(flag) == 0) {
  }
  *out = payload[3];
}

// The load written in the user's macro: no fix.
#define LD_RELAXED_U32(v, p) asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory")
__global__ void wait_macro(unsigned *flag, int *out) {
  unsigned v;
  do {
    LD_RELAXED_U32(v, flag);
  } while (v == 0);
  *out = payload[4];
}

// Near miss: a fence after the loop.
__global__ void wait_fenced(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
  } while (v == 0);
  __threadfence();
  *out = payload[5];
}

// Near miss: an acquire load.
__global__ void wait_acquire(unsigned *flag, int *out) {
  unsigned v;
  do {
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
  } while (v == 0);
  *out = payload[6];
}

// Near miss: the data read after the loop is input no code of this file writes.
__global__ void wait_input(unsigned *flag, const int *in, int *out) {
  unsigned v;
  do {
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
  } while (v == 0);
  *out = in[0];
}

// Near miss: relaxed loads of a counter in a loop that does not wait on them.
__global__ void sum_relaxed(unsigned *counts, unsigned *out, int n) {
  unsigned s = 0;
  for (int i = 0; i < n; i++) {
    unsigned v;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(counts + i) : "memory");
    s += v;
  }
  *out = s + payload[7];
}

// CHECK: {{.*}}.cu:26:5: warning: spin-wait on '*flag' with relaxed 'ld.relaxed.gpu.global' and no fence after the loop: the read of '*payload' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: {{.*}}.cu:28:10: note: '*payload' is read here
// CHECK: fix-it:"{{.*}}.cu":{26:21-26:29}:".acquire"
// CHECK: {{.*}}.cu:35:5: warning: spin-wait on '*wide' with relaxed 'ld.relaxed.sys.global' and no fence after the loop: the read of 'payload[1]' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: {{.*}}.cu:39:10: note: 'payload[1]' is read here
// CHECK: fix-it:"{{.*}}.cu":{35:21-35:29}:".acquire"
// CHECK: {{.*}}.cu:46:5: warning: spin-wait on '*flag' with relaxed 'ld.relaxed.gpu.global' and no fence after the loop: the read of 'payload[2]' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: {{.*}}.cu:48:10: note: 'payload[2]' is read here
// CHECK: {{.*}}.cu:46:5: note: no automatic fix: the asm statement has no "memory" clobber, so the compiler may move the data loads above it: make the load 'ld.acquire' and add one
// CHECK: {{.*}}.cu:58:10: warning: spin-wait on '*flag' with relaxed 'ld_relaxed()' and no fence after the loop: the read of 'payload[3]' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: {{.*}}.cu:60:10: note: 'payload[3]' is read here
// CHECK: {{.*}}.cu:58:10: note: no automatic fix: the relaxed load is the helper's inline PTX, which every caller shares: make it 'ld.acquire' there (with a "memory" clobber), or put a fence after the loop
// CHECK: {{.*}}.cu:68:5: warning: spin-wait on '*flag' with relaxed 'ld.relaxed.gpu.global' and no fence after the loop: the read of 'payload[4]' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: {{.*}}.cu:70:10: note: 'payload[4]' is read here
// CHECK: {{.*}}.cu:68:5: note: no automatic fix: the '.relaxed' qualifier is not written in the asm statement itself (a macro): make the load 'ld.acquire' there
// FIXED: asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
// FIXED: asm volatile("ld.acquire.sys.global.u64 %0, [%1];" : "=l"(v) : "l"(wide) : "memory");
