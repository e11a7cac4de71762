// RUN: not %cuatomlint --checks='-*,nv-atomic-context' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not=fix-it
// RUN: not %builtin --checks='-*,nv-atomic-context' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not=fix-it

// Taking a builtin's address: nvcc rejects it.  The fix is a __device__
// wrapper that dispatches on the run-time order and scope (nvcc wants them
// literal), inserted once (guarded) before the declaration that needs it.

typedef void (*store_fn)(unsigned *, unsigned, int, int);
typedef int (*load_fn)(int *, int, int);
__device__ void run_store(store_fn f, unsigned *p) { f(p, 1u, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE); }

__device__ void callback(unsigned *p) {
  run_store(__nv_atomic_store_n, p);
  // CHECK: address.cu:[[@LINE-1]]:13: error: address of '__nv_atomic_store_n' taken: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: fix-it:"{{.*}}address.cu":{[[@LINE-3]]:1-[[@LINE-3]]:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_nv_atomic_store_n_unsigned_int\n#define CUATOMLINT_HAVE_cuatomlint_nv_atomic_store_n_unsigned_int\n/* __nv_atomic_store_n cannot have its address taken, and wants literal orders and scopes: this wrapper dispatches on them */\n__device__ inline void cuatomlint_nv_atomic_store_n_unsigned_int(unsigned int *p, unsigned int v, int order, int scope)\n{\n  switch (order * 8 + scope) {\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);\n  }\n  return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);\n}\n#endif\n"
  // CHECK: fix-it:"{{.*}}address.cu":{[[@LINE-3]]:13-[[@LINE-3]]:32}:"cuatomlint_nv_atomic_store_n_unsigned_int"
}

__device__ void pointer(unsigned *p) {
  store_fn f = &__nv_atomic_store_n;
  // CHECK: address.cu:[[@LINE-1]]:17: error: address of '__nv_atomic_store_n' taken: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: fix-it:"{{.*}}address.cu":{[[@LINE-3]]:1-[[@LINE-3]]:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_nv_atomic_store_n_unsigned_int\n#define CUATOMLINT_HAVE_cuatomlint_nv_atomic_store_n_unsigned_int\n/* __nv_atomic_store_n cannot have its address taken, and wants literal orders and scopes: this wrapper dispatches on them */\n__device__ inline void cuatomlint_nv_atomic_store_n_unsigned_int(unsigned int *p, unsigned int v, int order, int scope)\n{\n  switch (order * 8 + scope) {\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);\n  }\n  return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);\n}\n#endif\n"
  // CHECK: fix-it:"{{.*}}address.cu":{[[@LINE-3]]:17-[[@LINE-3]]:36}:"cuatomlint_nv_atomic_store_n_unsigned_int"
  f(p, 2u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
}

__device__ store_fn table[] = { __nv_atomic_store_n };
// CHECK: address.cu:[[@LINE-1]]:33: error: address of '__nv_atomic_store_n' taken: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
// CHECK: fix-it:"{{.*}}address.cu":{[[@LINE-2]]:1-[[@LINE-2]]:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_nv_atomic_store_n_unsigned_int\n#define CUATOMLINT_HAVE_cuatomlint_nv_atomic_store_n_unsigned_int\n/* __nv_atomic_store_n cannot have its address taken, and wants literal orders and scopes: this wrapper dispatches on them */\n__device__ inline void cuatomlint_nv_atomic_store_n_unsigned_int(unsigned int *p, unsigned int v, int order, int scope)\n{\n  switch (order * 8 + scope) {\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_RELAXED * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_RELEASE * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_THREAD: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_THREAD);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_BLOCK: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_CLUSTER: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_CLUSTER);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_DEVICE: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);\n  case __NV_ATOMIC_SEQ_CST * 8 + __NV_THREAD_SCOPE_SYSTEM: return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);\n  }\n  return __nv_atomic_store_n(p, v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);\n}\n#endif\n"
// CHECK: fix-it:"{{.*}}address.cu":{[[@LINE-3]]:33-[[@LINE-3]]:52}:"cuatomlint_nv_atomic_store_n_unsigned_int"

// No wrapper for compare-exchange (its two orders make too many cases).
typedef bool (*cas_fn)(int *, int *, int, bool, int, int, int);
__device__ cas_fn cas = __nv_atomic_compare_exchange_n;
// CHECK: address.cu:[[@LINE-1]]:25: error: address of '__nv_atomic_compare_exchange_n' taken: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
// CHECK: address.cu:[[@LINE-2]]:25: note: no wrapper is offered for the generic and compare-exchange builtins; call the builtin directly where the pointer is called

// A template default argument takes the address too.
template <load_fn F = __nv_atomic_load_n> struct Reader { };
// CHECK: address.cu:[[@LINE-1]]:23: error: '__nv_atomic_load_n' used as a template default argument, which takes its address: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
// CHECK: address.cu:[[@LINE-2]]:23: note: make the template parameter a __device__ wrapper function that calls the builtin

// Through a macro: reported at the use site; no fix inside the macro.
#define STORE_FN __nv_atomic_store_n
__device__ void through_macro(unsigned *p) { run_store(STORE_FN, p); }
// CHECK: address.cu:[[@LINE-1]]:56: error: address of '__nv_atomic_store_n' taken: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
// CHECK: address.cu:[[@LINE-2]]:56: note: the name is spelled in a macro, where a fix would change every use of it

// Negative: direct calls, also with parentheses, and a
// project's own function of a builtin's name.
__device__ int direct(int *p) {
  int v = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
  v += (__nv_atomic_load_n)(p, __NV_ATOMIC_ACQUIRE);
  return v;
}
__device__ int __nv_atomic_fetch_inc(int *p) { return (*p)++; }
__device__ int (*own)(int *) = &__nv_atomic_fetch_inc;

// Negative: in a comment: store_fn f = &__nv_atomic_store_n;
const char *text = "&__nv_atomic_store_n";
