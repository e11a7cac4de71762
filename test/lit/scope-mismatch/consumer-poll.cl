// OpenCL C, the consumer's side: a work-group-scope atomic load polling a
// word that work-items of other work-groups store (plainly, or in another
// kernel), and a work-group-scope fence inside a spin loop on such a word
// (no fix: the read that ends the loop comes after it).  Near misses: the
// work-group's own word, __local memory, a device fence after the loop, an
// acquire poll at device scope, a word nobody in the file writes.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --fix %t/t.cl > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

/* the producer stores the flag plainly in a kernel of its own */
__kernel void produce(__global int *ready, __global int *data)
{
	data[get_group_id(0)] = 1;
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
	ready[0] = 1;
}
__kernel void consume(__global atomic_int *ready, __global int *data, __global int *out)
{
	while (atomic_load_explicit(&ready[0], memory_order_acquire, memory_scope_work_group) == 0)
		;
	// CHECK: consumer-poll.cl:[[@LINE-2]]:9: warning: 'atomic_load_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'ready' [scope-mismatch]
	// CHECK: consumer-poll.cl:[[@LINE-7]]:2: note: 'ready' is written here, by work-items of other work-groups
	// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:63-[[@LINE-4]]:86}:"memory_scope_device"
	out[get_group_id(0)] = data[0];
}

/* work-group 0 publishes; the others spin with a work-group fence in the loop */
__kernel void spin_fence(__global atomic_int *flags, __global int *data, __global int *out)
{
	size_t g = get_group_id(0);
	if (g == 0) {
		data[0] = 1;
		atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
		atomic_store_explicit(&flags[1], 1, memory_order_relaxed, memory_scope_device);
	} else {
		while (atomic_load_explicit(&flags[1], memory_order_relaxed, memory_scope_device) == 0)
			atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
		// CHECK: consumer-poll.cl:[[@LINE-1]]:4: warning: 'atomic_work_item_fence' at memory_scope_work_group orders memory only for the work-items of this work-group, but the loop around it waits for 'flags', which other work-groups write: their stores before it are not ordered with this work-group's reads after the loop [scope-mismatch]
		// CHECK: consumer-poll.cl:[[@LINE-3]]:10: note: 'flags' is polled here
		// CHECK: consumer-poll.cl:[[@LINE-6]]:3: note: 'flags' is written here, by work-items of other work-groups
		// CHECK: consumer-poll.cl:[[@LINE-4]]:4: note: no automatic fix: the read that ends the loop comes after this fence, and widening it in place leaves that read unordered; a fence at memory_scope_device belongs after the loop, before the data is read
		out[g] = data[0];
	}
}

/* a volatile poll of a flag another work-group stores, a work-group fence in the loop */
__kernel void spin_volatile(__global volatile int *go, __global int *data, __global int *out)
{
	size_t g = get_group_id(0);
	if (g == 0) {
		data[1] = 2;
		atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
		go[0] = 1;
	} else {
		while (go[0] == 0)
			atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
		// CHECK: consumer-poll.cl:[[@LINE-1]]:4: warning: 'atomic_work_item_fence' at memory_scope_work_group orders memory only for the work-items of this work-group, but the loop around it waits for 'go'{{.*}} [scope-mismatch]
		// CHECK: consumer-poll.cl:[[@LINE-3]]:10: note: 'go' is polled here
		// CHECK: consumer-poll.cl:[[@LINE-6]]:3: note: 'go' is written here, by work-items of other work-groups
		// CHECK: note: no automatic fix
		out[g] = data[1];
	}
}

/* near misses */
__kernel void near_misses(__global atomic_int *mine, __global atomic_int *flags, __global int *data,
			  __global int *out, __local atomic_int *lflag, __global atomic_int *host_go)
{
	size_t g = get_group_id(0);
	/* the work-group's own word, raised by its first work-item */
	if (get_local_id(0) == 0)
		atomic_store_explicit(&mine[g], 1, memory_order_release, memory_scope_work_group);
	while (atomic_load_explicit(&mine[g], memory_order_acquire, memory_scope_work_group) == 0)
		atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
	/* __local memory */
	if (get_local_id(0) == 0)
		atomic_store_explicit(lflag, 1, memory_order_release, memory_scope_work_group);
	while (atomic_load_explicit(lflag, memory_order_acquire, memory_scope_work_group) == 0)
		;
	if (g == 0) {
		data[0] = 3;
		atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
		atomic_store_explicit(&flags[2], 1, memory_order_relaxed, memory_scope_device);
		return;
	}
	/* an acquire poll at device scope */
	while (atomic_load_explicit(&flags[2], memory_order_acquire, memory_scope_device) == 0)
		atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
	/* a device fence after the loop */
	while (atomic_load_explicit(&flags[2], memory_order_relaxed, memory_scope_device) == 0)
		atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
	/* a word nobody in this file writes (the host may) */
	while (atomic_load_explicit(&host_go[0], memory_order_acquire, memory_scope_work_group) == 0)
		;
	out[g] = data[0];
}

// FIXED: while (atomic_load_explicit(&ready[0], memory_order_acquire, memory_scope_device) == 0)
// FIXED: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
// FIXED: while (atomic_load_explicit(&mine[g], memory_order_acquire, memory_scope_work_group) == 0)
