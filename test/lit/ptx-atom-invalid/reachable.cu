// Inline PTX reaches ptxas only in functions nvcc emits for the target:
// those reachable from the translation unit's kernels and exported
// (external, not inline) device functions, through calls and taken
// addresses.  nvcc 13 accepts for sm_75 an unreferenced helper holding
// 'atom.global.cas.b128' (sm_90); the per-target findings in the negatives
// below are not given.  Findings for every target (an invalid combination)
// stay wherever the asm is.
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]' --implicit-check-not='clang-diagnostic-error'
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_90 %s -- -DNO_NV_TARGET 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]' --implicit-check-not='clang-diagnostic-error'
#ifndef NO_NV_TARGET
#include <nv/target>
#endif

// Positives: emitted.
static __device__ __forceinline__ unsigned acquire_used(unsigned *p) {
  unsigned old;
  asm volatile("atom.acquire.gpu.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(p));
  // CHECK: reachable.cu:[[@LINE-1]]:21: error: '.acquire' in atom needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
  // CHECK: reachable.cu:[[@LINE-2]]:29: note: '.gpu' in atom needs sm_60 (PTX .scope qualifier); the build targets sm_52
  return old;
}
__device__ void exported(unsigned *p) {
  asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
  // CHECK: reachable.cu:[[@LINE-1]]:20: error: '.release' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
  // CHECK: reachable.cu:[[@LINE-2]]:28: note: '.gpu' in red needs sm_60 (PTX .scope qualifier); the build targets sm_52
}
template <class T> __device__ void release_tmpl(T *p) {
  asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
  // CHECK: reachable.cu:[[@LINE-1]]:20: error: '.release' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
  // CHECK: reachable.cu:[[@LINE-2]]:28: note: '.gpu' in red needs sm_60 (PTX .scope qualifier); the build targets sm_52
}

__global__ void kernel(unsigned *p) {
  *p = acquire_used(p);
  release_tmpl(p);
}

// Negatives: an unreferenced inline helper, a template never instantiated,
// a template instantiated only from unreachable code.
__device__ __forceinline__ void unused_helper(unsigned *p) {
  asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
}
template <class T> __device__ void never_instantiated(T *, unsigned *p) {
  asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
}
template <class T> __device__ void unreached_tmpl(T *p) {
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], 1;" :: "l"(p));
}
__device__ inline void unused_instantiator(unsigned *p) { unreached_tmpl(p); }

// Tag dispatch: the sm_52 parse calls the old_tag overload only.
struct old_tag {};
struct new_tag {};
static __device__ void add_impl(unsigned *p, new_tag) {
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], 1;" :: "l"(p));
}
static __device__ void add_impl(unsigned *p, old_tag) { atomicAdd(p, 1u); }
#if __CUDA_ARCH__ >= 700
using arch_tag = new_tag;
#else
using arch_tag = old_tag;
#endif
__global__ void dispatch_kernel(unsigned *p) { add_impl(p, arch_tag{}); }

// Reached only under NV_IF_TARGET for sm_90.
#ifndef NO_NV_TARGET
__device__ inline void add_sm90(unsigned *p) {
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], 1;" :: "l"(p));
}
__global__ void nv_target_kernel(unsigned *p) {
  NV_IF_TARGET(NV_PROVIDES_SM_90, (add_sm90(p);))
}
#endif

// An invalid combination is reported for every target, reached or not.
__device__ inline void unused_invalid(unsigned *p) {
  asm volatile("red.global.cas.b32 [%0], 1;" :: "l"(p));
  // CHECK: reachable.cu:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}} [ptx-atom-invalid]
}
