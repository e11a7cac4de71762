// scope-mismatch for OpenCL C: work-group-scope atomics and fences on __global
// data other work-groups touch, and barrier(CLK_LOCAL_MEM_FENCE) relied on for
// __global data.  Fixes: memory_scope_device, CLK_GLOBAL_MEM_FENCE.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]' --implicit-check-not='fix-it:'
// A 3.0 profile without the device scope gets no widening fix.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --opencl-device gpu --opencl-device minimal-3.0 %s 2>&1 | FileCheck %s --check-prefix=MIN --implicit-check-not='"memory_scope_device"'
// The fixed file has no finding and compiles.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --fix %t/t.cl > /dev/null 2>&1
// RUN: %cuatomlint --checks='-*,scope-mismatch' %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

/* a flag ping-pong between two work-groups at work-group scope */
__kernel void pingpong(__global atomic_int *flags, __global int *data, __global int *result, int rounds)
{
	int g = (int)get_group_id(0);
	for (int r = 1; r <= rounds; r++) {
		if ((r & 1) == g) {
			data[r] = r;
			atomic_store_explicit(&flags[0], r, memory_order_release, memory_scope_work_group);
			// CHECK: scope-mismatch.cl:[[@LINE-1]]:4: warning: 'atomic_store_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups poll the same __global memory through 'flags' [scope-mismatch]
			// CHECK: scope-mismatch.cl:[[@LINE+5]]:11: note: 'flags' is polled here, at an address that does not depend on the work-group
			// CHECK: fix-it:"{{.*}}scope-mismatch.cl":{[[@LINE-3]]:62-[[@LINE-3]]:85}:"memory_scope_device"
			// MIN: scope-mismatch.cl:[[@LINE-4]]:4: warning: 'atomic_store_explicit'
			// MIN: scope-mismatch.cl:[[@LINE-5]]:4: note: no fix: memory_scope_device needs __opencl_c_atomic_scope_device, which a device profile lacks
		} else {
			while (atomic_load_explicit(&flags[0], memory_order_acquire, memory_scope_work_group) < r)
				;
			// CHECK: scope-mismatch.cl:[[@LINE-2]]:11: warning: 'atomic_load_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'flags' [scope-mismatch]
			// CHECK: scope-mismatch.cl:[[@LINE-10]]:4: note: 'flags' is updated here, at an address that does not depend on the work-group
			// CHECK: fix-it:"{{.*}}scope-mismatch.cl":{[[@LINE-4]]:65-[[@LINE-4]]:88}:"memory_scope_device"
			result[g] += data[r] != r;
		}
	}
}

/* each work-group polls its own slot and raises the other's */
__kernel void slots(__global atomic_int *slot, int rounds)
{
	int g = (int)get_group_id(0), other = 1 - g;
	for (int r = 1; r <= rounds; r++) {
		atomic_store_explicit(&slot[other], r, memory_order_release, memory_scope_work_group);
		// CHECK: scope-mismatch.cl:[[@LINE-1]]:3: warning: 'atomic_store_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups poll the same __global memory through 'slot' [scope-mismatch]
		// CHECK: scope-mismatch.cl:[[@LINE+4]]:10: note: 'slot' is polled here, at another address
		// CHECK: fix-it:"{{.*}}scope-mismatch.cl":{[[@LINE-3]]:64-[[@LINE-3]]:87}:"memory_scope_device"
		// MIN: scope-mismatch.cl:[[@LINE-4]]:3: warning: 'atomic_store_explicit'
		// MIN: no fix
		while (atomic_load_explicit(&slot[g], memory_order_acquire, memory_scope_work_group) < r)
			;
		// CHECK: scope-mismatch.cl:[[@LINE-2]]:10: warning: 'atomic_load_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'slot' [scope-mismatch]
		// CHECK: scope-mismatch.cl:[[@LINE-9]]:3: note: 'slot' is updated here, at another address
		// CHECK: fix-it:"{{.*}}scope-mismatch.cl":{[[@LINE-4]]:63-[[@LINE-4]]:86}:"memory_scope_device"
	}
}

