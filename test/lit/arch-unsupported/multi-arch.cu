// The same file for sm_52,sm_90 and for sm_90 alone; code preprocessed away
// for an arch is not judged for it; typedefs and template instantiations
// resolve to the operand type (a call whose type depends on the template's
// parameter gets no fix: it is shared by every instantiation); clang's "no
// matching function" error for an overload the sm_52 headers drop is
// superseded by the finding.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --check-prefix=OLD --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error' --implicit-check-not='partial parse'
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --check-prefix=OLD --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error' --implicit-check-not='partial parse'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52,sm_61,sm_90 %s 2>&1 | FileCheck %s --check-prefix=THREE --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 0 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_90 %s | count 0
// RUN: %expect-exit 0 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_90 %s | count 0
#include <cuda_fp16.h>

typedef double real_t;
using half_t = __half;

template <class T> __device__ T accumulate(T *p, T v) { return atomicAdd(p, v); }
// OLD: multi-arch.cu:[[@LINE-1]]:64: error: atomicAdd(__half*) needs sm_70; the build targets sm_52 [arch-unsupported]
// OLD: multi-arch.cu:[[@LINE-2]]:33: note: in instantiation 'accumulate<__half>'; no automatic fix: the template's other instantiations share this call
// OLD: multi-arch.cu:[[@LINE-3]]:64: note: atomicAdd(double*) needs sm_60; the build targets sm_52
// OLD: multi-arch.cu:[[@LINE-4]]:33: note: in instantiation 'accumulate<double>'; no automatic fix: the template's other instantiations share this call
// THREE: multi-arch.cu:[[@LINE-5]]:64: error: atomicAdd(__half*) needs sm_70; the build targets sm_52, sm_61 [arch-unsupported]
// THREE: multi-arch.cu:[[@LINE-6]]:64: note: atomicAdd(double*) needs sm_60; the build targets sm_52

__global__ void kernel(real_t *sum, half_t *h, int *n) {
  atomicAdd(sum, 1.0);
  // OLD: multi-arch.cu:[[@LINE-1]]:3: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // OLD: fix-it:"{{.*}}multi-arch.cu":{13:1-13:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_f64\n{{.*}}"
  // OLD: fix-it:"{{.*}}multi-arch.cu":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"cuatomlint_atomicAdd_f64"
  // THREE: multi-arch.cu:[[@LINE-4]]:3: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  accumulate(sum, 2.0);
  accumulate(h, half_t(1.0f));
  accumulate(n, 1);
#if __CUDA_ARCH__ >= 600
  atomicAdd(sum, 3.0);		// not judged for sm_52
  atomicAdd_block(n, 1);
#else
  atomicAdd(n, 3);
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
  atomicAdd((unsigned *)n, 1u);
#else
  atomicAdd(h, half_t(2.0f));	// sm_90 only
#endif
}
