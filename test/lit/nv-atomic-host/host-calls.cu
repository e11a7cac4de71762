// RUN: not %cuatomlint --checks='-*,nv-atomic-host' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-host]'
// RUN: not %builtin --checks='-*,nv-atomic-host' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-host]'

__host__ __device__ int hd(int *p) {
  return __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: host-calls.cu:[[@LINE-1]]:10: error: '__nv_atomic_fetch_add' called from host code: nvcc accepts __nv_atomic_* builtins only in device functions [nv-atomic-host]
  // CHECK: host-calls.cu:4:25: note: 'hd' is a __host__ __device__ function compiled for the host too; guard the call with #ifdef __CUDA_ARCH__ or make the function __device__
  // CHECK: host-calls.cu:[[@LINE+17]]:28: note: 'hd' is called from host function 'host_caller' here
  // CHECK: host-calls.cu:[[@LINE+17]]:24: note: 'host_caller' is called from host function 'run' here
}

// Negative: guarded by __CUDA_ARCH__, so the host pass never sees the call.
__host__ __device__ int hd_guarded(int *p) {
#ifdef __CUDA_ARCH__
  return __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
#else
  return 0;
#endif
}

// Negative: device and global functions.
__device__ int dev(int *p) { return __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE); }
__global__ void kern(int *p) { __nv_atomic_store_n(p, 1, __NV_ATOMIC_RELEASE); }

void host_caller(int *p) { hd(p); }
int run() { int x = 0; host_caller(&x); return x; }

void plain_host(unsigned *p) {
  unsigned v = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
  // CHECK: host-calls.cu:[[@LINE-1]]:16: error: '__nv_atomic_load_n' called from host code: nvcc accepts __nv_atomic_* builtins only in device functions [nv-atomic-host]
  // CHECK: host-calls.cu:[[@LINE-3]]:6: note: 'plain_host' is a host function
  (void)v;
}

// Negative: a project's own function of the same name is not the builtin.
template <class T> T __nv_atomic_exchange_n(T *p, T v, int order, int scope) { T o = *p; *p = v; return o; }
void own_exchange(int *p) { __nv_atomic_exchange_n(p, 1, 0, 0); }

// Negative: the name in a comment or a string: __nv_atomic_load_n(p, 0)
const char *text = "__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)";
