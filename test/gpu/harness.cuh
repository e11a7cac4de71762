// Shared pieces of the GPU tests: error checks, a host-side watchdog around
// kernel launches, and the result line test/gpu/run.sh reads.
//
// Every test prints exactly one line "RESULT PASS" or "RESULT FAIL <why>"
// and exits 0 on pass, 1 on a wrong result, 3 on a watchdog timeout.
#pragma once
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#define CHECK_CUDA(call)                                                        \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::printf("RESULT FAIL %s: %s\n", #call, cudaGetErrorString(err_));     \
      std::exit(1);                                                             \
    }                                                                           \
  } while (0)

// Kernel-side bound for spin loops the tests write themselves.
#define SPIN_BOUND (1u << 26)

// Wait for the device with a deadline: a wrong fallback that never leaves
// its loop fails the test instead of hanging it.
static inline void wait_or_die(double seconds, const char *what) {
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    cudaError_t e = cudaStreamQuery(0);
    if (e == cudaSuccess)
      return;
    if (e != cudaErrorNotReady) {
      std::printf("RESULT FAIL %s: %s\n", what, cudaGetErrorString(e));
      std::exit(1);
    }
    double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (spent > seconds) {
      std::printf("RESULT FAIL watchdog: %s still running after %.0f s\n", what, seconds);
      std::fflush(stdout);
      std::_Exit(3);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

static int g_failures = 0;

static inline void expect(bool ok, const char *fmt, const char *a = "", long long b = 0,
                          long long c = 0) {
  if (ok)
    return;
  if (g_failures++ < 8) {
    std::printf("  mismatch: ");
    std::printf(fmt, a, b, c);
    std::printf("\n");
  }
}

static inline int finish(const char *name) {
  if (g_failures) {
    std::printf("RESULT FAIL %s: %d mismatches\n", name, g_failures);
    return 1;
  }
  std::printf("RESULT PASS\n");
  return 0;
}
