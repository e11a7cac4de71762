// A call in a template is judged per instantiation; where the written call
// depends on a template type parameter (the function's own or an enclosing
// class template's), renaming it would change the other instantiations too,
// so the finding names the instantiation and carries no fix.  A call whose
// type is fixed in the template keeps its fix.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --cuda-arch=sm_52 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported' --cuda-arch=sm_52 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:'

template <class T> struct Accumulator {
  T *total;
  __device__ void add(T v) { atomicAdd(total, v); }
  // CHECK: templates.cu:[[@LINE-1]]:30: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: templates.cu:[[@LINE-2]]:19: note: in instantiation 'Accumulator<double>::add'; no automatic fix: the template's other instantiations share this call
};

template <class T, int N> __device__ void add_n(T *p, T v) {
  for (int i = 0; i < N; i++)
    atomicAdd(p, v);
  // CHECK: templates.cu:[[@LINE-1]]:5: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: templates.cu:[[@LINE-4]]:43: note: in instantiation 'add_n<double, 4>'; no automatic fix: the template's other instantiations share this call
}

// Only N is a parameter: every instantiation adds to a double.
template <int N> __device__ void add_double_n(double *p) {
  for (int i = 0; i < N; i++)
    atomicAdd(p, 1.0);
  // CHECK: templates.cu:[[@LINE-1]]:5: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}templates.cu":{8:1-8:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_f64\n{{.*}}"
  // CHECK: fix-it:"{{.*}}templates.cu":{[[@LINE-3]]:5-[[@LINE-3]]:14}:"cuatomlint_atomicAdd_f64"
}

// A class template over the element type whose call names no parameter:
// every instantiation adds to a double, so the rename fits them all.
template <class T> struct Counted {
  double *sum;
  T *items;
  __device__ void add(T v) { atomicAdd(sum, (double)v); }
  // CHECK: templates.cu:[[@LINE-1]]:30: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: fix-it:"{{.*}}templates.cu":{8:1-8:1}:"#ifndef CUATOMLINT_HAVE_cuatomlint_atomicAdd_f64\n{{.*}}"
  // CHECK: fix-it:"{{.*}}templates.cu":{[[@LINE-3]]:30-[[@LINE-3]]:39}:"cuatomlint_atomicAdd_f64"
};

__global__ void counted(Counted<int> a, Counted<float> b) {
  a.add(1);
  b.add(1.0f);
}

__global__ void kernel(Accumulator<double> d, Accumulator<float> f, double *pd, float *pf) {
  d.add(1.0);
  f.add(1.0f);
  add_n<double, 4>(pd, 1.0);
  add_n<float, 4>(pf, 1.0f);
  add_double_n<2>(pd);
  add_double_n<3>(pd);
}
