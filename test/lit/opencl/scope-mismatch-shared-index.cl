// scope-mismatch for OpenCL C, the shapes of the CUDA half: work-group-scope
// atomics on __global elements whose index is loaded from memory, computed
// from loaded data or wraps with '%' (any work-group may reach any element),
// and a work-group-scope fence before the store of a flag other work-groups
// poll.  Near misses: indices a work-group owns, __local memory, a barrier
// that orders a __local value, counters nobody polls.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]' --implicit-check-not='fix-it:'
// The fixed file has no finding and compiles.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --fix %t/t.cl > /dev/null 2>&1
// RUN: %cuatomlint --checks='-*,scope-mismatch' %t/t.cl
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

/* a histogram: the bin is the pixel's value */
__kernel void histogram(__global const uint *px, __global atomic_uint *bins, uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		atomic_fetch_add_explicit(&bins[px[i]], 1u, memory_order_relaxed, memory_scope_work_group);
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-1]]:3: warning: 'atomic_fetch_add_explicit' at memory_scope_work_group is atomic only within one work-group, but work-items of other work-groups update the same __global memory through 'bins' [scope-mismatch]
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-2]]:3: note: the index is loaded from memory ('px[i]'): any work-group may update any element
	// CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:69-[[@LINE-3]]:92}:"memory_scope_device"
}

/* particles binned into cells: the cell comes from the particle's position */
__kernel void bin_particles(__global const float4 *pos, __global atomic_int *cell_count,
			    float inv_cell, int dim)
{
	size_t i = get_global_id(0);
	int cell = (int)(pos[i].x * inv_cell) + (int)(pos[i].y * inv_cell) * dim;
	atomic_fetch_add_explicit(&cell_count[cell], 1, memory_order_relaxed, memory_scope_work_group);
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_add_explicit' at memory_scope_work_group {{.*}} through 'cell_count' [scope-mismatch]
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-2]]:2: note: the index is loaded from memory ('pos[i]'): any work-group may update any element
	// CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:72-[[@LINE-3]]:95}:"memory_scope_device"
}

/* slots taken modulo their number: the ids of several work-groups wrap onto one slot */
__kernel void claim(__global atomic_int *owner, uint n_slots)
{
	uint me = get_global_id(0);
	atomic_fetch_max_explicit(&owner[me % n_slots], (int)me, memory_order_relaxed, memory_scope_work_group);
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-1]]:2: warning: 'atomic_fetch_max_explicit' at memory_scope_work_group {{.*}} through 'owner' [scope-mismatch]
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-2]]:2: note: the index wraps ('me % n_slots'): work-items of several work-groups update the same element
	// CHECK: fix-it:"{{.*}}":{[[@LINE-3]]:81-[[@LINE-3]]:104}:"memory_scope_device"
}

/* near misses: indices a work-group owns, __local memory, device scope */
__kernel void owned(__global const uint *slot_of, __global atomic_uint *count,
		    __global atomic_uint *per_item, __global const uint *px,
		    __local atomic_uint *local_bins, __global atomic_uint *tiles)
{
	size_t g = get_group_id(0), lid = get_local_id(0);
	/* the slot a table gives this work-group */
	atomic_fetch_add_explicit(&count[slot_of[g]], 1u, memory_order_relaxed, memory_scope_work_group);
	/* a word per work-item */
	atomic_fetch_add_explicit(&per_item[get_global_id(0)], 1u, memory_order_relaxed, memory_scope_work_group);
	/* this work-group's tile, the lane wrapping inside it */
	atomic_fetch_add_explicit(&tiles[g * 64 + lid % 64], 1u, memory_order_relaxed, memory_scope_work_group);
	/* the first id of the work-group, by a mask */
	atomic_fetch_add_explicit(&tiles[get_global_id(0) & ~63u], 1u, memory_order_relaxed, memory_scope_work_group);
	/* a __local histogram, and the __global one at device scope */
	atomic_fetch_add_explicit(&local_bins[px[get_global_id(0)] % 16], 1u, memory_order_relaxed, memory_scope_work_group);
	atomic_fetch_add_explicit(&count[px[get_global_id(0)]], 1u, memory_order_relaxed, memory_scope_device);
}

