// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
#include <cuda/atomic>
#include <cuda_runtime.h>

// Kernels every launch of which in this file uses one block: block scope
// covers every thread that runs them, so block-scope atomics, locks and
// fences on their global data are correct.
#define ONE_BLOCK 1
constexpr int kOneBlock = 1;
__device__ int g_lock;
__device__ float g_data;
__device__ volatile int g_ready;

__global__ void one_literal(int *count) { atomicAdd_block(count, 1); }
__global__ void one_dim3(int *count) { atomicAdd_block(count, 1); }
__global__ void one_macro(int *count) {
  cuda::atomic_ref<int, cuda::thread_scope_block> c(*count);
  c.fetch_add(1);
}
__global__ void one_constant(unsigned *flags) { atomicOr_block(flags, 1u); }
__global__ void one_launch_kernel(int *count) { atomicAdd_block(count, 1); }

// A block-scope spin lock and a block fence in a one-block kernel.
__device__ void locked_add(float v) {
  while (atomicCAS_block(&g_lock, 0, 1) != 0) {
  }
  g_data += v;
  __threadfence_block();
  atomicExch_block(&g_lock, 0);
}
__global__ void one_lock(float v) { locked_add(v); }

__global__ void one_fence(float v) {
  if (threadIdx.x == 0) {
    g_data = v;
    __threadfence_block();
    g_ready = 1;
  } else {
    while (g_ready == 0) {
    }
  }
}

// Launched with one block here and with many there: other blocks exist.
__global__ void one_and_many(int *count) {
  atomicAdd_block(count, 1);
  // CHECK: single-block.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'count' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'count' is a parameter of kernel 'one_and_many': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
}

// Never launched in this file: any grid.
__global__ void not_launched(int *count) {
  atomicAdd_block(count, 1);
  // CHECK: single-block.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'count' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'count' is a parameter of kernel 'not_launched': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
}

// Launched with one block, but its address also goes elsewhere.
__global__ void address_taken(int *count) {
  atomicAdd_block(count, 1);
  // CHECK: single-block.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'count' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'count' is a parameter of kernel 'address_taken': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
}

// The grid is a run-time value.
__global__ void runtime_grid(int *count) {
  atomicAdd_block(count, 1);
  // CHECK: single-block.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'count' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'count' is a parameter of kernel 'runtime_grid': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
}

// A dim3 grid of one block in x but two in y.
__global__ void two_in_y(int *count) {
  atomicAdd_block(count, 1);
  // CHECK: single-block.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'count' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'count' is a parameter of kernel 'two_in_y': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
}

// The lock helper called from a many-block kernel too.
__device__ void shared_helper(int *p) {
  atomicAdd_block(p, 1);
  // CHECK: single-block.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: single-block.cu:[[@LINE+7]]:38: note: 'p' gets global memory from 'q' at this call
  // CHECK: single-block.cu:[[@LINE+6]]:33: note: 'q' is a parameter of kernel 'many_calls': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:3-[[@LINE-4]]:18}:"atomicAdd"
}
// Negative: from a one-block kernel only.
__global__ void one_calls(int *q) { shared_helper(q); }
// Positive: from a kernel with many blocks.
__global__ void many_calls(int *q) { shared_helper(q); }

// Negative: a kernel template and a functor's kernel launched with one block.
template <class T> __global__ void one_template(T *p) { atomicAdd_block(p, T(1)); }
struct Bump {
  int *p;
  __device__ void operator()() const { atomicAdd_block(p, 1); }
};
template <class Fn> __global__ void one_functor(Fn f) { f(); }

void host(int *count, unsigned *flags, int n) {
  one_template<<<1, 32>>>(count);
  one_functor<<<1, 64>>>(Bump{count});
  one_literal<<<1, 33>>>(count);
  one_dim3<<<dim3(1), 64>>>(count);
  one_dim3<<<dim3(1, 1, 1), 64, 0>>>(count);
  one_macro<<<ONE_BLOCK, 128>>>(count);
  one_constant<<<kOneBlock, 32>>>(flags);
  void *args[] = {&count};
  cudaLaunchKernel((void *)one_launch_kernel, dim3(1), dim3(32), args, 0, 0);
  one_lock<<<1, 256>>>(1.0f);
  one_fence<<<1, 32>>>(2.0f);
  one_and_many<<<1, 32>>>(count);
  one_and_many<<<4, 32>>>(count);
  address_taken<<<1, 32>>>(count);
  cudaFuncSetAttribute(address_taken, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
  runtime_grid<<<n, 32>>>(count);
  two_in_y<<<dim3(1, 2), 32>>>(count);
  one_calls<<<1, 32>>>(count);
  many_calls<<<8, 32>>>(count);
}
