// The indexing pass (instantiations no call of the walk reaches, in a parse
// on a shared PCH without its facts, CUATOMLINT_PCH=always CUATOMLINT_PCH_FACTS=0; a parse lists them:
// instantiations-listed.cu) runs only where the written code needs it: a
// template called directly is walked through its call; one named by
// address, or explicitly instantiated, still needs the pass, each alone too.  The pass reports function-local symbols
// only where a template's body names nothing else (a spin on a parameter,
// whose operator is a builtin one once instantiated), or holds an
// 'if constexpr' that may discard what names something else.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --check-prefixes=CALLED,ADDR,INST --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 env CUATOMLINT_PCH=always CUATOMLINT_PCH_FACTS=0 %builtin --checks='-*,volatile-sync' %s -- -DNO_INST 2>&1 | FileCheck %s --check-prefixes=CALLED,ADDR --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 env CUATOMLINT_PCH=always CUATOMLINT_PCH_FACTS=0 %builtin --checks='-*,volatile-sync' %s -- -DNO_ADDR 2>&1 | FileCheck %s --check-prefixes=CALLED,INST --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s -- -DNO_INST 2>&1 | FileCheck %s --check-prefixes=CALLED,ADDR --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s -- -DNO_ADDR 2>&1 | FileCheck %s --check-prefixes=CALLED,INST --implicit-check-not='[volatile-sync]'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s -- -DNO_ADDR -DNO_INST 2>&1 | FileCheck %s --check-prefixes=CALLED --implicit-check-not='[volatile-sync]'

template <class T> __global__ void called(volatile T *flag) {
  while (*flag == T(0)) {
  }
  // CALLED: instantiations-indexer.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
  // CALLED: note: in instantiation 'called<int>'; no automatic fix: the template's other instantiations share this loop
}

template <class T> __global__ void by_address(volatile T *flag) {
  while (*flag == T(0)) {
  }
  // ADDR: instantiations-indexer.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
  // ADDR: note: in instantiation 'by_address<unsigned int>'; no automatic fix: the template's other instantiations share this loop
}

template <class T> __global__ void by_instantiation(volatile T *flag) {
  while (*flag == T(0)) {
  }
  // INST: instantiations-indexer.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*flag'{{.*}}[volatile-sync]
  // INST: note: in instantiation 'by_instantiation<long>'; no automatic fix: the template's other instantiations share this loop
}
#ifndef NO_INST
template __global__ void by_instantiation<long>(volatile long *);
#endif

#ifndef NO_INST
template <class T> __global__ void wait_or_add(volatile T *p) {
  if constexpr (sizeof(T) == 8) {
    atomicAdd((unsigned long long *)p, 1ull);
  } else {
    while (*p == 0) {
    }
  }
  // INST: instantiations-indexer.cu:[[@LINE-3]]:12: warning: spin-wait on volatile '*p'{{.*}}[volatile-sync]
  // INST: note: in instantiation 'wait_or_add<int>'; no automatic fix: the template's other instantiations share this loop
}
template __global__ void wait_or_add<int>(volatile int *);
template __global__ void wait_or_add<unsigned long long>(volatile unsigned long long *);
#endif

void host(int *p, void **k) {
  called<<<1, 1>>>(p);
#ifndef NO_ADDR
  *k = (void *)by_address<unsigned>;
#endif
}
