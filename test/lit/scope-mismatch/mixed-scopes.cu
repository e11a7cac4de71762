// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
#include <cuda/atomic>

__device__ int g;
__device__ int h;

// The same global updated with block scope (by block 0 only) and with
// system scope elsewhere: the two are not atomic with respect to each other.
__global__ void first_block_resets() {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    atomicExch_block(&g, 0);
  // CHECK: mixed-scopes.cu:[[@LINE-1]]:5: warning: 'atomicExch_block' (block scope) and 'atomicAdd_system' (system scope) update the same object through 'g': they are not atomic with respect to each other [scope-mismatch]
  // CHECK: mixed-scopes.cu:[[@LINE+5]]:25: note: the system-scope update is here
  // CHECK: fix-it:"{{.*}}mixed-scopes.cu":{[[@LINE-3]]:5-[[@LINE-3]]:21}:"atomicExch"
}

__global__ void everyone_adds() {
  if (threadIdx.x == 0) atomicAdd_system(&g, 1);
}

// A device function with a pointer of unknown memory: mixing scopes on the
// same object is still wrong unless the memory is __shared__.
__device__ void mixed_unknown(unsigned *p) {
  atomicOr_block(p, 1u);
  // CHECK: mixed-scopes.cu:[[@LINE-1]]:3: warning: 'atomicOr_block' (block scope) and 'atomicAnd' (device scope) update the same object through 'p': they are not atomic with respect to each other [scope-mismatch]
  // CHECK: mixed-scopes.cu:[[@LINE+2]]:3: note: the device-scope update is here
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:17}:"atomicOr"
  atomicAnd(&p[0], ~1u);
}

// cuda::atomic objects carry their scope in the type: the fix edits the
// declaration.
__device__ cuda::atomic<int, cuda::thread_scope_block> ticket;
__global__ void tickets(int *out) {
  out[blockIdx.x] = ticket.fetch_add(1);
  // CHECK: mixed-scopes.cu:[[@LINE-1]]:21: warning: 'cuda::atomic' with cuda::thread_scope_block is atomic only within one block, but other blocks of the kernel update the same global memory through 'ticket' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: mixed-scopes.cu:[[@LINE-4]]:56: note: 'ticket' is a __device__ variable in global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:36-[[@LINE-5]]:54}:"thread_scope_device"
}

// Negative: block and device scope on __shared__ memory.
__global__ void shared_mix(int *out) {
  __shared__ int s;
  atomicAdd_block(&s, 1);
  atomicAdd(&s, 1);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(out, s);
}

// Negative: per-block slots updated with both scopes by the same block.
__global__ void per_block_mix(int *partial) {
  atomicAdd_block(&partial[blockIdx.x], 1);
  atomicAdd(&partial[blockIdx.x], 1);
}

// Negative: device and system scope together (each includes the device's threads).
__global__ void device_system(int *p) {
  atomicAdd(&h, 1);
  atomicAdd_system(&h, 1);
  atomicAdd(p, 1);
  cuda::atomic_ref<int, cuda::thread_scope_system>(*p).fetch_add(1);
}
