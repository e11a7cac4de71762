// Polls and producer stores made in small helpers.
// - A helper of at most four statements loading with inline PTX
//   'ld.volatile' (the way communication libraries poll) is a volatile poll:
//   the finding is at the call in the loop, with a note at the asm, and no
//   fix (the PTX is the user's; 'ld.acquire' there is right for every
//   caller).  Stores to the flag it polls are publishing stores.
// - A store through a volatile parameter of a producer function that some
//   call hands the polled flag ('set_ready(ready, 1)') publishes the flag:
//   reported and fixed in the function, with a note at the call.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/helpers.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fix %t/helpers.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/helpers.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %t/helpers.cu 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
#include <cuda/atomic>

__device__ __forceinline__ unsigned ld_volatile(const unsigned *p) {
  unsigned v;
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ unsigned ld_acquire(const unsigned *p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__global__ void wait_step(const unsigned *step, unsigned want, int *data, int *out) {
  while (ld_volatile(step) < want) {
  }
  *out = *data;
}
__global__ void wait_copy(const unsigned *step, unsigned want, int *out) {
  unsigned s;
  do {
    s = ld_volatile(step);
  } while (s < want);
  *out = 1;
}
__global__ void ok_acquire(const unsigned *step, unsigned want, int *out) {
  while (ld_acquire(step) < want) {
  }
  unsigned x = ld_volatile(step);
  *out = x;
}
__device__ void set_ready(volatile int *f, int v) { *f = v; }
__global__ void producer(volatile int *ready, int *data) {
  *data = 1;
  set_ready(ready, 1);
}
__global__ void consumer(volatile int *ready, int *data, int *out) {
  while (*ready == 0) {
  }
  *out = *data;
}
__device__ void log_to(volatile int *sink, int v) { *sink = v; }
__global__ void logger(volatile int *log) { log_to(log, 3); }
// The producer of the step that ld_volatile polls.
__global__ void advance(volatile unsigned *step, unsigned v) { *step = v; }

// Near misses: a helper with more than four statements is not followed; a
// store through a parameter whose callers pass nothing polled is not a signal.
__device__ unsigned long_helper(const unsigned *p) {
  unsigned v;
  unsigned w = 0;
  w += 1;
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v + w - 1;
}
__global__ void wait_long(const unsigned *q, int *out) {
  while (long_helper(q) == 0u) {
  }
  *out = 1;
}


// Through a call, only the polled word is the flag: put(cells, v) stores the
// payload cells[0]; put(&cells[1], 1) hands put the polled word.
__device__ void put(volatile int *p, int v) { p[0] = v; }
__global__ void send_words(volatile int *cells, int v) {
  put(cells, v);
  put(&cells[1], 1);
}
__global__ void recv_words(volatile int *cells, int *out) {
  while (cells[1] == 0) {
  }
  *out = cells[0];
}

// Diagnostics and fix-its.
// CHECK: helpers.cu:28:10: warning: spin-wait through 'ld_volatile()', whose inline PTX 'ld.volatile' load neither synchronizes threads nor orders memory; load with 'ld.acquire' (or a cuda::atomic_ref acquire load) in 'ld_volatile' [volatile-sync]
// CHECK: helpers.cu:19:3: note: the ld.volatile load is here; no automatic fix: every caller of 'ld_volatile' shares it, and loads of data through it would become acquire loads too; poll with an 'ld.acquire.gpu' twin of it (with a "memory" clobber, so that the compiler keeps the loads after it) or a cuda::atomic_ref acquire load
// CHECK: helpers.cu:35:9: warning: spin-wait through 'ld_volatile()', whose inline PTX 'ld.volatile' load neither synchronizes threads nor orders memory; load with 'ld.acquire' (or a cuda::atomic_ref acquire load) in 'ld_volatile' [volatile-sync]
// CHECK: helpers.cu:19:3: note: the ld.volatile load is here; no automatic fix: every caller of 'ld_volatile' shares it, and loads of data through it would become acquire loads too; poll with an 'ld.acquire.gpu' twin of it (with a "memory" clobber, so that the compiler keeps the loads after it) or a cuda::atomic_ref acquire load
// CHECK: helpers.cu:45:53: warning: store to volatile '*f', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: helpers.cu:51:10: note: '*ready' is polled here
// CHECK: helpers.cu:48:3: note: 'set_ready' is handed the polled flag here
// CHECK: fix-it:"{{.*}}helpers.cu":{45:53-45:59}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(f)}.store(v, cuda::memory_order_release)"
// CHECK: helpers.cu:51:10: warning: spin-wait on volatile '*ready': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}helpers.cu":{51:10-51:16}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*ready}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}helpers.cu":{50:26-50:35}:""
// CHECK: helpers.cu:58:64: warning: store to volatile '*step', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: helpers.cu:28:10: note: '*step' is polled here
// CHECK: fix-it:"{{.*}}helpers.cu":{58:64-58:73}:"cuda::atomic_ref<unsigned int, cuda::thread_scope_device>{*step}.store(v, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}helpers.cu":{58:25-58:34}:""
// CHECK: helpers.cu:78:47: warning: store to volatile 'p[0]', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: helpers.cu:84:10: note: 'cells[1]' is polled here
// CHECK: helpers.cu:81:3: note: 'put' is handed the polled flag here
// CHECK: fix-it:"{{.*}}helpers.cu":{78:47-78:55}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&p[0])}.store(v, cuda::memory_order_release)"
// CHECK: helpers.cu:84:10: warning: spin-wait on volatile 'cells[1]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}helpers.cu":{84:10-84:18}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&cells[1])}.load(cuda::memory_order_acquire)"
// The rewritten source; a second run finds only the asm polls (no fix).
// FIXED: __device__ void set_ready(volatile int *f, int v) { cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(f)}.store(v, cuda::memory_order_release); }
// FIXED: __global__ void consumer(int *ready, int *data, int *out) {
// FIXED: while (cuda::atomic_ref<int, cuda::thread_scope_device>{*ready}.load(cuda::memory_order_acquire) == 0) {
// FIXED: __global__ void advance(unsigned *step, unsigned v) { cuda::atomic_ref<unsigned int, cuda::thread_scope_device>{*step}.store(v, cuda::memory_order_release); }
// FIXED: __device__ void put(volatile int *p, int v) { cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&p[0])}.store(v, cuda::memory_order_release); }
// FIXED: while (cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&cells[1])}.load(cuda::memory_order_acquire) == 0) {
// AGAIN: helpers.cu:28:10: warning: spin-wait through 'ld_volatile()'{{.*}} [volatile-sync]
// AGAIN: helpers.cu:35:9: warning: spin-wait through 'ld_volatile()'{{.*}} [volatile-sync]
