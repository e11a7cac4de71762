// An index derived from blockIdx by a division, a shift or a remainder
// maps several blocks onto one slot: block-scope atomics on it are not
// atomic with respect to the other blocks that share it.  Near misses: the
// block's own index, injective maps of it (scaled, offset, a ring modulo
// the grid), a warp's number from a scaled index.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/d.cu
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' --fix %t/d.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/d.cu
// RUN: %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %t/d.cu
#include <cuda/atomic>

__global__ void pairs(int *p, unsigned *q, int *r) {
  atomicAdd_block(&p[blockIdx.x >> 1], 1);
  // CHECK: derived-index.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the index 'blockIdx.x >> 1' maps several blocks onto one element) [scope-mismatch]
  // CHECK: derived-index.cu:[[@LINE-3]]:28: note: 'p' is a parameter of kernel 'pairs': it points to global memory
  // CHECK: fix-it:"{{.*}}derived-index.cu":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
  int pair = blockIdx.x / 2;
  atomicAdd_block(&q[pair], 1u);
  // CHECK: derived-index.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'q' (the index 'blockIdx.x / 2' maps several blocks onto one element) [scope-mismatch]
  // CHECK: derived-index.cu:[[@LINE-8]]:41: note: 'q' is a parameter of kernel 'pairs': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
  cuda::atomic_ref<int, cuda::thread_scope_block> slot(r[(blockIdx.x * blockDim.x + threadIdx.x) % 1024]);
  // CHECK: derived-index.cu:[[@LINE-1]]:51: warning: 'cuda::atomic_ref' with cuda::thread_scope_block is atomic only within one block, but other blocks of the kernel update the same global memory through 'r' (the index '(blockIdx.x * blockDim.x + threadIdx.x) % 1024' maps several blocks onto one element) [scope-mismatch]
  // CHECK: note: 'r' is a parameter of kernel 'pairs': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:31-[[@LINE-3]]:49}:"thread_scope_device"
  slot.fetch_add(1);
  __nv_atomic_fetch_add(&p[blockIdx.x % 8], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  // CHECK: derived-index.cu:[[@LINE-1]]:3: warning: '__nv_atomic_fetch_add' with __NV_THREAD_SCOPE_BLOCK is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the index 'blockIdx.x % 8' maps several blocks onto one element) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'pairs': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:69-[[@LINE-3]]:92}:"__NV_THREAD_SCOPE_DEVICE"
}

// A fold passed to a helper: followed through the call.
__device__ void bump(unsigned *c) { atomicInc_block(c, 100u); }
// CHECK: derived-index.cu:[[@LINE-1]]:37: warning: 'atomicInc_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'c' (the index 'blockIdx.x >> 2' maps several blocks onto one element) [scope-mismatch]
// CHECK: derived-index.cu:[[@LINE+3]]:43: note: 'c' gets global memory from 'counts' at this call
// CHECK: derived-index.cu:[[@LINE+2]]:33: note: 'counts' is a parameter of kernel 'quads': it points to global memory
// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:37-[[@LINE-4]]:52}:"atomicInc"
__global__ void quads(unsigned *counts) { bump(&counts[blockIdx.x >> 2]); }

// Near misses: one slot per block.
__global__ void own_slots(int *p, int n) {
  atomicAdd_block(&p[blockIdx.x], 1);
  atomicAdd_block(&p[blockIdx.x * 2 + 1], 1);
  atomicAdd_block(&p[blockIdx.x + gridDim.x * 3], 1);
  atomicAdd_block(&p[(blockIdx.x + 1) % gridDim.x], 1);
  atomicAdd_block(&p[blockIdx.x / 1], 1);
  atomicAdd_block(&p[blockIdx.x * 32 + threadIdx.x % 32], 1);
  // a warp's number: blockDim.x is a multiple of the warp
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  atomicAdd_block(&p[n + warp], 1);
  int b = blockIdx.x;
  atomicAdd_block(&p[2 * n + b], 1);
  // a decomposition put back together: one block, one element
  const int i2 = blockIdx.y % n;
  const int i3 = blockIdx.y / n;
  atomicAdd_block(&p[3 * n + i3 * n + i2], 1);
}

// A block fence before a counter two blocks share: the pair's last block
// reads both partial results.
__global__ void pair_done(float *partial, unsigned *pair_count, const float *in) {
  partial[blockIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __threadfence_block();
  // CHECK: derived-index.cu:[[@LINE-1]]:3: warning: '__threadfence_block()' orders memory only for the threads of this block, but the store to 'pair_count' after it publishes data to other blocks [scope-mismatch]
  // CHECK: derived-index.cu:[[@LINE-3]]:3: note: data stored to global memory before the fence
  // CHECK: derived-index.cu:[[@LINE+2]]:3: note: the store that other blocks observe
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:3-[[@LINE-4]]:22}:"__threadfence"
  atomicAdd(&pair_count[blockIdx.x / 2], 1u);
}
// Near miss: a counter of the block's own.
__global__ void own_done(float *partial, unsigned *count, const float *in) {
  partial[blockIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __threadfence_block();
  atomicAdd(&count[blockIdx.x * 2], 1u);
}

// FIXED: atomicAdd(&p[blockIdx.x >> 1], 1);
// FIXED: atomicAdd(&q[pair], 1u);
// FIXED: cuda::atomic_ref<int, cuda::thread_scope_device> slot(r[(blockIdx.x * blockDim.x + threadIdx.x) % 1024]);
// FIXED: __nv_atomic_fetch_add(&p[blockIdx.x % 8], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
// FIXED: __device__ void bump(unsigned *c) { atomicInc(c, 100u); }
// FIXED: atomicAdd_block(&p[blockIdx.x], 1);
// FIXED: partial[blockIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
// FIXED-NEXT: __threadfence();
// FIXED: partial[blockIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
// FIXED-NEXT: __threadfence_block();
