// Legacy atomics of facts table A on a build for sm_52 and sm_90.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
#include <cuda_fp16.h>
#include <cuda_bf16.h>

struct alignas(16) Pair { long long a, b; };

__global__ void table_a(double *d, __half *h, __half2 *h2, __nv_bfloat16 *b,
                        __nv_bfloat162 *b2, float2 *f2, float4 *f4,
                        unsigned short *us, Pair *pp, int *i, float *f,
                        unsigned long long *ull, long long *ll) {
  atomicAdd(d, 1.0);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}legacy.cu":{6:1-6:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_f64\n#define CUATOMLINT_HAVE_cuatomlint_atomicAdd_f64\n{{.*}}__device__ __forceinline__ double cuatomlint_atomicAdd_f64(double *address, double val)\n{\n#if (defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600) || defined(CUATOMLINT_FORCE_FALLBACKS)\n{{.*}}atomicCAS(word, assumed{{.*}}#else\n    return atomicAdd(address, val);\n#endif\n}\n#endif\n\n"
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuatomlint_atomicAdd_f64"
  atomicAdd(h, __half(1.0f));
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicAdd(__half*) needs sm_70; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}legacy.cu":{6:1-6:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_f16\n{{.*}}__CUDA_ARCH__ < 700{{.*}}"
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuatomlint_atomicAdd_f16"
  atomicAdd(h2, *h2);
  // CHECK: legacy.cu:[[@LINE-1]]:3: note: atomicAdd(__half2*) is emulated with a CAS loop by the CUDA 13 headers on sm_52 (native from sm_60) [arch-unsupported]
  atomicAdd(b, *b);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicAdd(__nv_bfloat16*) needs sm_70; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}legacy.cu":{6:1-6:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_bf16\n{{.*}}__CUDA_ARCH__ < 800{{.*}}"
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuatomlint_atomicAdd_bf16"
  atomicAdd(b2, *b2);
  // CHECK: legacy.cu:[[@LINE-1]]:3: note: atomicAdd(__nv_bfloat162*) is emulated with a CAS loop by the CUDA 13 headers on sm_52 (native from sm_80) [arch-unsupported]
  atomicAdd(f2, make_float2(1.f, 2.f));
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicAdd(float2*) needs sm_90; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}legacy.cu":{6:1-6:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_float2\n{{.*}}__CUDA_ARCH__ < 900{{.*}}r.x = atomicAdd(&address->x, val.x);{{.*}}"
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuatomlint_atomicAdd_float2"
  atomicAdd(f4, make_float4(1.f, 2.f, 3.f, 4.f));
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicAdd(float4*) needs sm_90; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}legacy.cu":{6:1-6:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_float4\n{{.*}}"
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuatomlint_atomicAdd_float4"
  atomicCAS(us, (unsigned short)1, (unsigned short)2);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicCAS(unsigned short*) needs sm_70; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}legacy.cu":{6:1-6:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicCAS_u16\n{{.*}}"
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuatomlint_atomicCAS_u16"
  Pair want{1, 2}, put{3, 4};
  atomicCAS(pp, want, put);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicCAS(Pair*) on a 16-byte type needs sm_90; the build targets sm_52; no automatic fix: no 16-byte atomic exists below sm_90 [arch-unsupported]
  // CHECK-NOT: fix-it:
  atomicExch(pp, put);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicExch(Pair*) on a 16-byte type needs sm_90; the build targets sm_52; no automatic fix: no 16-byte atomic exists below sm_90 [arch-unsupported]
  // CHECK-NOT: fix-it:
  atomicAdd_block(i, 1);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicAdd_block(int*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK-NEXT: [[@LINE-2]] |   atomicAdd_block(i, 1);
  // CHECK-NEXT: |   ^~~~~~~~~~~~~~~~~~~~~
  // CHECK-NEXT: fix-it:"{{.*}}legacy.cu":{[[@LINE-4]]:3-[[@LINE-4]]:18}:"atomicAdd"
  atomicExch_block(f, 1.f);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicExch_block(float*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:19}:"atomicExch"
  atomicCAS_system(ull, 1ull, 2ull);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicCAS_system(unsigned long long*) needs sm_60; the build targets sm_52; no automatic fix: no fallback gives system scope below sm_60 [arch-unsupported]
  // CHECK-NOT: fix-it:
  atomicAdd_block(d, 1.0);
  // CHECK: legacy.cu:[[@LINE-1]]:3: error: atomicAdd_block(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}legacy.cu":{6:1-6:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_f64\n{{.*}}"
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-3]]:3-[[@LINE-3]]:18}:"cuatomlint_atomicAdd_f64"

  // Negative: supported on every target of the build.
  atomicAdd(i, 1);
  atomicAdd(f, 1.f);
  atomicAdd(ull, 1ull);
  atomicExch(i, 2);
  atomicCAS(i, 1, 2);
  atomicMin(ll, 3ll);
  atomicMax(ull, 3ull);
  atomicAnd(ull, 3ull);
  atomicSub(i, 1);
  atomicInc((unsigned *)i, 7u);
}

// Negative: a project's own function named like a CUDA atomic.
struct Mine { int v; };
__device__ Mine atomicAdd(Mine *p, Mine v) { return *p; }
__device__ void own(Mine *m) { atomicAdd(m, Mine{1}); }

// Negative: host code, comments and strings: atomicAdd(d, 1.0)
void host_side(double *d) { const char *s = "atomicAdd(d, 1.0)"; (void)s; (void)d; }
