// Stress test of cuatomlint_atomicCAS_u16 against the native 16-bit
// atomicCAS.  Built with -DCUATOMLINT_FORCE_FALLBACKS.
//
//  1. Counters: 65536 threads increment 64 neighbouring 16-bit counters
//     (both halves of every 32-bit word change at once) with a CAS loop;
//     each counter must end at exactly its number of increments, and every
//     successful CAS returned a distinct old value (0..per-1).
//  2. Failure path: a CAS whose compare value is wrong must return the
//     current value and leave memory (both halves) unchanged.
// The CAS loops are bounded (SPIN_BOUND); the host watchdog catches hangs.
#include <algorithm>
#include <vector>

#include "fallbacks.cuh"
#include "harness.cuh"

enum { N = 65536, NADDR = 64, PER = N / NADDR };

template <bool Fallback>
__device__ unsigned short cas(unsigned short *p, unsigned short c, unsigned short v) {
  return Fallback ? cuatomlint_atomicCAS_u16(p, c, v) : atomicCAS(p, c, v);
}

template <bool Fallback>
__global__ void count_kernel(unsigned short *ctr, unsigned short *won, unsigned *stuck) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= N)
    return;
  unsigned short *p = &ctr[tid % NADDR];
  unsigned short cur = *(volatile unsigned short *)p, seen;
  for (unsigned i = 0;; i++) {
    if (i == SPIN_BOUND) {
      atomicAdd(stuck, 1u);
      return;
    }
    seen = cas<Fallback>(p, cur, (unsigned short)(cur + 1));
    if (seen == cur)
      break;
    cur = seen;
  }
  won[tid] = cur;
}

template <bool Fallback>
__global__ void fail_kernel(unsigned short *w, unsigned short *ret) {
  int i = threadIdx.x;	// 64 threads, one per half
  ret[i] = cas<Fallback>(&w[i], (unsigned short)(w[i] + 1), 0xdead);
}

static void counting() {
  unsigned short *ctr, *won;
  unsigned *stuck, hstuck = 0;
  CHECK_CUDA(cudaMalloc(&ctr, NADDR * 2));
  CHECK_CUDA(cudaMalloc(&won, N * 2));
  CHECK_CUDA(cudaMalloc(&stuck, 4));
  CHECK_CUDA(cudaMemset(ctr, 0, NADDR * 2));
  CHECK_CUDA(cudaMemset(stuck, 0, 4));
  count_kernel<true><<<N / 256, 256>>>(ctr, won, stuck);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, "fallback CAS counters");
  std::vector<unsigned short> h(NADDR), w(N);
  CHECK_CUDA(cudaMemcpy(h.data(), ctr, NADDR * 2, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(w.data(), won, N * 2, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(&hstuck, stuck, 4, cudaMemcpyDeviceToHost));
  expect(hstuck == 0, "%s%lld threads hit the spin bound", "", hstuck);
  for (int a = 0; a < NADDR; a++) {
    expect(h[a] == PER, "%scounter %lld ended at %lld", "", a, h[a]);
    std::vector<unsigned short> olds;
    for (int t = a; t < N; t += NADDR)
      olds.push_back(w[t]);
    std::sort(olds.begin(), olds.end());
    for (int k = 0; k < PER; k++)
      expect(olds[k] == k, "%scounter %lld: winning old values not 0..%lld", "", a, PER - 1);
  }
  cudaFree(ctr);
  cudaFree(won);
  cudaFree(stuck);
}

template <bool Fallback>
static std::vector<unsigned short> failing(std::vector<unsigned short> &after) {
  std::vector<unsigned short> init(64), ret(64);
  for (int i = 0; i < 64; i++)
    init[i] = (unsigned short)(0x8000 + 977 * i);
  unsigned short *w, *r;
  CHECK_CUDA(cudaMalloc(&w, 128));
  CHECK_CUDA(cudaMalloc(&r, 128));
  CHECK_CUDA(cudaMemcpy(w, init.data(), 128, cudaMemcpyHostToDevice));
  fail_kernel<Fallback><<<1, 64>>>(w, r);
  wait_or_die(10.0, "failing CAS");
  after.resize(64);
  CHECK_CUDA(cudaMemcpy(ret.data(), r, 128, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(after.data(), w, 128, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++) {
    expect(ret[i] == init[i], "%sfailed CAS %lld returned %lld", "", i, ret[i]);
    expect(after[i] == init[i], "%sfailed CAS %lld changed memory to %lld", "", i, after[i]);
  }
  cudaFree(w);
  cudaFree(r);
  return ret;
}

int main() {
  std::vector<unsigned short> a, b;
  counting();
  std::vector<unsigned short> fr = failing<true>(a), nr = failing<false>(b);
  expect(fr == nr && a == b, "%sfailure path differs from native", "", 0, 0);
  return finish("cas16");
}
