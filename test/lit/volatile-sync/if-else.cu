// A flag stored in the 'if' branch of an if/else whose 'else' branch polls it
// (one block publishes, the others wait); a read-modify-write of the word is
// not judged in CUDA (see the shape table of docs/checks/volatile-sync.md).
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-sync]'

__global__ void epoch_sync(volatile int *epoch, int *data, int *out, int rounds) {
  for (int r = 1; r <= rounds; r++) {
    if (blockIdx.x == 0) {
      data[r] = r;
      *epoch = r;
      // CHECK: if-else.cu:[[@LINE-1]]:7: warning: store to volatile '*epoch', which another thread polls, publishes nothing{{.*}} [volatile-sync]
      // CHECK: if-else.cu:[[@LINE+3]]:14: note: '*epoch' is polled here
    } else {
      // CHECK: if-else.cu:[[@LINE+1]]:14: warning: spin-wait on volatile '*epoch'{{.*}} [volatile-sync]
      while (*epoch < r) {}
      out[r] = data[r];
    }
  }
}
