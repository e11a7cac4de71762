// Flags published and polled with relaxed atomics while plain data goes
// with them: the poll becomes an acquire (a fence after the loop for a
// legacy atomic read), the publish a release (a fence before a legacy
// atomic), the scope kept.
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[relaxed-sync]' --implicit-check-not='fix-it:'
// A build with a target below sm_60 (no cuda::atomic_ref, no __nv_atomic
// builtins): arch-unsupported rewrites those calls, so their order is not
// edited here (the edits would collide); legacy atomics still get fences.
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_52,sm_90 --checks='-*,relaxed-sync' %s 2>&1 | FileCheck %s --check-prefix=SM52 --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/flags.cu
// RUN: %expect-exit 1 %builtin --checks='-*,relaxed-sync' --fix %t/flags.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/flags.cu --match-full-lines --strict-whitespace
// RUN: %expect-exit 0 %builtin --checks='-*,relaxed-sync' %t/flags.cu 2>&1 | count 0
#include <cuda/atomic>

// Producer and consumer kernels through cuda::atomic_ref, relaxed.
__device__ int flag;
__device__ int payload[4];
__global__ void producer(int v) {
  payload[0] = v;
  cuda::atomic_ref<int, cuda::thread_scope_device>{flag}.store(1, cuda::memory_order_relaxed);
}
__global__ void consumer(int *out) {
  while (cuda::atomic_ref<int, cuda::thread_scope_device>{flag}.load(cuda::memory_order_relaxed) == 0)
    ;
  out[0] = payload[0];
}

