// scope-mismatch for OpenCL C barriers: a barrier relied on across work-groups
// (no fix), and a barrier whose flags lack CLK_LOCAL_MEM_FENCE between work-items
// exchanging __local data (fix: add CLK_LOCAL_MEM_FENCE).
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]' --implicit-check-not='fix-it:'
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' --fix %t/t.cl > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t/t.cl
// RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %t/t.cl 2>&1 | FileCheck %s --check-prefix=AFTER --implicit-check-not='[scope-mismatch]'
// RUN: clang-19 -target spir64 -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror %t/t.cl

/* every work-group writes its partial sum, then one work-item sums them all */
__kernel void sum_groups(__global int *partial, __global int *out)
{
	int g = (int)get_group_id(0);
	if (get_local_id(0) == 0)
		partial[g] = g;
	barrier(CLK_GLOBAL_MEM_FENCE);
	// CHECK: barrier.cl:[[@LINE-1]]:2: warning: 'barrier' synchronizes the work-items of one work-group only, but 'partial' is read across it where other work-groups store [scope-mismatch]
	// CHECK: barrier.cl:[[@LINE-3]]:3: note: each work-group stores 'partial' here, at an address made from the work-group
	// CHECK: barrier.cl:[[@LINE+6]]:9: note: and read here by each work-group at an address other work-groups store, which nothing orders
	// CHECK: barrier.cl:[[@LINE-4]]:2: note: no fix: work-groups are ordered only by a second kernel launch or an atomic handshake between them
	// AFTER: t.cl:[[@LINE-5]]:2: warning: 'barrier' synchronizes {{.*}} [scope-mismatch]
	if (get_global_id(0) == 0) {
		int s = 0;
		for (int i = 0; i < (int)get_num_groups(0); i++)
			s += partial[i];
		out[0] = s;
	}
}

/* a __local-only barrier between groups: the finding is the cross-group one */
__kernel void neighbour_group(__global int *data, __global int *out)
{
	data[get_global_id(0)] = 1;
	barrier(CLK_LOCAL_MEM_FENCE);
	// CHECK: barrier.cl:[[@LINE-1]]:2: warning: 'barrier' synchronizes the work-items of one work-group only, but 'data' is read across it where other work-groups store [scope-mismatch]
	// CHECK: barrier.cl:[[@LINE-3]]:2: note: each work-group stores 'data' here
	// CHECK: barrier.cl:[[@LINE+3]]:26: note: and read here by each work-group
	// CHECK: barrier.cl:[[@LINE-4]]:2: note: no fix
	// AFTER: t.cl:[[@LINE-5]]:2: warning: 'barrier' synchronizes {{.*}} [scope-mismatch]
	out[get_global_id(0)] = data[get_local_id(0)];
}

/* one work-item of the grid stores a word every work-group reads (Rodinia's particlefilter) */
__kernel void one_writer(__global float *u, __global float *out)
{
	int i = (int)get_global_id(0);
	__local float u1;
	if (i == 0)
		u[0] = 0.5f;
	barrier(CLK_GLOBAL_MEM_FENCE);
	// CHECK: barrier.cl:[[@LINE-1]]:2: warning: 'barrier' synchronizes the work-items of one work-group only, but 'u' is read across it where other work-groups store [scope-mismatch]
	// CHECK: barrier.cl:[[@LINE-3]]:3: note: 'u' is stored here only by the work-group the test picks
	// CHECK: barrier.cl:[[@LINE+4]]:8: note: and read here by every work-group, which nothing orders
	// CHECK: barrier.cl:[[@LINE-4]]:2: note: no fix: work-groups are ordered only by a second kernel launch or an atomic handshake between them
	// AFTER: t.cl:[[@LINE-5]]:2: warning: 'barrier' synchronizes {{.*}} [scope-mismatch]
	if (get_local_id(0) == 0)
		u1 = u[0];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[i] = u1;
}

void grid_sync(__global volatile int *count, int goal)
{
	if (get_local_id(0) == 0) {
		atomic_inc(count);
		while (*count < goal)
			;
	}
	barrier(CLK_GLOBAL_MEM_FENCE);
}

/* near misses: a per-group store under a data test; a software grid barrier between;
   the store and the load under the same test; the store after the barrier in a loop */
