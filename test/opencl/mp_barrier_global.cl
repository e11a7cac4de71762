/*
 * Misuse for scope-mismatch: the work-items of one work-group exchange
 * __global data across barrier(CLK_LOCAL_MEM_FENCE), whose fence covers
 * __local memory only; each round every work-item writes its word and
 * reads its neighbour's.  The fix adds CLK_GLOBAL_MEM_FENCE.  oclgrind
 * reports the race on data[] before the fix and none after.
 * validate: check=scope-mismatch oclgrind=race-clean global=64 local=64 grind_global=16 grind_local=16
 */
__kernel void pingpong(__global int *flag, __global int *data, __global int *result,
		       int rounds, int max_spins)
{
	int l = (int)get_local_id(0), n = (int)get_local_size(0), stale = 0;

	for (int r = 1; r <= rounds; r++) {
		data[l] = r;
		barrier(CLK_LOCAL_MEM_FENCE);
		stale += data[(l + 1) % n] != r;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (stale)
		atomic_add(&result[0], stale);
}
