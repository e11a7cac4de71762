// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
#include <cuda/atomic>

__device__ volatile int ready;
__device__ float payload;

// Producer publishes through a flag that a consumer block polls.
__global__ void produce_consume(float v) {
  if (blockIdx.x == 0) {
    payload = v;
    __threadfence_block();
    // CHECK: fence-block.cu:[[@LINE-1]]:5: warning: '__threadfence_block()' orders memory only for the threads of this block, but the store to 'ready' after it publishes data to other blocks [scope-mismatch]
    // CHECK: fence-block.cu:[[@LINE+5]]:12: note: 'ready' is polled here
    // CHECK: fence-block.cu:[[@LINE+2]]:5: note: the store that other blocks observe
    // CHECK: fix-it:"{{.*}}fence-block.cu":{[[@LINE-4]]:5-[[@LINE-4]]:24}:"__threadfence"
    ready = 1;
  } else {
    while (ready == 0) {
    }
    float got = payload;
    (void)got;
  }
}

// The threadFenceReduction shape: partial result, fence, then a global
// counter every block increments.
__global__ void last_block(const float *in, float *partial, unsigned *count) {
  partial[blockIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_block);
  // CHECK: fence-block.cu:[[@LINE-1]]:3: warning: 'cuda::atomic_thread_fence' with cuda::thread_scope_block orders memory only for the threads of this block, but the store to 'count' after it publishes data to other blocks [scope-mismatch]
  // CHECK: fence-block.cu:[[@LINE-3]]:3: note: data stored to global memory before the fence
  // CHECK: fence-block.cu:[[@LINE+2]]:21: note: the store that other blocks observe
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:63-[[@LINE-4]]:81}:"thread_scope_device"
  unsigned ticket = atomicInc(count, gridDim.x);
  (void)ticket;
}

// Negative: the fence only orders shared-memory traffic.
__global__ void shared_only(int *out) {
  __shared__ int s[32], flag;
  s[threadIdx.x % 32] = 1;
  __threadfence_block();
  flag = 1;
  __syncthreads();
  out[blockIdx.x] = flag;
}

// Negative: stores after the fence go to per-block slots nobody polls.
__global__ void per_block_after(float *a, float *b) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
  __threadfence_block();
  b[blockIdx.x] = 2.0f;
}

// Negative: __threadfence() is already device scope.
__global__ void device_fence(float v) {
  payload = v;
  __threadfence();
  ready = 1;
}

// A macro: reported at the use site without a fix.
#define FENCE_BLOCK() __threadfence_block()
__global__ void macro_fence(float v) {
  payload = v;
  FENCE_BLOCK();
  // CHECK: fence-block.cu:[[@LINE-1]]:3: warning: '__threadfence_block()' orders memory only for the threads of this block, but the store to 'ready' after it publishes data to other blocks [scope-mismatch]
  // CHECK: note: 'ready' is polled here
  // CHECK: note: the store that other blocks observe
  // CHECK-NOT: fix-it
  ready = 2;
}
