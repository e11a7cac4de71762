// A __device__ helper without volatile (issue 23.2): its pointer parameter
// is taken for shared memory, and its index parameter for the lane, only
// where every call in the translation unit passes a __shared__ array and a
// lane index ('warpReduce(sdata, tid)').  Otherwise no finding: global
// memory, per-thread slots, or callers that cannot be seen.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %expect-exit 0 %cuatomlint --checks='-*,volatile-warp-sync' %t.cu 2>&1 | count 0

__device__ void warpReduce(int *sdata, unsigned tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  // CHECK: helper-non-volatile.cu:[[@LINE-3]]:3: warning: warp-synchronous steps on non-volatile __shared__ 'sdata' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
  // CHECK: helper-non-volatile.cu:[[@LINE-3]]:3: note: this step reads what other lanes wrote in the step before
  // CHECK: fix-it:"{{.*}}helper-non-volatile.cu":{[[@LINE-5]]:3-[[@LINE-5]]:33}:"{ int v = sdata[tid] + sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}helper-non-volatile.cu":{[[@LINE-5]]:3-[[@LINE-5]]:33}:"{ int v = sdata[tid] + sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp(); }"
  // CHECK-NEXT: fix-it:"{{.*}}helper-non-volatile.cu":{[[@LINE-5]]:3-[[@LINE-5]]:32}:"{ int v = sdata[tid] + sdata[tid + 8]; __syncwarp(); sdata[tid] = v; __syncwarp(); }"
  // FIXED: {{^  }}{ int v = sdata[tid] + sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ int v = sdata[tid] + sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  // FIXED-NEXT: {{^  }}{ int v = sdata[tid] + sdata[tid + 8]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
}

// Near misses: global memory, a helper no call of which is seen, per-thread
// slots, and a helper one of whose calls passes no lane index.
__device__ void warpReduceGlobal(int *g, unsigned tid) {
  g[tid] += g[tid + 32];
  g[tid] += g[tid + 16];
}

__device__ void uncalled(int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
}

__device__ void own_slots(int *s, unsigned tid) {
  s[4 * tid + 1] += s[4 * tid];
  s[4 * tid + 2] += s[4 * tid + 1];
}

__device__ void by_index(int *s, unsigned i) {
  s[i] += s[i + 32];
  s[i] += s[i + 16];
}

__global__ void reduce(const int *in, int *out, int *g) {
  __shared__ int sdata[64];
  __shared__ int r[256];
  __shared__ int e[128];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid < 32)
    warpReduceGlobal(g, tid);
  own_slots(r, tid);
  by_index(e, tid);
  by_index(e, 2 * tid);
  if (tid == 0)
    *out = sdata[0];
}
