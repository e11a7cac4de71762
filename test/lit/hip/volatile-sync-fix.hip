// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: cp %s %t.hip && %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --fix %t.hip >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t.hip
// RUN: hipcc --offload-arch=gfx90a -c %t.hip -o %t.o && hipcc --offload-arch=gfx1100 -nogpulib -fgpu-rdc -c %t.hip -o %t.o
// volatile-sync in HIP: the same findings, fixed with clang's
// __hip_atomic_load/__hip_atomic_store, an __ATOMIC_* order and the
// __HIP_MEMORY_SCOPE_* of the scope the CUDA fix would use (agent for
// global memory, system where the writer may be the host, workgroup for
// __shared__); 'volatile' is dropped where every use was rewritten.
#include <hip/hip_runtime.h>

__device__ volatile int ready;
// FIXED: __device__ int ready;
__device__ int payload;

__global__ void producer(int v) {
  payload = v;
  ready = 1;
  // CHECK: volatile-sync-fix.hip:[[@LINE-1]]:3: warning: store to volatile 'ready', which another thread polls, publishes nothing: volatile writes are not ordered, use an __hip_atomic_store with __ATOMIC_RELEASE [volatile-sync]
  // CHECK: fix-it:"{{.*}}volatile-sync-fix.hip":{[[@LINE-2]]:3-[[@LINE-2]]:12}:"__hip_atomic_store(&ready, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT)"
  // FIXED: __hip_atomic_store(&ready, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

__global__ void consumer(int *out) {
  while (ready == 0) {
  }
  // CHECK: volatile-sync-fix.hip:[[@LINE-2]]:10: warning: spin-wait on volatile 'ready': volatile reads neither synchronize threads nor order memory, use an __hip_atomic_load with __ATOMIC_ACQUIRE [volatile-sync]
  // CHECK: fix-it:"{{.*}}volatile-sync-fix.hip":{[[@LINE-3]]:10-[[@LINE-3]]:15}:"__hip_atomic_load(&ready, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT)"
  // FIXED: while (__hip_atomic_load(&ready, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == 0) {
  out[0] = payload;
}

__global__ void from_host(volatile int *flag, int *out) {
  // FIXED: __global__ void from_host(int *flag, int *out) {
  while (*flag == 0) {
  }
  // CHECK: volatile-sync-fix.hip:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag': volatile reads neither synchronize threads nor order memory, use an __hip_atomic_load with __ATOMIC_ACQUIRE [volatile-sync]
  // CHECK: note: no code of this translation unit writes '*flag': its writer may be the CPU (host-pinned or managed memory) or another device; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
  // CHECK: fix-it:"{{.*}}volatile-sync-fix.hip":{[[@LINE-4]]:10-[[@LINE-4]]:15}:"__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM)"
  // FIXED: while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM) == 0) {
  out[0] = 1;
}

// A lock released by a volatile store: found, no HIP fix yet (said why).
__global__ void locked(int *lock, int *count) {
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  *count += 1;
  *(volatile int *)lock = 0;
  // CHECK: volatile-sync-fix.hip:[[@LINE-1]]:3: warning: lock '*(volatile int *)lock' released by a volatile store, which does not order the critical section's writes; use an __hip_atomic_store with __ATOMIC_RELEASE [volatile-sync]
  // CHECK: note: no automatic fix: the HIP form of a lock's release store and acquiring exchange is not written yet; release with __hip_atomic_store(..., __ATOMIC_RELEASE, ...) and acquire with __ATOMIC_ACQUIRE
}
