// A target below sm_60 has no cuda::atomic_ref: the legacy fix forms.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52,sm_90 --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_52,sm_90 --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
#include <cstdint>

__device__ volatile unsigned int flag;

__global__ void consumer(unsigned *data, unsigned *out) {
  while (flag == 0u) {
  }
  // CHECK: legacy.cu:[[@LINE-2]]:10: warning: spin-wait on volatile 'flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:10-[[@LINE-3]]:14}:"cuatomlint_acquire_load(&flag)"
  // CHECK-NEXT: fix-it:"{{.*}}legacy.cu":{6:12-6:21}:""
  // CHECK-NEXT: fix-it:"{{.*}}legacy.cu":{5:1-5:1}:"#ifndef CUATOMLINT_ACQUIRE_LOAD\n#define CUATOMLINT_ACQUIRE_LOAD\ntemplate <class T> __device__ T cuatomlint_acquire_load(T *p) { T v = atomicAdd(p, (T)0); __threadfence(); return v; }\n__device__ inline float cuatomlint_acquire_load(float *p) { float v = __uint_as_float(atomicAdd((unsigned int *)p, 0u)); __threadfence(); return v; }\n#endif\n"
  *out = *data;
}

__global__ void producer(unsigned *data) {
  *data = 42u;
  flag = 1u;
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: store to volatile 'flag', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
  // CHECK: legacy.cu:9:10: note: 'flag' is polled here
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"__threadfence(); atomicExch(&flag, 1u)"
  // CHECK-NEXT: fix-it:"{{.*}}legacy.cu":{6:12-6:21}:""
  if (threadIdx.x == 1)
    flag = 2u;
  // CHECK: legacy.cu:[[@LINE-1]]:5: warning: store to volatile 'flag', which another thread polls, publishes nothing: volatile writes are not ordered, use a cuda::atomic_ref release store [volatile-sync]
  // CHECK: legacy.cu:9:10: note: 'flag' is polled here
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:5-[[@LINE-3]]:14}:"(__threadfence(), atomicExch(&flag, 2u))"
  // CHECK-NEXT: fix-it:"{{.*}}legacy.cu":{6:12-6:21}:""
}

// No legacy fix for a type atomicAdd/atomicExch do not take.
__global__ void wait_char(volatile char *c) {
  while (*c == 0) {
  }
  // CHECK: legacy.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*c': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
}
