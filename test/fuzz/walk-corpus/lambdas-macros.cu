#define ADD(p, v) atomicAdd((p), (v))
#define WAIT(f) while (*(f) == 0) {}
template <typename F> __device__ void call(F f) { f(); }
__global__ void k(double *p, volatile int *flag, float *q) {
  auto g = [](auto *x) { ADD(x, 2.0); };
  g(p);
  call([=] { ADD(q, 1.0f); });
  WAIT(flag);
}
