// RUN: not %builtin --checks='-*,modernize-atomic-ref' --cuda-arch=sm_70,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[modernize-atomic-ref]' --implicit-check-not=fix-it
// RUN: not %cuatomlint --checks='-*,modernize-atomic-ref' --cuda-arch=sm_70,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[modernize-atomic-ref]' --implicit-check-not=fix-it
// Off by default:
// RUN: %builtin %s > %t.default 2>&1 || true
// RUN: FileCheck %s --check-prefix=DEFAULT --allow-empty < %t.default
// DEFAULT-NOT: [modernize-atomic-ref]
// A target below sm_60 has no cuda::atomic_ref: nothing is flagged.
// RUN: %builtin --checks='-*,modernize-atomic-ref' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --check-prefix=OLD --allow-empty
// OLD-NOT: [modernize-atomic-ref]
#include <cuda_runtime.h>

#define ADD_ONE(p) atomicAdd(p, 1)

__device__ int counter;

__global__ void kernel(int *p, unsigned long long *q, float *f, double *d, int i) {
  atomicAdd(&counter, 1);
  // CHECK: basic.cu:[[@LINE-1]]:3: note: 'atomicAdd' can be written as cuda::atomic_ref<int, cuda::thread_scope_device>::fetch_add with an explicit memory order [modernize-atomic-ref]
  // CHECK: fix-it:"{{.*}}basic.cu":{[[@LINE-2]]:3-[[@LINE-2]]:25}:"cuda::atomic_ref<int, cuda::thread_scope_device>{counter}.fetch_add(1, cuda::memory_order_relaxed)"
  // CHECK: fix-it:"{{.*}}basic.cu":{11:1-11:1}:"#include <cuda/atomic>\n"
  int old = atomicSub(p + i, 2);
  // CHECK: basic.cu:[[@LINE-1]]:13: note: 'atomicSub' can be written as cuda::atomic_ref<int, cuda::thread_scope_device>::fetch_sub with an explicit memory order [modernize-atomic-ref]
  // CHECK: fix-it:"{{.*}}basic.cu":{[[@LINE-2]]:13-[[@LINE-2]]:32}:"cuda::atomic_ref<int, cuda::thread_scope_device>{*(p + i)}.fetch_sub(2, cuda::memory_order_relaxed)"
  // CHECK: fix-it:"{{.*}}basic.cu":{11:1-11:1}:"#include <cuda/atomic>\n"
  atomicMax_block(&p[i], old);
  // CHECK: basic.cu:[[@LINE-1]]:3: note: 'atomicMax_block' can be written as cuda::atomic_ref<int, cuda::thread_scope_block>::fetch_max with an explicit memory order [modernize-atomic-ref]
  // CHECK: fix-it:"{{.*}}basic.cu":{[[@LINE-2]]:3-[[@LINE-2]]:30}:"cuda::atomic_ref<int, cuda::thread_scope_block>{p[i]}.fetch_max(old, cuda::memory_order_relaxed)"
  // CHECK: fix-it:"{{.*}}basic.cu":{11:1-11:1}:"#include <cuda/atomic>\n"
  atomicExch_system(q, 5ull);
  // CHECK: basic.cu:[[@LINE-1]]:3: note: 'atomicExch_system' can be written as cuda::atomic_ref<unsigned long long, cuda::thread_scope_system>::exchange with an explicit memory order [modernize-atomic-ref]
  // CHECK: fix-it:"{{.*}}basic.cu":{[[@LINE-2]]:3-[[@LINE-2]]:29}:"cuda::atomic_ref<unsigned long long, cuda::thread_scope_system>{*q}.exchange(5ull, cuda::memory_order_relaxed)"
  // CHECK: fix-it:"{{.*}}basic.cu":{11:1-11:1}:"#include <cuda/atomic>\n"
  atomicAdd(f, 1.0f);
  // CHECK: basic.cu:[[@LINE-1]]:3: note: 'atomicAdd' can be written as cuda::atomic_ref<float, cuda::thread_scope_device>::fetch_add with an explicit memory order [modernize-atomic-ref]
  // CHECK: fix-it:"{{.*}}basic.cu":{[[@LINE-2]]:3-[[@LINE-2]]:21}:"cuda::atomic_ref<float, cuda::thread_scope_device>{*f}.fetch_add(1.0f, cuda::memory_order_relaxed)"
  // CHECK: fix-it:"{{.*}}basic.cu":{11:1-11:1}:"#include <cuda/atomic>\n"
  atomicOr((unsigned *)p, 4u);
  // CHECK: basic.cu:[[@LINE-1]]:3: note: 'atomicOr' can be written as cuda::atomic_ref<unsigned int, cuda::thread_scope_device>::fetch_or with an explicit memory order [modernize-atomic-ref]
  // CHECK: fix-it:"{{.*}}basic.cu":{[[@LINE-2]]:3-[[@LINE-2]]:30}:"cuda::atomic_ref<unsigned int, cuda::thread_scope_device>{*((unsigned *)p)}.fetch_or(4u, cuda::memory_order_relaxed)"
  // CHECK: fix-it:"{{.*}}basic.cu":{11:1-11:1}:"#include <cuda/atomic>\n"
  // Written through a macro: reported at the use site, no fix.
  ADD_ONE(p);
  // CHECK: basic.cu:[[@LINE-1]]:3: note: 'atomicAdd' can be written as cuda::atomic_ref<int, cuda::thread_scope_device>::fetch_add with an explicit memory order [modernize-atomic-ref]

  // Negative: no atomic_ref member with the same result.
  atomicCAS(p, 1, 2);
  atomicInc((unsigned *)p, 3u);
  atomicDec((unsigned *)p, 3u);
  // Negative: comments and strings.
  // atomicAdd(p, 1);
  const char *s = "atomicAdd(p, 1)";
  (void)s;
}

// Negative: a user function that happens to share the name.
namespace mine {
__device__ int atomicAdd(int *p, int v) { return *p += v; }
__device__ void use(int *p) { atomicAdd(p, 1); }
}

// Templates: the instantiation is not rewritten (its type is the template's).
template <class T> __device__ T add_any(T *p, T v) { return atomicAdd(p, v); }
template __device__ float add_any<float>(float *, float);

// Host code is not device code.
void host(int *p) { (void)p; }
