// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
#include <cuda/atomic>

__device__ int g_seen;
__device__ int g_mixed;

// Negative: two loads of different scope do not conflict; only an update
// does against an access of another scope.
__global__ void two_loads(int *out) {
  int a = cuda::atomic_ref<int, cuda::thread_scope_block>(g_seen).load();
  cuda::atomic_ref<int, cuda::thread_scope_device> d(g_seen);
  int b = d.load(cuda::memory_order_acquire);
  out[blockIdx.x] = a + b;
}

// Positive: a block-scope load against a device-scope update.
__global__ void load_vs_update(int *out) {
  cuda::atomic_ref<int, cuda::thread_scope_block> r(g_mixed);
  out[blockIdx.x] = r.load();
  // CHECK: loads-refs.cu:[[@LINE-2]]:51: warning: 'cuda::atomic_ref' with cuda::thread_scope_block (block scope) and 'atomicAdd' (device scope) access the same object through 'g_mixed': they are not atomic with respect to each other [scope-mismatch]
  // CHECK: loads-refs.cu:[[@LINE+2]]:3: note: the device-scope update is here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:31-[[@LINE-4]]:49}:"thread_scope_device"
  atomicAdd(&g_mixed, 1);
}

// A temporary atomic_ref made from a dereference gets the widening fix.
__global__ void deref_temporary(int *p) {
  cuda::atomic_ref<int, cuda::thread_scope_block>(*p).fetch_add(1);
  // CHECK: loads-refs.cu:[[@LINE-1]]:3: warning: 'cuda::atomic_ref' with cuda::thread_scope_block is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'deref_temporary': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:31-[[@LINE-3]]:49}:"thread_scope_device"
}

// The decoupled look-back shape: each block publishes its aggregate with a
// block fence and a flag; the next block polls the flag through a named
// cuda::atomic_ref.
__global__ void look_back(const int *in, int *aggregate, int *flag) {
  if (threadIdx.x == 0) {
    aggregate[blockIdx.x] = in[blockIdx.x];
    __threadfence_block();
    // CHECK: loads-refs.cu:[[@LINE-1]]:5: warning: '__threadfence_block()' orders memory only for the threads of this block, but the store to 'flag' after it publishes data to other blocks [scope-mismatch]
    // CHECK: loads-refs.cu:[[@LINE+6]]:14: note: 'flag' is polled here
    // CHECK: loads-refs.cu:[[@LINE+2]]:5: note: the store that other blocks observe
    // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:5-[[@LINE-4]]:24}:"__threadfence"
    flag[blockIdx.x] = 1;
    if (blockIdx.x > 0) {
      cuda::atomic_ref<int, cuda::thread_scope_device> prev(flag[blockIdx.x - 1]);
      while (prev.load(cuda::memory_order_acquire) == 0) {
      }
    }
  }
}
