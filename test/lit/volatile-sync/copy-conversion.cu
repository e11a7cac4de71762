// A flag copied to a local (through an implicit conversion) before the test:
// 'int v = *flag; while (!v) v = *flag;' reads the flag twice, and both reads
// must become acquire loads (the loop is not entered when the first read
// already sees the flag).  A copy that no polling loop tests is left alone.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/c.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fix %t/c.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/c.cu
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-sync' %t/c.cu 2>&1 | count 0

__global__ void read_then_poll(volatile int *flag, int *data, int *out) {
  int v = *flag;
  while (!v)
    v = *flag;
  // CHECK: c{{.*}}.cu:[[@LINE-3]]:11: warning: spin-wait on volatile '*flag'{{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-4]]:11-[[@LINE-4]]:16}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{11:32-11:41}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{10:1-10:1}:"#include <cuda/atomic>\n"
  // CHECK: c{{.*}}.cu:[[@LINE-5]]:9: warning: spin-wait on volatile '*flag'{{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-6]]:9-[[@LINE-6]]:14}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{11:32-11:41}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{10:1-10:1}:"#include <cuda/atomic>\n"
  // FIXED: __global__ void read_then_poll(int *flag, int *data, int *out) {
  // FIXED-NEXT: int v = cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire);
  // FIXED-NEXT: while (!v)
  // FIXED-NEXT: v = cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire);
  *out = *data;
}

// An unsigned char flag seen through bool: the conversion is implicit.
__global__ void seen_as_bool(volatile unsigned char *flag, int *out) {
  bool seen = *flag;
  while (!seen) {
    seen = *flag;
  }
  // CHECK: c{{.*}}.cu:[[@LINE-4]]:15: warning: spin-wait on volatile '*flag'{{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-5]]:15-[[@LINE-5]]:20}:"cuda::atomic_ref<unsigned char, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{31:30-31:39}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{10:1-10:1}:"#include <cuda/atomic>\n"
  // CHECK: c{{.*}}.cu:[[@LINE-6]]:12: warning: spin-wait on volatile '*flag'{{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-7]]:12-[[@LINE-7]]:17}:"cuda::atomic_ref<unsigned char, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{31:30-31:39}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{10:1-10:1}:"#include <cuda/atomic>\n"
  // FIXED: bool seen = cuda::atomic_ref<unsigned char, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire);
  *out = 1;
}

// Near misses: a copy nobody polls; a copy tested once (no loop); a loop
// over a copy that the loop changes otherwise (counting, not waiting).
__global__ void not_polled(volatile int *flag, volatile long *word, int *out) {
  int v = *flag;
  bool once = *word;
  if (once)
    v++;
  int n = *flag;
  while (n > 0)
    n--;
  *out = v + n;
}
