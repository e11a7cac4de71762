// --line-filter (clang-tidy's JSON): only findings on the listed lines of
// the listed files; a file entry without "lines" keeps the whole file.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --line-filter='[{"name":"line-filter.cu","lines":[[10,10],[13,14]]}]' %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-sync' --line-filter='[{"name":"other.cu"}]' %s 2>&1 | count 0
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --line-filter='[{"name":"line-filter.cu"}]' %s 2>&1 | grep -c 'warning:' | FileCheck %s --check-prefix=ALL
// ALL: 4
// RUN: %expect-exit 2 %builtin --line-filter='[{"lines":[[1,2]]}]' %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: cuatomlint: error: invalid value '{{.*}}' for --line-filter (expected a JSON list of {"name": FILE, "lines": {{.*}}})

__global__ void a(volatile int *go) { while (!*go) {} }
// CHECK: line-filter.cu:[[@LINE-1]]:47: warning:
__global__ void b(volatile int *go) { while (!*go) {} }
__global__ void c(volatile int *go) { while (!*go) {} }
// CHECK: line-filter.cu:[[@LINE-1]]:47: warning:
__global__ void d(volatile int *go) { while (!*go) {} }
