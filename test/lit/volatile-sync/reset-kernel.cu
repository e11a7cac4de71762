// A software grid barrier's counter reset in a kernel of its own (shoc's
// Reset_kernel_parameters): the kernel neither polls the word nor calls code
// that could, and stores the value the global starts with; a launch boundary
// orders it against the kernel that polls, so it is no publishing store.
// Near misses stay findings: a store of another value (a signal to a kernel
// running beside it), a reset in a kernel that calls the polling helper or
// polls itself, a reset to a value the global does not start with, and a
// reset of a word host code polls, and the release of a lock (a store of
// the value the lock word starts with, in the kernel that takes the lock).
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'

volatile __device__ int g_count = 0;
volatile __device__ int g_level[1] = {0};
volatile __device__ int g_start = 5;
volatile __device__ int g_host_seen;

__device__ void grid_sync(int goal) {
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd((int *)&g_count, 1);
    while (g_count < goal) {}
    // CHECK: reset-kernel.cu:[[@LINE-1]]:12: warning: spin-wait on volatile 'g_count'{{.*}} [volatile-sync]
  }
  __syncthreads();
}

__global__ void step(int goal) {
  grid_sync(goal);
  while (g_level[0] < goal) {}
  // CHECK: reset-kernel.cu:[[@LINE-1]]:10: warning: spin-wait on volatile 'g_level[0]'{{.*}} [volatile-sync]
  while (g_start != 0) {}
  // CHECK: reset-kernel.cu:[[@LINE-1]]:10: warning: spin-wait on volatile 'g_start'{{.*}} [volatile-sync]
}

// resets between launches: no finding
__global__ void reset(unsigned *len) {
  g_count = 0;
  *g_level = 0;
  *len = 0;
}

__global__ void copy_and_reset(unsigned *dst, const unsigned *src, unsigned n) {
  unsigned tid = threadIdx.x + blockDim.x * blockIdx.x;
  if (tid < n)
    dst[tid] = src[tid];
  if (tid == 0)
    g_count = 0;
}

// near misses
__global__ void release_other(void) {
  g_level[0] = 1;
  // CHECK: reset-kernel.cu:[[@LINE-1]]:3: warning: store to volatile 'g_level[0]', which another thread polls{{.*}} [volatile-sync]
}

__global__ void reset_then_sync(int goal) {
  g_count = 0;
  // CHECK: reset-kernel.cu:[[@LINE-1]]:3: warning: store to volatile 'g_count', which another thread polls{{.*}} [volatile-sync]
  grid_sync(goal);
}

__global__ void reset_in_poller(int goal) {
  while (g_level[0] < goal) {}
  // CHECK: reset-kernel.cu:[[@LINE-1]]:10: warning: spin-wait on volatile 'g_level[0]'{{.*}} [volatile-sync]
  g_level[0] = 0;
  // CHECK: reset-kernel.cu:[[@LINE-1]]:3: warning: store to volatile 'g_level[0]', which another thread polls{{.*}} [volatile-sync]
}

__global__ void reset_to_other(void) {
  g_start = 0;
  // CHECK: reset-kernel.cu:[[@LINE-1]]:3: warning: store to volatile 'g_start', which another thread polls{{.*}} [volatile-sync]
}

__global__ void reset_host_polled(void) {
  g_host_seen = 0;
  // CHECK: reset-kernel.cu:[[@LINE-1]]:3: warning: store to volatile 'g_host_seen', which another thread polls{{.*}} [volatile-sync]
}

volatile __device__ int g_lock = 0;

__global__ void critical(int *data) {
  while (atomicCAS((int *)&g_lock, 0, 1) != 0) {}
  data[0] += 1;
  g_lock = 0;
  // CHECK: reset-kernel.cu:[[@LINE-1]]:3: warning: lock 'g_lock' released by a volatile store{{.*}} [volatile-sync]
}

void host_wait(void) {
  while (g_host_seen == 0) {}
}
