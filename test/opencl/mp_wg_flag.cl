/*
 * Misuse for scope-mismatch: two work-groups play ping-pong through a
 * __global flag with acquire/release atomics at memory_scope_work_group,
 * which order memory only within one work-group; each round one publishes
 * data[r] and raises the flag to r, the other spins until it sees r and
 * checks data[r].  The fix widens both to memory_scope_device.  A CPU
 * (PoCL) and oclgrind show nothing here: the failure is a GPU's (the H100
 * read about 99.5% stale words, issue 14), see docs/validation.md.
 * validate: check=scope-mismatch oclgrind=info
 */
#ifdef OCLGRIND_CL12_ATOMICS
#include "oclgrind_cl12_atomics.h"
#endif
#ifndef SPIN_GUARD
#define SPIN_GUARD
#endif

__kernel void pingpong(__global atomic_int *flag, __global int *data,
		       __global int *result, int rounds, int max_spins)
{
	int g = (int)get_group_id(0);
	int stale = 0, timeouts = 0;

	for (int r = 1; r <= rounds; r++) {
		if ((r & 1) == g) {
			data[r] = r;
			atomic_store_explicit(flag, r, memory_order_release, memory_scope_work_group);
		} else {
			int spins = 0;
			while (atomic_load_explicit(flag, memory_order_acquire, memory_scope_work_group) < r) {
				SPIN_GUARD
			}
			if (spins > max_spins)
				break;
			stale += data[r] != r;
		}
	}
	result[2 * g] = stale;
	result[2 * g + 1] = timeouts;
}
