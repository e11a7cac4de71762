// Spin-waits with a time-out: the loop counts a budget down (or a counter
// up) in the same condition.  The "loop changes what the condition reads"
// exemption is judged per operand of '&&', '||' and '!': only the operand
// that reads the flag must be left alone by the loop.  The fix rewrites the
// volatile read only; the bound stays as written.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/b.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fix %t/b.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/b.cu
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-sync' %t/b.cu 2>&1 | count 0

__global__ void count_down(volatile int *go, int budget, int *out) {
  while (budget > 0 && !*go)
    --budget;
  // CHECK: b{{.*}}.cu:[[@LINE-2]]:25: warning: spin-wait on volatile '*go': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-3]]:25-[[@LINE-3]]:28}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{[[@LINE-5]]:28-[[@LINE-5]]:37}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{12:1-12:1}:"#include <cuda/atomic>\n"
  // FIXED: __global__ void count_down(int *go, int budget, int *out) {
  // FIXED-NEXT: while (budget > 0 && !cuda::atomic_ref<int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire))
  // FIXED-NEXT: --budget;
  *out = budget;
}

__global__ void pre_decrement(volatile int *go, int n, int *out) {
  while (!*go && --n > 0) {
  }
  // CHECK: b{{.*}}.cu:[[@LINE-2]]:11: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-3]]:11-[[@LINE-3]]:14}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{[[@LINE-5]]:31-[[@LINE-5]]:40}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{12:1-12:1}:"#include <cuda/atomic>\n"
  // FIXED: while (!cuda::atomic_ref<int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire) && --n > 0) {
  *out = n;
}

__global__ void counted_for(volatile int *go, int budget, int *out) {
  int t;
  for (t = 0; t < budget && !*go; ++t) {
  }
  // CHECK: b{{.*}}.cu:[[@LINE-2]]:30: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-3]]:30-[[@LINE-3]]:33}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{[[@LINE-6]]:29-[[@LINE-6]]:38}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{12:1-12:1}:"#include <cuda/atomic>\n"
  // FIXED: for (t = 0; t < budget && !cuda::atomic_ref<int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire); ++t) {
  *out = t;
}

// A time-out: the body counts what the other operand reads.
__global__ void timed_out(volatile unsigned *go, unsigned limit, unsigned *out) {
  unsigned spins = 0;
  while (*go == 0u && spins < limit) {
    ++spins;
  }
  // CHECK: b{{.*}}.cu:[[@LINE-3]]:10: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-4]]:10-[[@LINE-4]]:13}:"cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{[[@LINE-7]]:27-[[@LINE-7]]:36}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{12:1-12:1}:"#include <cuda/atomic>\n"
  // FIXED: while (cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire) == 0u && spins < limit) {
  *out = spins;
}

// 'if (...) break;' with a bound in the same condition.
__global__ void break_bound(volatile int *go, int limit, int *out) {
  int t = 0;
  for (;;) {
    if (*go != 0 || ++t > limit)
      break;
  }
  // CHECK: b{{.*}}.cu:[[@LINE-3]]:9: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-4]]:9-[[@LINE-4]]:12}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*go}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{[[@LINE-8]]:29-[[@LINE-8]]:38}:""
  // CHECK-NEXT: fix-it:"{{.*}}.cu":{12:1-12:1}:"#include <cuda/atomic>\n"
  *out = t;
}

// Near misses: the operand that reads through volatile also reads what the
// loop changes, so the loop walks data rather than waiting for it.
__global__ void walk_data(volatile int *v, int n, int *out) {
  int i = 0;
  while (i < n && v[i] != 0)
    i++;
  int j = 0;
  while (!(v[j] == 0 || j >= n))
    ++j;
  int k = n;
  for (; k > 0 && v[k - 1] == 0; --k) {
  }
  *out = i + j + k;
}
