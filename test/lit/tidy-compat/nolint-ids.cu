// NOLINT lists take the check ID as printed, with clang-tidy's prefix, or
// the glob *; another tool's ID does not silence ours.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not=warning:

__global__ void a(volatile int *go) { while (!*go) {} } // NOLINT(volatile-sync)
__global__ void b(volatile int *go) { while (!*go) {} } // NOLINT(cuatomlint-volatile-sync)
__global__ void c(volatile int *go) { while (!*go) {} } // NOLINT(*)
// NOLINTNEXTLINE(volatile-*)
__global__ void d(volatile int *go) { while (!*go) {} }
__global__ void e(volatile int *go) { while (!*go) {} } // NOLINT(bugprone-infinite-loop)
// CHECK: nolint-ids.cu:[[@LINE-1]]:47: warning: spin-wait on volatile '*go'
__global__ void f(volatile int *go) { while (!*go) {} } // NOLINT(scope-mismatch)
// CHECK: nolint-ids.cu:[[@LINE-1]]:47: warning: spin-wait on volatile '*go'
