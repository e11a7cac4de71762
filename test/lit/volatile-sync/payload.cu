// Only the word polled is the flag: a payload store next to the flag store,
// to another word of the same buffer or struct, publishes nothing and is not
// reported; where the words cannot be told apart (indexes that are neither
// constants nor the same expression) a store is still a publishing store,
// unless a store of its function to the same buffer is the polled word.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
#include <cuda/atomic>

struct msg {
  volatile int data[4];
  volatile int ready;
};
__global__ void send(volatile int *buf, int n, int v) {
  for (int i = 0; i < n; i++)
    buf[i] = v + i;
  buf[n] = 1;
}
__global__ void recv(volatile int *buf, int n, int *out) {
  while (buf[n] == 0) {
  }
  *out = buf[0];
}
__global__ void send2(volatile int *words, int v) {
  words[0] = v;
  words[1] = 1;
}
__global__ void recv2(volatile int *words, int *out) {
  while (words[1] == 0) {
  }
  *out = words[0];
}
__global__ void send3(msg *m) {
  m->data[0] = 5;
  m->ready = 1;
}
__global__ void recv3(msg *m, int *out) {
  while (m->ready == 0) {
  }
  *out = m->data[0];
}
__global__ void signal_slot(volatile int *flags, int *data) {
  data[blockIdx.x] = 1;
  flags[blockIdx.x] = 1;
}
__global__ void wait_slot(volatile int *flags, int *out) {
  while (flags[blockIdx.x - 1] == 0) {
  }
  *out = 1;
}

// Diagnostics and fix-its.
// CHECK: payload.cu:17:3: warning: store to volatile 'buf[n]', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: payload.cu:20:10: note: 'buf[n]' is polled here
// CHECK: fix-it:"{{.*}}payload.cu":{17:3-17:13}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&buf[n])}.store(1, cuda::memory_order_release)"
// CHECK: payload.cu:20:10: warning: spin-wait on volatile 'buf[n]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}payload.cu":{20:10-20:16}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&buf[n])}.load(cuda::memory_order_acquire)"
// CHECK: payload.cu:26:3: warning: store to volatile 'words[1]', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: payload.cu:29:10: note: 'words[1]' is polled here
// CHECK: fix-it:"{{.*}}payload.cu":{26:3-26:15}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&words[1])}.store(1, cuda::memory_order_release)"
// CHECK: payload.cu:29:10: warning: spin-wait on volatile 'words[1]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}payload.cu":{29:10-29:18}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*const_cast<int *>(&words[1])}.load(cuda::memory_order_acquire)"
// CHECK: payload.cu:35:3: warning: store to volatile 'm->ready', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: payload.cu:38:10: note: 'm->ready' is polled here
// CHECK: fix-it:"{{.*}}payload.cu":{35:3-35:15}:"cuda::atomic_ref<int, cuda::thread_scope_device>{m->ready}.store(1, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}payload.cu":{12:3-12:12}:""
// CHECK: payload.cu:38:10: warning: spin-wait on volatile 'm->ready': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}payload.cu":{38:10-38:18}:"cuda::atomic_ref<int, cuda::thread_scope_device>{m->ready}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}payload.cu":{12:3-12:12}:""
// CHECK: payload.cu:44:3: warning: store to volatile 'flags[blockIdx.x]', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: payload.cu:47:10: note: 'flags[blockIdx.x]' is polled here
// CHECK: fix-it:"{{.*}}payload.cu":{44:3-44:24}:"cuda::atomic_ref<int, cuda::thread_scope_device>{flags[blockIdx.x]}.store(1, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}payload.cu":{42:29-42:38}:""
// CHECK: payload.cu:47:10: warning: spin-wait on volatile 'flags[blockIdx.x - 1]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}payload.cu":{47:10-47:31}:"cuda::atomic_ref<int, cuda::thread_scope_device>{flags[blockIdx.x - 1]}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}payload.cu":{46:27-46:36}:""
