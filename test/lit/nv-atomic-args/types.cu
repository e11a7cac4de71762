// RUN: not %cuatomlint --checks='-*,nv-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-args]'
// RUN: not %builtin --checks='-*,nv-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-args]'

// Object types and sizes per operation (facts table B).

enum class Scoped { a, b };
enum Plain { p0, p1 };
struct Pair { int x, y; };
struct Triple { int x, y, z; };
struct Quad { long long x, y; };

#define FETCH_MIN(p, v) __nv_atomic_fetch_min(p, v, __NV_ATOMIC_RELAXED)

// The template itself (dependent types) is not judged; its float instantiation is.
template <class T> __device__ T fetch_min(T *p, T v) { return __nv_atomic_fetch_min(p, v, __NV_ATOMIC_RELAXED); }
// CHECK: types.cu:[[@LINE-1]]:63: error: '__nv_atomic_fetch_min' on an object of type 'float': min and max are not supported on floating-point types [nv-atomic-args]
// One finding per line and check: the other instantiation is a note.
// CHECK: types.cu:[[@LINE-3]]:63: note: '__nv_atomic_fetch_min' on an object of type 'short': and, or, xor, add, sub, min and max need an object of 4 or 8 bytes

__device__ void rmw(long long *sll, long *sl, float *f, double *d, short *s, bool *b, Scoped *e) {
  __nv_atomic_fetch_add(sll, 1, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_add' on an object of type 'long long': add and sub are not supported on signed 64-bit integers; use an unsigned type [nv-atomic-args]
  __nv_atomic_sub(sl, 1, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_sub' on an object of type 'long': add and sub are not supported on signed 64-bit integers; use an unsigned type [nv-atomic-args]
  __nv_atomic_fetch_max(d, 1.0, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_max' on an object of type 'double': min and max are not supported on floating-point types [nv-atomic-args]
  __nv_atomic_fetch_xor(f, 1.0f, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_xor' on an object of type 'float': and, or and xor are not supported on floating-point types [nv-atomic-args]
  __nv_atomic_fetch_add(s, 1, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_add' on an object of type 'short': and, or, xor, add, sub, min and max need an object of 4 or 8 bytes [nv-atomic-args]
  __nv_atomic_or(b, true, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_or' on an object of type 'bool': and, or, xor, add, sub, min and max need an object of 4 or 8 bytes [nv-atomic-args]
  __nv_atomic_fetch_and(e, Scoped::b, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_and' on an object of type 'Scoped': the first argument must point to an integer, unscoped enum or floating-point type [nv-atomic-args]
  FETCH_MIN(f, 2.0f);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_fetch_min' on an object of type 'float': min and max are not supported on floating-point types [nv-atomic-args]
  fetch_min(f, 1.0f);
  fetch_min(s, (short)1);
}

__device__ void non_generic(float *f, short *s, char *c, Plain *pl, int **pp, const int *ci) {
  __nv_atomic_load_n(f, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_load_n' on an object of type 'float': the non-generic load, store, exchange and compare-exchange take integral types only; use the generic form [nv-atomic-args]
  __nv_atomic_store_n(pl, p1, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_store_n' on an object of type 'Plain': the non-generic load, store, exchange and compare-exchange take integral types only; use the generic form [nv-atomic-args]
  __nv_atomic_load_n(pp, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_load_n' on an object of type 'int *': the non-generic load, store, exchange and compare-exchange take integral types only; use the generic form [nv-atomic-args]
  __nv_atomic_exchange_n(s, (short)1, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_exchange_n' on an object of type 'short': exchange needs an object of 4, 8 or 16 bytes [nv-atomic-args]
  char e = 0;
  __nv_atomic_compare_exchange_n(c, &e, (char)1, false, __NV_ATOMIC_RELAXED, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_compare_exchange_n' on an object of type 'char': compare-exchange needs an object of 2, 4, 8 or 16 bytes [nv-atomic-args]
  __nv_atomic_load_n(ci, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_load_n' on an object of type 'const int': nvcc rejects a pointer to a const or volatile object here [nv-atomic-args]
}

__device__ void generic(Triple *t, char *c, short *s) {
  Triple r;
  __nv_atomic_load(t, &r, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_load' on an object of type 'Triple': the generic builtins need an object of 1, 2, 4, 8 or 16 bytes [nv-atomic-args]
  short v = 1, old;
  __nv_atomic_exchange(s, &v, &old, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_exchange' on an object of type 'short': exchange needs an object of 4, 8 or 16 bytes [nv-atomic-args]
  char e = 0, d = 1;
  __nv_atomic_compare_exchange(c, &e, &d, false, __NV_ATOMIC_RELAXED, __NV_ATOMIC_RELAXED);
  // CHECK: types.cu:[[@LINE-1]]:3: error: '__nv_atomic_compare_exchange' on an object of type 'char': compare-exchange needs an object of 2, 4, 8 or 16 bytes [nv-atomic-args]
}

// Negative: what nvcc accepts.
__device__ void valid(unsigned long long *ull, long long *sll, int *i, float *f, double *d,
                      unsigned *u, Plain *pl, char *c, short *s, bool *b, Pair *pair,
                      Quad *quad, Scoped *e, int **pp) {
  __nv_atomic_fetch_add(ull, 1ull, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_min(sll, 1ll, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(f, 1.0f, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_sub(d, 1.0, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_and(pl, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(pp, 1, __NV_ATOMIC_RELAXED);
  __nv_atomic_max(u, 1u, __NV_ATOMIC_RELAXED);
  __nv_atomic_load_n(c, __NV_ATOMIC_RELAXED);
  __nv_atomic_load_n(b, __NV_ATOMIC_RELAXED);
  __nv_atomic_store_n(s, (short)1, __NV_ATOMIC_RELAXED);
  __nv_atomic_exchange_n(sll, 1ll, __NV_ATOMIC_RELAXED);
  short se = 0;
  __nv_atomic_compare_exchange_n(s, &se, (short)1, false, __NV_ATOMIC_RELAXED, __NV_ATOMIC_RELAXED);
  float fv;
  __nv_atomic_load(f, &fv, __NV_ATOMIC_RELAXED);
  Pair pr;
  __nv_atomic_load(pair, &pr, __NV_ATOMIC_RELAXED);
  Quad q, qo;
  __nv_atomic_exchange(quad, &q, &qo, __NV_ATOMIC_RELAXED);
  Scoped ev;
  __nv_atomic_load(e, &ev, __NV_ATOMIC_RELAXED);
  double de = 0, dd = 1;
  __nv_atomic_compare_exchange(d, &de, &dd, false, __NV_ATOMIC_RELAXED, __NV_ATOMIC_RELAXED);
  fetch_min(i, 1);
}

// Negative: a project's own function of a builtin's name is not the builtin.
__device__ short __nv_atomic_exchange_n(short *p, short v, int order, int scope) { short o = *p; *p = v; return o; }
__device__ void own(short *s) { __nv_atomic_exchange_n(s, (short)1, 0, 0); }
