// arch-unsupported's CAS-loop fallback for float atomics is not offered where
// it cannot keep the call's meaning on every profile of the run; the finding
// says why.  (The fixes themselves: arch-fallback-float.test.)
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-device pocl-cpu --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:'
// The full profile has cl_ext_float_atomics: nothing to say.
// RUN: %cuatomlint --checks='-*,arch-unsupported' --opencl-device gpu %s 2>&1 | count 0

#define ADD_ONE(p) atomic_fetch_add_explicit(p, 1.0f, memory_order_relaxed, memory_scope_work_group)

__kernel void sums(__global atomic_float *f, __local atomic_float *l, memory_order o)
{
	atomic_float mine;

	atomic_fetch_add_explicit(&f[get_group_id(0)], 1.0f, memory_order_relaxed, memory_scope_work_group);
	// CHECK: arch-fallback-nofix.cl:[[@LINE-1]]:2: error: 'atomic_fetch_add_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'minimal-3.0' lacks; no automatic fix: a work-group-scope fallback on memory other work-groups can reach would be reported by scope-mismatch in the helper [arch-unsupported]
	// CHECK: arch-fallback-nofix.cl:[[@LINE-2]]:2: note: 'atomic_fetch_add_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'pocl-cpu' lacks; no automatic fix: a work-group-scope fallback on memory other work-groups can reach would be reported by scope-mismatch in the helper
	atomic_fetch_add_explicit(f + 1, 1.0f, memory_order_relaxed, memory_scope_device);
	// CHECK: arch-fallback-nofix.cl:[[@LINE-1]]:2: error: 'atomic_fetch_add_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'minimal-3.0' lacks; no automatic fix: a device profile of the run lacks __opencl_c_atomic_scope_device [arch-unsupported]
	// CHECK: arch-fallback-nofix.cl:[[@LINE-2]]:2: note: 'atomic_fetch_add_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'pocl-cpu' lacks; no automatic fix: a device profile of the run lacks __opencl_c_atomic_scope_device
	// CHECK: arch-fallback-nofix.cl:[[@LINE-3]]:63: note: 'atomic_fetch_add_explicit' with memory_scope_device needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks
	atomic_fetch_max_explicit(l, 2.0f, o, memory_scope_work_group);
	// CHECK: arch-fallback-nofix.cl:[[@LINE-1]]:2: error: 'atomic_fetch_max_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'minimal-3.0' lacks; no automatic fix: the fallback keeps the call's order and scope, and takes them only as memory_order_* and memory_scope_work_group/_device constants [arch-unsupported]
	// CHECK: arch-fallback-nofix.cl:[[@LINE-2]]:2: note: {{.*}}'pocl-cpu' lacks; no automatic fix: the fallback keeps{{.*}}
	ADD_ONE(l + 1);
	// CHECK: arch-fallback-nofix.cl:[[@LINE-1]]:2: error: 'atomic_fetch_add_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'minimal-3.0' lacks; no automatic fix: the call or its arguments come from a macro expansion [arch-unsupported]
	// CHECK: arch-fallback-nofix.cl:[[@LINE-2]]:2: note: {{.*}}'pocl-cpu' lacks; no automatic fix: the call or its arguments come from a macro expansion
	atomic_fetch_sub_explicit(&mine, 1.0f, memory_order_relaxed, memory_scope_work_group);
	// CHECK: arch-fallback-nofix.cl:[[@LINE-1]]:2: error: 'atomic_fetch_sub_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'minimal-3.0' lacks; no automatic fix: the object is not in __global, __local or generic memory [arch-unsupported]
	// CHECK: arch-fallback-nofix.cl:[[@LINE-2]]:2: note: {{.*}}'pocl-cpu' lacks; no automatic fix: the object is not in __global, __local or generic memory
}
