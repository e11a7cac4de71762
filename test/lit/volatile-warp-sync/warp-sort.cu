// A sort or exchange one warp runs alone in a loop over a __shared__ array
// (issue 23.6: a single-warp sort in shared memory): lanes read elements
// other lanes write in the loop, with no __syncwarp() between the steps.
// Flagged without a fix (a note says why).  Near misses: a __syncwarp() in
// the loop, a sort in registers with shuffles, one thread sorting alone, a
// lane's own row, the whole block with __syncthreads(), two warps.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:' --implicit-check-not='note:'
// RUN: cp %s %t.cu && %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' --fix %t.cu > /dev/null 2>&1
// RUN: diff %s %t.cu

// Odd-even transposition sort by the first warp.
__global__ void oets(int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  if (t < 32) {
    for (int p = 0; p < 32; p++) {
      if ((t & 1) == (p & 1) && t < 31) {
        int a = s[t], b = s[t + 1];
        if (a > b) {
          s[t] = b;
          // CHECK: warp-sort.cu:[[@LINE-1]]:11: warning: warp-synchronous exchange on non-volatile __shared__ 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so end each step with a __syncwarp() that every lane reaches, or sort in registers with __shfl_sync [volatile-warp-sync]
          // CHECK: warp-sort.cu:[[@LINE-4]]:27: note: this reads an element that another lane of the warp writes in the loop
          // CHECK: warp-sort.cu:[[@LINE-7]]:5: note: no automatic fix: the lanes' reads and writes are spread over the loop's body, and where a __syncwarp() that every lane reaches must stand between them is not proven
          s[t + 1] = a;
        }
      }
    }
  }
  __syncthreads();
  out[t] = s[t];
}

// The same through a volatile pointer, swapping with a temporary, under a warp-index test.
__global__ void oets_volatile(int *out) {
  __shared__ int sd[32];
  volatile int *s = sd;
  unsigned lane = threadIdx.x % 32;
  sd[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  if (threadIdx.x / 32 == 0) {
    int p = 0;
    while (p < 32) {
      if (lane % 2 == p % 2 && lane + 1 < 32 && s[lane] > s[lane + 1]) {
        int x = s[lane];
        s[lane] = s[lane + 1];
        // CHECK: warp-sort.cu:[[@LINE-1]]:9: warning: warp-synchronous exchange on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so end each step with a __syncwarp() that every lane reaches, or sort in registers with __shfl_sync [volatile-warp-sync]
        // CHECK: warp-sort.cu:[[@LINE-4]]:59: note: this reads an element that another lane of the warp writes in the loop
        // CHECK: warp-sort.cu:[[@LINE-6]]:5: note: no automatic fix: the lanes' reads and writes are spread over the loop's body, and where a __syncwarp() that every lane reaches must stand between them is not proven
        s[lane + 1] = x;
      }
      p++;
    }
  }
  __syncthreads();
  out[threadIdx.x] = sd[threadIdx.x];
}

// Near miss: __syncwarp() after each step, outside the lane test.
__global__ void oets_synced(int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  if (t < 32) {
    for (int p = 0; p < 32; p++) {
      if ((t & 1) == (p & 1) && t < 31) {
        int a = s[t], b = s[t + 1];
        if (a > b) {
          s[t] = b;
          s[t + 1] = a;
        }
      }
      __syncwarp();
    }
  }
  __syncthreads();
  out[t] = s[t];
}

// Near miss: the sort in registers, with shuffles.
__global__ void shfl_sort(int *out) {
  int t = threadIdx.x, v = out[t];
  if (t < 32)
    for (int p = 0; p < 32; p++) {
      int o = __shfl_xor_sync(0xffffffffu, v, 1);
      int lo = v < o ? v : o, hi = v < o ? o : v;
      v = ((t & 1) == (p & 1)) ? lo : hi;
    }
  out[t] = v;
}

// Near miss: one thread sorts alone (an insertion sort).
__global__ void serial_insertion(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int i = 1; i < 32; i++) {
      int key = s[i], j = i - 1;
      while (j >= 0 && s[j] > key) {
        s[j + 1] = s[j];
        j--;
      }
      s[j + 1] = key;
    }
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Near miss: each lane works on its own row.
__global__ void own_rows(int *out) {
  __shared__ int s[32][4];
  int t = threadIdx.x;
  if (t < 32) {
    s[t][0] = out[t];
    for (int k = 1; k < 4; k++) {
      int x = s[t][k - 1];
      s[t][k] = x + out[k];
    }
    out[t] = s[t][3];
  }
}

// Near miss: the whole block sorts, with __syncthreads() between the steps.
__global__ void block_sort(int *out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  for (int p = 0; p < 256; p++) {
    if ((t & 1) == (p & 1) && t < 255) {
      int a = s[t], b = s[t + 1];
      if (a > b) { s[t] = b; s[t + 1] = a; }
    }
    __syncthreads();
  }
  out[t] = s[t];
}

// Near miss: two warps run the loop (lanes 31 and 32 race across warps: not the warp-synchronous idiom).
__global__ void two_warps(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  if (t < 64)
    for (int p = 0; p < 64; p++)
      if ((t & 1) == (p & 1) && t < 63) {
        int a = s[t], b = s[t + 1];
        if (a > b) { s[t] = b; s[t + 1] = a; }
      }
  __syncthreads();
  out[t] = s[t];
}
