// Lock repairs are whole: when the volatile store releasing a spin lock
// becomes a release store, the loop acquiring the lock gets acquire ordering
// too (an acquire compare_exchange_strong / exchange through
// cuda::atomic_ref at the lock's scope; below sm_60 a fence after the loop),
// or the critical section would still have no happens-before.  Where the
// acquisition cannot be rewritten, the release gets no fix either.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_52,sm_90 --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --check-prefix=LEGACY --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/locks.cu && cp %s %t/legacy.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fix %t/locks.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/locks.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %t/locks.cu 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_52,sm_90 --checks='-*,volatile-sync' --fix %t/legacy.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED-LEGACY --input-file=%t/legacy.cu
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_52,sm_90 --checks='-*,volatile-sync' %t/legacy.cu 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not='[volatile-sync]'
#include <cuda/atomic>

struct acc {
  int hits;
  long long sum;
};

// A spin lock on a __device__ word: atomicCAS in the loop condition.
__device__ volatile int lock_word;
__device__ void add_locked(acc *a, int v) {
  while (atomicCAS((int *)&lock_word, 0, 1) != 0)
    ;
  a->hits += 1;
  a->sum += v;
  lock_word = 0;
}

// An atomicExch spin in a do-while, through a pointer parameter.
__device__ void add_exch(volatile int *guard, acc *a) {
  do {
  } while (atomicExch((int *)guard, 1) == 1);
  a->hits++;
  *guard = 0;
}

// Test-and-test-and-set: the CAS in an 'if (...) break;', a __shared__ lock.
__global__ void shared_lock(acc *a) {
  __shared__ volatile int slock;
  for (;;) {
    while (slock != 0) {
    }
    if (atomicCAS_block((int *)&slock, 0, 1) == 0)
      break;
  }
  a->hits++;
  slock = 0;
}

// A system-scope lock: the release takes the acquire's scope.
__device__ volatile unsigned sys_lock;
__device__ void add_system(acc *a) {
  while (atomicCAS_system((unsigned *)&sys_lock, 0u, 1u))
    ;
  a->hits++;
  sys_lock = 0u;
}

// The acquire is already ordered by a fence after the loop: only the release.
__device__ volatile int fenced_lock;
__device__ void add_fenced(acc *a) {
  while (atomicCAS((int *)&fenced_lock, 0, 1) != 0)
    ;
  __threadfence();
  a->hits++;
  fenced_lock = 0;
}

// No fix: the acquisition is written in a macro, so it cannot be made an
// acquire, and a release store alone would still leave the section unordered.
#define ACQUIRE(l) while (atomicCAS((int *)&(l), 0, 1) != 0)
__device__ volatile int macro_lock;
__device__ void add_macro(acc *a) {
  ACQUIRE(macro_lock);
  a->hits++;
  macro_lock = 0;
}