__kernel void one_writer_ok(__global int *rec, __global int *keys, __global int *q,
			    __global volatile int *count, __global int *out)
{
	int g = (int)get_group_id(0), l = (int)get_local_id(0);
	if (keys[l] == rec[g])
		rec[g] = l;
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	out[g] = rec[g];
	if (get_global_id(0) == 0)
		q[0] = 1;
	barrier(CLK_GLOBAL_MEM_FENCE);
	grid_sync(count, (int)get_num_groups(0));
	out[g] += q[0];
	if (g == 0) {
		q[1] = 2;
		barrier(CLK_GLOBAL_MEM_FENCE);
		out[0] = q[1];
	}
	for (int r = 0; r < 4; r++) {
		barrier(CLK_GLOBAL_MEM_FENCE);
		if (get_global_id(0) == 0)
			q[2] = r;
		grid_sync(count, (r + 2) * (int)get_num_groups(0));
		out[g] += q[2];
	}
}

/* near misses: each work-item reads its own word; other groups' words read with atomics */
__kernel void groups_ok(__global int *partial, __global int *own, __global int *out)
{
	size_t i = get_global_id(0);
	own[i] = 1;
	partial[get_group_id(0)] = 2;
	barrier(CLK_GLOBAL_MEM_FENCE);
	own[i] += 1;
	out[i] = atomic_add(&partial[0], 0);
}

/* ... and the sum read in another kernel, after this one ended */
__kernel void sum_later(__global int *partial, __global int *out)
{
	int s = 0;
	for (int i = 0; i < (int)get_num_groups(0); i++)
		s += partial[i];
	out[0] = s;
}

/* work-items exchange __local data across barriers that do not fence __local memory */
__kernel void rotate(__global int *out, __local int *tmp)
{
	int l = (int)get_local_id(0), n = (int)get_local_size(0);
	tmp[l] = l;
	barrier(CLK_GLOBAL_MEM_FENCE);
	// CHECK: barrier.cl:[[@LINE-1]]:2: warning: 'barrier' without CLK_LOCAL_MEM_FENCE does not order __local memory, but the work-items exchange __local data through 'tmp' across it [scope-mismatch]
	// CHECK: barrier.cl:[[@LINE-3]]:2: note: 'tmp' is stored here
	// CHECK: barrier.cl:[[@LINE+4]]:9: note: and read here at another address, by another work-item
	// CHECK: fix-it:"{{.*}}barrier.cl":{[[@LINE-4]]:10-[[@LINE-4]]:30}:"CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE"
	// FIXED: {{[[:space:]]}}barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
	__local int s[64];
	s[l] = tmp[(l + 1) % n];
	barrier(0);
	// CHECK: barrier.cl:[[@LINE-1]]:2: warning: 'barrier' without CLK_LOCAL_MEM_FENCE does not order __local memory, but the work-items exchange __local data through 's' across it [scope-mismatch]
	// CHECK: barrier.cl:[[@LINE-3]]:2: note: 's' is stored here
	// CHECK: barrier.cl:[[@LINE+3]]:11: note: and read here at another address, by another work-item
	// CHECK: fix-it:"{{.*}}barrier.cl":{[[@LINE-4]]:10-[[@LINE-4]]:11}:"CLK_LOCAL_MEM_FENCE"
	// FIXED: {{[[:space:]]}}barrier(CLK_LOCAL_MEM_FENCE);
	out[l] = s[n - 1 - l];
}

/* near misses: each work-item reads its own element; the flags fence __local memory */
__kernel void rotate_ok(__global int *out, __local int *tmp)
{
	int l = (int)get_local_id(0), n = (int)get_local_size(0);
	tmp[l] = l;
	barrier(CLK_GLOBAL_MEM_FENCE);
	out[l] = tmp[l];
	barrier(CLK_LOCAL_MEM_FENCE);
	tmp[l] = 2 * l;
	work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	out[l] += tmp[(l + 1) % n];
}

/* near miss: a flag handshake between the work-groups (the example's
   tile_handoff.cl): the consumers poll the producer's flag before the read,
   so the barrier is not what orders the tile (volatile-sync judges the flag) */
__kernel void handoff(__global const float *raw, __global float *tile,
                      volatile __global int *ready, __global float *out)
{
  size_t lid = get_local_id(0), group = get_group_id(0);

  if (group == 0) {
    for (size_t i = lid; i < 64; i += get_local_size(0))
      tile[i] = raw[i];
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (lid == 0)
      *ready = 1;
    return;
  }
  if (lid == 0) {
    while (*ready == 0)
      ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[(group - 1) * 64 + lid] = tile[lid];
}
