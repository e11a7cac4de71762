// A file clang cannot parse cleanly: its errors are reported as
// clang-diagnostic-error, the checks still run on the recovered AST, and
// their findings say they come from a partial parse.  The file says once,
// at its start, that it was parsed partially, for which targets (the host
// parse that nv-atomic-host asks for has the error too), how many errors
// each parse has, which error came first and that its fixes are withheld.
// RUN: not %cuatomlint --checks='-*,nv-atomic-host' %s 2>&1 | FileCheck %s
// RUN: not %builtin --checks='-*,nv-atomic-host' %s 2>&1 | FileCheck %s

void host_fn(int *p) {
  __nv_atomic_store_n(p, 1, __NV_ATOMIC_RELAXED);
  undeclared_thing(p);
}
// CHECK: partial-parse.cu:1:1: warning: parsed partially for sm_75 and the host: 1 clang error in each parse (first: {{.*}}partial-parse.cu:12: use of undeclared identifier 'undeclared_thing'); findings after that point may be missing; fixes withheld [clang-partial-parse]
// CHECK: partial-parse.cu:11:3: error: '__nv_atomic_store_n' called from host code: nvcc accepts __nv_atomic_* builtins only in device functions [nv-atomic-host]
// CHECK: partial-parse.cu:11:3: note: found in a partial parse: clang reported errors in this file
// CHECK: partial-parse.cu:12:3: error: use of undeclared identifier 'undeclared_thing' [clang-diagnostic-error]
