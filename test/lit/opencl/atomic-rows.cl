// The OpenCL C rows of the atomics vocabulary (src/atomics/atomic_ops_cl.c) as
// the checks read them: 1.x functions of either spelling on a 64-bit word
// (base or extended extension), the float fetch functions, the 2.0 functions
// whose scope argument the _explicit form has (atomic_flag included), and a
// CAS loop against an exchange loop.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-device minimal-3.0 %s -- -DMINIMAL 2>&1 | FileCheck %s --check-prefix=ARCH --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch,cas-float-compare' %s -- -DNO_LONG 2>&1 | FileCheck %s --check-prefix=SCOPE --implicit-check-not='[scope-mismatch]' --implicit-check-not='[cas-float-compare]' --implicit-check-not='clang-diagnostic-error'

#ifndef NO_LONG
__kernel void words(__global long *p)
{
	atomic_xchg(p, 1l);
	// ARCH: atomic-rows.cl:[[@LINE-1]]:2: error: 'atomic_xchg' on a 64-bit word needs cl_khr_int64_base_atomics, which device profile 'minimal-3.0' lacks (clang has no 64-bit 'atomic_xchg' here and reports the call as ambiguous); no automatic fix: a device profile of the run has no 64-bit compare-and-swap (cl_khr_int64_base_atomics), and a 64-bit read-modify-write cannot be made atomic from 32-bit ones [arch-unsupported]
	atomic_min(p + 1, 2l);
	// ARCH: atomic-rows.cl:[[@LINE-1]]:2: error: 'atomic_min' on a 64-bit word needs cl_khr_int64_extended_atomics, which device profile 'minimal-3.0' lacks (clang has no 64-bit 'atomic_min' here and reports the call as ambiguous); no automatic fix: a device profile of the run has no 64-bit compare-and-swap (cl_khr_int64_base_atomics), and a 64-bit read-modify-write cannot be made atomic from 32-bit ones [arch-unsupported]
	atom_inc(p + 2);
	// ARCH: atomic-rows.cl:[[@LINE-1]]:2: error: 'atom_inc' on a 64-bit word needs cl_khr_int64_base_atomics, which device profile 'minimal-3.0' lacks (clang has no 64-bit 'atom_inc' here and reports the call as ambiguous); no automatic fix: a device profile of the run has no 64-bit compare-and-swap (cl_khr_int64_base_atomics), and a 64-bit read-modify-write cannot be made atomic from 32-bit ones [arch-unsupported]
	atomic_cmpxchg(p + 3, 0l, 1l);
	// ARCH: atomic-rows.cl:[[@LINE-1]]:2: error: 'atomic_cmpxchg' on a 64-bit word needs cl_khr_int64_base_atomics, which device profile 'minimal-3.0' lacks (clang has no 64-bit 'atomic_cmpxchg' here and reports the call as ambiguous); no automatic fix: a device profile of the run has no 64-bit compare-and-swap (cl_khr_int64_base_atomics), and a 64-bit read-modify-write cannot be made atomic from 32-bit ones [arch-unsupported]
}
#endif

__kernel void floats(__global atomic_float *f, __global int *out)
{
	atomic_fetch_sub_explicit(f, 1.0f, memory_order_relaxed, memory_scope_work_group);
	// ARCH: atomic-rows.cl:[[@LINE-1]]:2: error: 'atomic_fetch_sub_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'minimal-3.0' lacks; no automatic fix: a work-group-scope fallback on memory other work-groups can reach would be reported by scope-mismatch in the helper [arch-unsupported]
	// SCOPE: atomic-rows.cl:[[@LINE-2]]:2: warning: 'atomic_fetch_sub_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'f' [scope-mismatch]
	atomic_fetch_max_explicit(f + 1, 2.0f, memory_order_relaxed, memory_scope_work_group);
	// ARCH: atomic-rows.cl:[[@LINE-1]]:2: error: 'atomic_fetch_max_explicit' on atomic_float needs cl_ext_float_atomics, which device profile 'minimal-3.0' lacks; no automatic fix: a work-group-scope fallback on memory other work-groups can reach would be reported by scope-mismatch in the helper [arch-unsupported]
	/* near misses: not a fetch add/sub/min/max (arch); the object 'f' is reported once (scope); a load per work-item */
	atomic_store_explicit(f + 2, 1.0f, memory_order_relaxed, memory_scope_work_group);
	out[get_global_id(0)] = (int)atomic_load_explicit(f + get_global_id(0), memory_order_relaxed, memory_scope_work_group);
}

__kernel void flag(__global atomic_flag *lock, __global atomic_int *c)
{
	while (atomic_flag_test_and_set_explicit(lock, memory_order_acquire, memory_scope_work_group))
		;
	// SCOPE: atomic-rows.cl:[[@LINE-2]]:9: warning: 'atomic_flag_test_and_set_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'lock' [scope-mismatch]
	// SCOPE: fix-it:"{{.*}}atomic-rows.cl":{[[@LINE-3]]:71-[[@LINE-3]]:94}:"memory_scope_device"
	atomic_flag_clear_explicit(lock, memory_order_release, memory_scope_work_group);
	// SCOPE: atomic-rows.cl:[[@LINE-1]]:2: warning: 'atomic_flag_clear_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'lock' [scope-mismatch]
	atomic_fetch_or_explicit(c, 1, memory_order_relaxed, memory_scope_work_group);
	// SCOPE: atomic-rows.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_or_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'c' [scope-mismatch]
	/* near misses: the device scope, written or left out (an order last, no scope) */
	atomic_fetch_and_explicit(c + 2, 1, memory_order_relaxed, memory_scope_device);
	// ARCH: atomic-rows.cl:[[@LINE-1]]:60: error: 'atomic_fetch_and_explicit' with memory_scope_device needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
#ifndef MINIMAL
	atomic_fetch_xor_explicit(c + 1, 1, memory_order_relaxed);
#endif
}

/* near miss: an exchange loop is not a CAS loop */
float xchg_loop(volatile __global float *p, float v)
{
	float old;
	do {
		old = atomic_xchg(p, v);
	} while (old != v);
	return old;
}

float cas_add(volatile __global float *p, float v)
{
	float old = *p, assumed;
	do {
		assumed = old;
		old = as_float(atom_cmpxchg((volatile __global uint *)p, as_uint(assumed), as_uint(assumed + v)));
	} while (assumed != old);
	// SCOPE: atomic-rows.cl:[[@LINE-1]]:11: warning: CAS loop compares 'float' values with '!=' to decide whether to retry: NaN compares unequal to itself, so the loop never ends once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that failed on a zero of the other sign looks successful and its update is lost [cas-float-compare]
	return old;
}
