/*
 * Misuse for scope-mismatch: the work-items of one work-group write
 * __global data over each other across barrier(CLK_LOCAL_MEM_FENCE), whose
 * fence covers __local memory only; each round every work-item stores its
 * own word, then (after the barrier) its neighbour's, a write after write
 * on every word.  The fix adds CLK_GLOBAL_MEM_FENCE to both barriers.
 * oclgrind reports the race on data[] before the fix and none after.  The
 * last value of each word is checked after a barrier with both fences.
 * validate: check=scope-mismatch oclgrind=race-clean global=64 local=64 grind_global=16 grind_local=16
 */
__kernel void pingpong(__global int *flag, __global int *data, __global int *result,
		       int rounds, int max_spins)
{
	int l = (int)get_local_id(0), n = (int)get_local_size(0);

	for (int r = 1; r <= rounds; r++) {
		data[l] = r;
		barrier(CLK_LOCAL_MEM_FENCE);
		data[(l + 1) % n] = -r;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	if (data[l] != -rounds)
		atomic_add(&result[0], 1);
}
