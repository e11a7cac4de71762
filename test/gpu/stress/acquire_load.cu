// Stress test of cuatomlint_acquire_load, the acquire load that the
// volatile-sync fix writes for targets below sm_60 (table C: an atomic add
// of zero, then __threadfence()).  Built as any sm_90 program: the helper
// has no native path to force.
//
// 65536 threads load every value of a table many times: -0.0, subnormals,
// NaNs with payloads, infinities, and the extreme integers.  Each load must
// return the value bit for bit, and afterwards memory must still hold it:
// a load must not write (a float add of +0.0 turns -0.0 into +0.0, and on
// global memory flushes subnormals to zero).
#include <vector>

#include "fallbacks.cuh"
#include "harness.cuh"

enum { N = 65536, ROUNDS = 16 };

static const unsigned kFloatBits[] = {
    0x80000000u,	// -0.0
    0x00000001u,	// smallest subnormal
    0x807fffffu,	// largest negative subnormal
    0x7fc01234u,	// quiet NaN with a payload
    0xffc00001u,	// negative quiet NaN
    0x7f800000u,	// +inf
    0xff800000u,	// -inf
    0x3fc00000u,	// 1.5
};
enum { NF = sizeof(kFloatBits) / sizeof(kFloatBits[0]) };

static const int kInts[] = {-1, (int)0x80000000, 0x7fffffff, 0};
enum { NI = sizeof(kInts) / sizeof(kInts[0]) };
static const unsigned long long kU64[] = {~0ull, 1ull << 63, 0x0123456789abcdefull, 0};
enum { NU = sizeof(kU64) / sizeof(kU64[0]) };

__global__ void load_kernel(float *f, const unsigned *fbits, int *i, const int *ivals,
                            unsigned long long *u, const unsigned long long *uvals,
                            unsigned *bad) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= N)
    return;
  for (int r = 0; r < ROUNDS; r++) {
    int k = (tid + r) % NF;
    if (__float_as_uint(cuatomlint_acquire_load(&f[k])) != fbits[k])
      atomicAdd(bad, 1u);
    if (cuatomlint_acquire_load(&i[(tid + r) % NI]) != ivals[(tid + r) % NI])
      atomicAdd(bad, 1u);
    if (cuatomlint_acquire_load(&u[(tid + r) % NU]) != uvals[(tid + r) % NU])
      atomicAdd(bad, 1u);
  }
}

template <class T> static T *to_device(const T *host, size_t n) {
  T *d;
  CHECK_CUDA(cudaMalloc(&d, n * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(d, host, n * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T> static void expect_unchanged(const T *dev, const T *want, size_t n,
                                                const char *what) {
  std::vector<T> got(n);
  CHECK_CUDA(cudaMemcpy(got.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost));
  for (size_t k = 0; k < n; k++)
    expect(std::memcmp(&got[k], &want[k], sizeof(T)) == 0,
           "%s[%lld] changed by a load (now 0x%llx)", what, (long long)k,
           (long long)(unsigned long long)got[k]);
}

int main() {
  float *f = (float *)to_device(kFloatBits, NF);	// the same bits, as floats
  unsigned *fbits = to_device(kFloatBits, NF);
  int *i = to_device(kInts, NI), *ivals = to_device(kInts, NI);
  unsigned long long *u = to_device(kU64, NU), *uvals = to_device(kU64, NU);
  unsigned *bad, hbad = 0;
  CHECK_CUDA(cudaMalloc(&bad, 4));
  CHECK_CUDA(cudaMemset(bad, 0, 4));
  load_kernel<<<N / 256, 256>>>(f, fbits, i, ivals, u, uvals, bad);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, "acquire loads");
  CHECK_CUDA(cudaMemcpy(&hbad, bad, 4, cudaMemcpyDeviceToHost));
  expect(hbad == 0, "%s%lld loads returned another value", "", hbad);
  expect_unchanged((const unsigned *)f, kFloatBits, NF, "float");
  expect_unchanged(i, kInts, NI, "int");
  expect_unchanged(u, kU64, NU, "u64");
  return finish("acquire_load");
}
