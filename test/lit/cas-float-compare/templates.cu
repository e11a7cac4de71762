// A float CAS compare in a template: the text is shared by every
// instantiation, so it is fixed only where the template's written
// comparison has floating operands that depend on no template parameter
// (then every instantiation compares the same types).  A comparison of
// 'T' values gets no fix, even where this file instantiates it only with
// float: another file may instantiate it with int.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,cas-float-compare' %s 2>&1 | FileCheck %s --implicit-check-not='[cas-float-compare]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,cas-float-compare' %s 2>&1 | FileCheck %s --implicit-check-not='[cas-float-compare]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cu
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,cas-float-compare' --fix %t/t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/t.cu

// Positive, fixed: the operation is a template parameter, the values are float.
template <class Op> __device__ float atomic_apply(float *addr, float v, Op op) {
  float old = *addr, assumed;
  do {
    assumed = old;
    old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed),
                                    __float_as_uint(op(assumed, v))));
  } while (assumed != old);
  // CHECK: t{{.*}}.cu:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: {{.*}} [cas-float-compare]
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-2]]:12-[[@LINE-2]]:19}:"__float_as_uint(assumed)"
  // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-3]]:23-[[@LINE-3]]:26}:"__float_as_uint(old)"
  // FIXED: } while (__float_as_uint(assumed) != __float_as_uint(old));
  return old;
}
struct Max { __device__ float operator()(float a, float b) const { return a > b ? a : b; } };
struct Add { __device__ float operator()(float a, float b) const { return a + b; } };

// Positive, fixed: a class template's member comparing doubles.
template <int N> struct Scaler {
  __device__ static double scale(double *addr) {
    unsigned long long *word = (unsigned long long *)addr;
    unsigned long long seen = *word, got;
    while (true) {
      got = atomicCAS(word, seen, __double_as_longlong(__longlong_as_double(seen) * N));
      if (__longlong_as_double(got) == __longlong_as_double(seen))
        break;
      // CHECK: t{{.*}}.cu:[[@LINE-2]]:11: warning: CAS loop compares 'double' values with '==' to decide whether to retry: {{.*}} [cas-float-compare]
      // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-3]]:11-[[@LINE-3]]:36}:"got"
      // CHECK: fix-it:"{{.*}}.cu":{[[@LINE-4]]:40-[[@LINE-4]]:66}:"seen"
      // FIXED: if (got == seen)
      seen = got;
    }
    return __longlong_as_double(got);
  }
};

// Positive, no fix: the compared type is the template parameter.
template <class T> __device__ T exchange_add(T *addr, T v) {
  T old = *addr, assumed;
  do {
    assumed = old;
    old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed), __float_as_uint(assumed + v)));
  } while (assumed != old);
  // CHECK: t{{.*}}.cu:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: {{.*}} [cas-float-compare]
  // CHECK: t{{.*}}.cu:[[@LINE-7]]:33: note: in instantiation 'exchange_add<float>'; no automatic fix: the template's other instantiations share this comparison; compare the bit patterns for floating-point types
  // FIXED: } while (assumed != old);
  return old;
}

// Positive, no fix: a member template of a class template, comparing the
// class's parameter type (its own pattern is fixed for no other T).
template <class T> struct Box {
  template <class U> __device__ static T add(T *addr, U v) {
    T old = *addr, assumed;
    do {
      assumed = old;
      old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed), __float_as_uint(assumed + v)));
    } while (assumed != old);
    // CHECK: t{{.*}}.cu:[[@LINE-1]]:14: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: {{.*}} [cas-float-compare]
    // CHECK: t{{.*}}.cu:[[@LINE-7]]:42: note: in instantiation 'Box<float>::add'; no automatic fix: the template's other instantiations share this comparison; compare the bit patterns for floating-point types
    // FIXED: } while (assumed != old);
    return old;
  }
};

__global__ void use(float *f, double *d) {
  atomic_apply(f, 1.0f, Max{});
  atomic_apply(f, 2.0f, Add{});
  Scaler<2>::scale(d);
  Scaler<3>::scale(d);
  exchange_add(f, 1.0f);
  Box<float>::add(f, 1.0f);
}
