/*
 * Misuse for scope-mismatch: a histogram whose bin is loaded from memory
 * (a __constant table), updated with memory_scope_work_group atomics by
 * 64 work-groups: any work-group may hit any bin, and work-group scope
 * makes the read-modify-writes atomic only within one work-group (the
 * shape of issue 27: 'bins[px[i]]').  The fix widens them to
 * memory_scope_device.  The last work-item to arrive (a ticket taken at
 * device scope) sums the bins: result[2] counts a wrong total.  A CPU
 * (PoCL) runs every scope as device scope, so the misuse passes there; the
 * fixed kernel must pass (docs/validation.md for the GPU).
 * validate: check=scope-mismatch oclgrind=none before=info global=4096 local=64 rounds=16
 */
#define BINS 8

__constant uint perm[BINS] = { 3, 1, 4, 0, 5, 2, 7, 6 };

__kernel void pingpong(__global atomic_int *flag, __global atomic_int *data,
		       __global int *result, int rounds, int max_spins)
{
	uint gid = get_global_id(0), n = get_global_size(0);
	int total = 0;

	(void)max_spins;
	for (int r = 0; r < rounds; r++)
		atomic_fetch_add_explicit(&data[perm[(gid + (uint)r) % BINS]], 1,
					  memory_order_relaxed, memory_scope_work_group);
	if (atomic_fetch_add_explicit(flag, 1, memory_order_acq_rel, memory_scope_device) !=
	    (int)n - 1)
		return;
	for (int b = 0; b < BINS; b++)
		total += atomic_load_explicit(&data[b], memory_order_relaxed, memory_scope_device);
	result[2] = total != (int)n * rounds;
}
