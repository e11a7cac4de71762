// RUN: %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]'
// RUN: cp %s %t.hip && %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' --fix %t.hip >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t.hip
// RUN: hipcc --offload-arch=gfx90a -c %t.hip -o %t.o && hipcc --offload-arch=gfx1100 -nogpulib -fgpu-rdc -c %t.hip -o %t.o
// relaxed-sync in HIP: locks and flags built from relaxed atomics with no
// fence: HIP's legacy atomicCAS / atomicExch (relaxed, agent scope), and
// clang's __hip_atomic_* / __atomic_* builtins given __ATOMIC_RELAXED.
// Fixes: __threadfence() where the CUDA check puts a fence (legacy), the
// order macro made __ATOMIC_ACQUIRE / __ATOMIC_RELEASE (builtins); the
// fixed file is compiled by hipcc for gfx90a and gfx1100.
#include <hip/hip_runtime.h>

__device__ int lock;
__device__ int lock2;
__device__ int flag;
__device__ float data;

__device__ void add_legacy(float *sum, float v) {
  while (atomicCAS(&lock, 0, 1) != 0)
    ;
  // CHECK: relaxed-sync.hip:[[@LINE-2]]:10: warning: lock 'lock' taken with relaxed 'atomicCAS' and freed with relaxed 'atomicExch', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
  // CHECK: note: '*sum' is accessed in the critical section here
  // CHECK: note: the lock is freed here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:6-[[@LINE-4]]:6}:"\n  __threadfence();"
  // FIXED: {{^}}    ;
  // FIXED-NEXT: {{^}}  __threadfence();
  *sum += v;
  // FIXED: {{^}}  __threadfence();
  // FIXED-NEXT: {{^}}  atomicExch(&lock, 0);
  atomicExch(&lock, 0);
  // CHECK: fix-it:"{{.*}}":{[[@LINE-1]]:3-[[@LINE-1]]:3}:"__threadfence();\n  "
}

// A lock freed by a plain store: the fence, and the store made an atomicExch.
__device__ void add_plain_release(float *sum, float v) {
  while (atomicExch(&lock2, 1) != 0)
    ;
  // CHECK: relaxed-sync.hip:[[@LINE-2]]:10: warning: lock 'lock2' taken with relaxed 'atomicExch' and freed with a plain store, no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
  // CHECK: note: '*sum' is accessed in the critical section here
  // CHECK: note: the lock is freed here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:6-[[@LINE-4]]:6}:"\n  __threadfence();"
  *sum += v;
  lock2 = 0;
  // CHECK: fix-it:"{{.*}}":{[[@LINE-1]]:3-[[@LINE-1]]:3}:"__threadfence();\n  "
  // CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:3-[[@LINE-2]]:12}:"atomicExch(&lock2, 0)"
  // FIXED: {{^}}  *sum += v;
  // FIXED-NEXT: {{^}}  __threadfence();
  // FIXED-NEXT: {{^}}  atomicExch(&lock2, 0);
}

