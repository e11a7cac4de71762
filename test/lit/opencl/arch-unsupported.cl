// arch-unsupported for OpenCL C: the non-explicit atomic functions (seq_cst
// order, device scope) on a 3.0 device profile without those features.
// clang's error for the undeclared function is restated once per lacking
// profile; no fix (a weaker order or scope changes the meaning).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-device minimal-3.0 --opencl-device gpu %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:' --implicit-check-not='clang-diagnostic-error'
// Full profiles have them: nothing.
// RUN: %cuatomlint --checks='*' --opencl-device gpu --opencl-device pocl-cpu %s 2>&1 | count 0
// Disabled, clang's own error remains.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: arch-unsupported.cl:14:2: error: use of undeclared identifier 'atomic_fetch_add' [clang-diagnostic-error]

__kernel void counters(__global atomic_int *c, __global int *out)
{
	atomic_fetch_add(c, 1);
	// CHECK: arch-unsupported.cl:[[@LINE-1]]:2: error: 'atomic_fetch_add' (seq_cst order, device scope) needs __opencl_c_atomic_order_seq_cst and __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks; write atomic_fetch_add_explicit with the order and scope the code needs, if not seq_cst at device scope [arch-unsupported]
	out[0] = atomic_load(c);
	// CHECK: arch-unsupported.cl:[[@LINE-1]]:11: error: 'atomic_load' (seq_cst order, device scope) needs __opencl_c_atomic_order_seq_cst and __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks; write atomic_load_explicit with the order and scope the code needs, if not seq_cst at device scope [arch-unsupported]
	/* near miss: the explicit form at a scope the device has */
	atomic_fetch_add_explicit(&c[1 + get_group_id(0)], 1, memory_order_relaxed, memory_scope_work_group);
}
