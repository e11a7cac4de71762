// --extra-arg appends to the clang arguments, --extra-arg-before prepends:
// after "--" and in that order, as clang-tidy has them.
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-sync' --extra-arg=-DWAIT_B=1 --extra-arg-before=-DWAIT_A=1 --verbose %s -- -DMIDDLE 2>&1 | FileCheck %s
// CHECK: parse {{.*}}extra-arg.cu: {{.*}} -DWAIT_A=1 -DMIDDLE -DWAIT_B=1
// CHECK: extra-arg.cu:[[@LINE+4]]:{{[0-9]+}}: warning: spin-wait on volatile '*a'
// CHECK: extra-arg.cu:[[@LINE+6]]:{{[0-9]+}}: warning: spin-wait on volatile '*b'
// RUN: %expect-exit 0 %builtin --checks='-*,volatile-sync' %s 2>&1 | count 0
#if WAIT_A
__global__ void ka(volatile int *a) { while (!*a) {} }
#endif
#if WAIT_B
__global__ void kb(volatile int *b) { while (!*b) {} }
#endif
