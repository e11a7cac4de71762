template <class T> struct Acc {
  T *total;
  __device__ void add(T v) { atomicAdd(total, v); }
  __device__ ~Acc() { atomicAdd(total, T(1)); }
};
template struct Acc<double>;
template <class T, int N> __global__ void add_n(T *p) { atomicAdd(p, T(N)); }
template __global__ void add_n<double, 2>(double *);
int set_attribute(const void *, int);
void host() { set_attribute((const void *)add_n<float, 4>, 0); void *q = (void *)add_n<int, 1>; (void)q; }
template <class T> __global__ void never(T *p) { atomicAdd(p, T(1)); }
