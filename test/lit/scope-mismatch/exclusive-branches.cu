// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
#include <cuda/atomic>

// Negative: block and device scope in branches a template argument
// chooses between.  No instantiation runs both, so they never meet on one
// object: the shared-memory instantiation uses block scope, the global one
// device scope.
template <bool OnShared> __device__ void add_one(int *p) {
  if constexpr (OnShared)
    atomicAdd_block(p, 1);
  else
    atomicAdd(p, 1);
}
template <cuda::thread_scope S> __device__ void add_scoped(unsigned *p) {
  if constexpr (S == cuda::thread_scope_block)
    atomicAdd_block(p, 1u);
  else
    atomicAdd(p, 1u);
}
// A plain 'if' on a template parameter is decided per instantiation too.
template <int Scope> __device__ void add_plain_if(int *p) {
  if (Scope == 2) {
    atomicOr_block(p, 1);
  } else {
    atomicOr(p, 1);
  }
}
__global__ void count(int *out, unsigned *uout) {
  __shared__ int s;
  __shared__ unsigned us;
  add_one<true>(&s);
  add_one<false>(out);
  add_scoped<cuda::thread_scope_block>(&us);
  add_scoped<cuda::thread_scope_device>(uout);
  add_plain_if<2>(&s);
  add_plain_if<1>(out + 1);
}

// Negative: a constant false condition in plain code is never taken.
constexpr bool kBlockLocal = false;
__global__ void dead_branch(int *out) {
  if (kBlockLocal)
    atomicAdd_block(out, 1);
  else
    atomicAdd(out, 1);
}

// Positive: the template argument picks block scope for global memory.
template <bool Local> __device__ void add_pick(int *p) {
  if constexpr (Local)
    atomicAdd_block(p, 1);
  // CHECK: exclusive-branches.cu:[[@LINE-1]]:5: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: exclusive-branches.cu:[[@LINE+6]]:40: note: 'p' gets global memory from 'out' at this call
  // CHECK: exclusive-branches.cu:[[@LINE+5]]:33: note: 'out' is a parameter of kernel 'pick_block': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:5-[[@LINE-4]]:20}:"atomicAdd"
  else
    atomicAdd(p, 1);
}
__global__ void pick_block(int *out) { add_pick<true>(out); }

// Positive: both scopes on one object in code that one instantiation runs.
template <int N> __device__ void both(int *p) {
  atomicAdd_block(p, N);
  // CHECK: exclusive-branches.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' (block scope) and 'atomicAdd' (device scope) update the same object through 'p': they are not atomic with respect to each other [scope-mismatch]
  // CHECK: exclusive-branches.cu:[[@LINE+3]]:5: note: the device-scope update is here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
  if (N > 1)
    atomicAdd(p, 1);
}
__device__ void both_user(int *p) { both<2>(p); }
