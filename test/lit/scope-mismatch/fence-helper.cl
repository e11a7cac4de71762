// OpenCL C: a work-group-scope fence in a helper that orders no stores of
// its own is judged at its calls, among the stores around each; the finding
// is at the fence, with a note at the call.  Near misses: the helper between
// __local stores, or between per-group stores nobody polls.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --fix %t/t.cl > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/t.cl
// RUN: %cuatomlint --checks='-*,scope-mismatch' %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

void publish(void)
{
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
	// CHECK: fence-helper.cl:[[@LINE-1]]:2: warning: 'atomic_work_item_fence' at memory_scope_work_group orders memory only for the work-items of this work-group, but the store to 'flags' after it publishes data to other work-groups [scope-mismatch]
	// CHECK: fence-helper.cl:[[@LINE+13]]:2: note: data stored to __global memory before the fence
	// CHECK: fence-helper.cl:[[@LINE+14]]:2: note: the flag stored after the fence
	// CHECK: fence-helper.cl:[[@LINE+15]]:10: note: 'flags' is polled here, by work-items of other work-groups
	// CHECK: fence-helper.cl:[[@LINE+11]]:2: note: the fence runs at this call of 'publish', between the stores around it
	// CHECK: fix-it:"{{.*}}":{[[@LINE-6]]:69-[[@LINE-6]]:92}:"memory_scope_device"
}

/* decoupled look-back: the sum, the fence in a helper, the flag */
__kernel void scan(__global int *sums, __global atomic_int *flags, __global const int *in)
{
	int g = (int)get_group_id(0);
	if (get_local_id(0) != 0)
		return;
	sums[g] = in[g];
	publish();
	atomic_store_explicit(&flags[g], 1, memory_order_relaxed, memory_scope_device);
	if (g > 0)
		while (atomic_load_explicit(&flags[g - 1], memory_order_relaxed, memory_scope_device) == 0)
			;
}

/* near misses */
void fence_local(void)
{
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
}
__kernel void local_only(__global int *out)
{
	__local int tile[64], done;
	tile[get_local_id(0) % 64] = 1;
	fence_local();
	done = 1;
	barrier(CLK_LOCAL_MEM_FENCE);
	out[get_group_id(0)] = done;
}
__kernel void own_slots(__global int *a, __global int *b)
{
	a[get_global_id(0)] = 1;
	fence_local();
	b[get_group_id(0)] = 2;
}

// FIXED: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
// FIXED: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
