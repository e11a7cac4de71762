// RUN: not %cuatomlint --checks='-*,nv-atomic-context' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not='clang-diagnostic-error' --implicit-check-not='partial parse'
// RUN: not %builtin --checks='-*,nv-atomic-context' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not='clang-diagnostic-error' --implicit-check-not='partial parse'

// A builtin cast to 'void *' as a template default argument: nvcc 13
// rejects it ("expression must have a constant value"); clang cannot
// convert the prelude's builtin template ("address of overloaded function
// '__nv_atomic_load_n' does not match required type 'void'") and drops the
// default, so the call that relies on it fails too ("no matching function
// for call to 'first'").  Both clang errors are explained by the finding.

template <void *F = (void *)__nv_atomic_load_n> __device__ int first(int *p) { return *p; }
// CHECK: template-default.cu:[[@LINE-1]]:29: error: '__nv_atomic_load_n' used as the default argument of template parameter 'F' of 'first', which takes its address: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
// CHECK: template-default.cu:[[@LINE-2]]:17: note: make the template parameter a __device__ wrapper function that calls the builtin
template <int N, void *G = (void *)&__nv_atomic_fetch_add> struct Table {};
// CHECK: template-default.cu:[[@LINE-1]]:37: error: '__nv_atomic_fetch_add' used as the default argument of template parameter 'G' of 'Table', which takes its address: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
// CHECK: template-default.cu:[[@LINE-2]]:24: note: make the template parameter a __device__ wrapper function that calls the builtin

// Negatives: template parameters whose defaults clang keeps, and a builtin
// called (not named) in the function after the template's parameter list.
template <int N = 3, bool B = (2 > 1)> __device__ int third(int *p) {
  return __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE) + N + B;
}

__global__ void k(int *p) {
  first(p);
  third(p);
}
