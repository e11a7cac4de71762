// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --checks='-*,cas-float-compare' %s 2>&1 | FileCheck %s --implicit-check-not='[cas-float-compare]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --checks='-*,cas-float-compare' %s 2>&1 | FileCheck %s --implicit-check-not='[cas-float-compare]' --implicit-check-not='fix-it:'

// A retry test that already ends the loop on NaN through an ordered
// comparison cannot spin on NaN: no finding.

// atomicMax for float: 'old < val' is false once old is NaN.
__device__ float max_float(float *addr, float val) {
  float old = *addr, assumed;
  while (old < val && (assumed = old, old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed), __float_as_uint(val)))) != assumed) {
  }
  return old;
}

// The same in a do loop's condition.
__device__ float min_float(float *addr, float val) {
  float old = *addr, assumed;
  do {
    assumed = old;
    old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed), __float_as_uint(val)));
  } while (val < old && old != assumed);
  return old;
}

// 'if (!(v < old)) break;' leaves the loop on NaN.
__device__ float max_break(float *addr, float v) {
  float old = *addr;
  while (true) {
    if (!(old < v))
      break;
    float assumed = old;
    old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed), __float_as_uint(v)));
    if (old == assumed)
      break;
  }
  return old;
}

// Near miss: the ordered comparison is on the operand, not on a value the
// CAS feeds, so NaN in memory still spins.
__device__ float add_guarded(float *addr, float v) {
  float old = *addr, assumed;
  do {
    assumed = old;
    old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed), __float_as_uint(assumed + v)));
  } while (v > 0.0f && old != assumed);
  // CHECK: nan-exit.cu:[[@LINE-1]]:24: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-2]]:24-[[@LINE-2]]:27}:"__float_as_uint(old)"
  // CHECK-NEXT: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-3]]:31-[[@LINE-3]]:38}:"__float_as_uint(assumed)"
  return old;
}

// Near miss: 'old >= v' breaks only when true, and NaN makes it false.
__device__ float max_ge(float *addr, float v) {
  float old = *addr;
  while (true) {
    if (old >= v)
      break;
    float assumed = old;
    old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed), __float_as_uint(v)));
    if (old == assumed)
      break;
    // CHECK: nan-exit.cu:[[@LINE-2]]:9: warning: CAS loop compares 'float' values with '==' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
    // CHECK: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-3]]:9-[[@LINE-3]]:12}:"__float_as_uint(old)"
    // CHECK-NEXT: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-4]]:16-[[@LINE-4]]:23}:"__float_as_uint(assumed)"
  }
  return old;
}

// Near miss: '||' keeps looping when either side is true.
__device__ float or_retry(float *addr, float v) {
  float old = *addr, assumed;
  do {
    assumed = old;
    old = __uint_as_float(atomicCAS((unsigned *)addr, __float_as_uint(assumed), __float_as_uint(assumed * v)));
  } while (old < v || old != assumed);
  // CHECK: nan-exit.cu:[[@LINE-1]]:23: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-2]]:23-[[@LINE-2]]:26}:"__float_as_uint(old)"
  // CHECK-NEXT: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-3]]:30-[[@LINE-3]]:37}:"__float_as_uint(assumed)"
  return old;
}

// The fix keeps bits that are already bits: no __float_as_uint(__uint_as_float(x)).
__device__ float add_words(float *addr, float v) {
  unsigned old = __float_as_uint(*addr), assumed;
  do {
    assumed = old;
    old = atomicCAS((unsigned *)addr, assumed, __float_as_uint(__uint_as_float(assumed) + v));
  } while (__uint_as_float(assumed) != __uint_as_float(old));
  // CHECK: nan-exit.cu:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-2]]:12-[[@LINE-2]]:36}:"assumed"
  // CHECK-NEXT: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-3]]:40-[[@LINE-3]]:60}:"old"
  return __uint_as_float(old);
}

// One side from int bits: the other side is read as int bits too.
__device__ float add_int_words(float *addr, float v) {
  float old = *addr;
  int assumed;
  do {
    assumed = __float_as_int(old);
    old = __int_as_float(atomicCAS((int *)addr, assumed, __float_as_int(__int_as_float(assumed) + v)));
  } while (__int_as_float(assumed) != old);
  // CHECK: nan-exit.cu:[[@LINE-1]]:12: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
  // CHECK: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-2]]:12-[[@LINE-2]]:35}:"assumed"
  // CHECK-NEXT: fix-it:"{{.*}}nan-exit.cu":{[[@LINE-3]]:39-[[@LINE-3]]:42}:"__float_as_int(old)"
  return old;
}
