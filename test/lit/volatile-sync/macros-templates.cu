// Misuse expanded from a macro is reported at the use site, without a fix;
// templates are judged per instantiation.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'

#define WAIT_ON(f) while (*(f) == 0) {}
#define IS_SET(f) (*(f) != 0)

__global__ void macro_wait(volatile int *flag, volatile int *other) {
  WAIT_ON(flag);
  // CHECK: macros-templates.cu:[[@LINE-1]]:3: warning: spin-wait on volatile 'flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  while (!IS_SET(other)) {
  }
  // CHECK: macros-templates.cu:[[@LINE-2]]:11: warning: spin-wait on volatile 'other': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
}

// The instantiation with a volatile type argument is wrong, the other is not.
template <class T> __device__ void wait_for(T *p) {
  while (*p == 0) {
  }
  // CHECK: macros-templates.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*p': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: macros-templates.cu:[[@LINE-4]]:36: note: in instantiation 'wait_for<volatile int>'; no automatic fix: the template's other instantiations share this loop
}

// volatile written in the template: every instantiation is wrong; the fix
// would depend on T, so none is offered.
template <class T> __device__ T spin_on(volatile T *p) {
  while (*p == T(0)) {
  }
  // CHECK: macros-templates.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*p': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: macros-templates.cu:[[@LINE-4]]:33: note: in instantiation 'spin_on<unsigned int>'; no automatic fix: the template's other instantiations share this loop
  return *p;
}

// A member of a class template over the element type: the flag's rewrite
// would be shared by every Channel<T>, so it is reported without a fix.
template <class T> struct Channel {
  volatile T *ready;
  __device__ void wait() {
    while (*ready == T(0)) {
    }
    // CHECK: macros-templates.cu:[[@LINE-2]]:12: warning: spin-wait on volatile '*ready': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
    // CHECK: macros-templates.cu:[[@LINE-4]]:19: note: in instantiation 'Channel<int>::wait'; no automatic fix: the template's other instantiations share this loop
  }
};

__global__ void use_templates(volatile int *vf, int *f, volatile unsigned *u, Channel<int> c) {
  wait_for(vf);
  wait_for(f);
  spin_on(u);
  c.wait();
}
