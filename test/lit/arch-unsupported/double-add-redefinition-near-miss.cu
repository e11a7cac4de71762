// REQUIRES: cuda-toolkit
// Near misses of the unguarded atomicAdd(double *, double) finding: no
// arch-unsupported finding for any of them.
//  - guarded for the old targets' device passes only (two spellings nvcc
//    13 compiles for every -arch and the host pass): clean;
//  - another name, a namespace's own atomicAdd, a host function, another
//    signature: not the toolkit's function (nvcc rejects the host function
//    too, as its host pass defines the toolkit's one; clang does not, and
//    that is a miss, not this shape);
//  - the guide's literal guard ('__CUDA_ARCH__ < 600', in #if or #else
//    form): the host pass's redefinition stays clang's error with the
//    clang-gaps note (test/lit/clang-gaps/atomicadd-double-fallback.cu).
// RUN: %expect-exit 0 %cuatomlint --cuda-arch=sm_52,sm_90 %s -- -DGUARD_AND | count 0
// RUN: %expect-exit 0 %cuatomlint --cuda-arch=sm_52,sm_90 %s -- -DGUARD_ELSE | count 0
// RUN: %expect-exit 0 %cuatomlint --cuda-arch=sm_52,sm_61,sm_90 %s -- -DGUARD_ELSE | count 0
// RUN: %expect-exit 0 %cuatomlint --cuda-arch=sm_52,sm_90 %s -- -DOTHERS | count 0
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52,sm_90 %s -- -DGUIDE_IF 2>&1 | FileCheck %s --check-prefix=GUIDE --implicit-check-not='[arch-unsupported]'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52,sm_90 %s -- -DGUIDE_ELSE 2>&1 | FileCheck %s --check-prefix=GUIDE --implicit-check-not='[arch-unsupported]'
// The guarded forms compile with nvcc for each target and both at once:
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -DGUARD_AND -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90 -c %s -o %t/and.o
// RUN: nvcc -DGUARD_ELSE -arch=sm_90 -c %s -o %t/else.o
// RUN: nvcc -DOTHERS -arch=sm_75 -c %s -o %t/others.o
// GUIDE: error: redefinition of 'atomicAdd' [clang-diagnostic-error]
// GUIDE: note: nvcc rejects it too

#define CAS_LOOP_ADD                                                           \
  {                                                                            \
    unsigned long long *w = (unsigned long long *)p, old = *w, seen;           \
    do {                                                                       \
      seen = old;                                                              \
      old = atomicCAS(w, seen, __double_as_longlong(v + __longlong_as_double(seen))); \
    } while (seen != old);                                                     \
    return __longlong_as_double(old);                                          \
  }

#if defined(GUARD_AND)
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *p, double v) CAS_LOOP_ADD
#endif
#elif defined(GUARD_ELSE)
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double *p, double v) CAS_LOOP_ADD
#endif
#elif defined(GUIDE_IF)
#if __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *p, double v) CAS_LOOP_ADD
#endif
#elif defined(GUIDE_ELSE)
#if __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double *p, double v) CAS_LOOP_ADD
#endif
#elif defined(OTHERS)
__device__ double atomicAddDouble(double *p, double v) CAS_LOOP_ADD
namespace mylib {
__device__ double atomicAdd(double *p, double v) CAS_LOOP_ADD
}
__device__ float atomicAdd(double *p, float v) { return (float)atomicAddDouble(p, (double)v); }
struct Acc {
  __device__ double atomicAdd(double *p, double v) CAS_LOOP_ADD
};
#endif

__global__ void total(double *sum, const double *x) {
#if defined(OTHERS)
  atomicAddDouble(sum, x[threadIdx.x]);
  mylib::atomicAdd(sum, x[threadIdx.x]);
  Acc().atomicAdd(sum, 1.0);
#else
  atomicAdd(sum, x[threadIdx.x]);
#endif
}
