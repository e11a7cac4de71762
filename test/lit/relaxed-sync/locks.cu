// Spin locks taken and freed with relaxed atomics around plain data: the
// legacy atomicCAS/atomicExch lock gets a fence after taking and before
// freeing it (every arch has __threadfence(), its scope follows the
// atomic's suffix); a plain-store release becomes a fenced atomicExch; a
// cuda::atomic_ref lock gets acquire/release orders, its scope kept.
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/locks.cu
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync' --fix %t/locks.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/locks.cu --match-full-lines --strict-whitespace
// RUN: %expect-exit 0 %builtin --checks='-*,relaxed-sync' %t/locks.cu 2>&1 | count 0
#include <cuda/atomic>

struct acc {
  int hits;
  long long sum;
};

// The classic CUDA lock: relaxed atomicCAS in, relaxed atomicExch out.
__device__ int lock;
__device__ void add_locked(acc *a, int v) {
  while (atomicCAS(&lock, 0, 1) != 0)
    ;
  a->hits += 1;
  a->sum += v;
  atomicExch(&lock, 0);
}

// An atomicExch spin through a pointer, freed by a plain store.
__device__ void add_ptr(int *mutex, float *data, float v) {
  while (atomicExch(mutex, 1) == 1) {
  }
  data[0] += v;
  *mutex = 0;
}

// The divergence-safe form: the CAS in an if inside a retry loop; a
// __shared__ lock taken with atomicCAS_block keeps block scope.
__global__ void if_lock(float *out, float v) {
  __shared__ int slock;
  bool done = false;
  while (!done) {
    if (atomicCAS_block(&slock, 0, 1) == 0) {
      out[threadIdx.x % 4] += v;
      atomicExch_block(&slock, 0);
      done = true;
    }
  }
}

// Half fenced: a fence after taking it, none before freeing it.
__device__ unsigned sys_lock;
__device__ void half_fenced(acc *a) {
  while (atomicCAS_system(&sys_lock, 0u, 1u))
    ;
  __threadfence_system();
  a->hits++;
  atomicExch_system(&sys_lock, 0u);
}

// A cuda::atomic_ref lock with relaxed orders: the orders change, the scope stays.
__device__ int ref_word;
__device__ void ref_lock(int *data) {
  cuda::atomic_ref<int, cuda::thread_scope_device> l(ref_word);
  int expected = 0;
  while (!l.compare_exchange_strong(expected, 1, cuda::memory_order_relaxed)) {
    expected = 0;
  }
  data[1] = data[0] + 1;
  l.store(0, cuda::memory_order_relaxed);
}

// An __nv_atomic lock: acquire given, release left relaxed.
__device__ int nv_word;
__device__ void nv_lock(int *data) {
  while (__nv_atomic_exchange_n(&nv_word, 1, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE))
    ;
  data[2]++;
  __nv_atomic_store_n(&nv_word, 0, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}

// Diagnostics and fix-its.
// CHECK: locks.cu:21:10: warning: lock 'lock' taken with relaxed 'atomicCAS' and freed with relaxed 'atomicExch', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: locks.cu:23:3: note: 'a->hits' is accessed in the critical section here
// CHECK: locks.cu:25:3: note: the lock is freed here
// CHECK: fix-it:"{{.*}}locks.cu":{22:6-22:6}:"\n  __threadfence();"
// CHECK: fix-it:"{{.*}}locks.cu":{25:3-25:3}:"__threadfence();\n  "
// CHECK: locks.cu:30:10: warning: lock '*mutex' taken with relaxed 'atomicExch' and freed with a plain store, no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: locks.cu:32:3: note: '*data' is accessed in the critical section here
// CHECK: locks.cu:33:3: note: the lock is freed here
// CHECK: fix-it:"{{.*}}locks.cu":{31:4-31:4}:"\n  __threadfence();"
// CHECK: fix-it:"{{.*}}locks.cu":{33:3-33:3}:"__threadfence();\n  "
// CHECK: fix-it:"{{.*}}locks.cu":{33:3-33:13}:"atomicExch(mutex, 0)"
// CHECK: locks.cu:42:9: warning: lock 'slock' taken with relaxed 'atomicCAS_block' and freed with relaxed 'atomicExch_block', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: locks.cu:43:7: note: 'out[threadIdx.x%4]' is accessed in the critical section here
// CHECK: locks.cu:44:7: note: the lock is freed here
// CHECK: fix-it:"{{.*}}locks.cu":{43:7-43:7}:"__threadfence_block();\n      "
// CHECK: fix-it:"{{.*}}locks.cu":{44:7-44:7}:"__threadfence_block();\n      "
// CHECK: locks.cu:53:10: warning: lock 'sys_lock' freed with relaxed 'atomicExch_system' and no fence before it: the critical section's plain accesses may become visible after the lock is free; free it with release ordering [relaxed-sync]
// CHECK: locks.cu:56:3: note: 'a->hits' is accessed in the critical section here
// CHECK: locks.cu:57:3: note: the lock is freed here
// CHECK: fix-it:"{{.*}}locks.cu":{57:3-57:3}:"__threadfence_system();\n  "
// CHECK: locks.cu:65:11: warning: lock 'ref_word' taken with relaxed 'compare_exchange_strong' and freed with relaxed 'store', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: locks.cu:68:3: note: 'data[1]' is accessed in the critical section here
// CHECK: locks.cu:69:3: note: the lock is freed here
// CHECK: fix-it:"{{.*}}locks.cu":{65:56-65:76}:"memory_order_acquire"
// CHECK: fix-it:"{{.*}}locks.cu":{69:20-69:40}:"memory_order_release"
// CHECK: locks.cu:75:10: warning: lock 'nv_word' freed with relaxed '__nv_atomic_store_n' and no fence before it: the critical section's plain accesses may become visible after the lock is free; free it with release ordering [relaxed-sync]
// CHECK: locks.cu:77:3: note: 'data[2]' is accessed in the critical section here
// CHECK: locks.cu:78:3: note: the lock is freed here
// CHECK: fix-it:"{{.*}}locks.cu":{78:36-78:55}:"__NV_ATOMIC_RELEASE"

// The fixed source.
// FIXED:  while (atomicCAS(&lock, 0, 1) != 0)
// FIXED-NEXT:    ;
// FIXED-NEXT:  __threadfence();
// FIXED-NEXT:  a->hits += 1;
// FIXED-NEXT:  a->sum += v;
// FIXED-NEXT:  __threadfence();
// FIXED-NEXT:  atomicExch(&lock, 0);
// FIXED:  while (atomicExch(mutex, 1) == 1) {
// FIXED-NEXT:  }
// FIXED-NEXT:  __threadfence();
// FIXED-NEXT:  data[0] += v;
// FIXED-NEXT:  __threadfence();
// FIXED-NEXT:  atomicExch(mutex, 0);
// FIXED:    if (atomicCAS_block(&slock, 0, 1) == 0) {
// FIXED-NEXT:      __threadfence_block();
// FIXED-NEXT:      out[threadIdx.x % 4] += v;
// FIXED-NEXT:      __threadfence_block();
// FIXED-NEXT:      atomicExch_block(&slock, 0);
// FIXED:  __threadfence_system();
// FIXED-NEXT:  a->hits++;
// FIXED-NEXT:  __threadfence_system();
// FIXED-NEXT:  atomicExch_system(&sys_lock, 0u);
// FIXED:  while (!l.compare_exchange_strong(expected, 1, cuda::memory_order_acquire)) {
// FIXED:  l.store(0, cuda::memory_order_release);
// FIXED:  __nv_atomic_store_n(&nv_word, 0, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
