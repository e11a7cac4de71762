// --warnings-as-errors=GLOBS: findings of those checks are errors (with
// or without clang-tidy's prefix); others keep their severity.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync,cas-float-compare' --warnings-as-errors='cuatomlint-volatile-*' %s 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --warnings-as-errors='*,-volatile-sync' %s 2>&1 | FileCheck %s --check-prefix=NOT
// With --fail-level=error only the promoted findings fail the run:
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --fail-level=error --warnings-as-errors=volatile-sync %s > /dev/null 2>&1
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-sync' --fail-level=error %s > /dev/null 2>&1

__global__ void k(volatile int *go) { while (!*go) {} }
// CHECK: warnings-as-errors.cu:[[@LINE-1]]:47: error: spin-wait on volatile '*go'{{.*}} [volatile-sync]
// NOT: warnings-as-errors.cu:[[@LINE-2]]:47: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
