// Flags the host writes: a device poll of an object that host code stores to
// (mapped memory set through a host pointer of the same name, a __managed__
// variable) synchronizes with the CPU, so its acquire load takes
// cuda::thread_scope_system; device-only flags keep device scope.  The
// converse (device stores polled by host code) is in flags.cu.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
#include <cuda_runtime.h>
#include <cuda/atomic>
__device__ __managed__ volatile int go;
__global__ void wait_managed(int *data, int *out) {
  while (go == 0) {
  }
  *out = *data;
}
__global__ void wait_mapped(volatile int *h_flag, int *out) {
  while (*h_flag == 0) {
  }
  *out = 1;
}
__device__ volatile int dev_flag;
__global__ void wait_device(int *out) {
  while (dev_flag == 0) {
  }
  *out = 1;
}
__global__ void set_device() { dev_flag = 1; }
void start(int *h_flag) {
  *h_flag = 1;
  go = 1;
}
// A __managed__ flag nobody stores to in this file: the host may set it.
__device__ __managed__ volatile unsigned stop;
__global__ void wait_stop(int *out) {
  while (stop == 0u) {
  }
  *out = 1;
}
// The host writes another word; no code here writes words[1]: system scope.
__global__ void wait_word(volatile int *words, int *out) {
  while (words[1] == 0) {
  }
  *out = 1;
}
void fill(int *words) { words[0] = 7; }

// Diagnostics and fix-its.
// CHECK: host-scope.cu:11:10: warning: spin-wait on volatile 'go': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}host-scope.cu":{11:10-11:12}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*const_cast<int *>(&go)}.load(cuda::memory_order_acquire)"
// CHECK: host-scope.cu:16:10: warning: spin-wait on volatile '*h_flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}host-scope.cu":{16:10-16:17}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*h_flag}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}host-scope.cu":{15:29-15:38}:""
// CHECK: host-scope.cu:22:10: warning: spin-wait on volatile 'dev_flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}host-scope.cu":{22:10-22:18}:"cuda::atomic_ref<int, cuda::thread_scope_device>{dev_flag}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}host-scope.cu":{20:12-20:21}:""
// CHECK: host-scope.cu:26:32: warning: store to volatile 'dev_flag', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
// CHECK: host-scope.cu:22:10: note: 'dev_flag' is polled here
// CHECK: fix-it:"{{.*}}host-scope.cu":{26:32-26:44}:"cuda::atomic_ref<int, cuda::thread_scope_device>{dev_flag}.store(1, cuda::memory_order_release)"
// CHECK: fix-it:"{{.*}}host-scope.cu":{20:12-20:21}:""
// CHECK: host-scope.cu:34:10: warning: spin-wait on volatile 'stop': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}host-scope.cu":{34:10-34:14}:"cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{stop}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}host-scope.cu":{32:24-32:33}:""
// CHECK: host-scope.cu:40:10: warning: spin-wait on volatile 'words[1]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fix-it:"{{.*}}host-scope.cu":{40:10-40:18}:"cuda::atomic_ref<int, cuda::thread_scope_system>{words[1]}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}host-scope.cu":{39:27-39:36}:""
