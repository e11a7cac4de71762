// RUN: %expect-exit 1 %cuatomlint --checks='-*,atomic-local-memory' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[atomic-local-memory]'
// RUN: %expect-exit 1 %builtin --checks='-*,atomic-local-memory' --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[atomic-local-memory]'
// Legacy atomic* functions on thread-local memory, with the plain-operation fix.

__global__ void direct(int *out, unsigned *uout, int v) {
  int sum = 0;
  atomicAdd(&sum, v);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'sum': each thread has its own copy, and atomics on local memory are undefined in PTX [atomic-local-memory]
  // CHECK-NEXT: [[@LINE-2]] |   atomicAdd(&sum, v);
  // CHECK-NEXT: | ^~~~~~~~~~~~~~~~~~
  // CHECK-NEXT: legacy.cu:[[@LINE-5]]:7: note: 'sum' is private to each thread: a plain operation does the same
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-5]]:3-[[@LINE-5]]:21}:"sum += v"
  atomicSub(&sum, 2);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicSub' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:21}:"sum -= 2"
  unsigned flags = 0;
  atomicOr(&flags, 4u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicOr' on thread-local variable 'flags': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:23}:"flags |= 4u"
  atomicAnd(&flags, 6u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAnd' on thread-local variable 'flags': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:24}:"flags &= 6u"
  atomicXor_block(&flags, 1u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicXor_block' on thread-local variable 'flags': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:30}:"flags ^= 1u"
  (void)atomicExch_system(&sum, 7);
  // CHECK: legacy.cu:[[@LINE-1]]:9: warning: 'atomicExch_system' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:35}:"sum = 7"
  atomicMax(&sum, v);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicMax' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:21}:"sum = max(sum, v)"
  atomicMin(&sum, v + 1);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicMin' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:25}:"sum = min(sum, v + 1)"
  int old = atomicAdd(&sum, 1);
  // CHECK: legacy.cu:[[@LINE-1]]:13: warning: 'atomicAdd' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK-NEXT: [[@LINE-2]] |
  // CHECK-NEXT: |
  // CHECK-NEXT: legacy.cu:6:7: note: 'sum' is private to each thread; it was probably meant to be __shared__
  // CHECK-NOT: fix-it
  atomicInc(&flags, 10u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicInc' on thread-local variable 'flags': {{.*}} [atomic-local-memory]
  // CHECK: note: 'flags' is private to each thread; it was probably meant to be __shared__
  // CHECK-NOT: fix-it
  atomicCAS(&sum, 0, 1);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicCAS' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK-NOT: fix-it
  if (v > 3)
    atomicAdd(&sum, 3);
  // CHECK: legacy.cu:[[@LINE-1]]:5: warning: 'atomicAdd' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:5-[[@LINE-2]]:23}:"sum += 3"
  if (atomicAdd(&sum, 1) > 4)
  // CHECK: legacy.cu:[[@LINE-1]]:7: warning: 'atomicAdd' on thread-local variable 'sum': {{.*}} [atomic-local-memory]
  // CHECK-NOT: fix-it
    sum = 0;
  *out = sum + old;
  *uout = flags;
}

__global__ void arrays(unsigned *out, int i) {
  unsigned hist[8] = {};
  atomicAdd(&hist[i & 7], 1u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'hist': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:30}:"hist[i & 7] += 1u"
  atomicAdd(hist + 2, 1u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'hist': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:26}:"hist[2] += 1u"
  atomicMax(&hist[i++], 3u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicMax' on thread-local variable 'hist': {{.*}} [atomic-local-memory]
  // CHECK: note: 'hist' is private to each thread; it was probably meant to be __shared__
  // CHECK-NOT: fix-it
  unsigned grid[2][4] = {};
  atomicAdd(grid[1] + 3, 1u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'grid': {{.*}} [atomic-local-memory]
  struct { unsigned a, b; } pair = {};
  atomicAdd(&pair.b, 1u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'pair': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:25}:"pair.b += 1u"
  out[0] = hist[0] + grid[1][3] + pair.b;
}

// Through local pointer variables that only ever hold local addresses.
__device__ void pointers(int *param, bool c) {
  int a = 0, b = 0;
  int *p = &a;
  atomicAdd(p, 1);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'a' through pointer 'p': each thread has its own copy, and atomics on local memory are undefined in PTX [atomic-local-memory]
  // CHECK-NEXT: [[@LINE-2]] |
  // CHECK-NEXT: |
  // CHECK-NEXT: legacy.cu:[[@LINE-5]]:8: note: 'p' is only ever given addresses of thread-local memory
  // CHECK: legacy.cu:[[@LINE-7]]:7: note: 'a' is private to each thread: a plain operation does the same
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-6]]:3-[[@LINE-6]]:18}:"*p += 1"
  int *q;
  q = c ? &a : &b;
  q = p;
  q++;
  atomicExch(q, 2);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicExch' on thread-local variable 'a' through pointer 'q': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:3-[[@LINE-2]]:19}:"*q = 2"
  int *r = p;
  r = param;	// no longer only local
  atomicAdd(r, 1);
  (void)param;
}

// Macro-expanded misuse is reported at the macro use site, without a fix.
#define BUMP(counter) atomicAdd(&(counter), 1)
__global__ void macro_use(int *out) {
  int hits = 0;
  BUMP(hits);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'hits': {{.*}} [atomic-local-memory]
  // CHECK: note: 'hits' is private to each thread; it was probably meant to be __shared__
  // CHECK-NOT: fix-it
  *out = hits;
}

// Templates: the instantiation decides.  One finding for both instantiations
// of a type-dependent call; only count<true> keeps its counter local.
template <class T> __device__ T private_sum(const T *in, int n) {
  T acc = 0;
  for (int i = 0; i < n; i++)
    atomicAdd(&acc, in[i]);
  // CHECK: legacy.cu:[[@LINE-1]]:5: warning: 'atomicAdd' on thread-local variable 'acc': {{.*}} [atomic-local-memory]
  // CHECK: fix-it:"{{.*}}legacy.cu":{[[@LINE-2]]:5-[[@LINE-2]]:27}:"acc += in[i]"
  return acc;
}

template <bool UseLocal> __device__ void count(unsigned *global_bins, unsigned b) {
  unsigned local_bins[4] = {};
  unsigned *bins;
  if constexpr (UseLocal)
    bins = local_bins;
  else
    bins = global_bins;
  atomicAdd(&bins[b & 3], 1u);
  // CHECK: legacy.cu:[[@LINE-1]]:3: warning: 'atomicAdd' on thread-local variable 'local_bins' through pointer 'bins': {{.*}} [atomic-local-memory]
  // CHECK: note: 'local_bins' is private to each thread; it was probably meant to be __shared__
  // CHECK-NOT: fix-it
  global_bins[4] = local_bins[0];
}

__global__ void templates(int *i, float *f, unsigned *bins) {
  *i = private_sum(i, 4);
  *f = private_sum(f, 4);
  count<false>(bins, 1);
  count<true>(bins, 2);
}

// Not code: atomicAdd(&sum, 1) in a comment, or in a string.
__device__ const char *text = "atomicAdd(&sum, 1)";
