// Spin-waits on volatile: while, do-while, for, and 'if (...) break;' loops.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'

// A kernel parameter whose only use is the poll: volatile goes from the declaration.
__global__ void wait_param(volatile int *flag, int *data, int *out) {
  while (*flag == 0)
    ;
  // CHECK: spin-wait.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-3]]:10-[[@LINE-3]]:15}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{6:28-6:37}:""
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{4:1-4:1}:"#include <cuda/atomic>\n"
  *out = *data;
}

// do-while on an element of a device-scope array; the pointer is also used
// elsewhere, so volatile stays and a const_cast strips it at the use.
__device__ unsigned wait_slot(volatile unsigned *slots, int i) {
  do {
  } while (slots[i] != 1u);
  // CHECK: spin-wait.cu:[[@LINE-1]]:12: warning: spin-wait on volatile 'slots[i]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-2]]:12-[[@LINE-2]]:20}:"cuda::atomic_ref<unsigned int, cuda::thread_scope_system>{*const_cast<unsigned int *>(&slots[i])}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{4:1-4:1}:"#include <cuda/atomic>\n"
  return slots[i + 1];
}

// for(;cond;) and the 'if (...) break;' form, on a __shared__ flag: block scope.
__global__ void shared_flag(int *out) {
  __shared__ volatile int ready;
  for (; ready == 0;) {
  }
  // CHECK: spin-wait.cu:[[@LINE-2]]:10: warning: spin-wait on volatile 'ready': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-3]]:10-[[@LINE-3]]:15}:"cuda::atomic_ref<int, cuda::thread_scope_block>{ready}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-5]]:14-[[@LINE-5]]:23}:""
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{4:1-4:1}:"#include <cuda/atomic>\n"
  for (;;) {
    if (ready != 0)
      break;
  }
  // CHECK: spin-wait.cu:[[@LINE-3]]:9: warning: spin-wait on volatile 'ready': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-4]]:9-[[@LINE-4]]:14}:"cuda::atomic_ref<int, cuda::thread_scope_block>{ready}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{29:14-29:23}:""
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{4:1-4:1}:"#include <cuda/atomic>\n"
  *out = 1;
}

// A local pointer to a __shared__ array: block scope through the pointer.
__global__ void shared_pointer(int *out) {
  __shared__ int words[32];
  volatile int *w = words;
  while (w[threadIdx.x ^ 1] == 0) {
  }
  // CHECK: spin-wait.cu:[[@LINE-2]]:10: warning: spin-wait on volatile 'w[threadIdx.x ^ 1]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-3]]:10-[[@LINE-3]]:28}:"cuda::atomic_ref<int, cuda::thread_scope_block>{w[threadIdx.x ^ 1]}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-5]]:3-[[@LINE-5]]:12}:""
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{4:1-4:1}:"#include <cuda/atomic>\n"
  *out = 1;
}

// Negative: loops that change what their condition reads are not spin-waits.
__device__ int scan(volatile int *v, int n) {
  int i = 0;
  for (int j = 0; j < v[0]; j++)
    i += j;
  while (v[i] != 0)
    i++;
  return i;
}

// Negative: volatile reads of data nobody polls.
__global__ void data_only(volatile float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  if (in[0] > 0.0f)
    out[0] = 1.0f;
}

// Negative: host code.
void host_wait(volatile int *flag) {
  while (*flag == 0)
    ;
}

// Negative: the pattern in a comment or a string: while (*flag == 0);
const char *text = "while (*flag == 0);";

// Polls through a local copy of the volatile value.
__global__ void copied(volatile int *flag, int *out) {
  int v;
  do {
    v = *flag;
  } while (v == 0);
  // CHECK: spin-wait.cu:[[@LINE-2]]:9: warning: spin-wait on volatile '*flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-3]]:9-[[@LINE-3]]:14}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*const_cast<int *>(flag)}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{4:1-4:1}:"#include <cuda/atomic>\n"
  for (;;) {
    int f = flag[1];
    if (f != 0)
      break;
  }
  // CHECK: spin-wait.cu:[[@LINE-4]]:13: warning: spin-wait on volatile 'flag[1]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}spin-wait.cu":{[[@LINE-5]]:13-[[@LINE-5]]:20}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*const_cast<int *>(&flag[1])}.load(cuda::memory_order_acquire)"
  // CHECK-NEXT: fix-it:"{{.*}}spin-wait.cu":{4:1-4:1}:"#include <cuda/atomic>\n"
  // Negative: a copy that does not decide the loop.
  int sum = 0;
  for (int i = 0; i < 4; i++) {
    int x = flag[i];
    sum += x;
  }
  *out = v + sum;
}
