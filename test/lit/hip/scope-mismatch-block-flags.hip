// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --cuda-arch=gfx90a %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// Roles chosen by block: a local flag that is only ever false or true in
// one block ('producer = blockIdx.x == 0 && threadIdx.x == 0') guards its
// branch as 'if (blockIdx.x == 0)' does, through the helpers it calls, and
// a parameter that the kernel repoints ('flag = &shared[0]') is no store
// to global memory.  The shape of hip-tests' memory-order tests, which
// were flagged 21 times before.
#include <hip/hip_runtime.h>

template <int scope>
__device__ void set_flag(int *flag) {
  __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, scope);
}

template <int scope>
__device__ int wait_flag(int *flag) {
  while (!__hip_atomic_load(flag, __ATOMIC_ACQUIRE, scope))
    ;
  return 1;
}

template <int scope>
__global__ void roles(int *flag, int *out) {
  __shared__ int local_flag;
  if (flag == nullptr)
    flag = &local_flag;
  if (blockIdx.x == 0 && threadIdx.x == 0)
    *flag = 0;
  __syncthreads();
  bool producer = false, consumer = false;
  if constexpr (scope == __HIP_MEMORY_SCOPE_WAVEFRONT) {
    producer = blockIdx.x == 0 && threadIdx.x == 0;
    consumer = blockIdx.x == 0 && threadIdx.x == 1;
  } else {
    producer = blockIdx.x == 0 && threadIdx.x == 0;
    consumer = blockIdx.x == 1 && threadIdx.x == 0;
  }
  if (producer) {
    set_flag<scope>(flag);
    return;
  }
  if (consumer)
    out[0] = wait_flag<scope>(flag);
}

// Near misses, still flagged: a flag true in many blocks, and one whose
// value comes from outside.
__global__ void many_blocks(int *flag, const int *role) {
  bool first = blockIdx.x == 0 || threadIdx.x == 0;
  if (first)
    __hip_atomic_fetch_add(flag, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  // CHECK: scope-mismatch-block-flags.hip:[[@LINE-1]]:5: warning: '__hip_atomic_fetch_add' with __HIP_MEMORY_SCOPE_WORKGROUP is atomic only within one block, but other blocks of the kernel update the same global memory through 'flag' (the address does not depend on blockIdx) [scope-mismatch]
  bool chosen = role[threadIdx.x] != 0;
  if (chosen)
    __hip_atomic_fetch_add(flag, 2, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  // CHECK: scope-mismatch-block-flags.hip:[[@LINE-1]]:5: warning: '__hip_atomic_fetch_add' with __HIP_MEMORY_SCOPE_WORKGROUP is atomic only within one block, {{.*}} [scope-mismatch]
}

void launch(int *flag, int *out, int blocks) {
  roles<__HIP_MEMORY_SCOPE_WAVEFRONT><<<blocks, 2>>>(flag, out);
  roles<__HIP_MEMORY_SCOPE_AGENT><<<blocks, 1>>>(flag, out);
}
