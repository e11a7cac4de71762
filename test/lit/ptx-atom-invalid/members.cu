// Member functions are emitted as free functions are: an in-class member
// is inline, and nvcc emits it for a target only where code emitted for
// that target calls it or takes its address.  nvcc 13 accepts for sm_75 a
// class whose uncalled members hold 'red.relaxed.cluster' (sm_90), and one
// whose member is called only under NV_IF_TARGET(NV_PROVIDES_SM_90, ...);
// it rejects the called ones.  Virtual members, operators and
// constructors run from code that does not name them: they count as
// reached.
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]' --implicit-check-not='clang-diagnostic-error'
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_90 %s -- -DNO_NV_TARGET 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]' --implicit-check-not='clang-diagnostic-error'
#ifndef NO_NV_TARGET
#include <nv/target>
#endif

struct Barrier {
  // Positives: called from a kernel, directly, through another member,
  // through a member pointer, from a lambda, as an operator.
  __device__ void arrive(unsigned *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
    // CHECK: members.cu:[[@LINE-1]]:22: error: '.release' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
    // CHECK: members.cu:[[@LINE-2]]:30: note: '.gpu' in red needs sm_60 (PTX .scope qualifier); the build targets sm_52
  }
  __device__ void inner(unsigned *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
    // CHECK: members.cu:[[@LINE-1]]:22: error: '.release' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
    // CHECK: members.cu:[[@LINE-2]]:30: note: '.gpu' in red needs sm_60 (PTX .scope qualifier); the build targets sm_52
  }
  __device__ void outer(unsigned *p) { inner(p); }
  __device__ void by_pointer(unsigned *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
    // CHECK: members.cu:[[@LINE-1]]:22: error: '.release' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
    // CHECK: members.cu:[[@LINE-2]]:30: note: '.gpu' in red needs sm_60 (PTX .scope qualifier); the build targets sm_52
  }
  static __device__ void from_lambda(unsigned *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
    // CHECK: members.cu:[[@LINE-1]]:22: error: '.release' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
    // CHECK: members.cu:[[@LINE-2]]:30: note: '.gpu' in red needs sm_60 (PTX .scope qualifier); the build targets sm_52
  }
  __device__ void operator()(unsigned *p) const {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
    // CHECK: members.cu:[[@LINE-1]]:22: error: '.release' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
    // CHECK: members.cu:[[@LINE-2]]:30: note: '.gpu' in red needs sm_60 (PTX .scope qualifier); the build targets sm_52
  }

  // Negatives: never called, called only from an uncalled member, called
  // only under NV_IF_TARGET for sm_90, called only from host code.
  __device__ void never_called(unsigned *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
  }
  __device__ void inner_unused(unsigned *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
  }
  __device__ void outer_unused(unsigned *p) { inner_unused(p); }
  static __device__ void arrive_sm90(unsigned *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
  }
  __host__ __device__ void host_called(unsigned *p) {
#ifdef __CUDA_ARCH__
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
#endif
  }
};

// A class template's members: the specializations called are emitted.
template <class T> struct Counter {
  __device__ void add(T *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
    // CHECK: members.cu:[[@LINE-1]]:22: error: '.release' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52 [ptx-atom-invalid]
    // CHECK: members.cu:[[@LINE-2]]:30: note: '.gpu' in red needs sm_60 (PTX .scope qualifier); the build targets sm_52
  }
  __device__ void unused(T *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
  }
  template <class U> __device__ void unused_template(U *p) {
    asm volatile("red.release.gpu.global.add.u32 [%0], 1;" :: "l"(p));
  }
};

void host_code(unsigned *p) { Barrier{}.host_called(p); }

__global__ void kernel(unsigned *p) {
  Barrier b;
  b.arrive(p);
  b.outer(p);
  void (Barrier::*m)(unsigned *) = &Barrier::by_pointer;
  (b.*m)(p);
  auto l = [p] { Barrier::from_lambda(p); };
  l();
  b(p);
  Counter<unsigned> c;
  c.add(p);
#ifndef NO_NV_TARGET
  NV_IF_TARGET(NV_PROVIDES_SM_90, (Barrier::arrive_sm90(p);))
#elif __CUDA_ARCH__ >= 900
  Barrier::arrive_sm90(p);
#endif
}
