// A spin-wait whose condition calls a small accessor (a device function whose
// body is one return statement reading through volatile) is a poll too; it
// is reported at the call, with a note at the read.  No fix: the read to
// rewrite is in the accessor, which other code may call.  Stores to a flag
// polled that way are reported (and fixed) as for any poll.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'

__device__ bool is_ready(volatile int *flag) { return *flag != 0; }
__device__ int load_flag(const volatile int *flag) { return *flag; }
template <class T> __device__ T peek(volatile T *p) { return *p; }
// A template's body is walked per instantiation from the call (peek(count)
// below): the read is reported inside it, as any poll in a template.
// CHECK: accessor.cu:[[@LINE-3]]:62: warning: spin-wait on volatile '*p': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: accessor.cu:[[@LINE-4]]:33: note: in instantiation 'peek<unsigned int>'; no automatic fix: the template's other instantiations share this loop

__global__ void consumer(volatile int *flag, volatile unsigned *count, int *data, int *out) {
  while (!is_ready(flag)) {
  }
  // CHECK: accessor.cu:[[@LINE-2]]:11: warning: spin-wait on volatile '*flag' through 'is_ready()': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load in 'is_ready' [volatile-sync]
  // CHECK: accessor.cu:9:55: note: the volatile read of '*flag' is here
  do {
  } while (load_flag(flag) == 0);
  // CHECK: accessor.cu:[[@LINE-1]]:12: warning: spin-wait on volatile '*flag' through 'load_flag()'{{.*}} [volatile-sync]
  // CHECK: accessor.cu:10:61: note: the volatile read of '*flag' is here
  while (peek(count) < 4u) {
  }
  out[0] = data[0];
}

// The flag polled through is_ready(flag) above: its stores publish nothing.
__device__ volatile int g_ready;
__device__ bool global_ready() { return g_ready != 0; }
__global__ void producer(volatile int *flag, int *data) {
  data[0] = 1;
  *flag = 1;
  // CHECK: accessor.cu:[[@LINE-1]]:3: warning: store to volatile '*flag', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
  // CHECK: accessor.cu:18:11: note: '*flag' is polled here
  // CHECK: fix-it:"{{.*}}accessor.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*flag}.store(1, cuda::memory_order_release)"
  // CHECK: fix-it:
  // CHECK: fix-it:
  g_ready = 1;
  // CHECK: accessor.cu:[[@LINE-1]]:3: warning: store to volatile 'g_ready', which another thread polls, publishes nothing: {{.*}} [volatile-sync]
  // CHECK: accessor.cu:[[@LINE+6]]:11: note: 'g_ready' is polled here
  // CHECK: fix-it:"{{.*}}accessor.cu":{[[@LINE-3]]:3-[[@LINE-3]]:14}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&g_ready)}.store(1, cuda::memory_order_release)"
  // CHECK: fix-it:
}

__global__ void global_consumer(int *out) {
  while (!global_ready()) {
  }
  // CHECK: accessor.cu:[[@LINE-2]]:11: warning: spin-wait on volatile 'g_ready' through 'global_ready()'{{.*}} [volatile-sync]
  // CHECK: note: the volatile read of 'g_ready' is here
  out[0] = 1;
}

// Negative: accessors that read no volatile or do more than return it, a
// call outside a loop condition, and a loop that advances what it reads.
__device__ bool plain_ready(int *flag) { return *flag != 0; }
__device__ bool counted_ready(volatile int *flag, int *n) {
  ++*n;
  return *flag != 0;
}

__global__ void not_polls(volatile int *flags, int *plain, int *n, int *out) {
  while (!plain_ready(plain)) {
  }
  while (!counted_ready(flags, n)) {
  }
  out[0] = is_ready(flags);
  int i = 0;
  while (!is_ready(&flags[i]))
    i++;
  out[1] = i;
}

// Negative: host code.
bool host_ready(volatile int *flag) { return *flag != 0; }
void host_wait(volatile int *flag) {
  while (!host_ready(flag)) {
  }
}
