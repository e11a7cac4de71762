// A volatile poll followed by a fence is the PTX memory model's acquire
// pattern (and a fence then a volatile store its release pattern): a strong read (a volatile load is a relaxed one at system scope)
// then a fence synchronizes with the writer's release, as an acquire load
// would.  The fence must come next in the polling thread (barriers aside, and
// after leaving an 'if' that holds the loop), before any data is read, and
// cover the writer's scope: device for a word device code writes, system
// where the writer may be the CPU or another GPU, block for __shared__.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
#include <cuda/atomic>

__global__ void set(int *f) { *f = 1; }

// Clean: device-written word, __threadfence() next.
__global__ void device_fence(volatile int *f, int *d, int *o) {
  while (*f == 0) {
  }
  __threadfence();
  *o = *d;
}

// Clean: written by no code here (system scope), __threadfence_system() next.
__global__ void system_fence(volatile int *start, int *d, int *o) {
  while (*start == 0) {
  }
  __threadfence_system();
  *o = *d;
}

// Clean: one thread polls through an accessor, the block meets at a barrier,
// then every thread fences (llama.cpp's all-reduce).
__device__ int signal_get(const int *p) { return *(const volatile int *)p; }
__global__ void accessor_barrier_fence(const int *slot, int *d, int *o) {
  if (threadIdx.x == 0) {
    while (signal_get(slot) != 1) {
    }
  }
  __syncthreads();
  __threadfence_system();
  o[threadIdx.x] = d[threadIdx.x];
}

// Clean: a cuda::atomic_thread_fence with acquire order at device scope.
__global__ void cuda_fence(volatile int *f, int *d, int *o) {
  while (*f == 0) {
  }
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  *o = *d;
}

// Clean: __shared__ word, block fence.
__global__ void shared_fence(int *o) {
  __shared__ volatile int ready;
  if (threadIdx.x == 0) {
    __threadfence_block();
    ready = 1;
  }
  while (ready == 0) {
  }
  __threadfence_block();
  *o = 1;
}

// Flagged: the word may be the CPU's, the fence orders at device scope only.
__global__ void narrow_fence(volatile int *go, int *d, int *o) {
  while (*go == 0) {
  }
  __threadfence();
  *o = *d;
}
// CHECK: fence-after-poll.cu:[[@LINE-5]]:10: warning: spin-wait on volatile '*go': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: fence-after-poll.cu:[[@LINE-6]]:10: note: the fence after the loop is narrower than the writer's scope: it takes a system-scope fence (or the acquire load below)

// Flagged: a block fence does not order a device-written global word.
__global__ void block_fence(volatile int *f, int *d, int *o) {
  while (*f == 0) {
  }
  __threadfence_block();
  *o = *d;
}
// CHECK: fence-after-poll.cu:[[@LINE-5]]:10: warning: spin-wait on volatile '*f'{{.*}} [volatile-sync]
// CHECK: fence-after-poll.cu:[[@LINE-6]]:10: note: the fence after the loop is narrower than the writer's scope: it takes a device-scope fence (or the acquire load below)

// Flagged: the data is read before the fence.
__global__ void fence_too_late(volatile int *f, int *d, int *o) {
  while (*f == 0) {
  }
  *o = *d;
  __threadfence();
}
// CHECK: fence-after-poll.cu:[[@LINE-5]]:10: warning: spin-wait on volatile '*f'{{.*}} [volatile-sync]

// Flagged: a relaxed fence orders nothing.
__global__ void relaxed_fence(volatile int *f, int *d, int *o) {
  while (*f == 0) {
  }
  cuda::atomic_thread_fence(cuda::memory_order_relaxed, cuda::thread_scope_device);
  *o = *d;
}
// CHECK: fence-after-poll.cu:[[@LINE-5]]:10: warning: spin-wait on volatile '*f'{{.*}} [volatile-sync]

// Flagged: the fence is inside the loop's 'if' only on another path.
__global__ void fence_in_else(volatile int *f, int *d, int *o, int c) {
  if (c) {
    while (*f == 0) {
    }
  } else {
    __threadfence();
  }
  *o = *d;
}
// CHECK: fence-after-poll.cu:[[@LINE-7]]:12: warning: spin-wait on volatile '*f'{{.*}} [volatile-sync]

// The release side: a fence right before the volatile store publishes what
// came before it.  Clean: device scope for a word device code polls.
__global__ void publish(volatile int *flag, int *d) {
  *d = 42;
  __threadfence();
  *flag = 1;
}
__global__ void consume(volatile int *flag, int *d, int *o) {
  while (*flag == 0) {
  }
  __threadfence();
  *o = *d;
}

// Flagged: a block fence before a store other blocks poll; and a data
// write between the fence and the store.
__global__ void publish_block_fence(volatile int *flag2, int *d) {
  *d = 42;
  __threadfence_block();
  *flag2 = 1;
}
// CHECK: fence-after-poll.cu:[[@LINE-2]]:3: warning: store to volatile '*flag2', which another thread polls{{.*}} [volatile-sync]
__global__ void publish_late(volatile int *flag2, int *d) {
  __threadfence();
  *d = 42;
  *flag2 = 1;
}
// CHECK: fence-after-poll.cu:[[@LINE-2]]:3: warning: store to volatile '*flag2', which another thread polls{{.*}} [volatile-sync]
__global__ void consume2(volatile int *flag2, int *d, int *o) {
  while (*flag2 == 0) {
  }
  __threadfence();
  *o = *d;
}

__global__ void writers(int *f) { *f = 1; }
