// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
#include <cuda/atomic>

__device__ unsigned g_total;

// Global memory reaches a block-scope atomic through a device function's
// parameter: followed to the kernel parameter it came from.
__device__ void bump(unsigned *counter) {
  atomicAdd_block(counter, 1u);
  // CHECK: cross-function.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'counter' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: cross-function.cu:[[@LINE+11]]:34: note: 'counter' gets global memory from 'g_total' at this call
  // CHECK: cross-function.cu:5:21: note: 'g_total' is a __device__ variable in global memory
  // CHECK: fix-it:"{{.*}}cross-function.cu":{[[@LINE-4]]:3-[[@LINE-4]]:18}:"atomicAdd"
}
// Two hops, and a __device__ variable.
__device__ void bump_twice(unsigned *c) {
  bump(c);
}
__global__ void count_all(unsigned *out) {
  bump(out);
}
__global__ void count_global() { bump_twice(&g_total); }

// A functor's pointer member, the functor passed by value to a kernel
// template: its pointers point to global memory.
struct Histogram {
  unsigned *bins;
  __device__ void operator()(int v) const {
    atomicAdd_block(&bins[v & 15], 1u);
    // CHECK: cross-function.cu:[[@LINE-1]]:5: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'bins' (the address does not depend on blockIdx) [scope-mismatch]
    // CHECK: cross-function.cu:[[@LINE+9]]:3: note: 'bins' gets global memory from 'f' at this call
    // CHECK: cross-function.cu:[[@LINE+5]]:50: note: 'f' is a parameter of kernel 'for_each': the pointers it holds point to global memory
    // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:5-[[@LINE-4]]:20}:"atomicAdd"
  }
};
template <class F>
__global__ void for_each(const int *in, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
  f(in[i]);
}
void launch(const int *in, int n, unsigned *bins) {
  for_each<<<(n + 255) / 256, 256>>>(in, n, Histogram{bins});
}

// A member function called on a kernel's by-value object.
struct Counter {
  int *hits;
  __device__ void add() { atomicAdd_block(hits, 1); }
  // CHECK: cross-function.cu:[[@LINE-1]]:27: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'hits' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: cross-function.cu:[[@LINE+4]]:42: note: 'hits' gets global memory from 'c' at this call
  // CHECK: cross-function.cu:[[@LINE+3]]:37: note: 'c' is a parameter of kernel 'use_counter': the pointers it holds point to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:27-[[@LINE-4]]:42}:"atomicAdd"
};
__global__ void use_counter(Counter c) { c.add(); }

// A functor made in the kernel from a kernel parameter (an aggregate): its
// pointer member is followed to the initializer.
struct Bump {
  int *p;
  int step;
  __device__ void operator()() const { atomicAdd_block(p, step); }
  // CHECK: cross-function.cu:[[@LINE-1]]:40: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: cross-function.cu:[[@LINE+4]]:55: note: 'p' gets global memory from 'q' at this call
  // CHECK: cross-function.cu:[[@LINE+3]]:36: note: 'q' is a parameter of kernel 'local_functor': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:40-[[@LINE-4]]:55}:"atomicAdd"
};
__global__ void local_functor(int *q) { Bump b{q, 1}; b(); }
// Negative: the same functor over shared memory, or a per-block slot.
__global__ void local_functor_shared() { __shared__ int s; Bump b{&s, 1}; b(); }
__global__ void local_functor_per_block(int *q) { Bump b{q + blockIdx.x, 1}; b(); }

// Negative: the device function gets shared memory, a per-block slot, or
// is only called by code that one block runs.
__device__ void tally(int *slot) { atomicAdd_block(slot, 1); }
__global__ void tally_shared(int *out) {
  __shared__ int s;
  tally(&s);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}
__global__ void tally_per_block(int *partial) {
  tally(&partial[blockIdx.x]);
  tally(partial + blockIdx.x * 4 + 1);
}
__global__ void tally_first_block(int *out) {
  if (blockIdx.x == 0)
    tally(out);
}