// clang's HIP builtins: the order argument becomes acquire / release.
__device__ void add_builtin(float *sum, float v, int *m) {
  while (__hip_atomic_exchange(m, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) != 0)
    ;
  // CHECK: relaxed-sync.hip:[[@LINE-2]]:10: warning: lock '*m' taken with relaxed '__hip_atomic_exchange' and freed with relaxed '__hip_atomic_store', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
  // CHECK: note: '*sum' is accessed in the critical section here
  // CHECK: note: the lock is freed here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:38-[[@LINE-5]]:54}:"__ATOMIC_ACQUIRE"
  // FIXED: while (__hip_atomic_exchange(m, 1, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) != 0)
  *sum += v;
  __hip_atomic_store(m, 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  // CHECK: fix-it:"{{.*}}":{[[@LINE-1]]:28-[[@LINE-1]]:44}:"__ATOMIC_RELEASE"
  // FIXED: __hip_atomic_store(m, 0, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

// GNU's builtins: the success order only (the failure order stays relaxed).
__device__ void add_gnu(float *sum, float v, int *m) {
  int expected = 0;
  while (!__atomic_compare_exchange_n(m, &expected, 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    expected = 0;
  // CHECK: relaxed-sync.hip:[[@LINE-2]]:11: warning: lock '*m' taken with relaxed '__atomic_compare_exchange_n' and freed with relaxed '__atomic_store_n', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
  // CHECK: note: '*sum' is accessed in the critical section here
  // CHECK: note: the lock is freed here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:63-[[@LINE-5]]:79}:"__ATOMIC_ACQUIRE"
  // FIXED: while (!__atomic_compare_exchange_n(m, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
  *sum += v;
  __atomic_store_n(m, 0, __ATOMIC_RELAXED);
  // CHECK: fix-it:"{{.*}}":{[[@LINE-1]]:26-[[@LINE-1]]:42}:"__ATOMIC_RELEASE"
  // FIXED: __atomic_store_n(m, 0, __ATOMIC_RELEASE);
}

// HIP's compare-exchange: the success order (its argument 3) only.
__device__ void add_hip_cas(float *sum, float v, int *m) {
  int expected = 0;
  while (!__hip_atomic_compare_exchange_strong(m, &expected, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT))
    expected = 0;
  // CHECK: relaxed-sync.hip:[[@LINE-2]]:11: warning: lock '*m' taken with relaxed '__hip_atomic_compare_exchange_strong' and freed with relaxed '__hip_atomic_exchange', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
  // CHECK: note: '*sum' is accessed in the critical section here
  // CHECK: note: the lock is freed here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:65-[[@LINE-5]]:81}:"__ATOMIC_ACQUIRE"
  // FIXED: while (!__hip_atomic_compare_exchange_strong(m, &expected, 1, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT))
  *sum += v;
  __hip_atomic_exchange(m, 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  // CHECK: fix-it:"{{.*}}":{[[@LINE-1]]:31-[[@LINE-1]]:47}:"__ATOMIC_RELEASE"
  // FIXED: __hip_atomic_exchange(m, 0, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

// A poll by an add of 0, a publish by HIP's legacy atomicExch.
__device__ int flag2;
__device__ float data2;

__global__ void producer2(float v) {
  data2 = v;
  atomicExch(&flag2, 1);
  // CHECK: relaxed-sync.hip:[[@LINE-1]]:3: warning: flag 'flag2' published with relaxed 'atomicExch' and no fence before it: the write of 'data2' before it may become visible after the flag; publish with release ordering [relaxed-sync]
  // CHECK: note: 'data2' is written here
  // CHECK: note: 'flag2' is polled here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:3-[[@LINE-4]]:3}:"__threadfence();\n  "
  // FIXED: {{^}}  data2 = v;
  // FIXED-NEXT: {{^}}  __threadfence();
  // FIXED-NEXT: {{^}}  atomicExch(&flag2, 1);
}

__global__ void consumer2(float *out) {
  while (__hip_atomic_fetch_add(&flag2, 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 0)
    ;
  // CHECK: relaxed-sync.hip:[[@LINE-2]]:10: warning: spin-wait on 'flag2' with relaxed '__hip_atomic_fetch_add' and no fence after the loop: the read of 'data2' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
  // CHECK: note: 'data2' is read here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:44-[[@LINE-4]]:60}:"__ATOMIC_ACQUIRE"
  *out = data2;
}

// A flag published and polled with relaxed builtins.
__global__ void producer(float v) {
  data = v;
  __hip_atomic_store(&flag, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  // CHECK: relaxed-sync.hip:[[@LINE-1]]:3: warning: flag 'flag' published with relaxed '__hip_atomic_store' and no fence before it: the write of 'data' before it may become visible after the flag; publish with release ordering [relaxed-sync]
  // CHECK: note: 'data' is written here
  // CHECK: note: 'flag' is polled here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:32-[[@LINE-4]]:48}:"__ATOMIC_RELEASE"
  // FIXED: __hip_atomic_store(&flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

__global__ void consumer(float *out) {
  while (__hip_atomic_load(&flag, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 0)
    ;
  // CHECK: relaxed-sync.hip:[[@LINE-2]]:10: warning: spin-wait on 'flag' with relaxed '__hip_atomic_load' and no fence after the loop: the read of 'data' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
  // CHECK: note: 'data' is read here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:35-[[@LINE-4]]:51}:"__ATOMIC_ACQUIRE"
  // FIXED: while (__hip_atomic_load(&flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == 0)
  *out = data;
}

// No fix where the order is not written as __ATOMIC_RELAXED at the call.
#define RELAXED __ATOMIC_RELAXED
__device__ void add_macro(float *sum, float v, int *m) {
  while (__hip_atomic_exchange(m, 1, RELAXED, __HIP_MEMORY_SCOPE_AGENT) != 0)
    ;
  // CHECK: relaxed-sync.hip:[[@LINE-2]]:10: warning: lock '*m' taken with relaxed '__hip_atomic_exchange' and no fence after it: the critical section's plain accesses may happen before the lock is held; take it with acquire ordering [relaxed-sync]
  // CHECK: note: '*sum' is accessed in the critical section here
  // CHECK: note: the lock is freed here
  // CHECK: note: no automatic fix: the memory order is not written as __ATOMIC_RELAXED at the call
  *sum += v;
  __hip_atomic_store(m, 0, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

// clang 19's __scoped_atomic_*: found, no fix (hipcc of HIP 5.2 is clang
// 15, which lacks them: the guard keeps them out of its compile).
#if __clang_major__ >= 19
__device__ void add_scoped(float *sum, float v, int *m) {
  while (__scoped_atomic_exchange_n(m, 1, __ATOMIC_ACQUIRE, __MEMORY_SCOPE_DEVICE) != 0)
    ;
  *sum += v;
  __scoped_atomic_store_n(m, 0, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
  // CHECK: relaxed-sync.hip:[[@LINE-4]]:10: warning: lock '*m' freed with relaxed '__scoped_atomic_store_n' and no fence before it: the critical section's plain accesses may become visible after the lock is free; free it with release ordering [relaxed-sync]
  // CHECK: note: '*sum' is accessed in the critical section here
  // CHECK: note: the lock is freed here
  // CHECK: note: no automatic fix: hipcc of HIP 5.2 (clang 15) has no __scoped_atomic builtins, so the fixed call could not be compiled here: make the order __ATOMIC_ACQUIRE (taking, polling) or __ATOMIC_RELEASE (freeing, publishing) by hand
}
#endif

// Near misses: acquire/release orders, fences (HIP's, GNU's, AMD's), a
// relaxed counter and histogram (no lock, no flag), a relaxed poll after
// which only data nobody writes is read.
__device__ void add_acq_rel(float *sum, float v, int *m) {
  while (__hip_atomic_exchange(m, 1, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) != 0)
    ;
  *sum += v;
  __hip_atomic_store(m, 0, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

__device__ void add_fenced(float *sum, float v, int *m) {
  while (__hip_atomic_exchange(m, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) != 0)
    ;
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  *sum += v;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
  __hip_atomic_store(m, 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

__device__ void add_legacy_fenced(float *sum, float v, int *m) {
  while (atomicCAS(m, 0, 1) != 0)
    ;
  __threadfence();
  *sum += v;
  __threadfence();
  atomicExch(m, 0);
}

__global__ void counters(int *c, int *hist, const int *in, float *out) {
  __hip_atomic_fetch_add(c, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(&hist[in[threadIdx.x]], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  atomicAdd(c + 1, 1);
  out[threadIdx.x] = 1.0f;
}

__global__ void waits_for_host(const int *go, const float *input, float *out) {
  while (__hip_atomic_load(go, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM) == 0)
    ;
  out[threadIdx.x] = input[threadIdx.x];
}
