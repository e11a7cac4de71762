// modernize-atomic-ref for OpenCL C: the 1.x atomic functions as the 2.0
// explicit calls with the order and scope they have (relaxed; work-group for
// __local, device for __global), through a cast to the matching atomic type.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,modernize-atomic-ref' %s 2>&1 | FileCheck %s --implicit-check-not='[modernize-atomic-ref]' --implicit-check-not='fix-it:' --implicit-check-not='no fix'
// Off by default.
// RUN: %cuatomlint %s 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// OFF-NOT: [modernize-atomic-ref]
// OpenCL C 1.2 has no 2.0 form: nothing.
// RUN: %cuatomlint --checks='-*,modernize-atomic-ref' --opencl-std CL1.2 %s 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// A profile without device scope: the __global calls get no fix, the __local ones do.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,modernize-atomic-ref' --opencl-device gpu --opencl-device minimal-3.0 %s -- -DNO_INT64 2>&1 | FileCheck %s --check-prefix=MIN
// A profile without the 64-bit atomics: no fix for a long object.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,modernize-atomic-ref' --opencl-device %S/Inputs/int64-base-only.json %s 2>&1 | FileCheck %s --check-prefix=NO64
// The fixed file has no finding on every profile and compiles as CL2.0 and CL3.0.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,modernize-atomic-ref' --fix %t/t.cl > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file %t/t.cl
// RUN: %cuatomlint --opencl-device gpu --opencl-device pocl-cpu %t/t.cl
// RUN: %cuatomlint --opencl-std CL2.0 %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

#define BUMP(p) atomic_inc(p)
#define STEP 4

__kernel void k(__global int *g, __local uint *l, __global float *f, __global int *out, int v)
{
	int o = atomic_add(g, v);
	// CHECK: modernize.cl:[[@LINE-1]]:10: note: 'atomic_add' can be written as atomic_fetch_add_explicit with the order and scope it has (memory_order_relaxed, memory_scope_device) [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:10-[[@LINE-2]]:26}:"atomic_fetch_add_explicit((volatile __global atomic_int *)g, v, memory_order_relaxed, memory_scope_device)"
	// FIXED: int o = atomic_fetch_add_explicit((volatile __global atomic_int *)g, v, memory_order_relaxed, memory_scope_device);
	// MIN: modernize.cl:[[@LINE-4]]:10: note: 'atomic_add' can be written
	// MIN: note: no fix: memory_scope_device needs __opencl_c_atomic_scope_device, which a device profile lacks
	o += atom_max(&l[get_local_id(0)], 3u);
	// CHECK: modernize.cl:[[@LINE-1]]:7: note: 'atom_max' can be written as atomic_fetch_max_explicit with the order and scope it has (memory_order_relaxed, memory_scope_work_group) [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:7-[[@LINE-2]]:40}:"atomic_fetch_max_explicit((volatile __local atomic_uint *)&l[get_local_id(0)], 3u, memory_order_relaxed, memory_scope_work_group)"
	// FIXED: o += atomic_fetch_max_explicit((volatile __local atomic_uint *)&l[get_local_id(0)], 3u, memory_order_relaxed, memory_scope_work_group);
	// MIN: modernize.cl:[[@LINE-4]]:7: note: 'atom_max' can be written
	// MIN: fix-it:"{{.*}}modernize.cl":{[[@LINE-5]]:7-[[@LINE-5]]:40}:"atomic_fetch_max_explicit((volatile __local atomic_uint *)&l[get_local_id(0)], 3u, memory_order_relaxed, memory_scope_work_group)"
	float x = atomic_xchg(f, 1.0f);
	// CHECK: modernize.cl:[[@LINE-1]]:12: note: 'atomic_xchg' can be written as atomic_exchange_explicit with the order and scope it has (memory_order_relaxed, memory_scope_device) [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:12-[[@LINE-2]]:32}:"atomic_exchange_explicit((volatile __global atomic_float *)f, 1.0f, memory_order_relaxed, memory_scope_device)"
	// FIXED: float x = atomic_exchange_explicit((volatile __global atomic_float *)f, 1.0f, memory_order_relaxed, memory_scope_device);
	atomic_inc(g + 2);
	// CHECK: modernize.cl:[[@LINE-1]]:2: note: 'atomic_inc' can be written as atomic_fetch_add_explicit with the order and scope it has (memory_order_relaxed, memory_scope_device) [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:2-[[@LINE-2]]:19}:"atomic_fetch_add_explicit((volatile __global atomic_int *)(g + 2), 1, memory_order_relaxed, memory_scope_device)"
	// FIXED: atomic_fetch_add_explicit((volatile __global atomic_int *)(g + 2), 1, memory_order_relaxed, memory_scope_device);
	atomic_dec(&l[1]);
	// CHECK: modernize.cl:[[@LINE-1]]:2: note: 'atomic_dec' can be written as atomic_fetch_sub_explicit with the order and scope it has (memory_order_relaxed, memory_scope_work_group) [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:2-[[@LINE-2]]:19}:"atomic_fetch_sub_explicit((volatile __local atomic_uint *)&l[1], 1, memory_order_relaxed, memory_scope_work_group)"
	// FIXED: atomic_fetch_sub_explicit((volatile __local atomic_uint *)&l[1], 1, memory_order_relaxed, memory_scope_work_group);
	atomic_sub(l, STEP);
	// CHECK: modernize.cl:[[@LINE-1]]:2: note: 'atomic_sub' can be written as atomic_fetch_sub_explicit {{.*}} [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:2-[[@LINE-2]]:21}:"atomic_fetch_sub_explicit((volatile __local atomic_uint *)l, STEP, memory_order_relaxed, memory_scope_work_group)"
	// FIXED: atomic_fetch_sub_explicit((volatile __local atomic_uint *)l, STEP, memory_order_relaxed, memory_scope_work_group);
	atomic_xor(&out[1], v);
	// CHECK: modernize.cl:[[@LINE-1]]:2: note: 'atomic_xor' can be written as atomic_fetch_xor_explicit {{.*}} [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:2-[[@LINE-2]]:24}:"atomic_fetch_xor_explicit((volatile __global atomic_int *)&out[1], v, memory_order_relaxed, memory_scope_device)"
	// FIXED: atomic_fetch_xor_explicit((volatile __global atomic_int *)&out[1], v, memory_order_relaxed, memory_scope_device);
	/* no fix: the old value in an object an expression cannot declare; a macro */
	o += atomic_cmpxchg(g, 5, 6);
	// CHECK: modernize.cl:[[@LINE-1]]:7: note: 'atomic_cmpxchg' is OpenCL C 1.x's compare-exchange: atomic_compare_exchange_strong_explicit states its order and scope [modernize-atomic-ref]
	// CHECK: modernize.cl:[[@LINE-2]]:7: note: no fix: atomic_cmpxchg returns the old value, atomic_compare_exchange_strong_explicit a bool with the old value left in an object the caller names, which an expression cannot declare: write the compare-exchange with its expected variable by hand
	// FIXED: o += atomic_cmpxchg(g, 5, 6);
	BUMP(g);
	// CHECK: modernize.cl:[[@LINE-1]]:2: note: 'atomic_inc' can be written as atomic_fetch_add_explicit {{.*}} [modernize-atomic-ref]
	// CHECK: modernize.cl:[[@LINE-2]]:2: note: no fix: the call is written through a macro
	/* not flagged: the 2.0 functions, a function of the program's own */
#if __OPENCL_C_VERSION__ >= 200
	o += atomic_fetch_add_explicit((volatile __global atomic_int *)g, 1, memory_order_relaxed, memory_scope_device);
#endif
	out[0] = o + (int)x;
}

