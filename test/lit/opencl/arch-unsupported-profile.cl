// arch-unsupported for OpenCL C: what a device profile lacks but clang accepts
// (orders and scopes its header declares anyway, 64-bit words passed to the
// 32-bit 1.x functions, float atomics), and what clang rejects restated
// (atomic_long, memory_order_seq_cst).  No fix (the float CAS-loop fallback
// is not offered at work-group scope on __global memory, arch-fallback-float.test).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='fix-it:' --implicit-check-not='clang-diagnostic-error'
// PoCL's CPU device has all but the float atomics.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-device pocl-cpu %s 2>&1 | FileCheck %s --check-prefix=POCL --implicit-check-not='[arch-unsupported]'
// The full profile has everything.
// RUN: %cuatomlint --checks='-*,arch-unsupported' --opencl-device gpu %s 2>&1 | count 0
// OpenCL C 2.0 has every order and scope (the extensions still count).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-std CL2.0 --opencl-device minimal-3.0 %s -- -DNO_LONG -DNO_SEQ 2>&1 | FileCheck %s --check-prefix=CL20 --implicit-check-not='[arch-unsupported]'

__kernel void words(__global long *p, __global ulong *u, __global int *i)
{
	atom_add(p, 1);
	// CHECK: arch-unsupported-profile.cl:[[@LINE-1]]:2: error: 'atom_add' on a 64-bit word needs cl_khr_int64_base_atomics, which device profile 'minimal-3.0' lacks: without it clang calls the 32-bit 'atom_add' through an incompatible pointer conversion, which updates only half of the word; no automatic fix: a device profile of the run has no 64-bit compare-and-swap (cl_khr_int64_base_atomics), and a 64-bit read-modify-write cannot be made atomic from 32-bit ones [arch-unsupported]
	// CL20: arch-unsupported-profile.cl:[[@LINE-2]]:2: error: 'atom_add' on a 64-bit word needs cl_khr_int64_base_atomics{{.*}} [arch-unsupported]
	atom_or(p + 1, 3l);
	// CHECK: arch-unsupported-profile.cl:[[@LINE-1]]:2: error: 'atom_or' on a 64-bit word needs cl_khr_int64_extended_atomics, which device profile 'minimal-3.0' lacks (clang has no 64-bit 'atom_or' here and reports the call as ambiguous); no automatic fix: a device profile of the run has no 64-bit compare-and-swap (cl_khr_int64_base_atomics), and a 64-bit read-modify-write cannot be made atomic from 32-bit ones [arch-unsupported]
	// CL20: arch-unsupported-profile.cl:[[@LINE-2]]:2: error: 'atom_or' on a 64-bit word needs cl_khr_int64_extended_atomics{{.*}} [arch-unsupported]
	/* near miss: 32-bit words */
	atomic_add(i, 1);
	atom_max(i + 1, 2);
}

__kernel void orders(__global atomic_int *c, __global atomic_float *f, __global int *out)
{
	atomic_store_explicit(c, 1, memory_order_release, memory_scope_device);
	// CHECK: arch-unsupported-profile.cl:[[@LINE-1]]:52: error: 'atomic_store_explicit' with memory_scope_device needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
	// CHECK: arch-unsupported-profile.cl:[[@LINE-1]]:69: error: 'atomic_work_item_fence' with memory_scope_device needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
	atomic_fetch_add_explicit(f, 1.0f, memory_order_relaxed, memory_scope_work_group);
	// CHECK: arch-unsupported-profile.cl:[[@LINE-1]]:2: error: 'atomic_fetch_add_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'minimal-3.0' lacks; no automatic fix: a work-group-scope fallback on memory other work-groups can reach would be reported by scope-mismatch in the helper [arch-unsupported]
	// POCL: arch-unsupported-profile.cl:[[@LINE-2]]:2: error: 'atomic_fetch_add_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'pocl-cpu' lacks; no automatic fix: a work-group-scope fallback on memory other work-groups can reach would be reported by scope-mismatch in the helper [arch-unsupported]
	// CL20: arch-unsupported-profile.cl:[[@LINE-3]]:2: error: 'atomic_fetch_add_explicit' on atomic_float needs cl_ext_float_atomics{{.*}} [arch-unsupported]
	/* near misses: what minimal-3.0 has */
	atomic_store_explicit(c, 2, memory_order_release, memory_scope_work_group);
	out[0] = atomic_load_explicit(c, memory_order_acquire, memory_scope_work_group);
	atomic_exchange_explicit(f, 1.0f, memory_order_relaxed, memory_scope_work_group);
}

#ifndef NO_SEQ
__kernel void seq(__global atomic_int *c)
{
	atomic_store_explicit(c, 1, memory_order_seq_cst, memory_scope_work_group);
	// CHECK: arch-unsupported-profile.cl:[[@LINE-1]]:30: error: 'memory_order_seq_cst' needs __opencl_c_atomic_order_seq_cst, which device profile 'minimal-3.0' lacks [arch-unsupported]
}
#endif

#ifndef NO_LONG
__kernel void longs(__global atomic_long *c)
// CHECK: arch-unsupported-profile.cl:[[@LINE-1]]:30: error: 'atomic_long' needs cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics, which device profile 'minimal-3.0' lacks [arch-unsupported]
{
}
#endif
