// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: cp %s %t.hip && %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --fix %t.hip >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t.hip
// RUN: hipcc --offload-arch=gfx90a -c %t.hip -o %t.o && hipcc --offload-arch=gfx1100 -nogpulib -fgpu-rdc -c %t.hip -o %t.o
// HIP's host allocators are evidence too (atomics/host_alloc.h): with
// hipHostMalloc in the translation unit, a flag the device writes may also
// be written by the CPU, so the HIP fix keeps __HIP_MEMORY_SCOPE_SYSTEM and
// the note names the call.
#include <hip/hip_runtime.h>

__device__ volatile int ready;
// FIXED: __device__ int ready;

__global__ void producer(int v) {
  ready = v;
  // CHECK: host-memory-scope.hip:[[@LINE-1]]:3: warning: store to volatile 'ready', which another thread polls, publishes nothing: volatile writes are not ordered, use an __hip_atomic_store with __ATOMIC_RELEASE [volatile-sync]
  // CHECK: note: {{hipHostMalloc}} ({{.*}}host-memory-scope.hip:[[@LINE+19]]) in the program may place 'ready' in host-pinned, managed or peer GPU memory, which the CPU or another GPU reads and writes; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
  // CHECK: fix-it:"{{.*}}host-memory-scope.hip":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"__hip_atomic_store(&ready, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM)"
  // CHECK-NEXT: fix-it:"{{.*}}host-memory-scope.hip":{10:12-10:21}:""
  // FIXED: __hip_atomic_store(&ready, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
}

__global__ void consumer(int *out) {
  while (ready == 0) {
  }
  // CHECK: host-memory-scope.hip:[[@LINE-2]]:10: warning: spin-wait on volatile 'ready': volatile reads neither synchronize threads nor order memory, use an __hip_atomic_load with __ATOMIC_ACQUIRE [volatile-sync]
  // CHECK: note: {{hipHostMalloc}} ({{.*}}host-memory-scope.hip:[[@LINE+9]]) in the program may place 'ready' in host-pinned, managed or peer GPU memory, which the CPU or another GPU reads and writes; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
  // CHECK: fix-it:"{{.*}}host-memory-scope.hip":{[[@LINE-4]]:10-[[@LINE-4]]:15}:"__hip_atomic_load(&ready, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM)"
  // CHECK-NEXT: fix-it:"{{.*}}host-memory-scope.hip":{10:12-10:21}:""
  // FIXED: while (__hip_atomic_load(&ready, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM) == 0) {
  out[0] = 1;
}

int main() {
  int *host = nullptr;
  if (hipHostMalloc((void **)&host, sizeof(int), 0) != hipSuccess)
    return 1;
  return hipHostFree(host) != hipSuccess;
}
