// A device-wide work queue: each worker takes a ticket from a global counter
// and processes the item with that index.  Ticket takes its number in the
// constructor's member-initializer list, and the host polls the counter in
// managed memory, both with the __nv_atomic_* builtins of CUDA 12.8+.
// nvcc rejects both uses: this file does not compile.
#include "common.cuh"

struct Ticket {
  unsigned index;

  __device__ explicit Ticket(unsigned *next)
      : index(__nv_atomic_fetch_add(next, 1u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE))
  {
  }
};

__global__ void drain_queue(const int *items, unsigned n, unsigned *next, int *out)
{
  for (;;) {
    Ticket t(next);
    if (t.index >= n)
      return;
    out[t.index] = items[t.index] * 2 + 1;
  }
}

// How far the workers got, read from the host while the kernel runs.
unsigned queue_progress(unsigned *next_managed)
{
  return __nv_atomic_load_n(next_managed, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_SYSTEM);
}

void report_progress(unsigned *next_managed, unsigned n)
{
  unsigned done = queue_progress(next_managed);
  printf("%u of %u items taken\n", done < n ? done : n, n);
}

cudaError_t start_queue(const int *items, unsigned n, unsigned *next_managed, int *out)
{
  CUDA_CHECK(cudaMemset(next_managed, 0, sizeof(unsigned)));
  drain_queue<<<div_up(n, kBlockSize * 4), kBlockSize>>>(items, n, next_managed, out);
  return cudaGetLastError();
}
