// Every AMDGPU atomic builtin of atomics/amd_builtins.c, one kernel each, for
// amd-builtins-codegen.test: which targets clang 19 emits each for (-DONLY=N: kernel N alone).
typedef _Float16 h2 __attribute__((ext_vector_type(2)));
typedef short s2 __attribute__((ext_vector_type(2)));
#if !defined(ONLY) || ONLY == 0
__attribute__((global)) void k0(double *p, double v) { __builtin_amdgcn_global_atomic_fadd_f64(p, v); }
#endif
#if !defined(ONLY) || ONLY == 1
__attribute__((global)) void k1(float *p, float v) { __builtin_amdgcn_global_atomic_fadd_f32(p, v); }
#endif
#if !defined(ONLY) || ONLY == 2
__attribute__((global)) void k2(h2 *p, h2 v) { __builtin_amdgcn_global_atomic_fadd_v2f16(p, v); }
#endif
#if !defined(ONLY) || ONLY == 3
__attribute__((global)) void k3(double *p, double v) { __builtin_amdgcn_global_atomic_fmin_f64(p, v); }
#endif
#if !defined(ONLY) || ONLY == 4
__attribute__((global)) void k4(double *p, double v) { __builtin_amdgcn_global_atomic_fmax_f64(p, v); }
#endif
#if !defined(ONLY) || ONLY == 5
__attribute__((global)) void k5(double *p, double v) { __builtin_amdgcn_flat_atomic_fadd_f64(p, v); }
#endif
#if !defined(ONLY) || ONLY == 6
__attribute__((global)) void k6(double *p, double v) { __builtin_amdgcn_flat_atomic_fmin_f64(p, v); }
#endif
#if !defined(ONLY) || ONLY == 7
__attribute__((global)) void k7(double *p, double v) { __builtin_amdgcn_flat_atomic_fmax_f64(p, v); }
#endif
#if !defined(ONLY) || ONLY == 8
__attribute__((global)) void k8(double *p, double v) { __builtin_amdgcn_ds_atomic_fadd_f64(p, v); }
#endif
#if !defined(ONLY) || ONLY == 9
__attribute__((global)) void k9(float *p, float v) { __builtin_amdgcn_ds_atomic_fadd_f32(p, v); }
#endif
#if !defined(ONLY) || ONLY == 10
__attribute__((global)) void k10(float *p, float v) { __builtin_amdgcn_flat_atomic_fadd_f32(p, v); }
#endif
#if !defined(ONLY) || ONLY == 11
__attribute__((global)) void k11(h2 *p, h2 v) { __builtin_amdgcn_flat_atomic_fadd_v2f16(p, v); }
#endif
#if !defined(ONLY) || ONLY == 12
__attribute__((global)) void k12(s2 *p, s2 v) { __builtin_amdgcn_flat_atomic_fadd_v2bf16(p, v); }
#endif
#if !defined(ONLY) || ONLY == 13
__attribute__((global)) void k13(s2 *p, s2 v) { __builtin_amdgcn_global_atomic_fadd_v2bf16(p, v); }
#endif
#if !defined(ONLY) || ONLY == 14
__attribute__((global)) void k14(s2 *p, s2 v) { __builtin_amdgcn_ds_atomic_fadd_v2bf16(p, v); }
#endif
#if !defined(ONLY) || ONLY == 15
__attribute__((global)) void k15(h2 *p, h2 v) { __builtin_amdgcn_ds_atomic_fadd_v2f16(p, v); }
#endif
