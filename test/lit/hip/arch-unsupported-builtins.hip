// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=gfx90a,gfx1100 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: cp %s %t.hip && %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=gfx90a,gfx1100 --fix %t.hip >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t.hip
// RUN: hipcc --offload-arch=gfx90a -c -DFIXED %t.hip -o %t.o && hipcc --offload-arch=gfx1100 -nogpulib -fgpu-rdc -DFIXED -c %t.hip -o %t.o
// The fix changes no code gfx90a already had: the double add is still the hardware instruction.
// RUN: %clangxx -x hip --cuda-device-only -nogpulib --rocm-path=/usr -O2 -S -o - --offload-arch=gfx90a -DFIXED %t.hip | FileCheck %s --check-prefix=GFX90A
// arch-unsupported in HIP: clang's AMDGPU atomic builtins exist only on the
// gfx targets with their target feature, and clang says so only when it
// emits a function for a target without it; the parse accepts them.  The
// fix of a float or double add calls unsafeAtomicAdd, the same add.
#include <hip/hip_runtime.h>

__global__ void add64(double *p, double v) {
  __builtin_amdgcn_global_atomic_fadd_f64(p, v);
  // CHECK: arch-unsupported-builtins.hip:[[@LINE-1]]:3: error: '__builtin_amdgcn_global_atomic_fadd_f64' does not exist on gfx1100 (clang's target feature gfx90a-insts, which gfx90a, gfx940-gfx942 have): the build fails there [arch-unsupported]
  // CHECK: fix-it:"{{.*}}arch-unsupported-builtins.hip":{[[@LINE-2]]:3-[[@LINE-2]]:42}:"unsafeAtomicAdd"
  // FIXED: unsafeAtomicAdd(p, v);
}
// GFX90A-LABEL: _Z5add64Pdd:
// GFX90A-NOT: cmpswap
// GFX90A: {{global|flat}}_atomic_add_f64
// GFX90A: s_endpgm

__global__ void add32(float *q, float *old) {
  *old = __builtin_amdgcn_flat_atomic_fadd_f32(q, 1.0f);
  // CHECK: arch-unsupported-builtins.hip:[[@LINE-1]]:10: error: '__builtin_amdgcn_flat_atomic_fadd_f32' does not exist on gfx90a, gfx1100 (clang's target feature gfx940-insts, which gfx940-gfx942 have): the build fails there [arch-unsupported]
  // CHECK: fix-it:"{{.*}}arch-unsupported-builtins.hip":{[[@LINE-2]]:10-[[@LINE-2]]:47}:"unsafeAtomicAdd"
  // FIXED: *old = unsafeAtomicAdd(q, 1.0f);
}

// No HIP call is the min/max instruction where it exists and compiles
// elsewhere (left out of the compile of the fixed file: -DFIXED).
#ifndef FIXED
__global__ void max64(double *p, double v) {
  __builtin_amdgcn_global_atomic_fmax_f64(p, v);
  // CHECK: arch-unsupported-builtins.hip:[[@LINE-1]]:3: error: '__builtin_amdgcn_global_atomic_fmax_f64' does not exist on gfx1100 (clang's target feature gfx90a-insts, which gfx90a, gfx940-gfx942 have): the build fails there [arch-unsupported]
  // CHECK: note: no automatic fix: HIP has no call that is this instruction where the target has it and compiles elsewhere; guard the call with '#if __has_builtin(__builtin_amdgcn_global_atomic_fmax_f64)' and give the other targets a CAS loop
}
#endif

// A template's call, found in its explicit instantiation (a body naming
// only its parameters and a builtin); the call's types name no parameter.
template <typename T> __global__ void add_t(T *p, double v) {
  __builtin_amdgcn_flat_atomic_fadd_f64((double *)p, v);
  // CHECK: arch-unsupported-builtins.hip:[[@LINE-1]]:3: error: '__builtin_amdgcn_flat_atomic_fadd_f64' does not exist on gfx1100 (clang's target feature gfx90a-insts, which gfx90a, gfx940-gfx942 have): the build fails there [arch-unsupported]
  // CHECK: fix-it:"{{.*}}arch-unsupported-builtins.hip":{[[@LINE-2]]:3-[[@LINE-2]]:40}:"unsafeAtomicAdd"
  // FIXED: unsafeAtomicAdd((double *)p, v);
}
template __global__ void add_t<double>(double *, double);

// Near misses.  Guarded by the target or by __has_builtin: not compiled where missing.
__global__ void guarded(double *p, double v) {
#if defined(__gfx90a__)
  __builtin_amdgcn_global_atomic_fadd_f64(p, v);
#endif
#if __has_builtin(__builtin_amdgcn_global_atomic_fmin_f64)
  __builtin_amdgcn_global_atomic_fmin_f64(p, v);
#endif
}
// On every gfx target: LDS float add.
__global__ void lds(float *q) {
  __shared__ float s;
  __builtin_amdgcn_ds_atomic_fadd_f32(&s, 1.0f);
  *q = s;
}
// Never emitted (an inline function nothing calls, a template nothing instantiates): clang compiles it.
__device__ inline double unused(double *p, double v) { return __builtin_amdgcn_global_atomic_fadd_f64(p, v); }
template <typename T> __device__ T unused_t(T *p, T v) { return __builtin_amdgcn_global_atomic_fadd_f64(p, v); }
// HIP's own calls are judged by the legacy rows, never missing.
__global__ void portable(double *p, double v) {
  atomicAdd(p, v);
  unsafeAtomicAdd(p, v);
}
