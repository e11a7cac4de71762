// Polls whose loop counts, backs off or accumulates: the loop still waits
// on the volatile word.  A counter, a back-off or a time-out beside the
// read does not make the loop do work with the data; a running total over
// polled words ('seen += *flag', 'count += flags[i]' swept by an inner loop
// whose index is declared inside the waiting loop) is what the waiting
// loop tests.  Loops that walk data into a total ('sum += v[i++]') or
// total data once are not polls.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/a.cu
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fix %t/a.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/a.cu
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-sync' %t/a.cu 2>&1 | count 0

__device__ int payload;

// A count beside the read, assigned in the condition.
__global__ void counted(volatile int *flag, int *out) {
  int v, spins = 0;
  while ((v = *flag) == 0) {
    spins++;
  }
  *out = payload + spins;
}

// A count in the body of a do-while testing the flag itself.
__global__ void ticked(volatile int *flag, int *out) {
  int t = 0;
  do {
    t += 1;
  } while (*flag == 0);
  *out = payload + t;
}

// A back-off that doubles.
__global__ void backoff(volatile int *flag, int *out) {
  unsigned ns = 8;
  do {
    __nanosleep(ns);
    ns *= 2;
  } while (*flag == 0);
  *out = payload;
}

// The flag accumulated into the local the loop tests.
__global__ void accumulated(volatile int *flag, int *out) {
  int seen = 0;
  while (seen == 0)
    seen += *flag;
  *out = payload;
}

// Every block's arrival flag summed by an inner sweep, tested by the outer loop.
__global__ void all_arrived(volatile int *arrived, int n, int *out) {
  int count;
  do {
    count = 0;
    for (int i = 0; i < n; i++)
      count += arrived[i];
  } while (count < n);
  *out = payload;
}

// Near miss: the total walks data ('i' is the loop's own cursor).
__global__ void walk(volatile int *v, int limit, int *out) {
  int sum = 0, i = 0;
  while (sum < limit)
    sum += v[i++];
  *out = sum;
}

// Near miss: data totalled once; no loop tests the total.
__global__ void total_once(volatile int *v, int n, int *out) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += v[i];
  *out = total;
}

// Near miss: an outer loop that walks blocks of data ('base' moves).
__global__ void blocks(volatile int *v, int n, int *out, int base) {
  int total = 0;
  while (total < n) {
    for (int i = 0; i < 4; i++)
      total += v[base + i];
    base += 4;
  }
  *out = total;
}

// Near miss: a difference is not a running total of polled words.
__global__ void subtracted(volatile int *v, int *out) {
  int x = 0;
  while (x < 100)
    x -= *v;
  *out = x;
}

// CHECK: {{.*}}.cu:20:15: warning: spin-wait on volatile '*flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:20:15: note: no code of this translation unit writes '*flag': its writer may be the CPU (host-pinned or managed memory) or another device, and a volatile load is a system-scope relaxed load in the PTX memory model; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
// CHECK: fix-it:"{{.*}}.cu":{20:15-20:20}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{18:25-18:34}:""
// CHECK: fix-it:"{{.*}}.cu":{14:1-14:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:31:12: warning: spin-wait on volatile '*flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:31:12: note: no code of this translation unit writes '*flag': its writer may be the CPU (host-pinned or managed memory) or another device, and a volatile load is a system-scope relaxed load in the PTX memory model; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
// CHECK: fix-it:"{{.*}}.cu":{31:12-31:17}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{27:24-27:33}:""
// CHECK: fix-it:"{{.*}}.cu":{14:1-14:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:41:12: warning: spin-wait on volatile '*flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:41:12: note: no code of this translation unit writes '*flag': its writer may be the CPU (host-pinned or managed memory) or another device, and a volatile load is a system-scope relaxed load in the PTX memory model; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
// CHECK: fix-it:"{{.*}}.cu":{41:12-41:17}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{36:25-36:34}:""
// CHECK: fix-it:"{{.*}}.cu":{14:1-14:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:49:13: warning: spin-wait on volatile '*flag': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:49:13: note: no code of this translation unit writes '*flag': its writer may be the CPU (host-pinned or managed memory) or another device, and a volatile load is a system-scope relaxed load in the PTX memory model; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
// CHECK: fix-it:"{{.*}}.cu":{49:13-49:18}:"cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{46:29-46:38}:""
// CHECK: fix-it:"{{.*}}.cu":{14:1-14:1}:"#include <cuda/atomic>\n"
// CHECK: {{.*}}.cu:59:16: warning: spin-wait on volatile 'arrived[i]': volatile reads neither synchronize threads nor order memory, use a cuda::atomic_ref acquire load [volatile-sync]
// CHECK: {{.*}}.cu:59:16: note: no code of this translation unit writes 'arrived[i]': its writer may be the CPU (host-pinned or managed memory) or another device, and a volatile load is a system-scope relaxed load in the PTX memory model; the fix keeps system scope: a device-scope one would not synchronize with the CPU or another GPU
// CHECK: fix-it:"{{.*}}.cu":{59:16-59:26}:"cuda::atomic_ref<int, cuda::thread_scope_system>{arrived[i]}.load(cuda::memory_order_acquire)"
// CHECK: fix-it:"{{.*}}.cu":{54:29-54:38}:""
// CHECK: fix-it:"{{.*}}.cu":{14:1-14:1}:"#include <cuda/atomic>\n"
// FIXED: #include <cuda/atomic>
// FIXED: __global__ void counted(int *flag, int *out) {
// FIXED: while ((v = cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire)) == 0) {
// FIXED: __global__ void ticked(int *flag, int *out) {
// FIXED: } while (cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire) == 0);
// FIXED: __global__ void backoff(int *flag, int *out) {
// FIXED: } while (cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire) == 0);
// FIXED: __global__ void accumulated(int *flag, int *out) {
// FIXED: seen += cuda::atomic_ref<int, cuda::thread_scope_system>{*flag}.load(cuda::memory_order_acquire);
// FIXED: __global__ void all_arrived(int *arrived, int n, int *out) {
// FIXED: count += cuda::atomic_ref<int, cuda::thread_scope_system>{arrived[i]}.load(cuda::memory_order_acquire);
