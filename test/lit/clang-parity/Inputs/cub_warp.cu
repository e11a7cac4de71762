#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

__global__ void warp_prims(int *d) {
  using WarpReduce = cub::WarpReduce<int>;
  using WarpScan = cub::WarpScan<int>;
  __shared__ typename WarpReduce::TempStorage reduce_tmp[4];
  __shared__ typename WarpScan::TempStorage scan_tmp[4];
  int warp = threadIdx.x / 32;
  int v = d[threadIdx.x];
  int s = WarpReduce(reduce_tmp[warp]).Sum(v);
  int p;
  WarpScan(scan_tmp[warp]).InclusiveSum(v, p);
  d[threadIdx.x] = s + p;
}
