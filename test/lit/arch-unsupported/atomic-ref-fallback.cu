// Table C: below sm_60 a cuda::atomic_ref load becomes the legacy acquire load
// (cuatomlint_acquire_load: atomicAdd of 0, then __threadfence()) and a store
// becomes __threadfence() + atomicExch; seq_cst (the default) gets the fence
// on the other side too.  Only where the referenced object can be named at
// the call, and for the types atomicAdd/atomicExch take.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %t.cu 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not='fix-it:'
// RUN: %expect-exit 0 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_60,sm_90 %s | count 0
// FIXED: {{^}}#include <cuda/atomic>
// FIXED-NEXT: {{^}}#ifndef CUATOMLINT_ACQUIRE_LOAD
// FIXED-NEXT: {{^}}#define CUATOMLINT_ACQUIRE_LOAD
// FIXED-NEXT: {{^}}template <class T> __device__ T cuatomlint_acquire_load(T *p)
// FIXED-NEXT: {{^}}__device__ inline float cuatomlint_acquire_load(float *p)
// FIXED-NEXT: {{^}}#endif
// FIXED-NOT: CUATOMLINT_ACQUIRE_LOAD
#include <cuda/atomic>

__device__ int flag;
__device__ float level;

__global__ void publish(int v, float x) {
  cuda::atomic_ref<int, cuda::thread_scope_device>(flag).store(v, cuda::memory_order_release);
  // CHECK: atomic-ref-fallback.cu:[[@LINE-1]]:3: error: 'store' on 'cuda::atomic_ref<int, cuda::{{(std::)?}}thread_scope_device>' (cuda::atomic / cuda::atomic_ref) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK-NEXT: {{^ +}}[[@LINE-2]] |
  // CHECK-NEXT: ^~~~
  // CHECK-NEXT: fix-it:"{{.*}}atomic-ref-fallback.cu":{[[@LINE-4]]:3-[[@LINE-4]]:94}:"(__threadfence(), (void)atomicExch(&(flag), (int)(v)))"
  // FIXED: {{^  }}(__threadfence(), (void)atomicExch(&(flag), (int)(v)));
  cuda::atomic_ref<float>{level}.store(x);
  // CHECK: atomic-ref-fallback.cu:[[@LINE-1]]:3: error: 'store' on 'cuda::atomic_ref<float>' (cuda::atomic / cuda::atomic_ref) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}atomic-ref-fallback.cu":{[[@LINE-2]]:3-[[@LINE-2]]:42}:"(__threadfence(), (void)atomicExch(&(level), (float)(x)), __threadfence())"
  // FIXED: {{^  }}(__threadfence(), (void)atomicExch(&(level), (float)(x)), __threadfence());
}

__device__ int wait_for(int round) {
  cuda::atomic_ref<int, cuda::thread_scope_device> ready(flag);
  while (ready.load(cuda::memory_order_acquire) != round) {
    // CHECK: atomic-ref-fallback.cu:[[@LINE-1]]:10: error: 'load' on 'cuda::atomic_ref<int, cuda::{{(std::)?}}thread_scope_device>' (cuda::atomic / cuda::atomic_ref) needs sm_60; the build targets sm_52 [arch-unsupported]
    // CHECK: fix-it:"{{.*}}atomic-ref-fallback.cu":{[[@LINE-2]]:10-[[@LINE-2]]:48}:"cuatomlint_acquire_load(&(flag))"
    // CHECK-NEXT: fix-it:"{{.*}}atomic-ref-fallback.cu":{20:1-20:1}:"#ifndef CUATOMLINT_ACQUIRE_LOAD\n#define CUATOMLINT_ACQUIRE_LOAD\n{{.*}}\n#endif\n"
    // FIXED: {{^  }}while (cuatomlint_acquire_load(&(flag)) != round) {
  }
  return ready.load();
  // CHECK: atomic-ref-fallback.cu:[[@LINE-1]]:10: error: 'load' on {{.*}} [arch-unsupported]
  // CHECK: fix-it:"{{.*}}atomic-ref-fallback.cu":{[[@LINE-2]]:10-[[@LINE-2]]:22}:"(__threadfence(), cuatomlint_acquire_load(&(flag)))"
  // CHECK-NEXT: fix-it:"{{.*}}atomic-ref-fallback.cu":{20:1-20:1}:"#ifndef CUATOMLINT_ACQUIRE_LOAD
  // FIXED: {{^  }}return (__threadfence(), cuatomlint_acquire_load(&(flag)));
}

// No fix: the pointer may have moved since the named atomic_ref took *p; no
// legacy atomic for double or for a read-modify-write below sm_60 here;
// cuda::atomic owns its value.
__device__ double no_fix(int *p, double *d, cuda::atomic<int, cuda::thread_scope_device> *a) {
  cuda::atomic_ref<int, cuda::thread_scope_device> r(*p);
  p++;
  int x = r.load(cuda::memory_order_acquire);
  // CHECK: atomic-ref-fallback.cu:[[@LINE-1]]:11: error: 'load' on {{.*}} [arch-unsupported]
  x += cuda::atomic_ref<int>(*p).fetch_add(1);
  // CHECK: atomic-ref-fallback.cu:[[@LINE-1]]:8: error: 'fetch_add' on {{.*}} [arch-unsupported]
  x += a->load();
  // CHECK: atomic-ref-fallback.cu:[[@LINE-1]]:8: error: 'load' on 'cuda::atomic<int, cuda::{{(std::)?}}thread_scope_device>' {{.*}} [arch-unsupported]
  return x + cuda::atomic_ref<double>(*d).load(cuda::memory_order_acquire);
  // CHECK: atomic-ref-fallback.cu:[[@LINE-1]]:14: error: 'load' on 'cuda::atomic_ref<double>' {{.*}} [arch-unsupported]
}

// AGAIN-NOT: error: 'store'
// AGAIN: .tmp.cu:{{[0-9]+}}:11: error: 'load' on
