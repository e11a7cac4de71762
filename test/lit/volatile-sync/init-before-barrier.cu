// A __shared__ word a kernel initialises, then __syncthreads(), then
// polls through helpers: the barrier orders the initialising store before
// every poll (only the block's threads reach the word, all through this
// kernel, and nothing before the barrier polls it), so the store publishes
// nothing and is no finding.  The poll, and the store that does publish
// (after the barrier), stay findings.  Near misses stay findings too: no
// barrier after the store, a poll or a polling helper before the barrier,
// global memory (other blocks are not ordered by the barrier), a store in
// a loop, and a store in a device function (its caller may poll first).
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'

struct Slot { volatile int ready; int value; };

__device__ void wait_ready(Slot *s) {
  while (s->ready == 0) {}
  // CHECK: init-before-barrier.cu:[[@LINE-1]]:10: warning: spin-wait on volatile 's->ready'{{.*}} [volatile-sync]
}
__device__ void publish(Slot *s, int v) {
  s->value = v;
  s->ready = 1;
  // CHECK: init-before-barrier.cu:[[@LINE-1]]:3: warning: store to volatile 's->ready', which another thread polls, publishes nothing{{.*}} [volatile-sync]
  // CHECK: init-before-barrier.cu:[[@LINE-7]]:10: note: 's->ready' is polled here
}
__device__ int lane_id() { return threadIdx.x & 31; }

// Negative: the initialising stores, ordered by the barrier.
__global__ void handoff(int *out) {
  __shared__ Slot slot;
  int lane = lane_id();
  if (threadIdx.x == 0) {
    slot.ready = 0;
    slot.value = 0;
  }
  __syncthreads();
  if (threadIdx.x == 32)
    publish(&slot, 42 + lane);
  else if (threadIdx.x == 0) {
    wait_ready(&slot);
    out[0] = slot.value;
  }
}

__shared__ volatile int s_flag;
__device__ void wait_flag() {
  while (s_flag == 0) {}
  // CHECK: init-before-barrier.cu:[[@LINE-1]]:10: warning: spin-wait on volatile 's_flag'{{.*}} [volatile-sync]
}
__global__ void flag_kernel(int *out) {
  if (threadIdx.x == 0)
    s_flag = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    wait_flag();
    out[0] = 1;
  } else if (threadIdx.x == 32) {
    s_flag = 1;
    // CHECK: init-before-barrier.cu:[[@LINE-1]]:5: warning: store to volatile 's_flag', which another thread polls, publishes nothing{{.*}} [volatile-sync]
    // CHECK: init-before-barrier.cu:[[@LINE-13]]:10: note: 's_flag' is polled here
  }
}

// Positive: no barrier after the store.
__global__ void no_barrier(int *out) {
  if (threadIdx.x == 0)
    s_flag = 0;
  // CHECK: init-before-barrier.cu:[[@LINE-1]]:5: warning: store to volatile 's_flag', which another thread polls, publishes nothing{{.*}} [volatile-sync]
  // CHECK: init-before-barrier.cu:[[@LINE-22]]:10: note: 's_flag' is polled here
  wait_flag();
}

// Positive: a helper called before the barrier polls the word.
__global__ void polled_early(int *out) {
  if (threadIdx.x == 0)
    s_flag = 0;
  // CHECK: init-before-barrier.cu:[[@LINE-1]]:5: warning: store to volatile 's_flag', which another thread polls, publishes nothing{{.*}} [volatile-sync]
  // CHECK: init-before-barrier.cu:[[@LINE-31]]:10: note: 's_flag' is polled here
  if (threadIdx.x == 32)
    wait_flag();
  __syncthreads();
}

// Positive: global memory; the barrier orders nothing for other blocks.
__device__ volatile int g_flag;
__global__ void global_flag(int *out) {
  if (threadIdx.x == 0)
    g_flag = 0;
  // CHECK: init-before-barrier.cu:[[@LINE-1]]:5: warning: store to volatile 'g_flag', which another thread polls, publishes nothing{{.*}} [volatile-sync]
  // CHECK: init-before-barrier.cu:[[@LINE+3]]:12: note: 'g_flag' is polled here
  __syncthreads();
  if (blockIdx.x == 1)
    while (g_flag == 0) {}
  // CHECK: init-before-barrier.cu:[[@LINE-1]]:12: warning: spin-wait on volatile 'g_flag'{{.*}} [volatile-sync]
}

// Positive: a store in a loop follows the polls of the iteration before.
__global__ void in_loop(int *out, int n) {
  for (int i = 0; i < n; i++) {
    if (threadIdx.x == 0)
      s_flag = i;
    // CHECK: init-before-barrier.cu:[[@LINE-1]]:7: warning: store to volatile 's_flag', which another thread polls, publishes nothing{{.*}} [volatile-sync]
    // CHECK: init-before-barrier.cu:[[@LINE-56]]:10: note: 's_flag' is polled here
    __syncthreads();
    wait_flag();
  }
}

// Positive: a device function's store; its caller may poll before calling it.
__device__ void init_flag() {
  if (threadIdx.x == 0)
    s_flag = 0;
  // CHECK: init-before-barrier.cu:[[@LINE-1]]:5: warning: store to volatile 's_flag', which another thread polls, publishes nothing{{.*}} [volatile-sync]
  // CHECK: init-before-barrier.cu:[[@LINE-67]]:10: note: 's_flag' is polled here
  __syncthreads();
}
__global__ void via_helper(int *out) {
  init_flag();
  wait_flag();
}
