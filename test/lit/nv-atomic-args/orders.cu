// RUN: not %cuatomlint --checks='-*,nv-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-args]' --implicit-check-not=fix-it
// RUN: not %builtin --checks='-*,nv-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-args]' --implicit-check-not=fix-it

// Memory order and scope arguments: nvcc wants literals or enumerators in range,
// and a load or store only with the orders it can have.

#define ORDER_ACQ_REL __NV_ATOMIC_ACQ_REL
#define LOAD_RELEASE(p) __nv_atomic_load_n(p, __NV_ATOMIC_RELEASE)

template <int O> __device__ int load_with(int *p) { return __nv_atomic_load_n(p, O); }
// CHECK: orders.cu:[[@LINE-1]]:82: error: memory order __NV_ATOMIC_RELEASE of '__nv_atomic_load_n' is invalid: an atomic load cannot be release or acq_rel [nv-atomic-args]
// CHECK: orders.cu:[[@LINE-2]]:82: note: use __NV_ATOMIC_ACQUIRE to order later accesses after the load, or __NV_ATOMIC_RELAXED
// CHECK: orders.cu:[[@LINE-3]]:82: note: memory order argument of '__nv_atomic_load_n' depends on a template parameter but the call's types do not: nvcc rejects it as invalid before instantiation
// When the types depend on the template too, nvcc judges each instantiation.
template <class T, int O> __device__ T load_t(T *p) { return __nv_atomic_load_n(p, O); }
// CHECK: orders.cu:[[@LINE-1]]:84: error: memory order __NV_ATOMIC_ACQ_REL of '__nv_atomic_load_n' is invalid: an atomic load cannot be release or acq_rel [nv-atomic-args]
// CHECK: orders.cu:[[@LINE-2]]:84: note: use __NV_ATOMIC_ACQUIRE

