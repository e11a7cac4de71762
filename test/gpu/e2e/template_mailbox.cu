// e2e: message passing through a class template's volatile flag (NCCL's
// shape: a primitives class over the element type whose members poll and
// raise a connection's flag).
//
// Misuse (volatile-sync): as message_passing.cu, the producer writes the
// payload with plain stores and raises a volatile flag; the consumer polls
// it and reads the payload with plain loads.  The code is a member of
// Mailbox<T>, instantiated for int and float: the flag's type does not depend
// on T, so cuatomlint --fix rewrites the shared template text once, an
// acquire load / release store that is right for every instantiation.
#include "harness.cuh"

enum { ROUNDS = 2000, WORDS = 256 };

struct Conn {
  volatile int *flag;  // round the payload belongs to
  volatile int *ack;   // last round the consumer checked
};

template <typename T> struct Mailbox {
  Conn conn;
  T *payload;

  __device__ bool send(int r, int *stuck) {
    volatile int *ack = conn.ack;
    unsigned spins = 0;
    while (*ack != r - 1) {
      if (++spins == SPIN_BOUND) {
        atomicAdd(stuck, 1);
        return false;
      }
    }
    for (int i = 0; i < WORDS; i++)
      payload[i] = T(r);
    volatile int *flag = conn.flag;
    *flag = r;
    return true;
  }

  __device__ bool recv(int r, int *errors, int *stuck) {
    volatile int *flag = conn.flag;
    unsigned spins = 0;
    while (*flag != r) {
      if (++spins == SPIN_BOUND) {
        atomicAdd(stuck, 1);
        return false;
      }
    }
    int bad = 0;
    for (int i = 0; i < WORDS; i++)
      bad += payload[i] != T(r);
    if (bad)
      atomicAdd(errors, 1);
    volatile int *ack = conn.ack;
    *ack = r;
    return true;
  }
};

template <typename T> __global__ void ping_pong(Mailbox<T> box, int *errors, int *stuck) {
  if (threadIdx.x != 0)
    return;
  for (int r = 1; r <= ROUNDS; r++) {
    bool ok = blockIdx.x == 0 ? box.send(r, stuck) : box.recv(r, errors, stuck);
    if (!ok)
      return;
  }
}

template <typename T> static void run(const char *name, int *errors) {
  int *words, h[2];
  T *payload;
  CHECK_CUDA(cudaMalloc(&words, 2 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&payload, WORDS * sizeof(T)));
  CHECK_CUDA(cudaMemset(words, 0, 2 * sizeof(int)));
  CHECK_CUDA(cudaMemset(payload, 0, WORDS * sizeof(T)));
  CHECK_CUDA(cudaMemset(errors, 0, 2 * sizeof(int)));
  Mailbox<T> box = { { words, words + 1 }, payload };
  ping_pong<T><<<2, 32>>>(box, errors, errors + 1);
  CHECK_CUDA(cudaGetLastError());
  wait_or_die(30.0, name);
  CHECK_CUDA(cudaMemcpy(h, errors, sizeof(h), cudaMemcpyDeviceToHost));
  expect(h[1] == 0, "%s: %lld blocks hit the spin bound", name, h[1]);
  expect(h[0] == 0, "%s: stale payload in %lld of %lld rounds", name, h[0], ROUNDS);
  CHECK_CUDA(cudaFree(words));
  CHECK_CUDA(cudaFree(payload));
}

int main() {
  int *errors;
  CHECK_CUDA(cudaMalloc(&errors, 2 * sizeof(int)));
  run<int>("Mailbox<int>", errors);
  run<float>("Mailbox<float>", errors);
  return finish("template mailbox");
}
