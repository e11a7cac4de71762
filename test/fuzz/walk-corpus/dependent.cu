template <typename T> struct Traits { using type = T; static constexpr int n = sizeof(T); };
template <typename T, typename U = typename Traits<T>::type> __device__ U get(T *p) {
  return atomicExch(p, T(Traits<T>::n));
}
template <template <class> class W, class T> struct Box { W<T> w; __device__ T go(T *p) { return get(p); } };
__global__ void k(int *p, float *f) { Box<Traits, int>().go(p); Box<Traits, float>().go(f); }
struct Incomplete;
__global__ void bad(Incomplete *x) { atomicAdd(x, 1); undeclared(x); }