__device__ void load_orders(int *p) {
  __nv_atomic_load_n(p, __NV_ATOMIC_ACQ_REL);
  // CHECK: orders.cu:[[@LINE-1]]:25: error: memory order __NV_ATOMIC_ACQ_REL of '__nv_atomic_load_n' is invalid: an atomic load cannot be release or acq_rel [nv-atomic-args]
  // CHECK: fix-it:"{{.*}}orders.cu":{[[@LINE-2]]:25-[[@LINE-2]]:44}:"__NV_ATOMIC_ACQUIRE"
  __nv_atomic_load_n(p, __NV_ATOMIC_RELEASE);
  // CHECK: orders.cu:[[@LINE-1]]:25: error: memory order __NV_ATOMIC_RELEASE of '__nv_atomic_load_n' is invalid: an atomic load cannot be release or acq_rel [nv-atomic-args]
  // CHECK: orders.cu:[[@LINE-2]]:25: note: use __NV_ATOMIC_ACQUIRE to order later accesses after the load, or __NV_ATOMIC_RELAXED
  int r;
  __nv_atomic_load(p, &r, 4, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: orders.cu:[[@LINE-1]]:27: error: memory order __NV_ATOMIC_ACQ_REL of '__nv_atomic_load' is invalid: an atomic load cannot be release or acq_rel [nv-atomic-args]
  // CHECK: orders.cu:[[@LINE-2]]:27: note: use __NV_ATOMIC_ACQUIRE to order later accesses after the load, or __NV_ATOMIC_RELAXED
  // Through a macro: reported at the use site, and no fix (it would edit the macro).
  __nv_atomic_load_n(p, ORDER_ACQ_REL);
  // CHECK: orders.cu:[[@LINE-1]]:25: error: memory order __NV_ATOMIC_ACQ_REL of '__nv_atomic_load_n' is invalid: an atomic load cannot be release or acq_rel [nv-atomic-args]
  // CHECK: orders.cu:[[@LINE-2]]:25: note: use __NV_ATOMIC_ACQUIRE
  LOAD_RELEASE(p);
  // CHECK: orders.cu:[[@LINE-1]]:3: error: memory order __NV_ATOMIC_RELEASE of '__nv_atomic_load_n' is invalid: an atomic load cannot be release or acq_rel [nv-atomic-args]
  // CHECK: orders.cu:[[@LINE-2]]:3: note: use __NV_ATOMIC_ACQUIRE
  // A template is judged per instantiation.
  load_with<__NV_ATOMIC_RELEASE>(p);
  load_with<__NV_ATOMIC_ACQUIRE>(p);
  load_t<int, __NV_ATOMIC_ACQ_REL>(p);
  load_t<int, __NV_ATOMIC_ACQUIRE>(p);
}

__device__ void store_orders(unsigned *p) {
  __nv_atomic_store_n(p, 1u, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_BLOCK);
  // CHECK: orders.cu:[[@LINE-1]]:30: error: memory order __NV_ATOMIC_ACQ_REL of '__nv_atomic_store_n' is invalid: an atomic store cannot be consume, acquire or acq_rel [nv-atomic-args]
  // CHECK: fix-it:"{{.*}}orders.cu":{[[@LINE-2]]:30-[[@LINE-2]]:49}:"__NV_ATOMIC_RELEASE"
  __nv_atomic_store_n(p, 1u, __NV_ATOMIC_ACQUIRE);
  // CHECK: orders.cu:[[@LINE-1]]:30: error: memory order __NV_ATOMIC_ACQUIRE of '__nv_atomic_store_n' is invalid: an atomic store cannot be consume, acquire or acq_rel [nv-atomic-args]
  // CHECK: orders.cu:[[@LINE-2]]:30: note: use __NV_ATOMIC_RELEASE to order earlier accesses before the store, or __NV_ATOMIC_RELAXED
  unsigned v = 1;
  __nv_atomic_store(p, &v, __NV_ATOMIC_CONSUME);
  // CHECK: orders.cu:[[@LINE-1]]:28: error: memory order __NV_ATOMIC_CONSUME of '__nv_atomic_store' is invalid: an atomic store cannot be consume, acquire or acq_rel [nv-atomic-args]
  // CHECK: orders.cu:[[@LINE-2]]:28: note: use __NV_ATOMIC_RELEASE
}

__device__ void not_literals(int *p, int order, int scope) {
  __nv_atomic_fetch_add(p, 1, order);
  // CHECK: orders.cu:[[@LINE-1]]:31: error: memory order argument of '__nv_atomic_fetch_add' is not an integer literal: nvcc accepts only literals and enumerators here (not variables, even constexpr ones) [nv-atomic-args]
  constexpr int relaxed = __NV_ATOMIC_RELAXED;
  __nv_atomic_fetch_or(p, 1, relaxed);
  // CHECK: orders.cu:[[@LINE-1]]:30: error: memory order argument of '__nv_atomic_fetch_or' is not an integer literal: nvcc accepts only literals and enumerators here (not variables, even constexpr ones) [nv-atomic-args]
  __nv_atomic_exchange_n(p, 1, __NV_ATOMIC_RELAXED, scope);
  // CHECK: orders.cu:[[@LINE-1]]:53: error: scope argument of '__nv_atomic_exchange_n' is not an integer literal: nvcc accepts only literals and enumerators here (not variables, even constexpr ones) [nv-atomic-args]
  __nv_atomic_load_n(p, 2.0);
  // CHECK: orders.cu:[[@LINE-1]]:25: error: memory order argument of '__nv_atomic_load_n' is not an integer literal: nvcc accepts only literals and enumerators here (not variables, even constexpr ones) [nv-atomic-args]
  int e = 0;
  __nv_atomic_compare_exchange_n(p, &e, 1, false, __NV_ATOMIC_ACQ_REL, order);
  // CHECK: orders.cu:[[@LINE-1]]:72: error: memory order argument of '__nv_atomic_compare_exchange_n' is not an integer literal: nvcc accepts only literals and enumerators here (not variables, even constexpr ones) [nv-atomic-args]
}

__device__ void out_of_range(int *p) {
  __nv_atomic_load_n(p, 6);
  // CHECK: orders.cu:[[@LINE-1]]:25: error: memory order 6 of '__nv_atomic_load_n' is not an __NV_ATOMIC_* value (0 to 5) [nv-atomic-args]
  __nv_atomic_fetch_sub(p, 1, -1);
  // CHECK: orders.cu:[[@LINE-1]]:31: error: memory order -1 of '__nv_atomic_fetch_sub' is not an __NV_ATOMIC_* value (0 to 5) [nv-atomic-args]
  __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED, 5);
  // CHECK: orders.cu:[[@LINE-1]]:46: error: thread scope 5 of '__nv_atomic_load_n' is not an __NV_THREAD_SCOPE_* value (0 to 4) [nv-atomic-args]
}

