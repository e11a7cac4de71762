// cuda-samples' conjugateGradientMultiDeviceCG writes inline-asm operands
// with no comma between them ('::"r"(v) "l"(p)'); nvcc accepts it, clang
// stops with "expected ')'" at the second constraint.  A known gap: no
// finding, no partial parse, fixes in the file not withheld, --verbose names
// it.  The same error elsewhere stays one: outside an asm statement, in an
// asm's template (no ':' before it), and at an operand that is no string.
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --verbose %s 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s -- -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL --implicit-check-not='error:'

__device__ void store_arrived(unsigned char *arrived, unsigned char val) {
  unsigned int reg_val = val;
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(reg_val) "l"(arrived) : "memory");
  __asm__ __volatile__("st.release.sys.global.u8 [%1], %0;"
                       :
                       : "r"(reg_val)
                         "l"(arrived)
                       : "memory");
}
// VERBOSE: asm-operand-comma.cu:13:68: note: clang's error 'expected ')'' is a known clang-versus-nvcc difference (asm-operand-comma), not reported
// VERBOSE: asm-operand-comma.cu:17:26: note: clang's error 'expected ')'' is a known clang-versus-nvcc difference (asm-operand-comma), not reported

__global__ void wait(volatile int *go, unsigned char *arrived) {
  while (!*go) {}
  store_arrived(arrived, 1);
}
// CHECK: asm-operand-comma.cu:[[@LINE-3]]:11: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
// CHECK: fix-it:"{{.*}}asm-operand-comma.cu":{[[@LINE-4]]:11-[[@LINE-4]]:14}:

#ifdef REAL_ERROR
__device__ int f(int a, int b);
__device__ void not_asm(int v) {
  f((v) "l");
  // REAL: asm-operand-comma.cu:[[@LINE-1]]:9: error: expected ')' [clang-diagnostic-error]
  asm volatile("nop;" ("x") "y");
  // REAL: asm-operand-comma.cu:[[@LINE-1]]:23: error: expected ')' [clang-diagnostic-error]
  asm volatile("mov.u32 %0, %0;" : "+r"(v) 5);
  // REAL: asm-operand-comma.cu:[[@LINE-1]]:44: error: expected ')' [clang-diagnostic-error]
}
#endif
