// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --cuda-arch=gfx90a,gfx1100 %s 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --cuda-arch=gfx90a,gfx1100 %s -- -mwavefrontsize64 2>&1 | FileCheck %s --check-prefix=W64 --implicit-check-not='warning:'
// RUN: hipcc --offload-arch=gfx90a -c %s -o %t.o
// volatile-warp-sync in the HIP dialect: a volatile run is right within one
// wavefront (AMD has no independent thread scheduling); threads that span
// several wavefronts of a target race, and so does a run on non-volatile
// __shared__ memory (the compiler hoists the loads), on every target.
#include <hip/hip_runtime.h>

// The wave64-era reduction: threads 0-63 are one wavefront on gfx90a, two on gfx1100.
__global__ void wave64_era(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 64) {
    s[tid] += s[tid + 64];
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

__device__ void warpReduce(volatile int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
}

// A helper the caller runs with 64 threads.
__global__ void helper64(const int *in, int *out) {
  __shared__ int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 64)
    warpReduce(s, tid);
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// An early return bounds the threads; the loop repeats one step.
__global__ void loop64(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid >= 64)
    return;
  for (int k = 32; k > 0; k >>= 1)
    s[tid] += s[tid + k];
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// Each step bounds its own threads: the second reads what threads 32-63 wrote.
__global__ void step_guards(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 64) s[tid] += s[tid + 64];
  if (tid < 32) s[tid] += s[tid + 32];
  if (tid < 16) s[tid] += s[tid + 16];
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// Not volatile: wrong on every target, one wavefront or not.
__global__ void plain(const int *in, int *out) {
  __shared__ int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// ---- near misses: clean ----

// tid < 32: one wavefront on wave32 and wave64; lanes 0-31 read 32-63, written before the barrier.
__global__ void classic(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
  }
  if (tid < 32)
    warpReduce(s, tid);
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// Bounds that are each target's wavefront.
__global__ void wave_bounds(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < warpSize) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
  }
  if (tid < __AMDGCN_WAVEFRONT_SIZE) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
  }
#if __AMDGCN_WAVEFRONT_SIZE == 64
  if (tid < 64) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
  }
