// Near misses relaxed-sync must not flag: relaxed atomics that guard only
// atomic data (counters, histograms, a CAS update of one word), locks and
// flags already ordered by fences or acquire/release, locks released by a
// volatile store (volatile-sync's finding), and host code.
// RUN: %expect-exit 0 %builtin --checks='-*,relaxed-sync' %s 2>&1 | count 0
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]'
#include <cuda/atomic>

// A lock whose critical section only touches atomics: relaxed is right.
__device__ int lock_a;
__device__ void atomic_inside(int *counter, float *sum, float v) {
  while (atomicCAS(&lock_a, 0, 1) != 0)
    ;
  atomicAdd(counter, 1);
  atomicAdd(sum, v);
  atomicExch(&lock_a, 0);
}

// A lock whose critical section touches only the thread's own locals.
__device__ int lock_b;
__device__ int locals_only(int v) {
  int r = 0;
  while (atomicCAS(&lock_b, 0, 1) != 0)
    ;
  r = v * 2;
  atomicExch(&lock_b, 0);
  return r;
}

// Fenced after taking and before freeing: the classic correct lock.
__device__ int lock_c;
__device__ void fenced(int *data) {
  while (atomicCAS(&lock_c, 0, 1) != 0)
    ;
  __threadfence();
  data[0] += 1;
  __threadfence();
  atomicExch(&lock_c, 0);
}

// cuda::atomic_thread_fence with acquire and release orders.
__device__ int lock_d;
__device__ void thread_fences(int *data) {
  while (atomicExch(&lock_d, 1) != 0)
    ;
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  data[1] += 1;
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  atomicExch(&lock_d, 0);
}

// acquire and release orders on a cuda::atomic_ref lock.
__device__ int lock_e;
__device__ void ordered(int *data) {
  cuda::atomic_ref<int, cuda::thread_scope_device> l(lock_e);
  int expected = 0;
  while (!l.compare_exchange_weak(expected, 1, cuda::memory_order_acquire))
    expected = 0;
  data[2] += 1;
  l.store(0, cuda::memory_order_release);
}

// Default (seq_cst) orders.
__device__ cuda::atomic<int, cuda::thread_scope_device> lock_f;
__device__ void seq_cst(int *data) {
  while (lock_f.exchange(1) != 0)
    ;
  data[3] += 1;
  lock_f.store(0);
}

// A CAS update loop of one word (atomic max of floats): no lock, no release.
__device__ void atomic_max(float *addr, float v) {
  int *a = (int *)addr, old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(v > __int_as_float(assumed) ? v : __int_as_float(assumed)));
  } while (assumed != old);
}

// A CAS update with the CAS in the loop condition (it writes a computed
// value, not a lock's constant), then a plain reset of the word: no lock.
__device__ void cas_in_condition(unsigned *word, int *data) {
  unsigned old = *word;
  while (atomicCAS(word, old, old + 1) != old)
    old = *word;
  data[5] = 1;
  *word = 0;
}

// A try-lock whose branch never frees the word: a claim, not a lock.
__device__ void claim_once(int *claimed, int *data) {
  if (atomicExch(claimed, 1) == 0)
    data[6] = 1;
}

// A histogram and a counter: relaxed atomics, nobody polls them.
__global__ void histogram(const int *in, unsigned *bins, unsigned *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&bins[in[i] & 255], 1u);
    atomicAdd(count, 1u);
  }
}

// A counter polled, but what is read after the wait is read atomically.
__device__ unsigned arrived;
__device__ unsigned total;
__global__ void counter_wait(unsigned *out) {
  atomicAdd(&total, 5u);
  atomicAdd(&arrived, 1u);
  while (atomicAdd(&arrived, 0u) < gridDim.x)
    ;
  unsigned t = atomicAdd(&total, 0u);
  if (threadIdx.x == 0)
    atomicExch(out, t);
}

// A relaxed flag with fences on both sides (threadFenceReduction's shape).
__device__ int ready;
__device__ int payload;
__global__ void fenced_flag(int *out, int v) {
  if (blockIdx.x == 0) {
    payload = v;
    __threadfence();
    atomicExch(&ready, 1);
  } else {
    while (atomicAdd(&ready, 0) == 0)
      ;
    __threadfence();
    out[blockIdx.x] = payload;
  }
}

// An acquire poll and a release publish.
__device__ int ready2;
__device__ int payload2;
__global__ void ordered_flag(int *out, int v) {
  if (blockIdx.x == 0) {
    payload2 = v;
    cuda::atomic_ref<int, cuda::thread_scope_device>{ready2}.store(1, cuda::memory_order_release);
  } else {
    while (cuda::atomic_ref<int, cuda::thread_scope_device>{ready2}.load(cuda::memory_order_acquire) == 0)
      ;
    out[blockIdx.x] = payload2;
  }
}

// A relaxed poll whose following reads are of data nobody in the program
// writes (input the host filled before the launch).
__device__ int go;
__global__ void input_after_wait(const int *in, int *out) {
  while (__nv_atomic_load_n(&go, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE) == 0)
    ;
  out[threadIdx.x] = in[threadIdx.x];
}

// A lock released by a volatile store: volatile-sync reports it (and fixes
// both sides); relaxed-sync stays silent.
__device__ volatile int vlock;
__device__ void volatile_release(int *data) {
  while (atomicCAS((int *)&vlock, 0, 1) != 0)
    ;
  data[4] += 1;
  vlock = 0;
}
// CHECK: negative.cu:[[@LINE-2]]:3: warning: lock 'vlock' released by a volatile store{{.*}} [volatile-sync]

// Host code: not judged.
int host_lock;
void host_side(int *data) {
  while (__sync_val_compare_and_swap(&host_lock, 0, 1) != 0)
    ;
  data[0] += 1;
  host_lock = 0;
}