/* decoupled look-back: each work-group publishes its sum, fences at work-group scope, raises its flag */
__kernel void scan_publish(__global int *sums, __global atomic_int *flags, __global const int *in)
{
	int g = (int)get_group_id(0);
	if (get_local_id(0) == 0) {
		sums[g] = in[g];
		atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
		// CHECK: scope-mismatch-shared-index.cl:[[@LINE-1]]:3: warning: 'atomic_work_item_fence' at memory_scope_work_group orders memory only for the work-items of this work-group, but the store to 'flags' after it publishes data to other work-groups [scope-mismatch]
		// CHECK: scope-mismatch-shared-index.cl:[[@LINE-3]]:3: note: data stored to __global memory before the fence
		// CHECK: scope-mismatch-shared-index.cl:[[@LINE+3]]:3: note: the flag stored after the fence
		// CHECK: scope-mismatch-shared-index.cl:[[@LINE+4]]:11: note: 'flags' is polled here, by work-items of other work-groups
		// CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:70-[[@LINE-5]]:93}:"memory_scope_device"
		atomic_store_explicit(&flags[g], 1, memory_order_relaxed, memory_scope_device);
		if (g > 0)
			while (atomic_load_explicit(&flags[g - 1], memory_order_relaxed, memory_scope_device) == 0)
				;
	}
}

/* the consumer in a kernel of its own polls the producer's flag */
__kernel void produce(__global int *data, __global int *ready)
{
	data[get_group_id(0)] = 42;
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-1]]:2: warning: 'atomic_work_item_fence' at memory_scope_work_group {{.*}} the store to 'ready' after it publishes data to other work-groups [scope-mismatch]
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-3]]:2: note: data stored to __global memory before the fence
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE+3]]:2: note: the flag stored after the fence
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE+8]]:9: note: 'ready' is polled here, by work-items of other work-groups
	// CHECK: fix-it:"{{.*}}":{[[@LINE-5]]:69-[[@LINE-5]]:92}:"memory_scope_device"
	ready[get_group_id(0)] = 1;
}

__kernel void consume(__global int *data, __global int *ready, __global int *out)
{
	size_t g = get_group_id(0);
	while (((volatile __global int *)ready)[g] == 0)
		;
	out[g] = data[g];
}

/* near misses: a counter nobody polls, a flag only its own work-group polls */
__kernel void count_done(__global int *partial, __global atomic_uint *done, __global atomic_int *mine)
{
	int g = (int)get_group_id(0);
	partial[g] = 1;
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
	atomic_fetch_add_explicit(done, 1u, memory_order_relaxed, memory_scope_device);
	partial[g + 1] = 2;
	atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
	atomic_store_explicit(&mine[g], 1, memory_order_relaxed, memory_scope_device);
	while (atomic_load_explicit(&mine[g], memory_order_relaxed, memory_scope_device) == 0)
		;
}

/* near miss: the barrier orders the __local pivot one work-item reads for the others */
__kernel void lu_column(__global float *a, int n, int k)
{
	__local float pivot;
	int row = (int)get_global_id(0) + k + 1;
	if (get_local_id(0) == 0)
		pivot = a[k * n + k];
	barrier(CLK_LOCAL_MEM_FENCE);
	if (row < n)
		a[row * n + k] = a[row * n + k] / pivot;
}

/* ... but a __global value one work-item stores before a __local-only barrier, and the others read after it, is not ordered */
__kernel void lu_column_global(__global float *a, __global float *scale, int n, int k)
{
	int row = (int)get_global_id(0) + k + 1, g = (int)get_group_id(0);
	if (get_local_id(0) == 0)
		scale[g] = a[k * n + k];
	barrier(CLK_LOCAL_MEM_FENCE);
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-1]]:2: warning: 'barrier' with only CLK_LOCAL_MEM_FENCE orders __local memory, but the work-items exchange __global data through 'scale' across it [scope-mismatch]
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE-3]]:3: note: 'scale' is stored here
	// CHECK: scope-mismatch-shared-index.cl:[[@LINE+3]]:37: note: and read here at another address, by another work-item
	// CHECK: fix-it:"{{.*}}":{[[@LINE-4]]:10-[[@LINE-4]]:29}:"CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
	if (row < n)
		a[row * n + k] = a[row * n + k] / scale[get_group_id(0)];
}
