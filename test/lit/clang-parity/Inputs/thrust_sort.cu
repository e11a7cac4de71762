#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/functional.h>

struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};

int run(thrust::device_vector<int> &v) {
  thrust::sort(v.begin(), v.end());
  thrust::transform(v.begin(), v.end(), v.begin(), square());
  return thrust::reduce(v.begin(), v.end(), 0, thrust::plus<int>());
}
