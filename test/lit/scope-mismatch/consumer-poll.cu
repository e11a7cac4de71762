// The consumer's side: a block fence inside a spin loop that polls a word
// threads of other blocks write, and a block-scope atomic load that polls
// such a word (a poll conflicts with the updates it waits for, unlike two
// loads).  The fence gets no fix (the read that ends the loop is after it);
// the load's scope is widened.  Near misses: the block's own slot, shared
// memory, a device fence after the loop, an acquire poll at device scope, a
// single read, a word nobody writes, a grid of one block.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/c.cu
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' --fix %t/c.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/c.cu
#include <cuda/atomic>

__device__ volatile int ready;
__device__ float payload;

// Block 0 publishes; the others spin with a block fence in the loop.
__global__ void spin_fence(int *flags, float *data, float *out) {
  if (blockIdx.x == 0) {
    data[0] = 1.0f;
    __threadfence();
    atomicExch(&flags[0], 1);
  } else {
    while (atomicAdd(&flags[0], 0) == 0) {
      __threadfence_block();
      // CHECK: consumer-poll.cu:[[@LINE-1]]:7: warning: '__threadfence_block()' orders memory only for the threads of this block, but the loop around it waits for 'flags', which other blocks write: their stores before it are not ordered with this block's reads after the loop [scope-mismatch]
      // CHECK: consumer-poll.cu:[[@LINE-3]]:23: note: 'flags' is polled here
      // CHECK: consumer-poll.cu:[[@LINE-6]]:5: note: 'flags' is written here, by threads of other blocks
      // CHECK: consumer-poll.cu:[[@LINE-4]]:7: note: no automatic fix: the read that ends the loop comes after this fence, and widening it in place leaves that read unordered; a device-scope fence ('__threadfence()') belongs after the loop, before the data is read
    }
    out[blockIdx.x] = data[0];
  }
}

// The flag is raised by another kernel; a do-while spin.
__global__ void raise(float v) {
  payload = v;
  __threadfence();
  ready = 1;
}
__global__ void wait_do(float *out) {
  do {
    __threadfence_block();
    // CHECK: consumer-poll.cu:[[@LINE-1]]:5: warning: '__threadfence_block()' orders memory only for the threads of this block, but the loop around it waits for 'ready', which other blocks write{{.*}} [scope-mismatch]
    // CHECK: consumer-poll.cu:[[@LINE+3]]:12: note: 'ready' is polled here
    // CHECK: consumer-poll.cu:[[@LINE-7]]:3: note: 'ready' is written here, by threads of other blocks
    // CHECK: note: no automatic fix: the read that ends the loop comes after this fence
  } while (ready == 0);
  out[blockIdx.x] = payload;
}

// Block-scope atomic loads polling a flag other blocks store.
__global__ void poll_loads(int *flags, float *data, float *out) {
  if (blockIdx.x == 0) {
    data[0] = 1.0f;
    __threadfence();
    flags[0] = 1;
  } else {
    cuda::atomic_ref<int, cuda::thread_scope_block> f(flags[0]);
    // CHECK: consumer-poll.cu:[[@LINE-1]]:53: warning: 'cuda::atomic_ref' with cuda::thread_scope_block is atomic only within one block, but threads of other blocks update the global memory it polls through 'flags' [scope-mismatch]
    // CHECK: consumer-poll.cu:[[@LINE-4]]:5: note: 'flags' is written here, by threads of other blocks
    // CHECK: consumer-poll.cu:[[@LINE-9]]:33: note: 'flags' is a parameter of kernel 'poll_loads': it points to global memory
    // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:33-[[@LINE-4]]:51}:"thread_scope_device"
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    while (__nv_atomic_load_n(&flags[0], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK) == 0) {
      // CHECK: consumer-poll.cu:[[@LINE-1]]:12: warning: '__nv_atomic_load_n' with __NV_THREAD_SCOPE_BLOCK is atomic only within one block, but threads of other blocks update the global memory it polls through 'flags' [scope-mismatch]
      // CHECK: consumer-poll.cu:[[@LINE-11]]:5: note: 'flags' is written here, by threads of other blocks
      // CHECK: consumer-poll.cu:[[@LINE-16]]:33: note: 'flags' is a parameter of kernel 'poll_loads': it points to global memory
      // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:63-[[@LINE-4]]:86}:"__NV_THREAD_SCOPE_DEVICE"
    }
    out[blockIdx.x] = data[0];
  }
}

