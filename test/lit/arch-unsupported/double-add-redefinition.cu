// REQUIRES: cuda-toolkit
// A project's own atomicAdd(double *, double) CAS-loop fallback defined for
// every target: CUDA's headers define the native one from sm_60 and in
// nvcc's host pass, so nvcc rejects the file ("already defined").  Reported
// at the definition for the sm_60+ targets (in place of clang's
// "redefinition" error, so the parse is not partial and the volatile-sync
// fix of the same file is still offered); the fix keeps the definition for
// the device passes below sm_60 only.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --check-prefixes=CHECK,FIXIT --implicit-check-not='error:' --implicit-check-not='partial'
// This file tests __CUDA_ARCH__ (at its end: a mention in a comment tests
// nothing), so it is also parsed for the host, where nvcc's headers define
// the function too.  Several targets: the
// finding names those from sm_60 and the host; sm_52 alone still gets the
// host's finding (double-add-redefinition-plain.cu: a file with no arch test).
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52,sm_90 %s 2>&1 | FileCheck %s --check-prefix=MULTI --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52 --checks='-*,arch-unsupported' %s 2>&1 | FileCheck %s --check-prefix=OLD --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52,sm_61,sm_75 %s 2>&1 | FileCheck %s --check-prefix=THREE --implicit-check-not='error:' --implicit-check-not='partial'
// With the check off, clang's error is the user's again:
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --check-prefix=OFF
// The fix, on a copy; the fixed file is clean and compiles with nvcc for
// one target, another, and both at once (each -gencode pass and the host pass).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_52,sm_90 --fix %t/k.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --match-full-lines --strict-whitespace < %t/k.cu
// RUN: %expect-exit 0 %cuatomlint --cuda-arch=sm_52,sm_90 %t/k.cu | count 0
// RUN: nvcc -arch=sm_75 -c %t/k.cu -o %t/k75.o
// RUN: nvcc -arch=sm_90 -c %t/k.cu -o %t/k90.o
// RUN: nvcc -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90 -c %t/k.cu -o %t/kmulti.o
// The unfixed file is nvcc's error too:
// RUN: not nvcc -arch=sm_90 -c %s -o %t/before.o 2>&1 | FileCheck %s --check-prefix=NVCC
// NVCC: error: function "atomicAdd(double *, double)" has already been defined

__device__ double atomicAdd(double *address, double val)
{
    unsigned long long *word = (unsigned long long *)address;
    unsigned long long old = *word, assumed;

    do {
        assumed = old;
        old = atomicCAS(word, assumed,
                        __double_as_longlong(val + __longlong_as_double((long long)assumed)));
    } while (assumed != old); // integer compare: a NaN never spins
    return __longlong_as_double((long long)old);
}
// CHECK: double-add-redefinition.cu:[[@LINE-12]]:19: error: 'atomicAdd(double *, double)' defined here redefines the CUDA toolkit's own (its headers define it from sm_60 and in nvcc's host pass) when compiled for host, sm_90; only the legacy CAS-loop fallback below sm_60 may define it [arch-unsupported]
// FIXIT: fix-it:"{{.*}}double-add-redefinition.cu":{[[@LINE-13]]:1-[[@LINE-13]]:1}:"#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600\n"
// FIXIT: fix-it:"{{.*}}double-add-redefinition.cu":{[[@LINE-3]]:2-[[@LINE-3]]:2}:"\n#endif"
// MULTI: double-add-redefinition.cu:[[@LINE-15]]:19: error: 'atomicAdd(double *, double)' defined here redefines the CUDA toolkit's own (its headers define it from sm_60 and in nvcc's host pass) when compiled for host, sm_90; only the legacy CAS-loop fallback below sm_60 may define it [arch-unsupported]
// THREE: double-add-redefinition.cu:[[@LINE-16]]:19: error: 'atomicAdd(double *, double)' defined here redefines the CUDA toolkit's own (its headers define it from sm_60 and in nvcc's host pass) when compiled for host, sm_61, sm_75; only the legacy CAS-loop fallback below sm_60 may define it [arch-unsupported]
// OLD: double-add-redefinition.cu:[[@LINE-17]]:19: error: 'atomicAdd(double *, double)' defined here redefines the CUDA toolkit's own (its headers define it from sm_60 and in nvcc's host pass) when compiled for host; only the legacy CAS-loop fallback below sm_60 may define it [arch-unsupported]
// OFF: double-add-redefinition.cu:[[@LINE-18]]:19: error: redefinition of 'atomicAdd' [clang-diagnostic-error]

__global__ void sum(double *total, const double *x, volatile int *go)
{
    while (!*go) {}
    atomicAdd(total, x[threadIdx.x]);
}
// CHECK: double-add-redefinition.cu:[[@LINE-3]]:13: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
// FIXIT: fix-it:"{{.*}}double-add-redefinition.cu":{[[@LINE-4]]:13-[[@LINE-4]]:16}:"cuda::atomic_ref<int, cuda::thread_scope_device>

__global__ void start(int *go) { *go = 1; }

#ifdef __CUDA_ARCH__
#define COMPILED_FOR_DEVICE 1
#endif

// FIXED:#ifndef CUATOMLINT_ACQUIRE_LOAD
// FIXED:#endif
// FIXED-EMPTY:
// FIXED-NEXT:#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
// FIXED-NEXT:__device__ double atomicAdd(double *address, double val)
// FIXED:    } while (assumed != old); // integer compare: a NaN never spins
// FIXED-NEXT:    return __longlong_as_double((long long)old);
// FIXED-NEXT:}
// FIXED-NEXT:#endif
// FIXED-NEXT:// CHECK: {{.*}}
// FIXED:__global__ void sum(double *total, const double *x, int *go)
