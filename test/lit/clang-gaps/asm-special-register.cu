// REQUIRES: cuda-toolkit
// A PTX special register written with one '%' in an asm statement with
// operands ('mov.u64 %0, %globaltimer;': profilers, watchdogs, timeouts):
// nvcc passes it through to ptxas; clang reads an operand escape, rejects
// the string and drops the asm statement.  A known gap: no error, no partial
// parse, the kernel's finding is fixed.  '%%globaltimer' was always fine; a
// name that is no special register stays an error.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --verbose %s 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s -- -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL

#define DEVICE_GET_TIME(t) asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t))

__device__ unsigned long long now() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t)::"memory");
  return t;
}

__device__ unsigned long long now_macro() {
  unsigned long long t;
  DEVICE_GET_TIME(t);
  return t;
}

__device__ unsigned where(unsigned long long *lo) {
  unsigned sm, lane, x, e;
  asm("mov.u32 %0, %smid;" : "=r"(sm));
  asm("mov.u32 %0, %laneid;" : "=r"(lane));
  asm volatile("mov.u32 %0, " "%tid.x;" : "=r"(x));
  asm volatile("mov.u64 %0, %clock64;" : "=l"(*lo));
  asm volatile("mov.u32 %0, %envreg3;" : "=r"(e));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(*lo));
  return sm + lane + x + e;
}

__global__ void wait_with_timeout(volatile int *flag, int *out) {
  unsigned long long start = now();
  while (*flag == 0 && now_macro() - start < 1000000) {
  }
  *out = where(nullptr);
}
// CHECK: asm-special-register.cu:[[@LINE-4]]:10: warning: spin-wait on volatile '*flag'{{.*}} [volatile-sync]
// CHECK: fix-it:
// VERBOSE: asm-special-register.cu:16:{{[0-9]+}}: note: clang's error 'invalid % escape in inline assembly string' is a known clang-versus-nvcc difference (asm-special-register), not reported

#ifdef REAL_ERROR
__device__ unsigned bad() { unsigned t; asm("mov.u32 %0, %foo;" : "=r"(t)); return t; }
#endif
// REAL: asm-special-register.cu:[[@LINE-2]]:{{[0-9]+}}: error: invalid % escape in inline assembly string [clang-diagnostic-error]
