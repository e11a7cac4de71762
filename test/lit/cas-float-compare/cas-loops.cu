// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,cas-float-compare' %s 2>&1 | FileCheck %s --implicit-check-not='[cas-float-compare]'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,cas-float-compare' %s 2>&1 | FileCheck %s --implicit-check-not='[cas-float-compare]'
#include <cuda/atomic>

// The classic float CAS loop comparing floats: never ends once *addr is NaN.
__device__ float add_float(float *addr, float v) {
  float old = *addr, assumed;
  do {
    assumed = old;
    old = __int_as_float(atomicCAS((int *)addr, __float_as_int(assumed), __float_as_int(assumed + v)));
  } while (assumed != old);
  // CHECK: cas-loops.cu:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK: fix-it:"{{.*}}cas-loops.cu":{[[@LINE-2]]:12-[[@LINE-2]]:19}:"__float_as_uint(assumed)"
  // CHECK: fix-it:"{{.*}}cas-loops.cu":{[[@LINE-3]]:23-[[@LINE-3]]:26}:"__float_as_uint(old)"
  return old;
}

// The same with double, a while (true) loop and an 'if (...) break'.
__device__ double max_double(double *addr, double v) {
  unsigned long long *word = (unsigned long long *)addr;
  double old = *addr;
  while (true) {
    double assumed = old;
    if (assumed >= v)
      break;
    old = __longlong_as_double(atomicCAS(word, __double_as_longlong(assumed), __double_as_longlong(v)));
    if (old == assumed)
      break;
    // CHECK: cas-loops.cu:[[@LINE-2]]:9: warning: CAS loop compares 'double' values with '==' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
    // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:9-[[@LINE-3]]:12}:"__double_as_longlong(old)"
    // CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:16-[[@LINE-4]]:23}:"__double_as_longlong(assumed)"
  }
  return old;
}

// cuda::atomic_ref compare_exchange with a float retry test.
__device__ float mul_ref(float &x, float v) {
  cuda::atomic_ref<float, cuda::thread_scope_device> r(x);
  float expected = r.load(), seen;
  do {
    seen = expected;
    r.compare_exchange_strong(expected, seen * v);
  } while (expected != seen);
  // CHECK: cas-loops.cu:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:12-[[@LINE-2]]:20}:"__float_as_uint(expected)"
  // CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:24-[[@LINE-3]]:28}:"__float_as_uint(seen)"
  return expected;
}

// Negative: the Programming Guide's atomicAdd(double) compares the words.
__device__ double add_double_ok(double *address, double val) {
  unsigned long long *address_as_ull = (unsigned long long *)address;
  unsigned long long old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

// Negative: a compare_exchange loop that retries on its bool result.
__device__ float add_ref_ok(float &x, float v) {
  cuda::atomic_ref<float, cuda::thread_scope_device> r(x);
  float expected = r.load();
  while (!r.compare_exchange_weak(expected, expected + v)) {
  }
  return expected;
}

// Negative: float compares in loops without a CAS, and compares the CAS
// does not feed.
__device__ int count_equal(const float *a, float key, int n) {
  int c = 0;
  for (int i = 0; i < n && a[i] != key; i++)
    c++;
  return c;
}

// A macro: reported at the use site, no fix.
#define SAME(a, b) ((a) == (b))
__device__ float min_float(float *addr, float v) {
  float old = *addr;
  for (;;) {
    float assumed = old;
    old = __int_as_float(atomicCAS((int *)addr, __float_as_int(assumed), __float_as_int(assumed < v ? assumed : v)));
    if (SAME(old, assumed))
      return old;
    // CHECK: cas-loops.cu:[[@LINE-2]]:9: warning: CAS loop compares 'float' values with '==' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
    // CHECK-NOT: fix-it
  }
}

// Templates: only the float instantiation is flagged, without a fix (the
// pattern also serves the int instantiation).
__device__ unsigned as_word(float f) { return __float_as_uint(f); }
__device__ unsigned as_word(int i) { return (unsigned)i; }
__device__ float from_word(unsigned w, float) { return __uint_as_float(w); }
__device__ int from_word(unsigned w, int) { return (int)w; }
template <class T> __device__ T exchange_max(T *addr, T v) {
  T old = *addr, assumed;
  do {
    assumed = old;
    old = from_word(atomicCAS((unsigned *)addr, as_word(assumed), as_word(assumed > v ? assumed : v)), T());
  } while (assumed != old);
  // CHECK: cas-loops.cu:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK: cas-loops.cu:[[@LINE-7]]:33: note: in instantiation 'exchange_max<float>'; no automatic fix: the template's other instantiations share this comparison; compare the bit patterns for floating-point types
  // CHECK-NOT: fix-it
  return old;
}
__global__ void use_templates(float *f, int *i) {
  exchange_max(f, 1.0f);
  exchange_max(i, 1);
}

// Host and __host__ __device__ code: reported, but no fix (the word
// intrinsics are device functions).
float host_scale(float &x, float v) {
  cuda::atomic_ref<float, cuda::thread_scope_system> r(x);
  float expected = r.load(), seen;
  do {
    seen = expected;
    r.compare_exchange_weak(expected, seen * v);
  } while (seen != expected);
  // CHECK: cas-loops.cu:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK-NOT: fix-it
  return expected;
}
__host__ __device__ double hd_scale(double &x, double v) {
  cuda::atomic_ref<double, cuda::thread_scope_device> r(x);
  double expected = r.load(), seen;
  do {
    seen = expected;
    r.compare_exchange_weak(expected, seen * v);
  } while (seen != expected);
  // CHECK: cas-loops.cu:[[@LINE-1]]:12: warning: CAS loop compares 'double' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK-NOT: fix-it
  return expected;
}

// Negative: code in comments and strings.
// do { old = atomicCAS(p, a, b); } while (fa != fb);
const char *text = "while (assumed != old)";
