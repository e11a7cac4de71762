// Block markers (NOLINT + BEGIN/END, spelt apart here so that this comment
// holds none): the lines between, both included, with or without a list; an
// END closes the latest BEGIN with the same list (clang-tidy's rule); an
// unmatched marker suppresses nothing and gets a warning line.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not=warning:

// NOLINTBEGIN
__global__ void a(volatile int *go) { while (!*go) {} }
// NOLINTEND
// NOLINTBEGIN(volatile-sync)
__global__ void b(volatile int *go) { while (!*go) {} }
__global__ void c(volatile int *go) { while (!*go) {} }
// NOLINTEND(volatile-sync)
// NOLINTBEGIN(cuatomlint-volatile-*)
__global__ void d(volatile int *go) { while (!*go) {} }
// NOLINTEND(cuatomlint-volatile-*)
// Near misses: another check's list; the line after the END.
// NOLINTBEGIN(scope-mismatch)
__global__ void e(volatile int *go) { while (!*go) {} }
// CHECK-DAG: nolint-begin-end.cu:[[@LINE-1]]:47: warning: spin-wait on volatile '*go'
// NOLINTEND(scope-mismatch)
__global__ void f(volatile int *go) { while (!*go) {} }
// CHECK-DAG: nolint-begin-end.cu:[[@LINE-1]]:47: warning: spin-wait on volatile '*go'
// An END with a different list does not close the BEGIN: both unmatched.
// NOLINTBEGIN(volatile-sync)
// CHECK-DAG: nolint-begin-end.cu:[[@LINE-1]]:4: warning: unmatched 'NOLINT{{BEGIN}}' comment without a subsequent 'NOLINT{{END}}' comment; it suppresses nothing
__global__ void g(volatile int *go) { while (!*go) {} }
// CHECK-DAG: nolint-begin-end.cu:[[@LINE-1]]:47: warning: spin-wait on volatile '*go'
// NOLINTEND(scope-mismatch)
// CHECK-DAG: nolint-begin-end.cu:[[@LINE-1]]:4: warning: unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment
