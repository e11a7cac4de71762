// REQUIRES: cuda-toolkit
// Projects built with clang define their own fallbacks of the cache-hint
// stores and loads clang 19's wrapper lacks (NCCL's device headers:
// '__stwt(uint4 *, const uint4 &)'; RAPIDS' clang intrinsics header defines
// them all, as nvcc's headers declare them; some are __host__ __device__ or
// templates).  The prelude's own declarations must not collide with them:
// each user definition parses and wins, no error, no partial parse, and the
// kernel's misuse is found and fixed.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_75,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// Calls no toolkit overload takes stay errors, as with nvcc:
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s -- -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL

#if defined(__clang__) && defined(__CUDA__)
__device__ __forceinline__ void __stwt(uint4 *addr, const uint4 &val) {
  asm("st.global.wt.v4.u32 [%0], {%1,%2,%3,%4};" ::"l"(addr), "r"(val.x), "r"(val.y), "r"(val.z),
      "r"(val.w)
      : "memory");
}
__device__ __forceinline__ void __stwt(float4 *addr, float4 v) { *addr = v; }
__device__ __forceinline__ float __ldcg(const float *addr) { return *addr; }
__host__ __device__ __forceinline__ void __stcs(int *addr, int v) { *addr = v; }
template <class T> __device__ T __ldcs(const T *p) { return *p; }
template <class T> __device__ void __stcg(T *p, T v) { *p = v; }
#endif

__global__ void publish(uint4 *q, const uint4 *gfd, float4 *p, float *f, int *n, const int4 *b,
                        int4 *o, volatile int *ready) {
  while (*ready == 0) {
  }
  for (int i = 0; i < 4; i++)
    __stwt(q + i, gfd[i]);
  __stwt(p, *p);
  f[1] = __ldcg(f) + __ldca(f);
  __stcs(n, 3);
  int4 v = __ldcs(b);
  __stcg(o, v);
  __stwb(f + 2, 2.0);
}
// CHECK: user-cache-hint-fallback.cu:[[@LINE-11]]:10: warning: spin-wait on volatile '*ready'{{.*}} [volatile-sync]

#ifdef REAL_ERROR
struct pair { int a, b; };
__global__ void wrong(const pair *pp, volatile float *vf, const float *cf) {
  __ldca(pp);
  __ldcv(vf);
  __stwb(cf, 1.0f);
}
#endif
// REAL: user-cache-hint-fallback.cu:[[@LINE-5]]:3: error: no matching function for call to '__ldca' [clang-diagnostic-error]
// REAL: user-cache-hint-fallback.cu:[[@LINE-5]]:3: error: no matching function for call to '__ldcv' [clang-diagnostic-error]
// REAL: user-cache-hint-fallback.cu:[[@LINE-5]]:3: error: no matching function for call to '__stwb' [clang-diagnostic-error]