#endif
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// A barrier between the steps that cross a wavefront.
__global__ void barriers(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 64) s[tid] += s[tid + 64];
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
  }
  __syncthreads();
  if (tid < 64) {
    s[tid] += s[tid + 64];
    __syncthreads();
    s[tid] += s[tid + 32];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// Lanes of 32-thread groups (lane = tid & 31) stay in one wavefront on every target.
__global__ void groups(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x, lane = tid & 31;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 64 && lane < 16) {
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// Threads 32-63 are one wavefront on gfx1100 too.
__global__ void second_wave(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid >= 32 && tid < 64) {
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// No bound: the whole block, whose size is not known here.
__global__ void whole_block(const int *in, int *out) {
  __shared__ volatile int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  if (tid == 0)
    out[blockIdx.x] = s[0];
}


// The CUDA samples' template, ported for wave64: a step whose 'blockSize' test is
// false in the instantiation is not run; 'if (tid < 64)' at the call bounds the threads.
template <unsigned blockSize>
__device__ void waveReduce64(volatile int *sdata, unsigned tid) {
  if (blockSize >= 128) sdata[tid] += sdata[tid + 64];
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
}

template <unsigned blockSize>
__global__ void reduce6(const int *in, int *out) {
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 64)
    waveReduce64<blockSize>(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
template __global__ void reduce6<64>(const int *, int *);
// The findings, by line (appended so the lines above keep their numbers):
// CHECK: volatile-warp-sync.hip:17:5: warning: warp-synchronous steps on volatile 's' span several wavefronts of gfx1100 (wave32) with no barrier: lockstep holds only within a wavefront, so separate the steps that read another wavefront's elements with __syncthreads() and run the rest under 'tid < warpSize' [volatile-warp-sync]
// CHECK: volatile-warp-sync.hip:18:15: note: thread 0 reads element 32 here, which thread 32, of another wavefront, writes in these steps
// CHECK: volatile-warp-sync.hip:16:7: note: threads 0-63 get past this condition
// CHECK: volatile-warp-sync.hip:17:5: note: no automatic fix: a __syncthreads() under a condition that part of the block skips is undefined, and where the steps must be split is a choice of the code's
// CHECK: volatile-warp-sync.hip:27:3: warning: warp-synchronous steps on volatile 's' span several wavefronts of gfx1100 (wave32) with no barrier: lockstep holds only within a wavefront, so separate the steps that read another wavefront's elements with __syncthreads() and run the rest under 'tid < warpSize' [volatile-warp-sync]
// CHECK: volatile-warp-sync.hip:27:13: note: thread 0 reads element 32 here, which thread 32, of another wavefront, writes in these steps
// CHECK: volatile-warp-sync.hip:38:7: note: threads 0-63 get past this condition
// CHECK: volatile-warp-sync.hip:39:5: note: the steps are run by the threads that make this call
// CHECK: volatile-warp-sync.hip:27:3: note: no automatic fix: a __syncthreads() under a condition that part of the block skips is undefined, and where the steps must be split is a choice of the code's
// CHECK: volatile-warp-sync.hip:53:5: warning: warp-synchronous step on volatile 's' repeated by a loop spans several wavefronts of gfx1100 (wave32) with no barrier: lockstep holds only within a wavefront, so separate the steps that read another wavefront's elements with __syncthreads() and run the rest under 'tid < warpSize' [volatile-warp-sync]
// CHECK: volatile-warp-sync.hip:53:15: note: thread 0 reads element 32 here, which thread 32, of another wavefront, writes in these steps
// CHECK: volatile-warp-sync.hip:50:7: note: threads 0-63 get past this condition
// CHECK: volatile-warp-sync.hip:53:5: note: no automatic fix: a __syncthreads() under a condition that part of the block skips is undefined, and where the steps must be split is a choice of the code's
// CHECK: volatile-warp-sync.hip:64:17: warning: warp-synchronous steps on volatile 's' span several wavefronts of gfx1100 (wave32) with no barrier: lockstep holds only within a wavefront, so separate the steps that read another wavefront's elements with __syncthreads() and run the rest under 'tid < warpSize' [volatile-warp-sync]
// CHECK: volatile-warp-sync.hip:65:27: note: thread 0 reads element 32 here, which thread 32, of another wavefront, writes in these steps
// CHECK: volatile-warp-sync.hip:64:3: note: no automatic fix: a __syncthreads() under a condition that part of the block skips is undefined, and where the steps must be split is a choice of the code's
// CHECK: volatile-warp-sync.hip:78:5: warning: warp-synchronous steps on non-volatile __shared__ 's' with no barrier: the compiler may keep the values in registers and load other lanes' elements before any lane stores (they do not alias), so even within one wavefront the steps read stale values; access the array through a volatile pointer, or use __shfl_down [volatile-warp-sync]
// CHECK: volatile-warp-sync.hip:79:5: note: this step reads what other lanes wrote in the step before
// CHECK: volatile-warp-sync.hip:78:5: note: no automatic fix: HIP 5.2 has no __syncwarp(), and making the array volatile changes every other access to it
// CHECK: volatile-warp-sync.hip:196:25: warning: warp-synchronous steps on volatile 'sdata' span several wavefronts of gfx1100 (wave32) with no barrier: lockstep holds only within a wavefront, so separate the steps that read another wavefront's elements with __syncthreads() and run the rest under 'tid < warpSize' [volatile-warp-sync]
// CHECK: volatile-warp-sync.hip:197:38: note: thread 0 reads element 32 here, which thread 32, of another wavefront, writes in these steps
// CHECK: volatile-warp-sync.hip:207:7: note: threads 0-63 get past this condition
// CHECK: volatile-warp-sync.hip:208:5: note: the steps are run by the threads that make this call
// CHECK: volatile-warp-sync.hip:196:3: note: no automatic fix: a __syncthreads() under a condition that part of the block skips is undefined, and where the steps must be split is a choice of the code's
// With -mwavefrontsize64 gfx1100 is wave64 too: only the non-volatile run.
// W64: volatile-warp-sync.hip:78:5: warning: warp-synchronous steps on non-volatile __shared__ 's' with no barrier: {{.*}}
