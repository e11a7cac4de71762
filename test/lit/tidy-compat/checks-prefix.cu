// --checks takes the IDs with clang-tidy's prefix too: cuatomlint-*.
// RUN: %expect-exit 1 %builtin --checks='-*,cuatomlint-volatile-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]' --implicit-check-not='[arch-unsupported]'
// RUN: %expect-exit 1 %builtin --checks='-*,cuatomlint-volatile-*' %s 2>&1 | FileCheck %s
// RUN: %expect-exit 0 %builtin --checks='-cuatomlint-*' %s 2>&1 | count 0
// RUN: %expect-exit 2 %builtin --checks='cuatomlint-no-such-check' %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: cuatomlint: error: no check matches 'cuatomlint-no-such-check' in --checks

__global__ void k(volatile int *go) { while (!*go) {} }
// CHECK: checks-prefix.cu:[[@LINE-1]]:47: warning: spin-wait on volatile '*go'{{.*}} [volatile-sync]