// Diagnostics and fix-its for sm_90 alone, then for a build that also has sm_52.
// CHECK: locks.cu:30:3: warning: lock 'lock_word' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks.cu:26:10: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks.cu":{30:3-30:16}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&lock_word)}.store(0, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}locks.cu":{26:10-26:44}:"[&] { int cuatomlint_old = 0; cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)&lock_word}.compare_exchange_strong(cuatomlint_old, 1, cuda::memory_order_acquire); return cuatomlint_old; }()"
// CHECK: locks.cu:38:3: warning: lock '*guard' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks.cu:36:12: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks.cu":{38:3-38:13}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(guard)}.store(0, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}locks.cu":{36:12-36:39}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)guard}.exchange(1, cuda::memory_order_acquire)"
// CHECK: locks.cu:45:12: warning: spin-wait on volatile 'slock': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}locks.cu":{45:12-45:17}:"cuda::atomic_ref<int, cuda::thread_scope_block>{*const_cast<int *>(&slock)}.load(cuda::memory_order_acquire)"
// CHECK: locks.cu:51:3: warning: lock 'slock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks.cu:47:9: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks.cu":{51:3-51:12}:"cuda::atomic_ref<int, cuda::thread_scope_block>{*const_cast<int *>(&slock)}.store(0, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}locks.cu":{47:9-47:45}:"[&] { int cuatomlint_old = 0; cuda::atomic_ref<int, cuda::thread_scope_block>{*(int *)&slock}.compare_exchange_strong(cuatomlint_old, 1, cuda::memory_order_acquire); return cuatomlint_old; }()"
// CHECK: locks.cu:60:3: warning: lock 'sys_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks.cu:57:10: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks.cu":{60:3-60:16}:"cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*const_cast<unsigned int *>(&sys_lock)}.store(0u, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}locks.cu":{57:10-57:57}:"[&] { unsigned int cuatomlint_old = 0u; cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*(unsigned *)&sys_lock}.compare_exchange_strong(cuatomlint_old, 1u, cuda::memory_order_acquire); return cuatomlint_old; }()"
// CHECK: locks.cu:70:3: warning: lock 'fenced_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks.cu:66:10: note: the lock is acquired here
// CHECK: fix-it:"{{.*}}locks.cu":{70:3-70:18}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&fenced_lock)}.store(0, cuda::memory_order_release)"
// CHECK: locks.cu:80:3: warning: lock 'macro_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// CHECK: locks.cu:78:3: note: the lock is acquired here
// CHECK: locks.cu:78:3: note: no fix: a release store alone leaves the critical section unordered, and this acquisition cannot be made an acquire (the call is written in a macro)
// LEGACY: locks.cu:30:3: warning: lock 'lock_word' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks.cu:26:10: note: the lock is acquired here
// LEGACY: fix-it:"{{.*}}locks.cu":{30:3-30:16}:"__threadfence(); atomicExch(const_cast<int *>(&lock_word), 0)"
// LEGACY: fix-it:"{{.*}}locks.cu":{27:6-27:6}:"\n  __threadfence();"
// LEGACY: locks.cu:38:3: warning: lock '*guard' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks.cu:36:12: note: the lock is acquired here
// LEGACY: fix-it:"{{.*}}locks.cu":{38:3-38:13}:"__threadfence(); atomicExch(const_cast<int *>(guard), 0)"
// LEGACY: fix-it:"{{.*}}locks.cu":{36:46-36:46}:"\n  __threadfence();"
// LEGACY: locks.cu:45:12: warning: spin-wait on volatile 'slock': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// LEGACY: fix-it:"{{.*}}locks.cu":{45:12-45:17}:"cuatomlint_acquire_load(const_cast<int *>(&slock))"
// LEGACY: fix-it:"{{.*}}locks.cu":{17:1-17:1}:"#ifndef CUATOMLINT_ACQUIRE_LOAD\n#define CUATOMLINT_ACQUIRE_LOAD\ntemplate <class T> __device__ T cuatomlint_acquire_load(T *p) { T v = atomicAdd(p, (T)0); __threadfence(); return v; }\n__device__ inline float cuatomlint_acquire_load(float *p) { float v = __uint_as_float(atomicAdd((unsigned int *)p, 0u)); __threadfence(); return v; }\n#endif\n"
// LEGACY: locks.cu:51:3: warning: lock 'slock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks.cu:47:9: note: the lock is acquired here
// LEGACY: fix-it:"{{.*}}locks.cu":{51:3-51:12}:"__threadfence(); atomicExch(const_cast<int *>(&slock), 0)"
// LEGACY: fix-it:"{{.*}}locks.cu":{49:4-49:4}:"\n  __threadfence();"
// LEGACY: locks.cu:60:3: warning: lock 'sys_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks.cu:57:10: note: the lock is acquired here
// LEGACY: fix-it:"{{.*}}locks.cu":{60:3-60:16}:"__threadfence(); atomicExch(const_cast<unsigned int *>(&sys_lock), 0u)"
// LEGACY: fix-it:"{{.*}}locks.cu":{58:6-58:6}:"\n  __threadfence_system();"
// LEGACY: locks.cu:70:3: warning: lock 'fenced_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks.cu:66:10: note: the lock is acquired here
// LEGACY: fix-it:"{{.*}}locks.cu":{70:3-70:18}:"__threadfence(); atomicExch(const_cast<int *>(&fenced_lock), 0)"
// LEGACY: locks.cu:80:3: warning: lock 'macro_lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
// LEGACY: locks.cu:78:3: note: the lock is acquired here
// LEGACY: locks.cu:78:3: note: no fix: a release store alone leaves the critical section unordered, and this acquisition cannot be made an acquire (its loop is written in a macro or shares its line, so no fence can follow it)

