// <nv/target>'s NV_IF_TARGET picks code by __CUDA_ARCH__ inside a toolkit
// macro: each target is judged on the branch it gets, and a finding in
// the macro's argument points at the qualifier.
// REQUIRES: cuda-toolkit
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_61,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
#include <nv/target>

// Negative: the vector form only where sm_90 is provided.
__device__ void guarded(float *p) {
  NV_IF_TARGET(NV_PROVIDES_SM_90,
    (asm volatile("red.global.v2.f32.add [%0], {%1, %2};" :: "l"(p), "f"(1.0f), "f"(2.0f));),
    (atomicAdd(p, 1.0f); atomicAdd(p + 1, 2.0f);))
}

// A guard too weak for the qualifier: sm_61 gets the acquire.
__device__ unsigned weak_guard(unsigned *p) {
  unsigned old = 0;
  NV_IF_TARGET(NV_PROVIDES_SM_60,
    (asm volatile("atom.acquire.gpu.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(p));))
  // CHECK: nv-target.cu:[[@LINE-1]]:24: error: '.acquire' in atom needs sm_70 (PTX .sem qualifier); the build targets sm_61 [ptx-atom-invalid]
  return old;
}
