// Instantiations no call of the walk reaches are found two ways: a parse
// lists every function definition clang instantiated among the TU's
// children (an index that lists local declarations only; on a shared PCH
// with the PCH's facts, src/parse/pch_facts.h), a parse on a PCH without
// facts (CUATOMLINT_PCH_FACTS=0) runs libclang's indexing pass.  Both find the
// same ones: a class template's destructor and a member only a
// conversion reaches, an explicit instantiation, a kernel named by
// address, a generic lambda made a function pointer, a constexpr
// function evaluated in an array bound, a member of a class template
// named only in a static member's initializer.  An explicit
// specialization is written code, walked once, not as an instantiation.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 env CUATOMLINT_PCH=always %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 env CUATOMLINT_PCH=always CUATOMLINT_PCH_FACTS=0 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 env CUATOMLINT_PROFILE=1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --check-prefix=LISTED
// RUN: %expect-exit 1 env CUATOMLINT_PROFILE=1 CUATOMLINT_PCH=always %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --check-prefix=LISTED
// RUN: %expect-exit 1 env CUATOMLINT_PROFILE=1 CUATOMLINT_PCH=always CUATOMLINT_PCH_FACTS=0 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --check-prefix=INDEXED
// LISTED: walk (written code) {{[0-9]+/[0-9]+}} ms, walk (instantiations)
// INDEXED: walk (written code) {{[0-9]+/[0-9]+}} ms, indexing pass

template <class T> struct guard {
  volatile T *flag;
  __device__ ~guard() {
    while (*flag == T(0)) {
    }
  }
  // CHECK-DAG: instantiations-listed.cu:[[@LINE-3]]:12: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
  // CHECK-DAG: note: in instantiation 'guard<int>::~guard'; no automatic fix: the template's other instantiations share this loop
  __device__ operator bool() const {
    while (*flag == T(1)) {
    }
    return true;
  }
  // CHECK-DAG: instantiations-listed.cu:[[@LINE-4]]:12: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
};

__global__ void uses_guard(volatile int *f) {
  guard<int> g{f};
  if (g) {
  }
}

template <class T> __global__ void by_instantiation(volatile T *flag) {
  while (*flag == T(0)) {
  }
  // CHECK-DAG: instantiations-listed.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
}
template __global__ void by_instantiation<long>(volatile long *);

template <class T> __global__ void by_address(volatile T *flag) {
  while (*flag == T(0)) {
  }
  // CHECK-DAG: instantiations-listed.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
}

template <class T> __device__ void table_entry(volatile T *flag) {
  while (*flag == T(0)) {
  }
  // CHECK-DAG: instantiations-listed.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
}
typedef void (*entry_fn)(volatile int *);
template <class T> struct traits {
  static constexpr entry_fn entry = table_entry<T>;
};
__global__ void through_table(volatile int *f) {
  entry_fn e = traits<int>::entry;
  e(f);
}

template <int N> constexpr int size() { return N * 2; }
__device__ int table[size<4>()];

template <> __global__ void by_address<char>(volatile char *flag) {
  while (*flag == 0) {
  }
  // CHECK-DAG: instantiations-listed.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
}

__device__ void lambda_pointer(volatile int *f) {
  auto wait = [](auto *p) {
    while (*p == 0) {
    }
  };
  // CHECK-DAG: instantiations-listed.cu:[[@LINE-3]]:12: warning: spin-wait on volatile '*p'{{.*}}[volatile-sync]
  void (*fp)(volatile int *) = wait;
  fp(f);
}

void host(void **k) {
  *k = (void *)by_address<unsigned>;
}
