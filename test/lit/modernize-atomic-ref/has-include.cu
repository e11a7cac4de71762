// A file that includes <cuda/atomic> already gets no second #include.
// RUN: not %builtin --checks='-*,modernize-atomic-ref' %s 2>&1 | FileCheck %s --implicit-check-not=fix-it
// RUN: not %cuatomlint --checks='-*,modernize-atomic-ref' %s 2>&1 | FileCheck %s --implicit-check-not=fix-it
#include <cuda/atomic>

__global__ void k(unsigned long long *p) {
  atomicAnd(p, 3ull);
  // CHECK: has-include.cu:[[@LINE-1]]:3: note: 'atomicAnd' can be written as cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>::fetch_and with an explicit memory order [modernize-atomic-ref]
  // CHECK: fix-it:"{{.*}}has-include.cu":{[[@LINE-2]]:3-[[@LINE-2]]:21}:"cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>{*p}.fetch_and(3ull, cuda::memory_order_relaxed)"
}
