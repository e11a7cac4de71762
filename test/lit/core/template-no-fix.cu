// A finding in a template instantiation whose code depends on a type
// parameter gets no fix (an edit of the shared text would change every
// other instantiation), and says so in a note naming the instantiation
// (fixits/no_fix.h).  A communication library's flag waits and a warp
// scan were among 13 such findings on public code that said nothing.
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='fix-it:'

template <class T> __device__ void wait_flag(volatile T *flag) {
  while (*flag == T(0)) {
  }
}
// CHECK: template-no-fix.cu:[[@LINE-3]]:10: warning: spin-wait on volatile '*flag'
// CHECK: template-no-fix.cu:[[@LINE-5]]:36: note: in instantiation 'wait_flag<int>'; no automatic fix: the template's other instantiations share this loop

template <class T> __device__ void publish(volatile T *flag) {
  *flag = T(1);
}
// CHECK: template-no-fix.cu:[[@LINE-2]]:3: warning: store to volatile '*flag'
// CHECK: template-no-fix.cu:[[@LINE-4]]:36: note: in instantiation 'publish<int>'; no automatic fix: the template's other instantiations share this store

template <class T> __device__ void warp_reduce(volatile T *s, int tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}
// CHECK: template-no-fix.cu:[[@LINE-7]]:3: warning: warp-synchronous steps on volatile 's'
// Since issue 21.5 a volatile warp reduction over the element type is fixed
// with the temporary spelled 'T' where every instantiation takes the same
// edits (test/lit/volatile-warp-sync/templates.cu).
// CHECK: template-no-fix.cu:[[@LINE-12]]:36: note: in instantiation 'warp_reduce<int>'; the fix is the same for every instantiation: it names the element type as the template writes it, and each instantiation here takes the same edits
// CHECK: fix-it:"{{.*}}template-no-fix.cu":{[[@LINE-12]]:3-[[@LINE-12]]:25}:"{ T v = s[tid] + s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }"
// CHECK-COUNT-5: fix-it:"{{.*}}template-no-fix.cu":{{.*}}__syncwarp(); }"

template <class T> __global__ void reduce(T *out, volatile T *flag) {
  __shared__ T sdata[64];
  int tid = threadIdx.x;
  if (tid < 32)
    warp_reduce(sdata, tid);
  if (tid == 0) {
    *out = sdata[0];
    publish(flag);
  }
  wait_flag(flag);
}

template <class T> __device__ T cas_max(T *addr, T v) {
  T old = *addr, assumed;
  do {
    assumed = old;
    old = atomicCAS((unsigned int *)addr, *(unsigned int *)&assumed, *(unsigned int *)&v);
  } while (assumed != old);
  return old;
}
// CHECK: template-no-fix.cu:[[@LINE-3]]:12: warning: CAS loop compares 'float' values with '!='
// CHECK: template-no-fix.cu:[[@LINE-9]]:33: note: in instantiation 'cas_max<float>'; no automatic fix: the template's other instantiations share this comparison; compare the bit patterns for floating-point types

template __global__ void reduce<int>(int *, volatile int *);
template __global__ void reduce<float>(float *, volatile float *);
template __device__ float cas_max<float>(float *, float);
