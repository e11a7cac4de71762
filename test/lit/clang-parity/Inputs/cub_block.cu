#include <cub/cub.cuh>

__global__ void block_prims(int *d, int *out) {
  using BlockLoad = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using BlockStore = cub::BlockStore<int, 128, 4, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using BlockRadixSort = cub::BlockRadixSort<int, 128, 4>;
  using BlockReduce = cub::BlockReduce<int, 128>;
  using BlockScan = cub::BlockScan<int, 128>;
  __shared__ union {
    typename BlockLoad::TempStorage load;
    typename BlockStore::TempStorage store;
    typename BlockRadixSort::TempStorage sort;
    typename BlockReduce::TempStorage reduce;
    typename BlockScan::TempStorage scan;
  } tmp;
  int items[4];
  BlockLoad(tmp.load).Load(d, items);
  __syncthreads();
  BlockRadixSort(tmp.sort).Sort(items);
  __syncthreads();
  BlockScan(tmp.scan).ExclusiveSum(items, items);
  __syncthreads();
  int total = BlockReduce(tmp.reduce).Sum(items[0]);
  __syncthreads();
  BlockStore(tmp.store).Store(d, items);
  if (threadIdx.x == 0)
    *out = total;
}
