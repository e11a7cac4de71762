// OpenCL C: a lock taken in one function and freed in another, with
// memory_order_relaxed explicit atomics, around plain __global data; the
// orders in the helpers become acquire and release (the scope kept) where
// every call of the helpers in the file is such a lock's.  OpenCL C 1.x
// helpers have no order to change: no fix, and the note says what to use.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/a.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' --fix %t/a.cl > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/a.cl

void take(volatile __global atomic_int *m) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(m, &expected, 1, memory_order_relaxed,
                                                  memory_order_relaxed, memory_scope_device))
    expected = 0;
}
void give(volatile __global atomic_int *m) {
  atomic_store_explicit(m, 0, memory_order_relaxed, memory_scope_device);
}
__kernel void locked_sum(__global atomic_int *m, __global int *total, int v) {
  take(m);
  *total += v;
  give(m);
}

// OpenCL C 1.x helpers: no order to change.
void take1x(volatile __global int *m) {
  while (atomic_cmpxchg(m, 0, 1) != 0)
    ;
}
void give1x(volatile __global int *m) {
  atomic_xchg(m, 0);
}
__kernel void locked_sum1x(__global int *m, __global int *total, int v) {
  take1x(m);
  *total += v;
  give1x(m);
}

// Near miss: acquire and release orders in the helpers.
void take_acq(volatile __global atomic_int *m) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(m, &expected, 1, memory_order_acquire,
                                                  memory_order_relaxed, memory_scope_device))
    expected = 0;
}
void give_rel(volatile __global atomic_int *m) {
  atomic_store_explicit(m, 0, memory_order_release, memory_scope_device);
}
__kernel void ordered_sum(__global atomic_int *m, __global int *total, int v) {
  take_acq(m);
  *total += v;
  give_rel(m);
}

// Near miss: a critical section of atomics only.
__kernel void atomic_only(__global atomic_int *m, __global atomic_int *count) {
  take(m);
  atomic_fetch_add_explicit(count, 1, memory_order_relaxed, memory_scope_device);
  give(m);
}

// CHECK: {{.*}}.cl:21:3: warning: lock '*m' taken in 'take()' with relaxed 'atomic_compare_exchange_strong_explicit' and freed in 'give()' with relaxed 'atomic_store_explicit', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: {{.*}}.cl:13:11: note: the lock is taken here, in 'take()'
// CHECK: {{.*}}.cl:22:3: note: '*total' is accessed in the critical section here
// CHECK: {{.*}}.cl:18:3: note: the lock is freed here, in 'give()'
// CHECK: fix-it:"{{.*}}.cl":{13:68-13:88}:"memory_order_acquire"
// CHECK: fix-it:"{{.*}}.cl":{18:31-18:51}:"memory_order_release"
// CHECK: {{.*}}.cl:35:3: warning: lock '*m' taken in 'take1x()' with relaxed 'atomic_cmpxchg' and freed in 'give1x()' with relaxed 'atomic_xchg', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: {{.*}}.cl:28:10: note: the lock is taken here, in 'take1x()'
// CHECK: {{.*}}.cl:36:3: note: '*total' is accessed in the critical section here
// CHECK: {{.*}}.cl:32:3: note: the lock is freed here, in 'give1x()'
// CHECK: {{.*}}.cl:35:3: note: no automatic fix: OpenCL C 1.x atomics take no memory order: use the _explicit functions with memory_order_acquire and memory_order_release
// FIXED: while (!atomic_compare_exchange_strong_explicit(m, &expected, 1, memory_order_acquire,
// FIXED: atomic_store_explicit(m, 0, memory_order_release, memory_scope_device);
