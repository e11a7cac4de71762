// Weak ld.cg polls and the build's targets: a helper choosing
// 'ld.acquire' from sm_70 and 'ld.cg' below it (CUTLASS's barrier.h) is
// judged by each target's parse: the acquire is right, and below sm_70,
// which has no ld.acquire, the ld.cg idiom is not judged.  A poll with no
// __CUDA_ARCH__ test is judged for a build that has a target from sm_70.
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_60,sm_90 --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 0 %builtin --cuda-arch=sm_60 --checks='-*,volatile-sync' %s 2>&1 | count 0

__device__ int payload;

__device__ __forceinline__ int ld_acquire(int *ptr) {
  int state = 0;
#if (__CUDA_ARCH__ >= 700)
  asm volatile("ld.global.acquire.gpu.b32 %0, [%1];\n" : "=r"(state) : "l"(ptr));
#else
  asm volatile("ld.cg.global.b32 %0, [%1];\n" : "=r"(state) : "l"(ptr));
#endif
  return state;
}
__global__ void wait_eq(int *flag, int val, int *out) {
  while (ld_acquire(flag) != val) {
  }
  *out = payload;
}

__device__ __forceinline__ int ld_cg(int *ptr) {
  int state;
  asm volatile("ld.cg.global.b32 %0, [%1];\n" : "=r"(state) : "l"(ptr));
  return state;
}
__global__ void wait_cg(int *flag, int val, int *out) {
  while (ld_cg(flag) != val) {
  }
  *out = payload;
}

// CHECK: {{.*}}.cu:32:10: warning: spin-wait through 'ld_cg()', whose inline PTX 'ld.cg.global' load is weak: it neither synchronizes threads nor orders memory, and the poll races with the writer; load with 'ld.acquire' (or a cuda::atomic_ref acquire load) in 'ld_cg' [volatile-sync]
// CHECK: {{.*}}.cu:28:3: note: the ld.cg.global load is here; no automatic fix: every caller of 'ld_cg' shares it, and loads of data through it would become acquire loads too; poll with an 'ld.acquire.sys' twin of it (with a "memory" clobber, so that the compiler keeps the loads after it) or a cuda::atomic_ref acquire load
