// What nvcc makes of the old target's code decides which arch findings are
// real (docs/checks/arch-unsupported.md, "What counts").  A call to an
// overload the target's headers do not declare fails in nvcc's front end
// wherever it is analysed: in every non-template function and every
// instantiation, emitted or not (nvcc 13 rejects atomicAdd(float2*) for
// sm_75 in an unreferenced static helper and in a template instantiated only
// by an unreferenced inline helper).  Only a non-dependent call in a template
// never instantiated is not analysed.  The notes (emulation by the headers,
// cluster scope replaced) concern emitted code only: code reachable from the
// kernels and exported (external, not inline) device functions, through
// calls and taken addresses.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
#include <cuda_fp16.h>

// Errors: analysed, so reported whether emitted or not.
__device__ __forceinline__ void unused_forceinline(double *p) { atomicAdd(p, 1.0); }
// CHECK: reachable.cu:[[@LINE-1]]:65: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
static __device__ void unused_static(double *p) { atomicAdd(p, 1.0); }
// CHECK: reachable.cu:[[@LINE-1]]:51: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
template <class T> __device__ void instantiated_unreached(T *p) { atomicAdd(p, T(1)); }
// CHECK: reachable.cu:[[@LINE-1]]:67: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
// CHECK: reachable.cu:[[@LINE-2]]:36: note: in instantiation 'instantiated_unreached<double>'
__device__ inline void unused_instantiator(double *p) { instantiated_unreached(p); }
// A non-dependent call in a template this parse never instantiates: not analysed.
template <class T> __device__ void never_instantiated(T *, double *p) { atomicAdd(p, 1.0); }
// ... unless an instantiation exists, reached or not.
template <class T> __device__ void instantiated_nondependent(T *, double *p) { atomicAdd(p, 1.0); }
// CHECK: reachable.cu:[[@LINE-1]]:80: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
__device__ inline void unused_instantiator2(double *p) { instantiated_nondependent(p, p); }

// Notes: emitted code only.
static __device__ void emulated_used(__half2 *p) { atomicAdd(p, __half2()); }
// CHECK: reachable.cu:[[@LINE-1]]:52: note: atomicAdd(__half2*) is emulated with a CAS loop by the CUDA {{[0-9]+}} headers on sm_52 (native from sm_60) [arch-unsupported]
__device__ void emulated_exported(__half2 *p) { atomicAdd(p, __half2()); }
// CHECK: reachable.cu:[[@LINE-1]]:49: note: atomicAdd(__half2*) is emulated{{.*}} [arch-unsupported]
static __device__ void emulated_via_pointer(__half2 *p) { atomicAdd(p, __half2()); }
// CHECK: reachable.cu:[[@LINE-1]]:59: note: atomicAdd(__half2*) is emulated{{.*}} [arch-unsupported]
__device__ __forceinline__ void emulated_from_lambda(__half2 *p) { atomicAdd(p, __half2()); }
// CHECK: reachable.cu:[[@LINE-1]]:68: note: atomicAdd(__half2*) is emulated{{.*}} [arch-unsupported]
static __device__ void emulated_deeper(__half2 *p) { atomicAdd(p, __half2()); }
// CHECK: reachable.cu:[[@LINE-1]]:54: note: atomicAdd(__half2*) is emulated{{.*}} [arch-unsupported]
__device__ inline void middle(__half2 *p) { emulated_deeper(p); }
template <class T> __global__ void kernel_template(T *p) { atomicAdd(p, T()); }
// CHECK: reachable.cu:[[@LINE-1]]:60: note: atomicAdd(__half2*) is emulated{{.*}} [arch-unsupported]
// A member function counts as emitted (virtual calls, library callers).
struct Functor {
  __device__ void operator()(__half2 *p) const { atomicAdd(p, __half2()); }
  // CHECK: reachable.cu:[[@LINE-1]]:50: note: atomicAdd(__half2*) is emulated{{.*}} [arch-unsupported]
};

__global__ void kernel(__half2 *p) {
  emulated_used(p);
  void (*fp)(__half2 *) = emulated_via_pointer;
  fp(p);
  auto l = [](__half2 *q) { emulated_from_lambda(q); };
  l(p);
  middle(p);
}
void launch(__half2 *p) { kernel_template<<<1, 1>>>(p); }

__device__ __forceinline__ void unused_emulated(__half2 *p) { atomicAdd(p, __half2()); }
static __device__ void unused_emulated_static(__half2 *p) { atomicAdd(p, __half2()); }
static __device__ void emulated_by_unused(__half2 *p) { atomicAdd(p, __half2()); }
__device__ inline void unused_caller(__half2 *p) { emulated_by_unused(p); }
template <class T> __device__ void emulated_unreached(T *p) { atomicAdd(p, T()); }
__device__ inline void unused_instantiator3(__half2 *p) { emulated_unreached(p); }
__device__ inline void unused_cluster(int *i) {
  __nv_atomic_fetch_add(i, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);
  // The builtin itself is analysed; the cluster-scope note is not given.
  // CHECK: reachable.cu:[[@LINE-2]]:3: error: '__nv_atomic_fetch_add' on 'int' (__nv_atomic_* builtins) needs sm_60; the build targets sm_52 [arch-unsupported]
}

// Tag dispatch: the sm_52 parse calls the old_tag overload only.
struct old_tag {};
struct new_tag {};
static __device__ void add_impl(__half2 *p, new_tag) { atomicAdd(p, __half2()); }
static __device__ void add_impl(__half2 *p, old_tag) { atomicExch((unsigned *)p, 0u); }
#if __CUDA_ARCH__ >= 600
using arch_tag = new_tag;
#else
using arch_tag = old_tag;
#endif
__global__ void dispatch_kernel(__half2 *p) { add_impl(p, arch_tag{}); }
