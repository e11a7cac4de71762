// A helper whose inline PTX weak load writes a reference parameter, handed
// a local that the loop around the call tests (CUTLASS's distributed
// 'ld_without_cache(val, ptr)' with ld.global.cv): reported at the call in
// the loop, no fix (every caller shares the helper).  A fence after the
// loop orders it; a single read before no loop is not a poll.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'

__device__ int payload;
__device__ void ld_without_cache(unsigned &val, void const *ptr) {
  asm volatile(
      "{\n"
      "  ld.global.cv.u32 %0, [%1];\n"
      "}\n"
      : "=r"(val)
      : "l"(ptr));
}
__global__ void barrier_wait(unsigned *arrival, unsigned max_val, int *out) {
  unsigned curr = 0;
  ld_without_cache(curr, arrival);
  while (curr < max_val) {
    __nanosleep(40);
    ld_without_cache(curr, arrival);
  }
  *out = payload;
}
__global__ void fenced_wait(unsigned *arrival, unsigned max_val, int *out) {
  unsigned curr = 0;
  do {
    ld_without_cache(curr, arrival);
  } while (curr < max_val);
  __threadfence();
  *out = payload;
}
__global__ void one_read(unsigned *arrival, int *out) {
  unsigned curr = 0;
  ld_without_cache(curr, arrival);
  *out = curr;
}
__global__ void arrive(unsigned *arrival) { atomicAdd(arrival, 1u); }

// CHECK: {{.*}}.cu:23:5: warning: spin-wait through 'ld_without_cache()', whose inline PTX 'ld.global.cv' load is weak: it neither synchronizes threads nor orders memory, and the poll races with the writer; load with 'ld.acquire' (or a cuda::atomic_ref acquire load) in 'ld_without_cache' [volatile-sync]
// CHECK: {{.*}}.cu:11:3: note: the ld.global.cv load is here; no automatic fix: every caller of 'ld_without_cache' shares it, and loads of data through it would become acquire loads too; poll with an 'ld.acquire.gpu' twin of it (with a "memory" clobber, so that the compiler keeps the loads after it) or a cuda::atomic_ref acquire load
