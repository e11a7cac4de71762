// Negative cases: volatile MMIO code using PTX .mmio, host code, data reads.
// RUN: %expect-exit 0 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | count 0
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-sync' %s 2>&1 | count 0

// MMIO: the function already uses PTX .mmio operations.
__device__ int poll_register(volatile int *reg) {
  int value;
  asm volatile("ld.relaxed.mmio.sys.u32 %0, [%1];" : "=r"(value) : "l"(reg) : "memory");
  while (*reg == 0) {
  }
  *reg = 0;
  return value;
}

// Host code spinning on volatile memory (for example mapped host memory).
void host_poll(volatile int *flag) {
  while (*flag == 0) {
  }
  *flag = 0;
}

__host__ __device__ int both(volatile int *v) { return v[0] + v[1]; }

// Plain (non-volatile) polling is some other check's business.
__global__ void plain(int *flag) {
  while (*flag == 0) {
  }
}

// Volatile reads and writes of data nobody polls.
__global__ void copy(volatile float *dst, volatile const float *src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}
