// Block scope is for storage inside a __shared__ variable only.  A pointer
// kept in shared memory (NCCL's 'ncclShmem.groups[g].recvConns[i]->ptrExchange')
// points wherever it points: a flag reached through it, or through a local
// set from it, may be another GPU's; its fix keeps system scope (no code
// here writes it).  Members and array elements of the __shared__ variable,
// and locals set from its arrays, take block scope.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='fix-it:{{.*}}atomic_ref'
struct Conn {
  void *volatile *ptrExchange;
  volatile int flag;
};
struct Shmem {
  Conn *conns[4];
  volatile int local_flag;
};
__shared__ Shmem sm;

__global__ void k(int i, int *out) {
  void *volatile *slot = sm.conns[i]->ptrExchange;
  while (*slot == nullptr) {
  }
  // CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:10-[[@LINE-2]]:15}:"cuda::atomic_ref<void *, cuda::thread_scope_system>
  while (sm.conns[i]->flag == 0) {
  }
  // CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:10-[[@LINE-2]]:27}:"cuda::atomic_ref<int, cuda::thread_scope_system>
  while (sm.local_flag == 0) {
  }
  // CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:10-[[@LINE-2]]:23}:"cuda::atomic_ref<int, cuda::thread_scope_block>
  __shared__ volatile int sdata[32];
  volatile int *q = sdata;
  while (q[3] == 0) {
  }
  // CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:10-[[@LINE-2]]:14}:"cuda::atomic_ref<int, cuda::thread_scope_block>
  out[0] = 1;
}
