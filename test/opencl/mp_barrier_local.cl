/*
 * Misuse for scope-mismatch: the work-items of one work-group exchange
 * __local data across barrier(CLK_GLOBAL_MEM_FENCE), whose fence does not
 * cover __local memory; each round every work-item writes its element and
 * reads its neighbour's.  The fix adds CLK_LOCAL_MEM_FENCE.  oclgrind
 * reports the race on tmp[] before the fix and none after.
 * validate: check=scope-mismatch oclgrind=race-clean global=64 local=64 grind_global=16 grind_local=16
 */
__kernel void pingpong(__global int *flag, __global int *data, __global int *result,
		       int rounds, int max_spins)
{
	__local int tmp[64];
	int l = (int)get_local_id(0), n = (int)get_local_size(0), stale = 0;

	for (int r = 1; r <= rounds; r++) {
		tmp[l] = r;
		barrier(CLK_GLOBAL_MEM_FENCE);
		stale += tmp[(l + 1) % n] != r;
		barrier(CLK_GLOBAL_MEM_FENCE);
	}
	if (stale)
		atomic_add(&result[0], stale);
}
