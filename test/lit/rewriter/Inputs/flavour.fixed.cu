// A flag another block sets; the kernel waits for it, then reads the data.
#include <cuda/atomic>
__global__ void k(int *f, int *d, int *o) {
  while (cuda::atomic_ref<int, cuda::thread_scope_system>{*f}.load(cuda::memory_order_acquire) == 0) {
  }
  *o = *d;
}
