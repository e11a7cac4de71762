template <int A> struct S {};
struct R {
  template <typename P> __device__ void f() {}
  __device__ void run() { f<S<1>>(); this->template f<S<2>>(); }
};
namespace d { struct B { __device__ int f() const { return 0; } }; }
struct D : d::B { __device__ int g() const { return d::B::f(); } };
__global__ void k(int *o) { R().run(); *o = D().g(); }
