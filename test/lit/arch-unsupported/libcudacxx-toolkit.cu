// cuda::atomic_ref / cuda::atomic from the toolkit's libcu++ below sm_60.
// REQUIRES: cuda-toolkit
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 0 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_70,sm_90 %s | count 0
#include <cuda/atomic>

__device__ int flag_load(int &flag) {
  cuda::atomic_ref<int, cuda::thread_scope_device> ref(flag);
  return ref.load(cuda::memory_order_acquire);
  // CHECK: libcudacxx-toolkit.cu:[[@LINE-1]]:10: error: 'load' on 'cuda::atomic_ref<int, {{.*}}thread_scope_device>' (cuda::atomic / cuda::atomic_ref) needs sm_60; the build targets sm_52 [arch-unsupported]
}

__global__ void counter(cuda::atomic<unsigned, cuda::thread_scope_device> *c) {
  c->fetch_add(1u, cuda::memory_order_relaxed);
  // CHECK: libcudacxx-toolkit.cu:[[@LINE-1]]:3: error: 'fetch_add' on 'cuda::atomic<unsigned int, {{.*}}thread_scope_device>' (cuda::atomic / cuda::atomic_ref) needs sm_60; the build targets sm_52 [arch-unsupported]
}
