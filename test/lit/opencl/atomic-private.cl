// opencl-atomic-private: OpenCL C atomic operations on private memory.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-private' %s 2>&1 | FileCheck %s --implicit-check-not='[opencl-atomic-private]' --implicit-check-not='note:'
// RUN: %expect-exit 1 %cuatomlint --checks='-*,opencl-atomic-private' --opencl-std CL2.0 %s 2>&1 | FileCheck %s --implicit-check-not='[opencl-atomic-private]' --implicit-check-not='note:'

__kernel void counters(__global atomic_int *total, __global int *out)
{
	atomic_int hits;
	atomic_init(&hits, 0);		/* not an atomic operation: no finding */
	atomic_fetch_add_explicit(&hits, 1, memory_order_relaxed, memory_scope_work_group);
	// CHECK: atomic-private.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_add_explicit' on private variable 'hits': each work-item has its own copy, and atomic operations on private memory are undefined in OpenCL C [opencl-atomic-private]
	// CHECK: atomic-private.cl:[[@LINE-4]]:13: note: 'hits' is private to each work-item: declare it __local to share it within the work-group, or __global across work-groups
	atomic_int *mine = &hits;
	atomic_fetch_add(mine, 1);
	// CHECK: atomic-private.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_add' on private variable 'hits': each work-item has its own copy, and atomic operations on private memory are undefined in OpenCL C [opencl-atomic-private]
	// CHECK: atomic-private.cl:[[@LINE-3]]:14: note: 'mine' points to private 'hits'
	// CHECK: atomic-private.cl:[[@LINE-9]]:13: note: 'hits' is private to each work-item: declare it __local to share it within the work-group, or __global across work-groups
	out[get_global_id(0)] = atomic_load(&hits);
	// CHECK: atomic-private.cl:[[@LINE-1]]:26: warning: 'atomic_load' on private variable 'hits': each work-item has its own copy, and atomic operations on private memory are undefined in OpenCL C [opencl-atomic-private]
	// CHECK: atomic-private.cl:[[@LINE-12]]:13: note: 'hits' is private to each work-item: declare it __local to share it within the work-group, or __global across work-groups

	/* near misses: __global, __local, a parameter of unknown origin */
	atomic_fetch_add(total, 1);
	__local atomic_int group_hits;
	atomic_fetch_add(&group_hits, 1);
}

__kernel void arrays(__global int *out)
{
	atomic_uint slots[4];
	atomic_fetch_or_explicit(&slots[get_local_id(0) & 3], 1u, memory_order_relaxed, memory_scope_work_group);
	// CHECK: atomic-private.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_or_explicit' on private variable 'slots': each work-item has its own copy, and atomic operations on private memory are undefined in OpenCL C [opencl-atomic-private]
	// CHECK: atomic-private.cl:[[@LINE-3]]:14: note: 'slots' is private to each work-item: declare it __local to share it within the work-group, or __global across work-groups
	out[0] = 0;
}

void bump(atomic_int *c)
{
	atomic_fetch_add(c, 1);		/* the caller decides where c points: no finding */
}

/* A user function of that name with a body is not the built-in. */
int atomic_user_count(int *p) { return *p + 1; }

__kernel void user(__global int *out)
{
	int n = 0;
	out[0] = atomic_user_count(&n);
}
