// A file whose parses for several device profiles have clang errors gets one
// clang-partial-parse warning, with each parse's count (OpenCL profiles have no
// target names: the range), never their sum.
// RUN: %expect-exit 1 %cuatomlint %s 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not='[clang-partial-parse]'
// RUN: %expect-exit 1 %cuatomlint --opencl-device=gpu --opencl-device=minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not='[clang-partial-parse]'
// ONE: partial-profiles.cl:1:1: warning: parsed partially: 2 clang errors (first: {{.*}}partial-profiles.cl:[[#@LINE+4]]: use of undeclared identifier 'undeclared_cl'); findings after that point may be missing; fixes withheld [clang-partial-parse]
// TWO: partial-profiles.cl:1:1: warning: parsed partially: from 1 to 2 clang errors per parse (first: {{.*}}partial-profiles.cl:[[#@LINE+3]]: use of undeclared identifier 'undeclared_cl'); findings after that point may be missing; fixes withheld [clang-partial-parse]

__kernel void k(__global int *p) {
  undeclared_cl(p);
#if defined(__opencl_c_generic_address_space)
  undeclared_generic(p);
#endif
}
