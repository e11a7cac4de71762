#include <cub/cub.cuh>
__global__ void k(int *d) {
  using BlockLoad = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  __shared__ typename BlockLoad::TempStorage tmp;
  int items[4];
  BlockLoad(tmp).Load(d, items);
}
