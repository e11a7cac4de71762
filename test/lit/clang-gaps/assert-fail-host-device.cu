// REQUIRES: cuda-toolkit
// CMake's Release, RelWithDebInfo and MinSizeRel builds pass -DNDEBUG.  CCCL
// (believing it is nvcc) then redeclares __assert_fail() __host__ __device__,
// as nvcc's own headers declare it; clang's wrapper has a __device__ one,
// which clang will not let it overload, so every CCCL header failed.  The
// prelude declares the host one glibc's <assert.h> leaves out under NDEBUG
// and the gap table hides clang's refusal: no error, no partial parse, the
// finding is fixed, and host and device code calling CCCL's always-on
// checks (_CCCL_VERIFY) or its enabled assertions find a declaration.
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_75,sm_90 --host-parses %s -- -DNDEBUG 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --host-parses %s -- -DNDEBUG -DCCCL_ENABLE_ASSERTIONS 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --host-parses %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --verbose %s -- -DNDEBUG 2>&1 | FileCheck %s --check-prefix=VERBOSE
// A real redefinition of it stays an error:
// RUN: %expect-exit 1 %cuatomlint --cuda-arch=sm_90 %s -- -DNDEBUG -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL

#include <cuda/atomic>
#include <cuda/std/span>

void host_check(int *p) { _CCCL_VERIFY(p != nullptr, "null"); }
__device__ void device_check(int *p) { _CCCL_VERIFY(p != nullptr, "null"); }
__host__ __device__ void both_check(int *p) { _CCCL_VERIFY(p != nullptr, "null"); }

__global__ void wait_then_read(volatile int *flag, int *data, int *out) {
  both_check(data);
  device_check(data);
  cuda::std::span<int> s(data, 4);
  while (*flag == 0) {
  }
  *out = s[1];
}
// CHECK: assert-fail-host-device.cu:[[@LINE-4]]:10: warning: spin-wait on volatile '*flag'{{.*}} [volatile-sync]
// CHECK: fix-it:

void host_span(int *p) {
  cuda::std::span<int> s(p, 4);
  both_check(&s[1]);
}

#ifdef REAL_ERROR
extern "C" __device__ void __assert_fail(const char *, const char *, unsigned int, const char *) {}
#endif
// VERBOSE: note: clang's error '__host__ __device__ function '__assert_fail' cannot overload __host__ function '__assert_fail'' is a known clang-versus-nvcc difference (assert-fail-host-device), not reported
// REAL: assert-fail-host-device.cu:[[@LINE-3]]:28: error: redefinition of '__assert_fail' [clang-diagnostic-error]
