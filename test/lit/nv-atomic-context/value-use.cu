// RUN: not %cuatomlint --checks='-*,nv-atomic-context' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not='clang-diagnostic-error' --implicit-check-not='partial parse'
// RUN: not %builtin --checks='-*,nv-atomic-context' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not='clang-diagnostic-error' --implicit-check-not='partial parse'

// A builtin used as a value: nvcc 13 says "nv atomic function must be
// called directly".  clang cannot give the prelude's builtin template a
// type or convert it, and errs; that error is not reported: the finding
// is nv-atomic-context's, with nvcc's words.

__device__ void deduced(int *p) {
  auto f = __nv_atomic_load_n;
  // CHECK: value-use.cu:[[@LINE-1]]:12: error: '__nv_atomic_load_n' used as a value: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body (nvcc: "nv atomic function must be called directly") [nv-atomic-context]
  // CHECK: value-use.cu:[[@LINE-2]]:8: note: no automatic fix: call the builtin directly, or through a __device__ function that calls it
  auto g = &__nv_atomic_fetch_add;
  // CHECK: value-use.cu:[[@LINE-1]]:13: error: '__nv_atomic_fetch_add' used as a value: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body (nvcc: "nv atomic function must be called directly") [nv-atomic-context]
  // CHECK: value-use.cu:[[@LINE-2]]:8: note: no automatic fix: call the builtin directly, or through a __device__ function that calls it
}

__device__ void casts(int *p) {
  void *v = (void *)__nv_atomic_load_n;
  // CHECK: value-use.cu:[[@LINE-1]]:21: error: '__nv_atomic_load_n' used as a value: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body (nvcc: "nv atomic function must be called directly") [nv-atomic-context]
  // CHECK: value-use.cu:[[@LINE-2]]:9: note: no automatic fix: call the builtin directly, or through a __device__ function that calls it
  (void)v;
}

// A cast to the builtin's own pointer type is an address taken (wrapper fix).
typedef int (*load_fn)(int *, int, int);
__device__ int cast_to_pointer(int *p) {
  load_fn g = (load_fn)__nv_atomic_load_n;
  // CHECK: value-use.cu:[[@LINE-1]]:24: error: address of '__nv_atomic_load_n' taken: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body (nvcc: "nv atomic function must be called directly") [nv-atomic-context]
  // CHECK: fix-it:"{{.*}}value-use.cu":{[[@LINE-3]]:1-[[@LINE-3]]:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_nv_atomic_load_n_int{{.*}}"
  // CHECK: fix-it:"{{.*}}value-use.cu":{[[@LINE-3]]:24-[[@LINE-3]]:42}:"cuatomlint_nv_atomic_load_n_int"
  return g(p, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}

// A template default argument is reported where it is written; the uses of
// the parameter in the instantiation are not reported again.
template <load_fn F = __nv_atomic_load_n>
// CHECK: value-use.cu:[[@LINE-1]]:23: error: '__nv_atomic_load_n' used as a template default argument, which takes its address: nvcc accepts __nv_atomic_* builtins only as direct calls in a function body (nvcc: argument of type "void (*)(...)" is incompatible with template parameter) [nv-atomic-context]
// CHECK: value-use.cu:[[@LINE-2]]:23: note: make the template parameter a __device__ wrapper function that calls the builtin
__device__ int through_param(int *p) { return F(p, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE); }
__global__ void use_default(int *p) { through_param(p); }

// Negative: direct calls, also as an initializer of an 'auto' variable.
__device__ int direct(int *p) {
  auto v = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  int w = __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  return v + w;
}
