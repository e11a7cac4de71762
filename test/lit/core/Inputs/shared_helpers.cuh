#pragma once
__host__ __device__ inline int bump(int *p) {
  return __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}
