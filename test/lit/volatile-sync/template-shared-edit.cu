// A template's code is one text shared by every instantiation, here and in
// other translation units.  Its fix is offered where the edit is the same
// for each: the flag's type is written without the template's parameters
// (the pattern's expression has the instantiation's type).  Where the type
// depends on a parameter, or a local could lose volatile while statements
// other instantiations keep ('if constexpr') may use it, the edit differs
// or may break one of them: no fix, or the form that keeps the declaration.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/b.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fix %t/b.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/b.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fix %t/b.cu 2>&1 | FileCheck %s --check-prefix=AGAIN
// AGAIN: applied 0 fixes in 0 files

typedef unsigned long long u64;
struct Conn {
  volatile u64 *tail;
  void *volatile *slot;
};

// NCCL's shape: a class template over the element type whose member polls
// a connection's word; nothing here writes it, so system scope stays.
template <typename T, int N> struct Prims {
  Conn *conn;
  T *buf;
  __device__ void wait() {
    volatile u64 *tail = conn->tail;
    while (*tail < 5) {
    }
    buf[0] = T(1);
  }
  // CHECK: template-shared-edit.cu:[[@LINE-4]]:12: warning: spin-wait on volatile '*tail'{{.*}} [volatile-sync]
  // CHECK: template-shared-edit.cu:[[@LINE-5]]:12: note: no code of this translation unit writes '*tail'
  // CHECK: template-shared-edit.cu:[[@LINE-8]]:19: note: in instantiation 'Prims<float, 1>::wait'; the fix is the same for every instantiation: the type it names does not depend on the template's parameters
  // FIXED: while (cuda::atomic_ref<u64, cuda::thread_scope_system>{*const_cast<u64 *>(tail)}.load(cuda::memory_order_acquire) < 5) {

  // The stored value's type depends on T; it converts to the flag's type as
  // the assignment did, in every instantiation.
  __device__ void publish(T *p) {
    void *volatile *slot = conn->slot;
    while (*slot != nullptr) {
    }
    *slot = reinterpret_cast<T *>(p);
  }
  // CHECK: template-shared-edit.cu:[[@LINE-4]]:12: warning: spin-wait on volatile '*slot'{{.*}} [volatile-sync]
  // CHECK: template-shared-edit.cu:[[@LINE-7]]:19: note: in instantiation 'Prims<float, 1>::publish'; the fix is the same
  // CHECK: template-shared-edit.cu:[[@LINE-4]]:5: warning: store to volatile '*slot', which another thread polls{{.*}} [volatile-sync]
  // CHECK: template-shared-edit.cu:[[@LINE-7]]:12: note: '*slot' is polled here
  // CHECK: template-shared-edit.cu:[[@LINE-10]]:19: note: in instantiation 'Prims<float, 1>::publish'; the fix is the same
  // FIXED: while (cuda::atomic_ref<void *, cuda::thread_scope_device>{*const_cast<void * *>(slot)}.load(cuda::memory_order_acquire) != nullptr) {
  // FIXED: cuda::atomic_ref<void *, cuda::thread_scope_device>{*const_cast<void * *>(slot)}.store(reinterpret_cast<T *>(p), cuda::memory_order_release);

  // A local that can lose volatile does, where every instantiation has the
  // same statements.
  __device__ void wait_local(int *flags) {
    volatile int *f = flags;
    while (*f == 0) {
    }
    buf[1] = T(2);
  }
  // CHECK: template-shared-edit.cu:[[@LINE-4]]:12: warning: spin-wait on volatile '*f'{{.*}} [volatile-sync]
  // CHECK: template-shared-edit.cu:[[@LINE-5]]:12: note: no code of this translation unit writes '*f'
  // CHECK: template-shared-edit.cu:[[@LINE-8]]:19: note: in instantiation 'Prims<float, 1>::wait_local'; the fix is the same
  // FIXED: {{^}}    int *f = flags;
  // FIXED-NEXT: while (cuda::atomic_ref<int, cuda::thread_scope_system>{*f}.load(cuda::memory_order_acquire) == 0) {

  // With 'if constexpr', another instantiation keeps a use this one
  // discards: the declaration keeps volatile.
  __device__ void wait_constexpr(int *flags) {
    volatile int *g = flags;
    while (*g == 0) {
    }
    if constexpr (N > 1)
      buf[2] = T(*g);
  }
  // CHECK: template-shared-edit.cu:[[@LINE-5]]:12: warning: spin-wait on volatile '*g'{{.*}} [volatile-sync]
  // CHECK: template-shared-edit.cu:[[@LINE-6]]:12: note: no code of this translation unit writes '*g'
  // CHECK: template-shared-edit.cu:[[@LINE-9]]:19: note: in instantiation 'Prims<float, 1>::wait_constexpr'; the fix is the same
  // FIXED: {{^}}    volatile int *g = flags;
  // FIXED-NEXT: while (cuda::atomic_ref<int, cuda::thread_scope_system>{*const_cast<int *>(g)}.load(cuda::memory_order_acquire) == 0) {

  // A field of the class template: member functions this file does not
  // instantiate may use it, so it keeps volatile.
  volatile int *ready;
  __device__ void wait_field() {
    while (*ready == 0) {
    }
  }
  // CHECK: template-shared-edit.cu:[[@LINE-3]]:12: warning: spin-wait on volatile '*ready'{{.*}} [volatile-sync]
  // CHECK: template-shared-edit.cu:[[@LINE-4]]:12: note: no code of this translation unit writes '*ready'
  // CHECK: template-shared-edit.cu:[[@LINE-6]]:19: note: in instantiation 'Prims<float, 1>::wait_field'; the fix is the same
  // FIXED: {{^}}  volatile int *ready;
  // FIXED: while (cuda::atomic_ref<int, cuda::thread_scope_system>{*const_cast<int *>(ready)}.load(cuda::memory_order_acquire) == 0) {
};

