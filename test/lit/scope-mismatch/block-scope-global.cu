// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
#include <cuda/atomic>

__device__ int g_count;
__device__ unsigned g_hist[64];
__device__ int g_max;
__device__ int g_tmpl;

// Every block updates p[threadIdx.x]: the index does not depend on blockIdx.
__global__ void per_thread_slot(int *p) {
  atomicAdd_block(&p[threadIdx.x], 1);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: block-scope-global.cu:[[@LINE-3]]:38: note: 'p' is a parameter of kernel 'per_thread_slot': it points to global memory
  // CHECK: fix-it:"{{.*}}block-scope-global.cu":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicAdd"
}

// A counter behind a pointer, and a __device__ global, at a constant index.
__global__ void counters(unsigned *counter, const int *in, int n) {
  atomicInc_block(counter, 1000u);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: 'atomicInc_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'counter' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'counter' is a parameter of kernel 'counters': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"atomicInc"
  atomicExch_block(&g_count, 0);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: 'atomicExch_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'g_count' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: block-scope-global.cu:5:16: note: 'g_count' is a __device__ variable in global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:3-[[@LINE-3]]:19}:"atomicExch"
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // A histogram indexed by loaded data: any block may hit any bin.
  if (i < n)
    atomicAdd_block(&g_hist[in[i] & 63], 1u);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:5: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'g_hist' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'g_hist' is a __device__ variable in global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:5-[[@LINE-3]]:20}:"atomicAdd"
}

// cuda::atomic_ref with block scope, named and temporary.
__global__ void refs(int *p) {
  cuda::atomic_ref<int, cuda::thread_scope_block> total(p[0]);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:51: warning: 'cuda::atomic_ref' with cuda::thread_scope_block is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'refs': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:31-[[@LINE-3]]:49}:"thread_scope_device"
  total.fetch_add(1, cuda::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_block>{g_max}.fetch_max(3);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: 'cuda::atomic_ref' with cuda::thread_scope_block is atomic only within one block, but other blocks of the kernel update the same global memory through 'g_max' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'g_max' is a __device__ variable in global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:31-[[@LINE-3]]:49}:"thread_scope_device"
}

// __nv_atomic_* with a narrow scope argument.
__global__ void builtins(unsigned long long *p, unsigned long long *q) {
  __nv_atomic_fetch_or(p, 1ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: '__nv_atomic_fetch_or' with __NV_THREAD_SCOPE_BLOCK is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'builtins': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:54-[[@LINE-3]]:77}:"__NV_THREAD_SCOPE_DEVICE"
  __nv_atomic_fetch_add(p + 1, 1ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: '__nv_atomic_fetch_add' with __NV_THREAD_SCOPE_CLUSTER is atomic only within one cluster, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'builtins': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:59-[[@LINE-3]]:84}:"__NV_THREAD_SCOPE_DEVICE"
  // Negative: device scope, and the default (system) scope.
  __nv_atomic_fetch_add(q, 1ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(q, 1ull, __NV_ATOMIC_RELAXED);
}

// Inline PTX: .cta on global memory; .shared and .gpu are fine.
__global__ void ptx(unsigned *p, unsigned *q) {
  __shared__ unsigned s;
  unsigned old;
  asm volatile("atom.cta.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(p), "r"(1u));
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: PTX 'atom.cta.global.add.u32' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'ptx': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:21-[[@LINE-3]]:25}:".gpu"
  asm volatile("{\n\t"
               "// red.cta.global.add.u32 in a comment is not an instruction\n\t"
               "red.relaxed.cta.global.add.u32 [%0], %1;\n\t"
               "}" :: "l"(p + 4), "r"(2u));
  // CHECK: block-scope-global.cu:[[@LINE-4]]:3: warning: PTX 'red.relaxed.cta.global.add.u32' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'ptx': it points to global memory
  // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:28-[[@LINE-4]]:32}:".gpu"
  asm volatile("atom.cta.shared.add.u32 %0, [%1], %2;" : "=r"(old) : "r"((unsigned)(size_t)&s), "r"(1u));
  asm volatile("atom.gpu.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(q), "r"(1u));
  asm volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; barrier.red.popc.u32 %0, 0, q; }" : "=r"(old) : "r"(1u));
}

// Negative: block scope on __shared__ memory, directly or through a pointer.
__global__ void shared_ok(int *out) {
  __shared__ int tile[32];
  __shared__ int count;
  int *t = tile;
  atomicAdd_block(&tile[threadIdx.x % 32], 1);
  atomicAdd_block(&count, 1);
  atomicAdd_block(t + 3, 1);
  cuda::atomic_ref<int, cuda::thread_scope_block> c(count);
  c.fetch_add(1);
  __nv_atomic_fetch_add(&tile[0], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(out, count);
}

// Negative: per-block objects (the address depends on blockIdx), and code
// that only one block runs.
__global__ void per_block_ok(int *partial, int *out, int n) {
  int bid = blockIdx.x;
  int *mine = partial + bid * 32;
  atomicAdd_block(&partial[blockIdx.x], 1);
  atomicAdd_block(&partial[blockIdx.x * blockDim.x + threadIdx.x], 1);
  atomicAdd_block(&mine[threadIdx.x % 32], 1);
  atomicAdd_block(partial + bid, 1);
  cuda::atomic_ref<int, cuda::thread_scope_block> r(partial[bid]);
  r.fetch_add(1);
  if (blockIdx.x == 0)
    atomicAdd_block(out, n);
}

// Negative: device and system scope, and a device function's pointer
// parameter whose memory is unknown.
__global__ void wide_ok(int *p) {
  atomicAdd(p, 1);
  atomicAdd_system(p + 1, 1);
  cuda::atomic_ref<int, cuda::thread_scope_device>{p[2]}.fetch_add(1);
  cuda::atomic_ref<int, cuda::thread_scope_system>{p[3]}.fetch_add(1);
}
__device__ void unknown_memory(int *p) { atomicAdd_block(p, 1); }

// A macro: reported at the use site, without a fix.
#define BUMP_BLOCK(ptr) atomicAdd_block((ptr), 1)
__global__ void macro_use(int *p) {
  BUMP_BLOCK(p);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: 'atomicAdd_block' is atomic only within one block, but other blocks of the kernel update the same global memory through 'p' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'p' is a parameter of kernel 'macro_use': it points to global memory
  // CHECK-NOT: fix-it
}

// Templates: the scope comes from a template parameter; the instantiation
// with block scope is flagged (no fix: the scope is not spelled there).
template <cuda::thread_scope S> __device__ void bump() {
  cuda::atomic_ref<int, S>(g_tmpl).fetch_add(1);
  // CHECK: block-scope-global.cu:[[@LINE-1]]:3: warning: 'cuda::atomic_ref' with cuda::thread_scope_block is atomic only within one block, but other blocks of the kernel update the same global memory through 'g_tmpl' (the address does not depend on blockIdx) [scope-mismatch]
  // CHECK: note: 'g_tmpl' is a __device__ variable in global memory
  // CHECK-NOT: fix-it
}
__global__ void templates() {
  bump<cuda::thread_scope_block>();
}

// Negative: code in comments and strings.
// atomicAdd_block(&g_count, 1);
const char *text = "atomicAdd_block(&g_count, 1); atom.cta.global.add.u32";
