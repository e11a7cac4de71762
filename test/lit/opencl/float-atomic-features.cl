// cl_ext_float_atomics names one feature per type, operation and address
// space (__opencl_c_ext_fp64_global_atomic_add, ...): the extension alone
// is not enough.  The built-in 'gpu' profile (a full-profile 3.0 GPU) lists
// the fp32 features only, so a double atomic_fetch_add is flagged there
// (with the CAS-loop fallback on atomic_ulong, which it has) and the float
// operations are not.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-device gpu %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]'
// RUN: %cuatomlint --checks='-*,arch-unsupported' --opencl-device gpu %s -- -DNO_DOUBLE 2>&1 | count 0

__kernel void sums(volatile __global atomic_double *d, volatile __global atomic_float *f,
                   volatile __local atomic_float *lf) {
#ifndef NO_DOUBLE
  atomic_fetch_add_explicit(d, 1.0, memory_order_relaxed, memory_scope_device);
  // CHECK: float-atomic-features.cl:[[@LINE-1]]:3: error: 'atomic_fetch_add_explicit' on atomic_double needs cl_ext_float_atomics with that fp64 operation in that address space, which device profile 'gpu' lacks [arch-unsupported]
  // CHECK: fix-it:"{{.*}}float-atomic-features.cl":{[[@LINE-2]]:3-[[@LINE-2]]:79}:"cuatomlint_fetch_add_f64_global_relaxed_device(d, 1.0)"
#endif
  atomic_fetch_add_explicit(f, 1.0f, memory_order_relaxed, memory_scope_device);
  atomic_fetch_min_explicit(lf, 1.0f, memory_order_relaxed, memory_scope_work_group);
}
