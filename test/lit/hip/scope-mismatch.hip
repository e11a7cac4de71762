// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: cp %s %t.hip && %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --fix %t.hip >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t.hip
// RUN: hipcc --offload-arch=gfx90a -c %t.hip -o %t.o && hipcc --offload-arch=gfx1100 -nogpulib -fgpu-rdc -c %t.hip -o %t.o
// scope-mismatch in HIP: __hip_atomic_* (and clang's __scoped_atomic_*)
// with a workgroup or wavefront scope on global memory other blocks
// update, judged by the CUDA rules (kernel parameters and __device__
// variables are global memory; blockIdx.x, hipBlockIdx_x make a per-block
// slot).  The fix widens the scope argument to __HIP_MEMORY_SCOPE_AGENT;
// the fixed file is compiled by hipcc for gfx90a and gfx1100.
#include <hip/hip_runtime.h>

__device__ int total;
__device__ int g;
__device__ int flags[64];
__device__ int partial[64];
__device__ unsigned count;

// Rule 1: every block updates the same word.
__global__ void count_positive(const int *in, int n, unsigned *hits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    __hip_atomic_fetch_add(hits, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  // CHECK: scope-mismatch.hip:[[@LINE-1]]:5: warning: '__hip_atomic_fetch_add' with __HIP_MEMORY_SCOPE_WORKGROUP is atomic only within one block, but other blocks of the kernel update the same global memory through 'hits' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'hits' is a parameter of kernel 'count_positive': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:56-[[@LINE-3]]:84}:"__HIP_MEMORY_SCOPE_AGENT"
  // FIXED: __hip_atomic_fetch_add(hits, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// A wavefront scope is narrower still; the order is kept.
__global__ void wave_total(int *p) {
  __hip_atomic_fetch_add(&total, 1, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_WAVEFRONT);
  // CHECK: scope-mismatch.hip:[[@LINE-1]]:3: warning: '__hip_atomic_fetch_add' with __HIP_MEMORY_SCOPE_WAVEFRONT is atomic only within one block, but other blocks of the kernel update the same global memory through 'total' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'total' is a __device__ variable in global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:55-[[@LINE-3]]:83}:"__HIP_MEMORY_SCOPE_AGENT"
  // FIXED: __hip_atomic_fetch_add(&total, 1, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT);
  // a block's own slot (blockIdx.x, hipBlockIdx_x): no finding
  __hip_atomic_fetch_add(&p[hipBlockIdx_x], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hip_atomic_fetch_add(&p[blockIdx.x * blockDim.x + threadIdx.x], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  // a fold maps several blocks onto one element
  __hip_atomic_store(&p[blockIdx.x / 2], 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
  // CHECK: scope-mismatch.hip:[[@LINE-1]]:3: warning: '__hip_atomic_store' with __HIP_MEMORY_SCOPE_WORKGROUP is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the index 'blockIdx.x / 2' maps several blocks onto one element) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'wave_total': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:63-[[@LINE-3]]:91}:"__HIP_MEMORY_SCOPE_AGENT"
  // FIXED: __hip_atomic_store(&p[blockIdx.x / 2], 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

// Rule 2: two scopes on one object.
__global__ void mixed_a() {
  if (blockIdx.x == 0)
    __hip_atomic_fetch_add(&g, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  // CHECK: scope-mismatch.hip:[[@LINE-1]]:5: warning: '__hip_atomic_fetch_add' with __HIP_MEMORY_SCOPE_WORKGROUP (block scope) and '__hip_atomic_fetch_add' with __HIP_MEMORY_SCOPE_AGENT (device scope) update the same object through 'g': they are not atomic with respect to each other [scope-mismatch]
  // CHECK: note: the device-scope update is here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:53-[[@LINE-3]]:81}:"__HIP_MEMORY_SCOPE_AGENT"
}
__global__ void mixed_b() {
  __hip_atomic_fetch_add(&g, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// Rule 3: a block fence before a counter every block bumps.
__global__ void publish(int v) {
  partial[blockIdx.x] = v;
  __threadfence_block();
  // CHECK: scope-mismatch.hip:[[@LINE-1]]:3: warning: '__threadfence_block()' orders memory only for the threads of this block, but the store to 'count' after it publishes data to other blocks [scope-mismatch]
  // CHECK: note: data stored to global memory before the fence
  // CHECK: note: the store that other blocks observe
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:3-[[@LINE-4]]:22}:"__threadfence"
  // FIXED: __threadfence();
  atomicAdd(&count, 1u);
}

// Rule 4: a workgroup-scope load polls the flag the previous block sets.
__global__ void handoff() {
  int b = blockIdx.x;
  if (b > 0)
    while (__hip_atomic_load(&flags[b - 1], __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP) == 0)
      ;
  // CHECK: scope-mismatch.hip:[[@LINE-2]]:12: warning: '__hip_atomic_load' with __HIP_MEMORY_SCOPE_WORKGROUP is atomic only within one block, but threads of other blocks update the global memory it polls through 'flags' [scope-mismatch]
  // CHECK: note: 'flags' is written here, by threads of other blocks
  // CHECK: note: 'flags' is a __device__ variable in global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:63-[[@LINE-5]]:91}:"__HIP_MEMORY_SCOPE_AGENT"
  // FIXED: while (__hip_atomic_load(&flags[b - 1], __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == 0)
  __hip_atomic_store(&flags[b], 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

// No fix where the scope is not the scope's own macro at the call.
#define WG_ADD(q) __hip_atomic_fetch_add(q, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP)
__global__ void spelled_otherwise(int *p) {
  WG_ADD(p);
  // CHECK: scope-mismatch.hip:[[@LINE-1]]:3: warning: '__hip_atomic_fetch_add' with __HIP_MEMORY_SCOPE_WORKGROUP is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'spelled_otherwise': it points to global memory
  // CHECK: note: no automatic fix: the scope argument is not written as the scope's own macro at the call
  __hip_atomic_fetch_add(p + 1, 1, __ATOMIC_RELAXED, 3);
  // CHECK: scope-mismatch.hip:[[@LINE-1]]:3: warning: '__hip_atomic_fetch_add' with __HIP_MEMORY_SCOPE_WORKGROUP is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'spelled_otherwise': it points to global memory
  // CHECK: note: no automatic fix: the scope argument is not written as the scope's own macro at the call
}

// clang 19's __scoped_atomic_*: found, no fix (hipcc of HIP 5.2 is clang
// 15, which lacks them: the guard keeps them out of its compile).
#if __clang_major__ >= 19
__global__ void scoped(int *p) {
  __scoped_atomic_fetch_add(p, 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);
  // CHECK: scope-mismatch.hip:[[@LINE-1]]:3: warning: '__scoped_atomic_fetch_add' with __MEMORY_SCOPE_WRKGRP is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'scoped': it points to global memory
  // CHECK: note: no automatic fix: hipcc of HIP 5.2 (clang 15) has no __scoped_atomic builtins, so the widened call could not be compiled here: widen the scope argument to __MEMORY_SCOPE_DEVICE by hand
  __scoped_atomic_fetch_add(p + 1, 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
}
#endif

// Near misses: agent and system scope, GNU's __atomic_* (system scope),
// __shared__ memory, one block under a test, a kernel every launch of
// which has one block.
__global__ void near_misses(int *p) {
  __shared__ int s;
  __hip_atomic_fetch_add(&s, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hip_atomic_fetch_add(&s, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WAVEFRONT);
  __hip_atomic_fetch_add(p, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(p + 1, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
  __atomic_fetch_add(p + 2, 1, __ATOMIC_RELAXED);
  if (blockIdx.x == 0)
    __hip_atomic_fetch_add(p + 3, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
}

__global__ void one_block(int *p) {
  __hip_atomic_fetch_add(p, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
}

void launch(int *p) {
  hipLaunchKernelGGL(one_block, dim3(1), dim3(256), 0, 0, p);
}
