// REQUIRES: cuda-toolkit
// Near misses of the atomicAdd(double *) gap stay errors: a float
// atomicAdd the toolkit defines for every target (clang's error), and a
// double one at sm_60 and above, where nvcc's headers define it too
// (arch-unsupported says so: test/lit/arch-unsupported/double-add-redefinition.cu).
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52 %s 2>&1 | FileCheck %s --check-prefix=OLD --implicit-check-not='error:'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s -- -DDOUBLE 2>&1 | FileCheck %s --check-prefix=NEW --implicit-check-not='error:'

#ifdef DOUBLE
__device__ double atomicAdd(double *p, double v) { return *p += v; }
// NEW: real-redefinition.cu:[[@LINE-1]]:19: error: 'atomicAdd(double *, double)' defined here redefines the CUDA toolkit's own {{.*}} [arch-unsupported]
#else
__device__ float atomicAdd(float *p, float v) { return *p += v; }
// OLD: real-redefinition.cu:[[@LINE-1]]:18: error: redefinition of 'atomicAdd' [clang-diagnostic-error]
#endif