__device__ int notes(int *p) {
  int v = __nv_atomic_load_n(p, __NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: orders.cu:[[@LINE-1]]:33: note: memory order __NV_ATOMIC_CONSUME of '__nv_atomic_load_n' is implemented as __NV_ATOMIC_ACQUIRE [nv-atomic-args]
  v += __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
  // CHECK: orders.cu:[[@LINE-1]]:57: note: thread scope __NV_THREAD_SCOPE_THREAD of '__nv_atomic_fetch_add' is implemented as __NV_THREAD_SCOPE_BLOCK [nv-atomic-args]
  return v;
}

// Negative: every order a load, store, RMW or CAS may have, literals,
// enumerators, casts and arithmetic on them, the defaulted scope.
__device__ int valid(int *p, unsigned *u) {
  int v = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
  v += __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_CLUSTER);
  v += __nv_atomic_load_n(p, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);
  v += __nv_atomic_load_n(p, 2, 3);
  v += __nv_atomic_load_n(p, 1 + 1, (int)__NV_THREAD_SCOPE_DEVICE);
  v += __nv_atomic_load_n(p, (__NV_ATOMIC_ACQUIRE));
  __nv_atomic_store_n(u, 1u, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(u, 1u, __NV_ATOMIC_SEQ_CST);
  __nv_atomic_store_n(u, 1u, 0);
  v += __nv_atomic_exchange_n(p, 1, __NV_ATOMIC_ACQ_REL);
  v += __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);
  int e = 0;
  // nvcc puts no rule on the failure order
  v += __nv_atomic_compare_exchange_n(p, &e, 1, false, __NV_ATOMIC_RELAXED, __NV_ATOMIC_SEQ_CST);
  v += __nv_atomic_compare_exchange_n(p, &e, 1, true, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  return v;
}

// Negative: the names in a comment or a string: __nv_atomic_load_n(p, __NV_ATOMIC_RELEASE)
const char *text = "__nv_atomic_store_n(p, 1, __NV_ATOMIC_ACQUIRE)";

// nvcc's builtins are not templates: explicit template arguments are an error.
#define LOAD __nv_atomic_load_n
__device__ int template_arguments(int *p) {
  int v = 0;
  v += __nv_atomic_load_n<int>(p, __NV_ATOMIC_RELAXED);
  // CHECK: orders.cu:[[@LINE-1]]:8: error: '__nv_atomic_load_n' called with template arguments: nvcc's __nv_atomic_* builtins are not templates [nv-atomic-args]
  // CHECK: fix-it:"{{.*}}orders.cu":{[[@LINE-2]]:26-[[@LINE-2]]:31}:""
  v += LOAD(p, __NV_ATOMIC_RELAXED);
  // A parenthesized builtin is still the builtin.
  v += (__nv_atomic_load_n)(p, __NV_ATOMIC_RELEASE);
  // CHECK: orders.cu:[[@LINE-1]]:32: error: memory order __NV_ATOMIC_RELEASE of '__nv_atomic_load_n' is invalid: an atomic load cannot be release or acq_rel [nv-atomic-args]
  // CHECK: orders.cu:[[@LINE-2]]:32: note: use __NV_ATOMIC_ACQUIRE
  return v;
}
