#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

void device_prims(const int *in, int *out, int n, void *tmp, size_t bytes) {
  cub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, n);
  cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
  cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, n);
}