// Near misses: the flag's type names the parameter, directly or through a
// member type: each instantiation would need its own edit.
template <typename T> __device__ void wait_typed(volatile T *f) {
  while (*f == 0) {
  }
}
// CHECK: template-shared-edit.cu:[[@LINE-3]]:10: warning: spin-wait on volatile '*f'{{.*}} [volatile-sync]
// CHECK: template-shared-edit.cu:[[@LINE-4]]:10: note: no code of this translation unit writes '*f'
// CHECK: template-shared-edit.cu:[[@LINE-6]]:39: note: in instantiation 'wait_typed<int>'; no automatic fix: the template's other instantiations share this loop
// FIXED: {{^}}  while (*f == 0) {

struct IntTraits {
  typedef int flag_type;
};
template <typename Tr> __device__ void wait_traits(volatile typename Tr::flag_type *f) {
  while (*f == 0) {
  }
}
// CHECK: template-shared-edit.cu:[[@LINE-3]]:10: warning: spin-wait on volatile '*f'{{.*}} [volatile-sync]
// CHECK: template-shared-edit.cu:[[@LINE-4]]:10: note: no code of this translation unit writes '*f'
// CHECK: template-shared-edit.cu:[[@LINE-6]]:40: note: in instantiation 'wait_traits<IntTraits>'; no automatic fix: the template's other instantiations share this loop

__global__ void k(Conn *c, float *fb, int *ib, int *flags, volatile int *vf, volatile int *r) {
  Prims<float, 1> a{c, fb, r};
  a.wait();
  a.publish(fb);
  a.wait_local(flags);
  a.wait_constexpr(flags);
  a.wait_field();
  Prims<int, 2> b{c, ib, r};
  b.wait();
  b.publish(ib);
  b.wait_local(flags);
  b.wait_constexpr(flags);
  b.wait_field();
  wait_typed(vf);
  wait_traits<IntTraits>(vf);
}
