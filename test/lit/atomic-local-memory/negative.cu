// RUN: %cuatomlint --checks='-*,atomic-local-memory' --cuda-arch=sm_90 %s 2>&1 | count 0
// RUN: %builtin --checks='-*,atomic-local-memory' --cuda-arch=sm_90 %s 2>&1 | count 0
// Atomics on memory other threads can see, or of unknown origin: never flagged.
#include <cuda/atomic>

__device__ unsigned global_count;
__device__ int global_table[16];
extern __shared__ float dynamic_smem[];

__device__ int *lookup(int i);

struct Bins { unsigned b[4]; unsigned *next; };

__device__ void shared_and_global(unsigned *param, int i) {
  __shared__ unsigned block_hist[32];
  __shared__ int block_total;
  atomicAdd(&block_hist[i & 31], 1u);
  atomicAdd(block_hist + 3, 1u);
  atomicAdd(&block_total, 1);
  atomicAdd(&global_count, 1u);
  atomicMax(&global_table[i], i);
  atomicAdd(&dynamic_smem[i], 1.0f);
  static unsigned calls;	// static: one object for every thread
  atomicAdd(&calls, 1u);
  atomicAdd(param, 1u);
  atomicAdd(&param[i], 1u);
  __nv_atomic_fetch_add(&block_total, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  cuda::atomic_ref<int, cuda::thread_scope_block> shared_ref(block_total);
  shared_ref.fetch_add(1);
  cuda::atomic_ref<unsigned> param_ref(*param);
  param_ref.fetch_add(1u);
}

__device__ void unknown_pointers(unsigned *param, unsigned **table, Bins *bins, bool c) {
  unsigned *from_param = param;
  atomicAdd(from_param, 1u);
  unsigned *loaded = table[0];		// loaded from memory
  atomicAdd(loaded, 1u);
  int *returned = lookup(3);		// returned by a call
  atomicAdd(returned, 1);
  atomicAdd(bins->b + 1, 1u);		// through a parameter
  atomicAdd(bins->next, 1u);
  unsigned mine = 0;
  unsigned *mixed = c ? &mine : param;	// not only local
  atomicAdd(mixed, 1u);
  unsigned *later = &mine;
  later = param;
  atomicAdd(later, 1u);
  unsigned *escaped = &mine;
  unsigned **alias = &escaped;		// may be redirected through alias
  *alias = param;
  atomicAdd(escaped, 1u);
  unsigned *uninit;
  atomicAdd(uninit, 1u);		// never given a local address
  unsigned &ref_param = *param;
  atomicAdd(&ref_param, 1u);
  mine += 1;				// plain operations are fine
  *param = mine;
}

// A parameter of a template instantiated with a local address: the
// callee cannot know, and the caller is not an atomic.
template <class T> __device__ void bump(T *p) { atomicAdd(p, T(1)); }
__global__ void caller(int *out) {
  int local = 0;
  bump(&local);
  *out = local;
}

// count<false> never keeps its bins local.
template <bool UseLocal> __device__ void count(unsigned *global_bins, unsigned b) {
  unsigned local_bins[4] = {};
  unsigned *bins;
  if constexpr (UseLocal)
    bins = local_bins;
  else
    bins = global_bins;
  atomicAdd(&bins[b & 3], 1u);
  global_bins[4] = local_bins[0];
}
__global__ void only_global(unsigned *bins) { count<false>(bins, 1); }

// Not code: atomicAdd(&local, 1) in a comment, and in a string.
__device__ const char *doc = "atomicAdd(&local, 1)";
