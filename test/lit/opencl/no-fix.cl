// Where one fix cannot be right for every target, volatile-sync in OpenCL
// offers none and says why.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --opencl-std CL1.2 %s 2>&1 | FileCheck %s --check-prefix=CL12 --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --opencl-device gpu --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=MIN --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-sync' --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=MIN --implicit-check-not='fix-it:'

__kernel void consume(volatile __global int *flag, __global int *out)
{
	while (*flag == 0)
		;
	// CL12: no-fix.cl:[[@LINE-2]]:9: warning: spin-wait on volatile __global '*flag': volatile reads neither synchronize work-items nor order memory, use atomic_load_explicit with memory_order_acquire [volatile-sync]
	// CL12: no-fix.cl:[[@LINE-3]]:9: note: no fix: OpenCL C 1.2 has no acquire/release atomics, and its legacy form (atomic_add(p, 0) to read, mem_fence, atomic_xchg to publish) read stale data on an H100; build as CL2.0 or CL3.0 for atomic_load_explicit/atomic_store_explicit
	// MIN: no-fix.cl:[[@LINE-4]]:9: note: no fix: a device profile lacks __opencl_c_atomic_scope_device, and work-group scope does not order memory between work-groups
	out[0] = 1;
}

// Work-group scope needs no device scope: the minimal profile still gets a fix.
__kernel void in_group(__global int *out)
{
	volatile __local int ready;
	if (get_local_id(0) == 0)
		ready = 1;
	while (ready == 0)
		;
	// MIN: fix-it:"{{.*}}no-fix.cl":{[[@LINE-3]]:3-[[@LINE-3]]:12}:"atomic_store_explicit((volatile __local atomic_int *)&ready, 1, memory_order_release, memory_scope_work_group)"
	// MIN: fix-it:"{{.*}}no-fix.cl":{[[@LINE-3]]:9-[[@LINE-3]]:14}:"atomic_load_explicit((volatile __local atomic_int *)&ready, memory_order_acquire, memory_scope_work_group)"
	// CL12: no-fix.cl:[[@LINE-5]]:3: note: no fix: OpenCL C 1.2
	// CL12: no-fix.cl:[[@LINE-5]]:9: note: no fix: OpenCL C 1.2
	out[0] = 1;
}

// A 64-bit flag: atomic_long needs cl_khr_int64_*_atomics on every profile.
__kernel void wide(volatile __global long *done, __global int *out)
{
	while (*done == 0)
		;
	// MIN: no-fix.cl:[[@LINE-2]]:9: note: no fix: a device profile lacks __opencl_c_atomic_scope_device
	out[0] = 1;
}