// The decoupled look-back: block b raises flags[b] and waits for flags[b - 1].
__global__ void look_back(int *flags, int *sums) {
  int b = blockIdx.x;
  if (threadIdx.x == 0) {
    if (b > 0)
      while (cuda::atomic_ref<int, cuda::thread_scope_block>(flags[b - 1]).load(cuda::memory_order_acquire) == 0) {
        // CHECK: consumer-poll.cu:[[@LINE-1]]:14: warning: 'cuda::atomic_ref' with cuda::thread_scope_block is atomic only within one block, but threads of other blocks update the global memory it polls through 'flags' [scope-mismatch]
        // CHECK: consumer-poll.cu:[[@LINE+5]]:5: note: 'flags' is written here, by threads of other blocks
        // CHECK: consumer-poll.cu:[[@LINE-7]]:32: note: 'flags' is a parameter of kernel 'look_back': it points to global memory
        // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:42-[[@LINE-4]]:60}:"thread_scope_device"
      }
    sums[b] += b > 0 ? sums[b - 1] : 0;
    cuda::atomic_ref<int, cuda::thread_scope_device>(flags[b]).store(1, cuda::memory_order_release);
  }
}

// Near misses.
__global__ void own_slot(int *flags, float *out) {
  // the block's own flag, raised by its thread 0
  if (threadIdx.x == 0)
    cuda::atomic_ref<int, cuda::thread_scope_block>(flags[blockIdx.x]).store(1, cuda::memory_order_release);
  while (cuda::atomic_ref<int, cuda::thread_scope_block>(flags[blockIdx.x]).load(cuda::memory_order_acquire) == 0) {
    __threadfence_block();
  }
  // shared memory
  __shared__ int s_flag;
  if (threadIdx.x == 0)
    s_flag = 1;
  while (cuda::atomic_ref<int, cuda::thread_scope_block>(s_flag).load(cuda::memory_order_acquire) == 0) {
    __threadfence_block();
  }
  out[blockIdx.x] = 1.0f;
}
__global__ void fenced_after(int *flags, float *data, float *out) {
  if (blockIdx.x == 0) {
    data[0] = 2.0f;
    __threadfence();
    atomicExch(&flags[1], 1);
    return;
  }
  // a device fence follows the loop
  while (atomicAdd(&flags[1], 0) == 0) {
    __threadfence_block();
  }
  __threadfence();
  // an acquire poll at device scope
  while (cuda::atomic_ref<int, cuda::thread_scope_device>(flags[1]).load(cuda::memory_order_acquire) == 0) {
    __threadfence_block();
  }
  out[blockIdx.x] = data[0];
}
// a single block-scope read of a word stored plainly is no poll
__global__ void one_read(int *word, float *out) {
  if (blockIdx.x == 1)
    word[0] = 1;
  out[blockIdx.x] = cuda::atomic_ref<int, cuda::thread_scope_block>(word[0]).load();
}
// a word nobody in this file writes (the host may)
__global__ void host_flag(int *go, float *out) {
  while (__nv_atomic_load_n(&go[0], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK) == 0) {
    __threadfence_block();
  }
  out[blockIdx.x] = 1.0f;
}
// a grid of one block
__global__ void alone(int *flags, float *out) {
  if (threadIdx.x == 32)
    flags[2] = 1;
  while (__nv_atomic_load_n(&flags[2], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK) == 0) {
    __threadfence_block();
  }
  out[0] = 1.0f;
}
void launch_alone(int *f, float *o) { alone<<<1, 64>>>(f, o); }

// FIXED: while (atomicAdd(&flags[0], 0) == 0) {
// FIXED-NEXT: __threadfence_block();
// FIXED: cuda::atomic_ref<int, cuda::thread_scope_device> f(flags[0]);
// FIXED: while (__nv_atomic_load_n(&flags[0], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE) == 0) {
// FIXED: while (cuda::atomic_ref<int, cuda::thread_scope_device>(flags[b - 1]).load(cuda::memory_order_acquire) == 0) {
// FIXED: while (cuda::atomic_ref<int, cuda::thread_scope_block>(flags[blockIdx.x]).load(cuda::memory_order_acquire) == 0) {