// The __nv_atomic builtins, relaxed, system scope kept.
__device__ int flag2;
__device__ int data2;
__global__ void nv_producer(int v) {
  data2 = v;
  __nv_atomic_store_n(&flag2, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
}
__global__ void nv_consumer(int *out) {
  while (__nv_atomic_load_n(&flag2, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM) == 0)
    ;
  out[0] = data2;
}

// A grid barrier on legacy atomics: the arrival publishes the block's
// partial sum, the wait (an add of 0) polls it, then other blocks' sums are read.
__device__ unsigned count;
__global__ void grid_sum(float *partial, float *out) {
  partial[blockIdx.x] = 1.0f;
  atomicAdd(&count, 1u);
  while (atomicAdd(&count, 0u) < gridDim.x)
    ;
  out[blockIdx.x] = partial[(blockIdx.x + 1) % gridDim.x];
}

// A poll in an 'if (...) break;' of a for(;;), through a pointer.
__device__ void wait_then_read(int *ready, const float *buf, float *out) {
  for (;;) {
    if (cuda::atomic_ref<int, cuda::thread_scope_device>{*ready}.load(cuda::memory_order_relaxed))
      break;
  }
  out[0] = buf[0];
}
__global__ void fill(int *ready, float *buf) {
  buf[0] = 2.0f;
  __threadfence();
  atomicExch(ready, 1);
}

// Diagnostics and fix-its.
// CHECK: flags.cu:21:3: warning: flag 'flag' published with relaxed 'store' and no fence before it: the write of '*payload' before it may become visible after the flag; publish with release ordering [relaxed-sync]
// CHECK: flags.cu:20:3: note: '*payload' is written here
// CHECK: flags.cu:24:10: note: 'flag' is polled here
// CHECK: fix-it:"{{.*}}flags.cu":{21:73-21:93}:"memory_order_release"
// CHECK: flags.cu:24:10: warning: spin-wait on 'flag' with relaxed 'load' and no fence after the loop: the read of '*payload' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: flags.cu:26:12: note: '*payload' is read here
// CHECK: fix-it:"{{.*}}flags.cu":{24:76-24:96}:"memory_order_acquire"
// CHECK: flags.cu:34:3: warning: flag 'flag2' published with relaxed '__nv_atomic_store_n' and no fence before it: the write of 'data2' before it may become visible after the flag; publish with release ordering [relaxed-sync]
// CHECK: flags.cu:33:3: note: 'data2' is written here
// CHECK: flags.cu:37:10: note: 'flag2' is polled here
// CHECK: fix-it:"{{.*}}flags.cu":{34:34-34:53}:"__NV_ATOMIC_RELEASE"
// CHECK: flags.cu:37:10: warning: spin-wait on 'flag2' with relaxed '__nv_atomic_load_n' and no fence after the loop: the read of 'data2' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: flags.cu:39:12: note: 'data2' is read here
// CHECK: fix-it:"{{.*}}flags.cu":{37:37-37:56}:"__NV_ATOMIC_ACQUIRE"
// CHECK: flags.cu:47:3: warning: flag 'count' published with relaxed 'atomicAdd' and no fence before it: the write of 'partial[blockIdx.x]' before it may become visible after the flag; publish with release ordering [relaxed-sync]
// CHECK: flags.cu:46:3: note: 'partial[blockIdx.x]' is written here
// CHECK: flags.cu:48:10: note: 'count' is polled here
// CHECK: fix-it:"{{.*}}flags.cu":{47:3-47:3}:"__threadfence();\n  "
// CHECK: flags.cu:48:10: warning: spin-wait on 'count' with relaxed 'atomicAdd' and no fence after the loop: the read of 'partial[(blockIdx.x+1)%gridDim.x]' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: flags.cu:50:21: note: 'partial[(blockIdx.x+1)%gridDim.x]' is read here
// CHECK: fix-it:"{{.*}}flags.cu":{49:6-49:6}:"\n  __threadfence();"
// CHECK: flags.cu:56:9: warning: spin-wait on '*ready' with relaxed 'load' and no fence after the loop: the read of '*buf' after it may see data older than the flag; poll with acquire ordering [relaxed-sync]
// CHECK: flags.cu:59:12: note: '*buf' is read here
// CHECK: fix-it:"{{.*}}flags.cu":{56:77-56:97}:"memory_order_acquire"
// SM52: flags.cu:21:3: note: no automatic fix: a target of the build lacks cuda::atomic_ref and the __nv_atomic builtins (sm_60): arch-unsupported's fallback replaces the call
// SM52: flags.cu:24:10: note: no automatic fix: a target of the build lacks cuda::atomic_ref and the __nv_atomic builtins (sm_60): arch-unsupported's fallback replaces the call
// SM52: flags.cu:34:3: note: no automatic fix: a target of the build lacks cuda::atomic_ref and the __nv_atomic builtins (sm_60): arch-unsupported's fallback replaces the call
// SM52: flags.cu:37:10: note: no automatic fix: a target of the build lacks cuda::atomic_ref and the __nv_atomic builtins (sm_60): arch-unsupported's fallback replaces the call
// SM52: fix-it:"{{.*}}flags.cu":{47:3-47:3}:"__threadfence();\n  "
// SM52: fix-it:"{{.*}}flags.cu":{49:6-49:6}:"\n  __threadfence();"
// SM52: flags.cu:56:9: note: no automatic fix: a target of the build lacks cuda::atomic_ref and the __nv_atomic builtins (sm_60): arch-unsupported's fallback replaces the call


// The fixed source.
// FIXED:  cuda::atomic_ref<int, cuda::thread_scope_device>{flag}.store(1, cuda::memory_order_release);
// FIXED:  while (cuda::atomic_ref<int, cuda::thread_scope_device>{flag}.load(cuda::memory_order_acquire) == 0)
// FIXED:  __nv_atomic_store_n(&flag2, 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
// FIXED:  while (__nv_atomic_load_n(&flag2, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_SYSTEM) == 0)
// FIXED:  partial[blockIdx.x] = 1.0f;
// FIXED-NEXT:  __threadfence();
// FIXED-NEXT:  atomicAdd(&count, 1u);
// FIXED-NEXT:  while (atomicAdd(&count, 0u) < gridDim.x)
// FIXED-NEXT:    ;
// FIXED-NEXT:  __threadfence();
// FIXED-NEXT:  out[blockIdx.x] = partial[(blockIdx.x + 1) % gridDim.x];
// FIXED:    if (cuda::atomic_ref<int, cuda::thread_scope_device>{*ready}.load(cuda::memory_order_acquire))
