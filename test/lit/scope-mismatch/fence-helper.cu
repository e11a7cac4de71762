// A block fence in a small helper (publish()) called from a kernel: judged
// at its calls, where the kernel stores the data and the flag around it;
// and a helper that stores through its parameters, followed to the global
// memory its calls pass.  The finding is at the fence, with a note at the
// call.  Near misses: the same helpers around shared memory, per-block
// slots nobody polls, a kernel launched with one block.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/h.cu
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' --fix %t/h.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/h.cu
// RUN: %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %t/h.cu
#include <cuda/atomic>

__device__ volatile int ready;
__device__ float payload;

// The fence alone in the helper: the kernel stores around the call.
__device__ void publish() { __threadfence_block(); }
// CHECK: fence-helper.cu:[[@LINE-1]]:29: warning: '__threadfence_block()' orders memory only for the threads of this block, but the store to 'ready' after it publishes data to other blocks [scope-mismatch]
// CHECK: fence-helper.cu:[[@LINE+27]]:10: note: 'ready' is polled here
// CHECK: fence-helper.cu:[[@LINE+6]]:3: note: the store that other blocks observe
// CHECK: fence-helper.cu:[[@LINE+4]]:3: note: the fence runs at this call of 'publish', between the stores around it
// CHECK: fix-it:"{{.*}}fence-helper.cu":{[[@LINE-5]]:29-[[@LINE-5]]:48}:"__threadfence"
__global__ void producer(float v) {
  payload = v;
  publish();
  ready = 1;
}

// The helper stores the data and the flag through its parameters.
__device__ void raise_flag(volatile int *flag, float *data, float v) {
  *data = v;
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  // CHECK: fence-helper.cu:[[@LINE-1]]:3: warning: 'cuda::atomic_thread_fence' with cuda::thread_scope_block orders memory only for the threads of this block, but the store to 'flag' after it publishes data to other blocks [scope-mismatch]
  // CHECK: fence-helper.cu:[[@LINE+12]]:10: note: 'ready' is polled here
  // CHECK: fence-helper.cu:[[@LINE+3]]:3: note: the store that other blocks observe
  // CHECK: fence-helper.cu:[[@LINE+6]]:5: note: 'flag' gets global memory from 'ready' at this call
  // CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:63-[[@LINE-5]]:81}:"thread_scope_device"
  *flag = 1;
}
__global__ void producer2(float v) {
  if (blockIdx.x == 0)
    raise_flag(&ready, &payload, v);
}

__global__ void consumer(float *out) {
  while (ready == 0) {
  }
  out[blockIdx.x] = payload;
}

// The threadFenceReduction shape with the fence in a helper.
__device__ void fence_block() { __threadfence_block(); }
// CHECK: fence-helper.cu:[[@LINE-1]]:33: warning: '__threadfence_block()' orders memory only for the threads of this block, but the store to 'count' after it publishes data to other blocks [scope-mismatch]
// CHECK: fence-helper.cu:[[@LINE+5]]:3: note: data stored to global memory before the fence
// CHECK: fence-helper.cu:[[@LINE+6]]:21: note: the store that other blocks observe
// CHECK: fence-helper.cu:[[@LINE+4]]:3: note: the fence runs at this call of 'fence_block', between the stores around it
// CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:33-[[@LINE-5]]:52}:"__threadfence"
__global__ void last_block(const float *in, float *partial, unsigned *count) {
  partial[blockIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  fence_block();
  unsigned ticket = atomicInc(count, gridDim.x);
  (void)ticket;
}

// Near misses: the helper's fence around shared memory, per-block slots
// nobody polls, and a kernel every launch of which has one block.
__device__ void fence_shared() { __threadfence_block(); }
__global__ void shared_only(int *out) {
  __shared__ int s[32], flag;
  s[threadIdx.x % 32] = 1;
  fence_shared();
  flag = 1;
  __syncthreads();
  out[blockIdx.x] = flag;
}
__device__ void put(float *slot, int *done, float v) {
  *slot = v;
  __threadfence_block();
  *done = 1;
}
__global__ void per_block(float *a, int *b) { put(&a[blockIdx.x], &b[blockIdx.x], 1.0f); }
__device__ void fence_one() { __threadfence_block(); }
__global__ void one_block(float v) {
  payload = v;
  fence_one();
  ready = 2;
}
void launch_one() { one_block<<<1, 32>>>(1.0f); }

// FIXED: __device__ void publish() { __threadfence(); }
// FIXED: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
// FIXED: __device__ void fence_block() { __threadfence(); }
// FIXED: __device__ void fence_shared() { __threadfence_block(); }
// FIXED: __device__ void put(float *slot, int *done, float v) {
// FIXED-NEXT: *slot = v;
// FIXED-NEXT: __threadfence_block();
// FIXED: __device__ void fence_one() { __threadfence_block(); }
