// Two C++ spellings in templates that nvcc accepts and clang 19 refuses,
// both from NCCL's symmetric kernels: a member type of a dependent decltype
// without 'typename' ('sizeof(decltype(srcPtr)::ElementType)'), and an
// explicit destructor call written with the 'template' keyword
// ('outbox.template ~Session<Coop>()').  clang recovers from both as nvcc
// reads them: known gaps, no error, no partial parse, and the kernel's
// finding keeps its fix.  A missing 'typename' before another dependent
// name stays an error (nvcc 13 refuses 'T::ElementType x;' too).
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --verbose %s 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s -- -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL

template <typename T> struct SymPtr {
  typedef T ElementType;
  T *p;
};

template <typename Coop> struct Session {
  __device__ ~Session() {}
};

template <typename Coop> struct Outbox {
  template <typename S> __device__ void close() {}
};

template <typename P> __device__ int elem_bytes(P srcPtr, int n) {
  return n * (int)sizeof(decltype(srcPtr)::ElementType);
}

template <typename Coop> __device__ void finish(Session<Coop> &outbox) {
  outbox.template ~Session<Coop>();
}

#ifdef REAL_ERROR
template <typename T> __device__ int real(T t) { T::ElementType x = 0; return (int)x; }
template __device__ int real<SymPtr<int>>(SymPtr<int>);
#endif
// REAL: nccl-dependent-names.cu:[[@LINE-3]]:50: error: missing 'typename' prior to dependent type name 'T::ElementType' [clang-diagnostic-error]

__global__ void k(volatile int *flag, SymPtr<float> s, int *out) {
  Session<int> outbox;
  while (*flag == 0) {
  }
  *out = elem_bytes(s, 4);
  finish(outbox);
}
// CHECK: nccl-dependent-names.cu:[[@LINE-5]]:10: warning: spin-wait on volatile '*flag'{{.*}} [volatile-sync]
// CHECK: fix-it:
// VERBOSE-DAG: nccl-dependent-names.cu:27:26: note: clang's error 'missing 'typename' prior to dependent type name 'decltype(srcPtr)::ElementType'' is a known clang-versus-nvcc difference (typename-before-decltype-member), not reported
// VERBOSE-DAG: nccl-dependent-names.cu:31:10: note: clang's error ''template' keyword not permitted in destructor name' is a known clang-versus-nvcc difference (template-keyword-destructor), not reported
