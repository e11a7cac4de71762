/*
 * modernize-atomic-ref is a spelling change: the 1.x atomic functions
 * become atomic_fetch_*_explicit / atomic_exchange_explicit, relaxed, at
 * memory_scope_device for __global and memory_scope_work_group for
 * __local objects.  This kernel counts with every rewritten function from
 * many work-groups (global=4096 local=64: 64 of them) on __global and
 * __local words and checks the totals; before and after the fix it must
 * pass with the same totals.  The last work-group to finish (a ticket
 * taken with atomic_inc) checks the __global totals; each work-group checks
 * its __local ones after a barrier.  result[0]: wrong __local totals,
 * result[2]: wrong __global totals (the host reports their sum as "stale").
 * validate: check=modernize-atomic-ref oclgrind=none before=pass global=4096 local=64
 */
#define ADDS 16

__kernel void pingpong(__global int *flag, __global int *data, __global int *result,
		       int rounds, int max_spins)
{
	__local uint hits[3];
	uint lid = get_local_id(0), n = get_global_size(0);
	int gid = (int)get_global_id(0), bad = 0;

	(void)rounds;
	(void)max_spins;
	if (lid == 0) {
		hits[0] = 0;
		hits[1] = 0xffffffffu;
		hits[2] = 0xffffffffu;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int i = 0; i < ADDS; i++) {
		atomic_add(&data[0], 1);
		atomic_inc(&data[1]);
		atomic_sub(&data[2], 2);
		atomic_dec(&data[3]);
		atomic_inc(&hits[0]);
	}
	atomic_max(&data[4], gid);
	atomic_min(&hits[1], lid);
	atomic_or(&data[5], 1 << (get_group_id(0) % 31));
	atomic_xor(&data[6], gid);
	atomic_and(&hits[2], ~(1u << (lid % 32)));
	atomic_xchg(&data[7], 7);
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	if (lid != 0)
		return;
	if (hits[0] != ADDS * get_local_size(0) || hits[1] != 0 ||
	    hits[2] != (get_local_size(0) >= 32 ? 0 : 0xffffffffu << get_local_size(0)))
		atomic_inc(&result[0]);
	mem_fence(CLK_GLOBAL_MEM_FENCE);
	if (atomic_inc(flag) != (int)get_num_groups(0) - 1)
		return;
	mem_fence(CLK_GLOBAL_MEM_FENCE);
	/* every work-group has done its atomics: read the totals atomically */
	bad += atomic_add(&data[0], 0) != (int)(n * ADDS);
	bad += atomic_add(&data[1], 0) != (int)(n * ADDS);
	bad += atomic_add(&data[2], 0) != -2 * (int)(n * ADDS);
	bad += atomic_add(&data[3], 0) != -(int)(n * ADDS);
	bad += atomic_add(&data[4], 0) != (int)n - 1;
	bad += atomic_add(&data[5], 0) != (get_num_groups(0) >= 31 ? 0x7fffffff : (1 << get_num_groups(0)) - 1);
	bad += atomic_add(&data[6], 0) != (n % 4 == 0 ? 0 : -1);
	bad += atomic_add(&data[7], 0) != 7;
	result[2] = bad;
}
