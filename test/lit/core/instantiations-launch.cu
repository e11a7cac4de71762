// Kernel templates instantiated only by the runtime API calls that name
// them (cudaLaunchKernelEx, cudaFuncSetAttribute) or by an explicit
// instantiation with a CUDA type are walked and judged per instantiation.
// REQUIRES: cuda-toolkit
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported,volatile-sync' --cuda-arch=sm_60 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='[volatile-sync]' --implicit-check-not='note: in instantiation'
#include <cuda_fp16.h>

template <class T, int N> __global__ void scale_add(T *p, T v) { atomicAdd(p, v * T(N)); }
// CHECK: instantiations-launch.cu:[[@LINE-1]]:66: error: atomicAdd(__half*) needs sm_70; the build targets sm_60 [arch-unsupported]
// CHECK: instantiations-launch.cu:[[@LINE-2]]:43: note: in instantiation 'scale_add<__half, 2>'; no automatic fix: the template's other instantiations share this call

template <class T> __global__ void tuned(T *p) { atomicAdd(p, T(1)); }
// CHECK: instantiations-launch.cu:[[@LINE-1]]:50: error: atomicAdd(__half*) needs sm_70; the build targets sm_60 [arch-unsupported]
// CHECK: instantiations-launch.cu:[[@LINE-2]]:36: note: in instantiation 'tuned<__half>'; no automatic fix: the template's other instantiations share this call

template <class T> __global__ void half_only(T *p) { atomicAdd(p, T(1)); }
// CHECK: instantiations-launch.cu:[[@LINE-1]]:54: error: atomicAdd(__half*) needs sm_70; the build targets sm_60 [arch-unsupported]
// CHECK: instantiations-launch.cu:[[@LINE-2]]:36: note: in instantiation 'half_only<__half>'; no automatic fix: the template's other instantiations share this call
template __global__ void half_only<__half>(__half *);
template __global__ void half_only<float>(float *);

template <class T> __global__ void wait_flag(volatile T *flag) {
  while (*flag == T(0)) {
  }
  // CHECK: instantiations-launch.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: instantiations-launch.cu:[[@LINE-4]]:36: note: in instantiation 'wait_flag<int>'
}

template <class T, int N> void launch(T *p, T v, cudaStream_t s) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 1;
  cfg.blockDim = 32;
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, scale_add<T, N>, p, v);
}

void setup(__half *h, volatile int *flag, cudaStream_t s) {
  launch<__half, 2>(h, __float2half(1.0f), s);
  launch<float, 2>((float *)h, 1.0f, s);
  cudaFuncSetAttribute(tuned<__half>, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
  cudaFuncSetAttribute(tuned<float>, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
  void *args[] = {&flag};
  cudaLaunchKernel((const void *)wait_flag<int>, 1, 1, args, 0, s);
}
