// Locks taken in one device function and freed in another: 'lock(m)'
// spinning on atomicCAS of its parameter's word, 'unlock(m)' writing it
// with atomicExch, called by a kernel around plain accesses of other data.
// Reported at the lock call, with notes at the helpers; fixed in the helpers
// (a fence after the taking loop, one before the release) only where every
// call of them in the file is such a lock's.  Fences in the helpers or in
// the caller order the lock; a critical section of atomics needs none.
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/a.cu
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync' --fix %t/a.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/a.cu

__device__ int mutex;
__device__ float total;

__device__ void lock(int *m) {
  while (atomicCAS(m, 0, 1) != 0)
    ;
}
__device__ void unlock(int *m) {
  atomicExch(m, 0);
}

// Two kernels take the same helpers around a plain update: both reported,
// one fix in the helpers.
__global__ void add(const float *v) {
  if (threadIdx.x == 0) {
    lock(&mutex);
    total += v[blockIdx.x];
    unlock(&mutex);
  }
}
__global__ void sub(const float *v) {
  if (threadIdx.x == 0) {
    lock(&mutex);
    total -= v[blockIdx.x];
    unlock(&mutex);
  }
}

// A fence in the caller after taking: only the release is reported.
__device__ int mutex2;
__device__ int table[64];
__device__ void acquire2(int *m) {
  while (atomicExch(m, 1) != 0)
    ;
}
__device__ void release2(int *m) {
  atomicExch(m, 0);
}
__global__ void put(int k, int x) {
  acquire2(&mutex2);
  __threadfence();
  table[k] = x;
  release2(&mutex2);
}

// No fix: the lock helper is also called where no unlock follows.
__device__ int mutex3;
__device__ int log3[16];
__device__ void lock3(int *m) {
  while (atomicCAS(m, 0, 1) != 0)
    ;
}
__device__ void unlock3(int *m) {
  atomicExch(m, 0);
}
__global__ void append(int i, int x) {
  lock3(&mutex3);
  log3[i] = x;
  unlock3(&mutex3);
}
__global__ void take_forever() {
  lock3(&mutex3);
}

// Near miss: fences inside the helpers.
__device__ int mutex4;
__device__ float total4;
__device__ void lock_fenced(int *m) {
  while (atomicCAS(m, 0, 1) != 0)
    ;
  __threadfence();
}
__device__ void unlock_fenced(int *m) {
  __threadfence();
  atomicExch(m, 0);
}
__global__ void add_fenced(const float *v) {
  lock_fenced(&mutex4);
  total4 += v[0];
  unlock_fenced(&mutex4);
}

// Near miss: fences in the caller.
__global__ void add_caller_fenced(const float *v) {
  lock(&mutex);
  __threadfence();
  total += v[1];
  __threadfence();
  unlock(&mutex);
}

// Near miss: the critical section touches only atomics.
__device__ int count;
__global__ void bump_locked() {
  lock(&mutex);
  atomicAdd(&count, 1);
  unlock(&mutex);
}

// Near miss: a counter helper (no lock is taken).
__device__ void bump(int *c) { atomicAdd(c, 1); }
__device__ int hits;
__global__ void counted(const float *v) {
  bump(&hits);
  total4 = v[2];
  bump(&hits);
}

// Near miss: the unlock call is handed another word.
__device__ int other;
__global__ void mismatched(int i) {
  lock3(&mutex3);
  log3[i] = 0;
  unlock3(&other);
}

// Near miss: the helpers order through a fence wrapper of the user's.
__device__ int mutex5;
__device__ int data5;
__device__ void fence_full() { __threadfence(); }
__device__ void lock_wrapped(int *m) {
  while (atomicCAS(m, 0, 1) != 0)
    ;
  fence_full();
}
__device__ void unlock_wrapped(int *m) {
  fence_full();
  atomicExch(m, 0);
}
__global__ void wrapped(int x) {
  lock_wrapped(&mutex5);
  data5 = x;
  unlock_wrapped(&mutex5);
}

// CHECK: {{.*}}.cu:29:5: warning: lock 'mutex' taken in 'lock()' with relaxed 'atomicCAS' and freed in 'unlock()' with relaxed 'atomicExch', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: {{.*}}.cu:18:10: note: the lock is taken here, in 'lock()'
// CHECK: {{.*}}.cu:30:5: note: 'total' is accessed in the critical section here
// CHECK: {{.*}}.cu:22:3: note: the lock is freed here, in 'unlock()'
// CHECK: fix-it:"{{.*}}.cu":{19:6-19:6}:"\n  __threadfence();"
// CHECK: fix-it:"{{.*}}.cu":{22:3-22:3}:""
// CHECK: fix-it:"{{.*}}.cu":{22:3-22:3}:"__threadfence();\n  "
// CHECK: {{.*}}.cu:36:5: warning: lock 'mutex' taken in 'lock()' with relaxed 'atomicCAS' and freed in 'unlock()' with relaxed 'atomicExch', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: {{.*}}.cu:18:10: note: the lock is taken here, in 'lock()'
// CHECK: {{.*}}.cu:37:5: note: 'total' is accessed in the critical section here
// CHECK: {{.*}}.cu:22:3: note: the lock is freed here, in 'unlock()'
// CHECK: fix-it:"{{.*}}.cu":{19:6-19:6}:"\n  __threadfence();"
// CHECK: fix-it:"{{.*}}.cu":{22:3-22:3}:"__threadfence();\n  "
// CHECK: {{.*}}.cu:53:3: warning: lock 'mutex2' freed in 'release2()' with relaxed 'atomicExch' and no fence before it: the critical section's plain accesses may become visible after the lock is free; free it with release ordering [relaxed-sync]
// CHECK: {{.*}}.cu:46:10: note: the lock is taken here, in 'acquire2()'
// CHECK: {{.*}}.cu:55:3: note: 'table[k]' is accessed in the critical section here
// CHECK: {{.*}}.cu:50:3: note: the lock is freed here, in 'release2()'
// CHECK: fix-it:"{{.*}}.cu":{50:3-50:3}:"__threadfence();\n  "
// CHECK: {{.*}}.cu:70:3: warning: lock 'mutex3' taken in 'lock3()' with relaxed 'atomicCAS' and freed in 'unlock3()' with relaxed 'atomicExch', no fence in between: the critical section's plain accesses are not ordered with the lock; take it with acquire and free it with release ordering [relaxed-sync]
// CHECK: {{.*}}.cu:63:10: note: the lock is taken here, in 'lock3()'
// CHECK: {{.*}}.cu:71:3: note: 'log3[i]' is accessed in the critical section here
// CHECK: {{.*}}.cu:67:3: note: the lock is freed here, in 'unlock3()'
// CHECK: {{.*}}.cu:70:3: note: no automatic fix: the fix belongs in the helpers, and another call of one of them in this file is not such a lock's: order the helpers by hand (acquire after taking, release before freeing)
// FIXED: while (atomicCAS(m, 0, 1) != 0)
// FIXED-NEXT: ;
// FIXED-NEXT: __threadfence();
// FIXED-NEXT: }
// FIXED-NEXT: __device__ void unlock(int *m) {
// FIXED-NEXT: __threadfence();
// FIXED-NEXT: atomicExch(m, 0);
// FIXED: __device__ void release2(int *m) {
// FIXED-NEXT: __threadfence();
// FIXED-NEXT: atomicExch(m, 0);
// FIXED: __device__ void lock3(int *m) {
// FIXED-NEXT: while (atomicCAS(m, 0, 1) != 0)
// FIXED-NEXT: ;
// FIXED-NEXT: }
