// Lock repairs, edge cases: which fences already make the acquisition an
// acquire; a bounded acquisition; below sm_60 an acquiring loop that is not
// a statement of a { } block, after which no fence can go (no fix, a note).
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_52,sm_90 --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --check-prefix=LEGACY --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
#include <cuda/atomic>

// A relaxed fence after the loop orders nothing: the CAS is still rewritten.
__device__ volatile int relaxed_lock;
__device__ void relaxed_fence(int *n) {
  while (atomicCAS((int *)&relaxed_lock, 0, 1) != 0)
    ;
  cuda::atomic_thread_fence(cuda::memory_order_relaxed, cuda::thread_scope_device);
  ++*n;
  relaxed_lock = 0;
}

// An acquire fence after the loop already makes it an acquire.
__device__ volatile int acquire_lock;
__device__ void acquire_fence(int *n) {
  while (atomicCAS((int *)&acquire_lock, 0, 1) != 0)
    ;
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  ++*n;
  acquire_lock = 0;
}

// A bounded acquisition: the CAS operand is the spin, the count bounds it.
__device__ volatile int bounded_lock;
__device__ bool bounded(int *n) {
  int tries = 0;
  while (atomicCAS((int *)&bounded_lock, 0, 1) != 0 && ++tries < 1000)
    ;
  if (tries >= 1000)
    return false;
  ++*n;
  bounded_lock = 0;
  return true;
}

// The acquiring loop is the body of an if: below sm_60 no fence can follow it.
__device__ volatile int nested_lock;
__device__ void nested(int *n, bool take) {
  if (take)
    while (atomicExch((int *)&nested_lock, 1) != 0)
      ;
  ++*n;
  nested_lock = 0;
}

// Diagnostics and fix-its for sm_90 alone, then for a build that also has sm_52.
// CHECK: locks-edge.cu:15:3: warning: lock 'relaxed_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks-edge.cu:11:10: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks-edge.cu":{15:3-15:19}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&relaxed_lock)}.store(0, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}locks-edge.cu":{11:10-11:47}:"[&] { int cuatomlint_old = 0; cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)&relaxed_lock}.compare_exchange_strong(cuatomlint_old, 1, cuda::memory_order_acquire); return cuatomlint_old; }()"
// CHECK: locks-edge.cu:25:3: warning: lock 'acquire_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks-edge.cu:21:10: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks-edge.cu":{25:3-25:19}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&acquire_lock)}.store(0, cuda::memory_order_release)"
// CHECK: locks-edge.cu:37:3: warning: lock 'bounded_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks-edge.cu:32:10: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks-edge.cu":{37:3-37:19}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&bounded_lock)}.store(0, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}locks-edge.cu":{32:10-32:47}:"[&] { int cuatomlint_old = 0; cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)&bounded_lock}.compare_exchange_strong(cuatomlint_old, 1, cuda::memory_order_acquire); return cuatomlint_old; }()"
// CHECK: locks-edge.cu:48:3: warning: lock 'nested_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks-edge.cu:45:12: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks-edge.cu":{48:3-48:18}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&nested_lock)}.store(0, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}locks-edge.cu":{45:12-45:46}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)&nested_lock}.exchange(1, cuda::memory_order_acquire)"
// LEGACY: locks-edge.cu:15:3: warning: lock 'relaxed_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks-edge.cu:11:10: note: the lock is acquired here
// LEGACY: fix-it:"{{.*}}locks-edge.cu":{15:3-15:19}:"__threadfence(); atomicExch(const_cast<int *>(&relaxed_lock), 0)"
// LEGACY: fix-it:"{{.*}}locks-edge.cu":{12:6-12:6}:"\n  __threadfence();"
// LEGACY: locks-edge.cu:25:3: warning: lock 'acquire_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks-edge.cu:21:10: note: the lock is acquired here
// LEGACY: fix-it:"{{.*}}locks-edge.cu":{25:3-25:19}:"__threadfence(); atomicExch(const_cast<int *>(&acquire_lock), 0)"
// LEGACY: locks-edge.cu:37:3: warning: lock 'bounded_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks-edge.cu:32:10: note: the lock is acquired here
// LEGACY: fix-it:"{{.*}}locks-edge.cu":{37:3-37:19}:"__threadfence(); atomicExch(const_cast<int *>(&bounded_lock), 0)"
// LEGACY: fix-it:"{{.*}}locks-edge.cu":{33:6-33:6}:"\n  __threadfence();"
// LEGACY: locks-edge.cu:48:3: warning: lock 'nested_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks-edge.cu:45:12: note: the lock is acquired here
// LEGACY: locks-edge.cu:45:12: note: no fix: a release store alone leaves the critical section unordered, and this acquisition cannot be made an acquire (its loop is not a statement of a { } block, so no fence can follow it)