// The rewritten source, and a second run that finds only the unfixable lock.
// FIXED: while ([&] { int cuatomlint_old = 0; cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)&lock_word}.compare_exchange_strong(cuatomlint_old, 1, cuda::memory_order_acquire); return cuatomlint_old; }() != 0)
// FIXED: cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&lock_word)}.store(0, cuda::memory_order_release);
// FIXED: } while (cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)guard}.exchange(1, cuda::memory_order_acquire) == 1);
// FIXED: cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(guard)}.store(0, cuda::memory_order_release);
// FIXED: while (cuda::atomic_ref<int, cuda::thread_scope_block>{*const_cast<int *>(&slock)}.load(cuda::memory_order_acquire) != 0) {
// FIXED: if ([&] { int cuatomlint_old = 0; cuda::atomic_ref<int, cuda::thread_scope_block>{*(int *)&slock}.compare_exchange_strong(cuatomlint_old, 1, cuda::memory_order_acquire); return cuatomlint_old; }() == 0)
// FIXED: cuda::atomic_ref<int, cuda::thread_scope_block>{*const_cast<int *>(&slock)}.store(0, cuda::memory_order_release);
// FIXED: while ([&] { unsigned int cuatomlint_old = 0u; cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*(unsigned *)&sys_lock}.compare_exchange_strong(cuatomlint_old, 1u, cuda::memory_order_acquire); return cuatomlint_old; }())
// FIXED: cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*const_cast<unsigned int *>(&sys_lock)}.store(0u, cuda::memory_order_release);
// FIXED: cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&fenced_lock)}.store(0, cuda::memory_order_release);
// FIXED-LEGACY: #ifndef CUATOMLINT_ACQUIRE_LOAD
// FIXED-LEGACY: #define CUATOMLINT_ACQUIRE_LOAD
// FIXED-LEGACY: template <class T> __device__ T cuatomlint_acquire_load(T *p) { T v = atomicAdd(p, (T)0); __threadfence(); return v; }
// FIXED-LEGACY: __device__ inline float cuatomlint_acquire_load(float *p) { float v = __uint_as_float(atomicAdd((unsigned int *)p, 0u)); __threadfence(); return v; }
// FIXED-LEGACY: #endif
// FIXED-LEGACY: __threadfence();
// FIXED-LEGACY: __threadfence(); atomicExch(const_cast<int *>(&lock_word), 0);
// FIXED-LEGACY: __threadfence();
// FIXED-LEGACY: __threadfence(); atomicExch(const_cast<int *>(guard), 0);
// FIXED-LEGACY: while (cuatomlint_acquire_load(const_cast<int *>(&slock)) != 0) {
// FIXED-LEGACY: __threadfence();
// FIXED-LEGACY: __threadfence(); atomicExch(const_cast<int *>(&slock), 0);
// FIXED-LEGACY: __threadfence_system();
// FIXED-LEGACY: __threadfence(); atomicExch(const_cast<unsigned int *>(&sys_lock), 0u);
// FIXED-LEGACY: __threadfence(); atomicExch(const_cast<int *>(&fenced_lock), 0);
// AGAIN: {{locks|legacy}}.cu:{{[0-9]+}}:3: warning: lock 'macro_lock' released by a volatile store{{.*}} [volatile-sync]
