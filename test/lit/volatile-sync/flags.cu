// Volatile stores to polled flags, and volatile lock releases.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
#include <cuda/atomic>

struct queue {
  int payload;
  volatile int ready;
};

// Producer and consumer in separate kernels: the field is the flag.
__global__ void produce(queue *q, int v) {
  q->payload = v;
  q->ready = 1;
  // CHECK: flags.cu:[[@LINE-1]]:3: warning: store to volatile 'q->ready', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
  // CHECK: flags.cu:[[@LINE+7]]:10: note: 'q->ready' is polled here
  // CHECK: fix-it:"{{.*}}flags.cu":{[[@LINE-3]]:3-[[@LINE-3]]:15}:"cuda::atomic_ref<int, cuda::thread_scope_device>{q->ready}.store(1, cuda::memory_order_release)"
  // CHECK-NEXT: fix-it:"{{.*}}flags.cu":{8:3-8:12}:""
}

__global__ void consume(queue *q, int *out) {
  // CHECK: flags.cu:[[@LINE+1]]:10: warning: spin-wait on volatile 'q->ready': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  while (q->ready == 0) {
  }
  // CHECK: fix-it:"{{.*}}flags.cu":{[[@LINE-2]]:10-[[@LINE-2]]:18}:"cuda::atomic_ref<int, cuda::thread_scope_device>{q->ready}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}flags.cu":{8:3-8:12}:""
  *out = q->payload;
}

// Pointer parameters of the same name in two kernels are the same flag.
__global__ void signal(volatile int *done, int *data) {
  data[0] = 42;
  if (threadIdx.x == 0)
    *done = 1;
  // CHECK: flags.cu:[[@LINE-1]]:5: warning: store to volatile '*done', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
  // CHECK: flags.cu:[[@LINE+8]]:10: note: '*done' is polled here
  // CHECK: fix-it:"{{.*}}flags.cu":{[[@LINE-3]]:5-[[@LINE-3]]:14}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*done}.store(1, cuda::memory_order_release)"
  // CHECK-NEXT: fix-it:"{{.*}}flags.cu":{[[@LINE-7]]:24-[[@LINE-7]]:33}:""
}

// volatile stays on this one: 'done' is also passed on as a volatile pointer.
__device__ void forward(volatile int *p) { (void)p; }
__global__ void await(volatile int *done, int *data, int *out) {
  while (*done != 1)
    ;
  // CHECK: flags.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*done': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}flags.cu":{[[@LINE-3]]:10-[[@LINE-3]]:15}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(done)}.load(cuda::memory_order_acquire)"
  forward(done);
  *out = data[0];
}

// A spin lock: acquired with atomicCAS in a loop, released by a volatile store.
__device__ int lock_word;
__device__ void acquire(int *lock) {
  while (atomicCAS(lock, 0, 1) != 0)
    ;
}
__device__ void release(volatile int *lock) {
  *lock = 0;
  // CHECK: flags.cu:[[@LINE-1]]:3: warning: lock '*lock' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
  // CHECK: flags.cu:[[@LINE-6]]:10: note: the lock is acquired here
  // CHECK: fix-it:"{{.*}}flags.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(lock)}.store(0, cuda::memory_order_release)"
  // CHECK-NEXT: fix-it:"{{.*}}flags.cu":{[[@LINE-8]]:10-[[@LINE-8]]:31}:"[&] { int cuatomlint_old = 0; cuda::atomic_ref<int, cuda::thread_scope_device>{*lock}.compare_exchange_strong(cuatomlint_old, 1, cuda::memory_order_acquire); return cuatomlint_old; }()"
}

// A volatile lock word spun on directly and released by a volatile store.
__device__ volatile int spin;
__device__ void critical(int *counter) {
  while (atomicExch((int *)&spin, 1) != 0)
    ;
  ++*counter;
  spin = 0;
  // CHECK: flags.cu:[[@LINE-1]]:3: warning: lock 'spin' released by a volatile store, which does not order the critical section's writes; use a cuda::atomic_ref release store [volatile-sync]
  // CHECK: flags.cu:[[@LINE-5]]:10: note: the lock is acquired here
  // CHECK: fix-it:"{{.*}}flags.cu":{[[@LINE-3]]:3-[[@LINE-3]]:11}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&spin)}.store(0, cuda::memory_order_release)"
  // CHECK-NEXT: fix-it:"{{.*}}flags.cu":{[[@LINE-7]]:10-[[@LINE-7]]:37}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*(int *)&spin}.exchange(1, cuda::memory_order_acquire)"
}

// Negative: a volatile store nobody polls.
__global__ void log_value(volatile float *sink, float v) { *sink = v; }

// GPU to CPU: host code polls mapped memory that the kernel signals through,
// so the release store takes system scope.
__global__ void notify_host(volatile int *host_signal) { *host_signal = 1; }
// CHECK: flags.cu:[[@LINE-1]]:58: warning: store to volatile '*host_signal', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: flags.cu:[[@LINE+4]]:10: note: '*host_signal' is polled here
// CHECK: fix-it:"{{.*}}flags.cu":{[[@LINE-3]]:58-[[@LINE-3]]:74}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*host_signal}.store(1, cuda::memory_order_release)"
// CHECK-NEXT: fix-it:"{{.*}}flags.cu":{[[@LINE-4]]:29-[[@LINE-4]]:38}:""
void wait_for_device(volatile int *host_signal) {
  while (*host_signal == 0) {
  }
}
