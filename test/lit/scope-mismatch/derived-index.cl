// OpenCL C: an index derived from the work-group's id by a division or a
// shift maps several work-groups onto one element, as a remainder does.
// Near misses: the group's own id, injective maps of it (scaled, offset, a
// ring modulo the number of groups), a global id divided by the group size.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --fix %t/t.cl > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/t.cl
// RUN: %cuatomlint --checks='-*,scope-mismatch' %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

__kernel void pairs(__global atomic_int *p, __global atomic_uint *q)
{
	size_t g = get_group_id(0);
	atomic_fetch_add_explicit(&p[get_group_id(0) / 2], 1, memory_order_relaxed, memory_scope_work_group);
	// CHECK: derived-index.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_add_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'p' [scope-mismatch]
	// CHECK: derived-index.cl:[[@LINE-2]]:2: note: the index maps several work-groups onto one element ('get_group_id(0) / 2'): they update it together
	// CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:78-[[@LINE-3]]:101}:"memory_scope_device"
	uint pair = g >> 1;
	atomic_fetch_add_explicit(&q[pair], 1u, memory_order_relaxed, memory_scope_work_group);
	// CHECK: derived-index.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_add_explicit' at memory_scope_work_group {{.*}} through 'q' [scope-mismatch]
	// CHECK: derived-index.cl:[[@LINE-2]]:2: note: the index maps several work-groups onto one element ('g >> 1'): they update it together
	// CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:64-[[@LINE-3]]:87}:"memory_scope_device"
}

/* near misses: one element per work-group */
__kernel void own(__global atomic_int *p)
{
	size_t g = get_group_id(0);
	atomic_fetch_add_explicit(&p[g], 1, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit(&p[g * 2 + 1], 1, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit(&p[g + get_num_groups(0) * 3], 1, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit(&p[(g + 1) % get_num_groups(0)], 1, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit(&p[get_global_id(0) / 64], 1, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit(&p[g / 1], 1, memory_order_relaxed, memory_scope_work_group);
	/* a decomposition put back together: one work-group, one element */
	uint i2 = g % 4, i3 = g / 4;
	atomic_fetch_add_explicit(&p[i3 * 4 + i2], 1, memory_order_relaxed, memory_scope_work_group);
}

/* a work-group fence before a flag two work-groups share */
__kernel void pair_done(__global float *partial, __global int *pair_flag, __global const float *in)
{
	size_t g = get_group_id(0);
	partial[g] = in[get_global_id(0)];
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
	// CHECK: derived-index.cl:[[@LINE-1]]:2: warning: 'atomic_work_item_fence' at memory_scope_work_group orders memory only for the work-items of this work-group, but the store to 'pair_flag' after it publishes data to other work-groups [scope-mismatch]
	// CHECK: derived-index.cl:[[@LINE-3]]:2: note: data stored to __global memory before the fence
	// CHECK: derived-index.cl:[[@LINE+2]]:2: note: the store that other work-groups observe
	// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:69-[[@LINE-4]]:92}:"memory_scope_device"
	pair_flag[g / 2] = 1;
}
/* near miss: a flag of the work-group's own */
__kernel void own_done(__global float *partial, __global int *flag, __global const float *in)
{
	size_t g = get_group_id(0);
	partial[g] = in[get_global_id(0)];
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
	flag[g * 2] = 1;
}

// FIXED: atomic_fetch_add_explicit(&p[get_group_id(0) / 2], 1, memory_order_relaxed, memory_scope_device);
// FIXED: atomic_fetch_add_explicit(&q[pair], 1u, memory_order_relaxed, memory_scope_device);
// FIXED: atomic_fetch_add_explicit(&p[g], 1, memory_order_relaxed, memory_scope_work_group);
// FIXED: partial[g] = in[get_global_id(0)];
// FIXED-NEXT: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
// FIXED: partial[g] = in[get_global_id(0)];
// FIXED-NEXT: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