__kernel void count(__global atomic_int *total, __global atomic_int *per_group,
		    __global atomic_int *once, __global int *out, __local atomic_int *mine)
{
	atomic_fetch_add_explicit(total, 1, memory_order_relaxed, memory_scope_work_group);
	// CHECK: scope-mismatch.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_add_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'total' [scope-mismatch]
	// CHECK: scope-mismatch.cl:[[@LINE-2]]:2: note: the address does not depend on the work-group (get_group_id, get_global_id): every work-group updates the same word
	// CHECK: fix-it:"{{.*}}scope-mismatch.cl":{[[@LINE-3]]:60-[[@LINE-3]]:83}:"memory_scope_device"
	// MIN: scope-mismatch.cl:[[@LINE-4]]:2: warning: 'atomic_fetch_add_explicit'
	// MIN: no fix

	/* near misses: a slot per work-group, one work-group only, __local memory, device scope */
	atomic_fetch_add_explicit(&per_group[get_group_id(0)], 1, memory_order_relaxed, memory_scope_work_group);
	size_t gid = get_global_id(0);
	atomic_fetch_add_explicit(&per_group[gid + 64], 1, memory_order_relaxed, memory_scope_work_group);
	if (get_group_id(0) == 0)
		atomic_fetch_add_explicit(once, 1, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit(mine, 1, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit(total, 1, memory_order_relaxed, memory_scope_device);
	int seen = atomic_load_explicit(total, memory_order_relaxed, memory_scope_work_group);

	out[gid] = seen;
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
	// CHECK: scope-mismatch.cl:[[@LINE-1]]:2: warning: 'atomic_work_item_fence' at memory_scope_work_group orders memory only for the work-items of this work-group, but the store to 'out' after it publishes data to other work-groups [scope-mismatch]
	// CHECK: scope-mismatch.cl:[[@LINE-3]]:2: note: data stored to __global memory before the fence
	// CHECK: scope-mismatch.cl:[[@LINE+4]]:2: note: the store that other work-groups observe (its address does not depend on the work-group)
	// CHECK: fix-it:"{{.*}}scope-mismatch.cl":{[[@LINE-4]]:69-[[@LINE-4]]:92}:"memory_scope_device"
	// MIN: scope-mismatch.cl:[[@LINE-5]]:2: warning: 'atomic_work_item_fence'
	// MIN: no fix
	out[0] = 1;
	/* near miss: a __local fence */
	atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
	out[1] = 1;
}

/* work-items of one work-group exchange __global data across a __local-only barrier */
__kernel void exchange(__global int *data, __global int *out)
{
	int l = (int)get_local_id(0), n = (int)get_local_size(0);
	for (int r = 0; r < 4; r++) {
		data[l] = r;
		barrier(CLK_LOCAL_MEM_FENCE);
		// CHECK: scope-mismatch.cl:[[@LINE-1]]:3: warning: 'barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'data' across it [scope-mismatch]
		// CHECK: scope-mismatch.cl:[[@LINE-3]]:3: note: 'data' is stored here
		// CHECK: scope-mismatch.cl:[[@LINE+6]]:12: note: and read here at another address, by another work-item
		// CHECK: fix-it:"{{.*}}scope-mismatch.cl":{[[@LINE-4]]:11-[[@LINE-4]]:30}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
		// MIN: scope-mismatch.cl:[[@LINE-5]]:3: warning: 'barrier'
		// MIN: fix-it:{{.*}}"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
		// MIN: scope-mismatch.cl:[[@LINE+3]]:3: warning: 'work_group_barrier'
		// MIN: fix-it:{{.*}}"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
		out[l] = data[(l + 1) % n];
		work_group_barrier(CLK_LOCAL_MEM_FENCE);
		// CHECK: scope-mismatch.cl:[[@LINE-1]]:3: warning: 'work_group_barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'data' across it [scope-mismatch]
		// CHECK: scope-mismatch.cl:[[@LINE-3]]:12: note: 'data' is read here
		// CHECK: scope-mismatch.cl:[[@LINE-14]]:3: note: and stored here at another address, one another work-item read before the barrier
		// CHECK: fix-it:"{{.*}}scope-mismatch.cl":{[[@LINE-4]]:22-[[@LINE-4]]:41}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
	}
}

/* near misses: each work-item reads back its own word; __local data; both fences */
__kernel void exchange_ok(__global int *data, __global int *out, __global int *own, __local int *tmp)
{
	int l = (int)get_local_id(0), n = (int)get_local_size(0);
	own[l] = l;
	tmp[l] = l;
	barrier(CLK_LOCAL_MEM_FENCE);
	own[l] += tmp[(l + 1) % n];
	data[l] = 1;
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	out[l] = data[(l + 1) % n];
}
