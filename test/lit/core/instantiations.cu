// Every instantiation clang made is walked, whatever caused it: explicit
// instantiation definitions of function and class templates (members and
// destructors included), kernel templates whose address is taken, generic
// lambdas.  Each is judged per instantiation, in every check, once.
// Templates never instantiated, and explicit instantiation declarations
// (extern template: no body is instantiated here), are not judged.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported,volatile-sync,volatile-warp-sync' --cuda-arch=sm_52 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='[volatile-sync]' --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='note: in instantiation'
// RUN: %expect-exit 1 %builtin --checks='-*,arch-unsupported,volatile-sync,volatile-warp-sync' --cuda-arch=sm_52 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='[volatile-sync]' --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='note: in instantiation'

int set_attribute(const void *fn, int value);

// Explicit instantiation of a class template: its members and destructor.
template <class T> struct Acc {
  T *total;
  __device__ void add(T v) { atomicAdd(total, v); }
  // CHECK: instantiations.cu:[[@LINE-1]]:30: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: instantiations.cu:[[@LINE-2]]:19: note: in instantiation 'Acc<double>::add'; no automatic fix: the template's other instantiations share this call
  __device__ ~Acc() { atomicAdd(total, T(1)); }
  // CHECK: instantiations.cu:[[@LINE-1]]:23: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: instantiations.cu:[[@LINE-2]]:14: note: in instantiation 'Acc<double>::~Acc'; no automatic fix: the template's other instantiations share this call
};
template struct Acc<double>;
template struct Acc<float>;

// Explicit instantiation of a kernel template.
template <class T> __global__ void add_one(T *p) { atomicAdd(p, T(1)); }
// CHECK: instantiations.cu:[[@LINE-1]]:52: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
// CHECK: instantiations.cu:[[@LINE-2]]:36: note: in instantiation 'add_one<double>'; no automatic fix: the template's other instantiations share this call
template __global__ void add_one<double>(double *);
template __global__ void add_one<int>(int *);

// Kernel templates instantiated only by taking their address.
template <class T, int N> __global__ void add_n(T *p) { atomicAdd(p, T(N)); }
// CHECK: instantiations.cu:[[@LINE-1]]:57: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
// CHECK: instantiations.cu:[[@LINE-2]]:43: note: in instantiation 'add_n<double, 4>'; no automatic fix: the template's other instantiations share this call
template <class T> __global__ void add_two(T *p) { atomicAdd(p, T(2)); }
// CHECK: instantiations.cu:[[@LINE-1]]:52: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
// CHECK: instantiations.cu:[[@LINE-2]]:36: note: in instantiation 'add_two<double>'; no automatic fix: the template's other instantiations share this call
template <class T> __global__ void add_three(T *p) { atomicAdd(p, T(3)); }

void host_setup() {
  set_attribute((const void *)add_n<double, 4>, 0);
  void *k = (void *)add_two<double>;
  (void)k;
  set_attribute((const void *)add_three<float>, 0);
}

// Never instantiated, or only declared instantiated elsewhere: not judged.
template <class T> __global__ void never_instantiated(T *p) { atomicAdd(p, T(1)); }
extern template __global__ void add_three<double>(double *);

// An explicit specialization is written code: judged once, with its fix.
template <class T> __device__ void spec(T *p) { atomicAdd(p, T(1)); }
template <> __device__ void spec<double>(double *p) { atomicAdd(p, 1.0); }
// CHECK: instantiations.cu:[[@LINE-1]]:55: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
// CHECK-NOT: note: in instantiation
// CHECK: fix-it:"{{.*}}instantiations.cu":{[[@LINE-3]]:55-[[@LINE-3]]:64}:"cuatomlint_atomicAdd_f64"

// Called and explicitly instantiated: one finding.
template <class T> __device__ void twice(T *p) { atomicAdd(p, T(1)); }
// CHECK: instantiations.cu:[[@LINE-1]]:50: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
// CHECK: instantiations.cu:[[@LINE-2]]:36: note: in instantiation 'twice<double>'; no automatic fix: the template's other instantiations share this call
template __device__ void twice<double>(double *);
__global__ void call_twice(double *p) { twice(p); }

// Warp-synchronous steps, explicitly instantiated with a volatile type only.
template <class T> __device__ void warp_reduce(T *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  // CHECK: instantiations.cu:[[@LINE-2]]:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: instantiations.cu:[[@LINE-2]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: instantiations.cu:[[@LINE-5]]:36: note: in instantiation 'warp_reduce<volatile int>'; no automatic fix: the template's other instantiations share these steps
}
template __device__ void warp_reduce<volatile int>(volatile int *, unsigned);
template __device__ void warp_reduce<int>(int *, unsigned);

// A spin-wait reached from an explicitly instantiated kernel.
template <class T> __device__ void wait_for(T *p) {
  while (*p == 0) {
  }
  // CHECK: instantiations.cu:[[@LINE-2]]:10: warning: spin-wait on volatile '*p': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
  // CHECK: instantiations.cu:[[@LINE-4]]:36: note: in instantiation 'wait_for<volatile int>'; no automatic fix: the template's other instantiations share this loop
}
template <class T> __global__ void waiter(T *p) { wait_for(p); }
template __global__ void waiter<volatile int>(volatile int *);
template __global__ void waiter<int>(int *);

// A generic lambda is a template too: judged per instantiation, no fix
// (another call could pass a float *).
__global__ void lambdas(double *p) {
  auto add = [](auto *q) { atomicAdd(q, 2.0); };
  // CHECK: instantiations.cu:[[@LINE-1]]:28: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: instantiations.cu:[[@LINE-2]]:14: note: in instantiation '(lambda at {{.*}}instantiations.cu:[[@LINE-2]]:14)::operator()'; no automatic fix: the template's other instantiations share this call
  add(p);
}

// A destructor clang instantiated for an object leaving scope: no call is written.
template <class T> struct Guard {
  T *p;
  __device__ ~Guard() { atomicAdd(p, T(1)); }
  // CHECK: instantiations.cu:[[@LINE-1]]:25: error: atomicAdd(double*) needs sm_60; the build targets sm_52 [arch-unsupported]
  // CHECK: instantiations.cu:[[@LINE-2]]:14: note: in instantiation 'Guard<double>::~Guard'; no automatic fix: the template's other instantiations share this call
};
__global__ void scoped(double *p) {
  Guard<double> g{p};
}
