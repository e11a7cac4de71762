// Long options with one dash, as clang-tidy spells them, next to the
// short options with joined values.
// RUN: %expect-exit 1 %builtin -checks='-*,volatile-sync' -warnings-as-errors=volatile-sync -j1 -header-filter='.*' -quiet %s 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %builtin -checks '-*,volatile-sync' -format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 2 %builtin -no-such-option %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: cuatomlint: error: unknown option '-no-such-option'

__global__ void k(volatile int *go) { while (!*go) {} }
// CHECK: single-dash.cu:[[@LINE-1]]:47: error: spin-wait on volatile '*go'
// JSON: "check": "volatile-sync",
