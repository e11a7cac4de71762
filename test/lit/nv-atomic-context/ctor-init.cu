// RUN: not %cuatomlint --checks='-*,nv-atomic-context' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not=fix-it
// RUN: not %builtin --checks='-*,nv-atomic-context' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-context]' --implicit-check-not=fix-it

// A builtin in a constructor's member-initializer list: nvcc rejects it.
// The fix moves it into the body as an assignment when the member is assignable.

#define LOAD_RELAXED(p) __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)

struct Only {
  int a;
  __device__ Only(int *b) : a(__nv_atomic_load_n(b, __NV_ATOMIC_RELAXED)) {}
  // CHECK: ctor-init.cu:[[@LINE-1]]:31: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'Only': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-2]]:26-[[@LINE-2]]:74}:""
  // CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-3]]:76-[[@LINE-3]]:76}:" a = __nv_atomic_load_n(b, __NV_ATOMIC_RELAXED); "
};

struct Several {
  unsigned first, counter;
  float *ptr;
  const int fixed;
  __device__ Several(unsigned *c, float *p)
      : first(__nv_atomic_fetch_add(c, 1u, __NV_ATOMIC_RELAXED)),
        // CHECK: ctor-init.cu:[[@LINE-1]]:15: error: '__nv_atomic_fetch_add' called in the member initializer list of constructor 'Several': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
        // CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-2]]:8-[[@LINE-2]]:66}:""
        // CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE+6]]:4-[[@LINE+6]]:4}:"\n    first = __nv_atomic_fetch_add(c, 1u, __NV_ATOMIC_RELAXED);"
        counter(0),
        ptr(p),
        fixed(__nv_atomic_load_n((int *)c, __NV_ATOMIC_ACQUIRE))
  // CHECK: ctor-init.cu:[[@LINE-1]]:15: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'Several': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: ctor-init.cu:[[@LINE-2]]:15: note: the member is not assignable (const, reference or class type); initialize it from a __device__ helper function that makes the call
  {
    counter = 1;
  }
};

struct Later {
  int a, b;
  __device__ Later(int *p) : a(0), b(LOAD_RELAXED(p)) {
    // CHECK: ctor-init.cu:[[@LINE-1]]:38: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'Later': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
    // CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-2]]:34-[[@LINE-2]]:54}:""
    // CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-3]]:56-[[@LINE-3]]:56}:"\n    b = LOAD_RELAXED(p);"
    a += 1;
  }
};

struct InLambda {
  int a;
  __device__ InLambda(int *p) : a([&] { return __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED); }()) {
  }
  // CHECK: ctor-init.cu:[[@LINE-2]]:48: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'InLambda': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-3]]:30-[[@LINE-3]]:96}:""
  // CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-4]]:98-[[@LINE-4]]:98}:"\n    a = [&] { return __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED); }();"
};

struct Base { __device__ Base(int) {} };
struct Derived : Base {
  __device__ Derived(int *p) : Base(__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)) {}
  // CHECK: ctor-init.cu:[[@LINE-1]]:37: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'Derived': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  // CHECK: ctor-init.cu:[[@LINE-2]]:32: note: only a member's initializer can move into the body
};

// Other places nvcc rejects: a default member initializer, a default argument.
struct Defaulted {
  int *src;
  int a = __nv_atomic_load_n(src, __NV_ATOMIC_RELAXED);
  // CHECK: ctor-init.cu:[[@LINE-1]]:11: error: '__nv_atomic_load_n' called in the default member initializer of 'a': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
  __device__ Defaulted(int *p) : src(p) {}
};
__device__ int with_default(int *p, int v = __nv_atomic_load_n((int *)0, __NV_ATOMIC_RELAXED));
// CHECK: ctor-init.cu:[[@LINE-1]]:45: error: '__nv_atomic_load_n' called in the default argument of parameter 'v': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]

// Negative: calls in constructor bodies, function bodies and lambda bodies;
// a helper called from an initializer has the call in its own body.
template <class T> __device__ T load_helper(T *p) { return __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED); }
struct Good {
  int a, b;
  __device__ Good(int *p) : a(load_helper(p)) {
    b = __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE);
    auto l = [&] { return __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED); };
    b += l();
  }
};
__device__ int body(int *p) { return __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED); }

// Negative: in a comment: Y(int *b) : a(__nv_atomic_load_n(b, 0)) {}
const char *text = ": a(__nv_atomic_load_n(b, __NV_ATOMIC_RELAXED)) {}";

// An out-of-line constructor: the body's indentation is guessed (4 spaces).
struct OutOfLine {
  int a;
  __device__ OutOfLine(int *b);
};
__device__ OutOfLine::OutOfLine(int *b)
    : a(__nv_atomic_load_n(b, __NV_ATOMIC_RELAXED))
{
}
// CHECK: ctor-init.cu:[[@LINE-3]]:9: error: '__nv_atomic_load_n' called in the member initializer list of constructor 'OutOfLine': nvcc accepts __nv_atomic_* builtins only as direct calls in a function body [nv-atomic-context]
// CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-5]]:40-[[@LINE-4]]:52}:""
// CHECK: fix-it:"{{.*}}ctor-init.cu":{[[@LINE-4]]:2-[[@LINE-4]]:2}:"\n    a = __nv_atomic_load_n(b, __NV_ATOMIC_RELAXED);"
