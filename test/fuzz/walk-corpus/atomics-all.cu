__device__ int lock;
__global__ void k(int *i, unsigned *u, unsigned long long *ull, float *f, double *d, __half *h) {
  atomicAdd(i, 1); atomicSub(i, 1); atomicExch(i, 2); atomicMin(i, 0); atomicMax(i, 3);
  atomicInc(u, 10u); atomicDec(u, 10u); atomicCAS(i, 0, 1); atomicAnd(i, 1); atomicOr(i, 2); atomicXor(i, 3);
  atomicAdd(ull, 1ull); atomicAdd(f, 1.0f); atomicAdd(d, 1.0); atomicAdd(h, __float2half(1.0f));
  atomicAdd_block(i, 1); atomicAdd_system(i, 1); atomicExch(f, 2.0f); atomicMax(ull, 5ull);
  __nv_atomic_fetch_add(i, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  int v; __nv_atomic_load(i, &v, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(i, v, __NV_ATOMIC_RELEASE);
  while (atomicCAS(&lock, 0, 1) != 0) {}
  lock = 0;
  __threadfence_block(); __threadfence(); __threadfence_system();
}
