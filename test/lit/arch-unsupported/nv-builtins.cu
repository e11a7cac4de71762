// __nv_atomic_* limits of facts table B: builtins below sm_60, 16-bit CAS
// and 128-bit load/store below sm_70, 128-bit CAS/exchange below sm_90,
// f64 add/sub below sm_60, cluster scope below sm_90 (a note: nvcc uses
// device scope).  No automatic fix.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_61,sm_80,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:' --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_61,sm_80,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:' --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 0 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_90 %s | count 0

struct alignas(16) Wide { unsigned long long lo, hi; };

__device__ void builtins(int *i, double *d, unsigned short *us, Wide *w) {
  __nv_atomic_fetch_add(i, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: nv-builtins.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_add' on 'int' (__nv_atomic_* builtins) needs sm_60; the build targets sm_52 [arch-unsupported]
  __nv_atomic_fetch_sub(d, 1.0, __NV_ATOMIC_RELAXED);
  // CHECK: nv-builtins.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_sub' on 'double' (64-bit floating-point __nv_atomic sub) needs sm_60; the build targets sm_52 [arch-unsupported]
  unsigned short expect = 1;
  __nv_atomic_compare_exchange_n(us, &expect, (unsigned short)2, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED);
  // CHECK: nv-builtins.cu:[[@LINE-1]]:3: error: '__nv_atomic_compare_exchange_n' on 'unsigned short' (16-bit __nv_atomic compare-exchange) needs sm_70; the build targets sm_52, sm_61 [arch-unsupported]
  Wide old, want = {1, 2}, put = {3, 4};
  __nv_atomic_compare_exchange(w, &want, &put, false, __NV_ATOMIC_RELAXED, __NV_ATOMIC_RELAXED);
  // CHECK: nv-builtins.cu:[[@LINE-1]]:3: error: '__nv_atomic_compare_exchange' on 'Wide' (128-bit __nv_atomic compare-exchange) needs sm_90; the build targets sm_52, sm_61, sm_80 [arch-unsupported]
  __nv_atomic_exchange(w, &put, &old, __NV_ATOMIC_RELAXED);
  // CHECK: nv-builtins.cu:[[@LINE-1]]:3: error: '__nv_atomic_exchange' on 'Wide' (128-bit __nv_atomic exchange) needs sm_90; the build targets sm_52, sm_61, sm_80 [arch-unsupported]
  __nv_atomic_load(w, &old, __NV_ATOMIC_ACQUIRE);
  // CHECK: nv-builtins.cu:[[@LINE-1]]:3: error: '__nv_atomic_load' on 'Wide' (128-bit __nv_atomic load) needs sm_70; the build targets sm_52, sm_61 [arch-unsupported]
  __nv_atomic_store(w, &put, __NV_ATOMIC_RELEASE);
  // CHECK: nv-builtins.cu:[[@LINE-1]]:3: error: '__nv_atomic_store' on 'Wide' (128-bit __nv_atomic store) needs sm_70; the build targets sm_52, sm_61 [arch-unsupported]
  __nv_atomic_fetch_or(i, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);
  // CHECK: nv-builtins.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_or' on 'int' (__nv_atomic_* builtins) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: nv-builtins.cu:[[@LINE-2]]:3: note: '__nv_atomic_fetch_or' with cluster scope needs sm_90; nvcc uses device scope instead on sm_52, sm_61, sm_80
}
