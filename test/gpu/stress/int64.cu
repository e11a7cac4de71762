// Stress test of one 64-bit min/max/and/or/xor fallback
// (cuatomlint_atomic<Op>_<s64|u64>) against the native instruction.  Built
// with -DCUATOMLINT_FORCE_FALLBACKS -DCASE_<OP>_<TYPE>.
//
// 65536 threads apply pseudo-random operands (negative numbers, the extreme
// values, bits in both 32-bit halves) to 8 addresses.  The final values must
// equal the native run's and a serial reference, and every returned old
// value must be a value the address held (the initial value or the result
// of some operand): the helper returns the old value like the native op.
#include <set>
#include <vector>

#include "fallbacks.cuh"
#include "harness.cuh"

#if defined(CASE_MIN_S64)
typedef long long T;
#define FB cuatomlint_atomicMin_s64
#define NATIVE atomicMin
#define APPLY(a, b) ((b) < (a) ? (b) : (a))
#elif defined(CASE_MIN_U64)
typedef unsigned long long T;
#define FB cuatomlint_atomicMin_u64
#define NATIVE atomicMin
#define APPLY(a, b) ((b) < (a) ? (b) : (a))
#elif defined(CASE_MAX_S64)
typedef long long T;
#define FB cuatomlint_atomicMax_s64
#define NATIVE atomicMax
#define APPLY(a, b) ((b) > (a) ? (b) : (a))
#elif defined(CASE_MAX_U64)
typedef unsigned long long T;
#define FB cuatomlint_atomicMax_u64
#define NATIVE atomicMax
#define APPLY(a, b) ((b) > (a) ? (b) : (a))
#elif defined(CASE_AND_U64)
typedef unsigned long long T;
#define FB cuatomlint_atomicAnd_u64
#define NATIVE atomicAnd
#define APPLY(a, b) ((a) & (b))
#elif defined(CASE_OR_U64)
typedef unsigned long long T;
#define FB cuatomlint_atomicOr_u64
#define NATIVE atomicOr
#define APPLY(a, b) ((a) | (b))
#elif defined(CASE_XOR_U64)
typedef unsigned long long T;
#define FB cuatomlint_atomicXor_u64
#define NATIVE atomicXor
#define APPLY(a, b) ((a) ^ (b))
#else
#error "define one CASE_*"
#endif

enum { N = 65536, NADDR = 8 };

// splitmix64: operands reach both halves, the sign bit and the extremes.
__host__ __device__ unsigned long long mix(unsigned long long x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

__host__ __device__ T operand(int tid) {
  unsigned long long r = mix((unsigned long long)tid);
#if defined(CASE_AND_U64)
  return ~(1ull << (r % 64)) | (r & 0xffff0000ffff0000ull);	// clears few bits
#elif defined(CASE_OR_U64)
  return 1ull << (r % 64);
#else
  if (tid % 4099 == 0)
    return (T)(tid & 1 ? 0x8000000000000000ull : 0x7fffffffffffffffull);
  return (T)r;
#endif
}

template <bool Fallback>
__global__ void kernel(T *addr, T *olds) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= N)
    return;
  T v = operand(tid);
  olds[tid] = Fallback ? FB(&addr[tid % NADDR], v) : NATIVE(&addr[tid % NADDR], v);
}

static T initial(int a) { return (T)mix(1000 + a); }

static void run(bool fallback, std::vector<T> &finals, std::vector<T> &olds) {
  T *addr, *dolds;
  std::vector<T> init(NADDR);
  for (int a = 0; a < NADDR; a++)
    init[a] = initial(a);
  CHECK_CUDA(cudaMalloc(&addr, NADDR * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&dolds, N * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(addr, init.data(), NADDR * sizeof(T), cudaMemcpyHostToDevice));
  if (fallback)
    kernel<true><<<N / 256, 256>>>(addr, dolds);
  else
    kernel<false><<<N / 256, 256>>>(addr, dolds);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(20.0, fallback ? "fallback kernel" : "native kernel");
  finals.resize(NADDR);
  olds.resize(N);
  CHECK_CUDA(cudaMemcpy(finals.data(), addr, NADDR * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(olds.data(), dolds, N * sizeof(T), cudaMemcpyDeviceToHost));
  cudaFree(addr);
  cudaFree(dolds);
}

int main() {
  std::vector<T> fb_final, fb_olds, nat_final, nat_olds;
  run(true, fb_final, fb_olds);
  run(false, nat_final, nat_olds);
  for (int a = 0; a < NADDR; a++) {
    T want = initial(a);
    for (int t = a; t < N; t += NADDR)
      want = APPLY(want, operand(t));
    expect(fb_final[a] == want, "%saddress %lld: fallback final differs from reference", "", a);
    expect(nat_final[a] == want, "%saddress %lld: native final differs from reference", "", a);
  }
#if defined(CASE_MIN_S64) || defined(CASE_MIN_U64) || defined(CASE_MAX_S64) || defined(CASE_MAX_U64)
  // min/max: an old value is the initial value or some operand of that address.
  for (int a = 0; a < NADDR; a++) {
    std::set<T> held;
    held.insert(initial(a));
    for (int t = a; t < N; t += NADDR)
      held.insert(operand(t));
    for (int t = a; t < N; t += NADDR)
      expect(held.count(fb_olds[t]) == 1, "%sthread %lld: old value never held (address %lld)", "", t, a);
  }
#elif defined(CASE_XOR_U64)
  // xor: the old values of one address, xor-ed with their operands, chain
  // from the initial value to the final one: xor of all olds ^ final ^ init
  // over the chain is 0 (each intermediate value appears twice).
  for (int a = 0; a < NADDR; a++) {
    T acc = initial(a) ^ fb_final[a];
    for (int t = a; t < N; t += NADDR)
      acc ^= fb_olds[t] ^ APPLY(fb_olds[t], operand(t));
    expect(acc == 0, "%saddress %lld: old values do not chain", "", a);
  }
#else
  // and/or: each returned old value, combined with its operand, is below
  // (and) / above (or) the final value in the bit lattice.
  for (int t = 0; t < N; t++) {
    T after = APPLY(fb_olds[t], operand(t));
    expect(APPLY(after, fb_final[t % NADDR]) == fb_final[t % NADDR],
           "%sthread %lld: old value inconsistent with the final value", "", t);
  }
#endif
  return finish("int64");
}