#ifndef NO_INT64
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void wide(__global long *gl, __global ulong *gu)
{
	atom_add(gl + 1, 1);
	// CHECK: modernize.cl:[[@LINE-1]]:2: note: 'atom_add' can be written as atomic_fetch_add_explicit {{.*}} [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:2-[[@LINE-2]]:21}:"atomic_fetch_add_explicit((volatile __global atomic_long *)(gl + 1), 1, memory_order_relaxed, memory_scope_device)"
	// FIXED: atomic_fetch_add_explicit((volatile __global atomic_long *)(gl + 1), 1, memory_order_relaxed, memory_scope_device);
	// NO64: modernize.cl:[[@LINE-4]]:2: note: 'atom_add' can be written
	// NO64: note: no fix: atomic_long/atomic_ulong need cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics, which a device profile lacks
	atom_xchg(gu, 7ul);
	// CHECK: modernize.cl:[[@LINE-1]]:2: note: 'atom_xchg' can be written as atomic_exchange_explicit {{.*}} [modernize-atomic-ref]
	// CHECK: fix-it:"{{.*}}modernize.cl":{[[@LINE-2]]:2-[[@LINE-2]]:20}:"atomic_exchange_explicit((volatile __global atomic_ulong *)gu, 7ul, memory_order_relaxed, memory_scope_device)"
	// FIXED: atomic_exchange_explicit((volatile __global atomic_ulong *)gu, 7ul, memory_order_relaxed, memory_scope_device);
}
#endif

int atomic_or_all(__global int *p) { return p[0] | p[1]; }
__kernel void own(__global int *p) { p[2] = atomic_or_all(p); }
