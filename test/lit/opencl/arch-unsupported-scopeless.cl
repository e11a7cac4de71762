// arch-unsupported for OpenCL C: the explicit atomic functions without a
// scope argument mean memory_scope_device, and OpenCL C 3.0 declares them
// only with __opencl_c_atomic_scope_device.  On minimal-3.0 clang's "no
// matching function" becomes the finding, with a note on the work-group
// form and no fix (narrowing the scope is right only where one work-group
// alone uses the object).  The parse is not partial for it: the file's other
// findings keep their fixes (volatile-sync below), and the non-explicit
// functions' findings (seq_cst, device scope) likewise.
// RUN: %expect-exit 1 %cuatomlint --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --implicit-check-not='[arch-unsupported]' --implicit-check-not='clang-diagnostic-error' --implicit-check-not='partial'
// A full profile has them: nothing of this check.
// RUN: %cuatomlint --checks='-*,arch-unsupported' --opencl-device gpu --opencl-device pocl-cpu %s 2>&1 | count 0
// Both at once: each finding names the profile that lacks the feature.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-device gpu --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not="profile 'gpu'" --implicit-check-not='clang-diagnostic-error'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,arch-unsupported' --opencl-device minimal-3.0 %s -- -DWRONG 2>&1 | FileCheck %s --check-prefix=WRONG
// Disabled, clang's error is the user's again.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: warning: parsed partially
// OFF: arch-unsupported-scopeless.cl:[[#@LINE+5]]:2: error: no matching function for call to 'atomic_fetch_add_explicit' [clang-diagnostic-error]

__kernel void counters(__global atomic_int *c, __global int *out, __local atomic_int *l,
		       __global atomic_flag *f)
{
	atomic_fetch_add_explicit(c, 1, memory_order_relaxed);
	// CHECK: arch-unsupported-scopeless.cl:[[@LINE-1]]:2: error: 'atomic_fetch_add_explicit' without a scope argument (memory_scope_device) needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
	// CHECK-NEXT: {{ *}}[[@LINE-2]] |
	// CHECK-NEXT: {{ *}}|
	// CHECK-NEXT: arch-unsupported-scopeless.cl:[[@LINE-4]]:2: note: if only the work-items of one work-group use this object, add the scope argument memory_scope_work_group; across work-groups the profile has no scope that orders it (no automatic fix: only the author knows which)
	// TWO: arch-unsupported-scopeless.cl:[[@LINE-5]]:2: error: 'atomic_fetch_add_explicit' without a scope argument (memory_scope_device) needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
	out[0] = atomic_load_explicit(c,
				      memory_order_acquire);
	// CHECK: arch-unsupported-scopeless.cl:[[@LINE-2]]:11: error: 'atomic_load_explicit' without a scope argument (memory_scope_device) needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
	atomic_store_explicit(c, (int)(out[1], out[2]), memory_order_release);
	// CHECK: arch-unsupported-scopeless.cl:[[@LINE-1]]:2: error: 'atomic_store_explicit' without a scope argument (memory_scope_device) needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
	int e = 0;
	atomic_compare_exchange_strong_explicit(l, &e, 1, memory_order_acq_rel, memory_order_relaxed);
	// CHECK: arch-unsupported-scopeless.cl:[[@LINE-1]]:2: error: 'atomic_compare_exchange_strong_explicit' without a scope argument (memory_scope_device) needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
	atomic_flag_clear_explicit(f, memory_order_release);
	// CHECK: arch-unsupported-scopeless.cl:[[@LINE-1]]:2: error: 'atomic_flag_clear_explicit' without a scope argument (memory_scope_device) needs __opencl_c_atomic_scope_device, which device profile 'minimal-3.0' lacks [arch-unsupported]
	atomic_fetch_max(c, 3);
	// CHECK: arch-unsupported-scopeless.cl:[[@LINE-1]]:2: error: 'atomic_fetch_max' (seq_cst order, device scope) needs {{.*}} [arch-unsupported]

	/* near misses: the scope argument given, at a scope the profile has */
	atomic_fetch_add_explicit(l, 1, memory_order_relaxed, memory_scope_work_group);
	out[3] = atomic_load_explicit(l, memory_order_acquire, memory_scope_work_group);
	atomic_compare_exchange_weak_explicit(l, &e, 2, memory_order_acq_rel, memory_order_relaxed,
					      memory_scope_work_group);
}

#ifdef WRONG
/* near misses: a call with the wrong argument count, and one a macro writes, stay clang's errors */
#define ADD_RELAXED(p) atomic_fetch_add_explicit(p, 1, memory_order_relaxed)
__kernel void wrong(__global atomic_int *c)
{
	atomic_fetch_add_explicit(c, memory_order_relaxed);
	// WRONG: arch-unsupported-scopeless.cl:[[@LINE-1]]:2: error: no matching function for call to 'atomic_fetch_add_explicit' [clang-diagnostic-error]
	ADD_RELAXED(c);
	// WRONG: arch-unsupported-scopeless.cl:[[@LINE-1]]:2: error: no matching function for call to 'atomic_fetch_add_explicit' [clang-diagnostic-error]
}
#endif

/* the volatile poll's fix is still offered: the parse is not partial */
__kernel void poll(volatile __local int *flag, __global int *out)
{
	while (!*flag) {}
	// CHECK: arch-unsupported-scopeless.cl:[[@LINE-1]]:10: warning: spin-wait on volatile __local '*flag'{{.*}} [volatile-sync]
	// CHECK: fix-it:"{{.*}}arch-unsupported-scopeless.cl":{[[@LINE-2]]:10-[[@LINE-2]]:15}:"atomic_load_explicit((volatile __local atomic_int *)flag, memory_order_acquire, memory_scope_work_group)"
	out[0] = 1;
}
