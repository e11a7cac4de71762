// OpenCL C locks and message passing written with memory_order_relaxed
// explicit atomics around plain __global data: the orders become acquire
// (taking, polling) and release (freeing, publishing), the scope argument
// kept.  OpenCL C 1.x atomics have no order to change: no fix, and the note
// says what to use.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/relaxed-sync.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' --fix %t/relaxed-sync.cl > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/relaxed-sync.cl --match-full-lines --strict-whitespace
// RUN: %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' %t/relaxed-sync.cl 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not='[relaxed-sync]'

// A lock taken by a relaxed compare-exchange, freed by a relaxed store.
__kernel void lock_sum(__global atomic_int *lock, __global int *total, int v) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_relaxed,
                                                  memory_order_relaxed, memory_scope_device))
    expected = 0;
  *total += v;
  atomic_store_explicit(lock, 0, memory_order_relaxed, memory_scope_device);
}

// An exchange lock with a work-group scope on __local memory: the scope stays.
__kernel void local_lock(__global int *out) {
  __local atomic_int l;
  __local int shared_sum;
  if (get_local_id(0) == 0) {
    atomic_init(&l, 0);
    shared_sum = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  while (atomic_exchange_explicit(&l, 1, memory_order_relaxed, memory_scope_work_group))
    ;
  shared_sum += 1;
  atomic_exchange_explicit(&l, 0, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = shared_sum;
}

// Message passing: data, then a relaxed flag; a relaxed poll, then the data.
__kernel void mp(__global int *data, __global atomic_int *flag, __global int *out) {
  if (get_global_id(0) == 0) {
    data[0] = 42;
    atomic_store_explicit(flag, 1, memory_order_relaxed, memory_scope_device);
  } else if (get_global_id(0) == 1) {
    while (atomic_load_explicit(flag, memory_order_relaxed, memory_scope_device) == 0)
      ;
    out[0] = data[0];
  }
}

// The OpenCL 1.x lock: atomic_cmpxchg / atomic_xchg are relaxed.
__kernel void lock_1x(volatile __global int *lock, __global int *total, int v) {
  while (atomic_cmpxchg(lock, 0, 1) != 0)
    ;
  *total += v;
  atomic_xchg(lock, 0);
}

// Diagnostics and fix-its.
// CHECK: relaxed-sync.cl:15:11: warning: lock '*lock' taken with relaxed 'atomic_compare_exchange_strong_explicit' and freed with relaxed 'atomic_store_explicit', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: relaxed-sync.cl:18:3: note: '*total' is accessed in the critical section here
// CHECK: relaxed-sync.cl:19:3: note: the lock is freed here
// CHECK: fix-it:"{{.*}}relaxed-sync.cl":{15:71-15:91}:"memory_order_acquire"
// CHECK: fix-it:"{{.*}}relaxed-sync.cl":{19:34-19:54}:"memory_order_release"
// CHECK: relaxed-sync.cl:31:10: warning: lock 'l' taken with relaxed 'atomic_exchange_explicit' and freed with relaxed 'atomic_exchange_explicit', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: relaxed-sync.cl:33:3: note: 'shared_sum' is accessed in the critical section here
// CHECK: relaxed-sync.cl:34:3: note: the lock is freed here
// CHECK: fix-it:"{{.*}}relaxed-sync.cl":{31:42-31:62}:"memory_order_acquire"
// CHECK: fix-it:"{{.*}}relaxed-sync.cl":{34:35-34:55}:"memory_order_release"
// CHECK: relaxed-sync.cl:44:5: warning: flag '*flag' published with relaxed 'atomic_store_explicit' and no fence before it: the write of '*data' before it may become visible after the flag; publish with release ordering [relaxed-sync]
// CHECK: relaxed-sync.cl:43:5: note: '*data' is written here
// CHECK: relaxed-sync.cl:46:12: note: '*flag' is polled here
// CHECK: fix-it:"{{.*}}relaxed-sync.cl":{44:36-44:56}:"memory_order_release"
// CHECK: relaxed-sync.cl:46:12: warning: spin-wait on '*flag' with relaxed 'atomic_load_explicit' and no fence after the loop: the read of '*data' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: relaxed-sync.cl:48:14: note: '*data' is read here
// CHECK: fix-it:"{{.*}}relaxed-sync.cl":{46:39-46:59}:"memory_order_acquire"
// CHECK: relaxed-sync.cl:54:10: warning: lock '*lock' taken with relaxed 'atomic_cmpxchg' and freed with relaxed 'atomic_xchg', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: relaxed-sync.cl:56:3: note: '*total' is accessed in the critical section here
// CHECK: relaxed-sync.cl:57:3: note: the lock is freed here
// CHECK: relaxed-sync.cl:54:10: note: no automatic fix: OpenCL C 1.x atomics take no memory order: use the _explicit functions with memory_order_acquire and memory_order_release

// The fixed source, and a second run that finds only the 1.x lock.
// FIXED:  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire,
// FIXED:  atomic_store_explicit(lock, 0, memory_order_release, memory_scope_device);
// FIXED:  while (atomic_exchange_explicit(&l, 1, memory_order_acquire, memory_scope_work_group))
// FIXED:  atomic_exchange_explicit(&l, 0, memory_order_release, memory_scope_work_group);
// FIXED:    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
// FIXED:    while (atomic_load_explicit(flag, memory_order_acquire, memory_scope_device) == 0)
// AGAIN: relaxed-sync.cl:{{[0-9]+}}:10: warning: lock '*lock' taken with relaxed 'atomic_cmpxchg' {{.*}} [relaxed-sync]
