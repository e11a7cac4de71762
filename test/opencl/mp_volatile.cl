/*
 * Misuse for volatile-sync: two work-groups play ping-pong through a
 * volatile __global flag; each round one publishes data[r] and raises the
 * flag to r, the other spins until it sees r and checks data[r].
 *
 * SPIN_GUARD (empty here, so this is an unbounded spin-wait as real code
 * has it) is set by the harness for oclgrind, which runs work-groups one
 * after another: there a waiting group must give up instead of hanging,
 * and OCLGRIND_CL12_ATOMICS maps the fix's 2.0 atomics to ones it has.
 * validate: check=volatile-sync oclgrind=race
 */
#ifdef OCLGRIND_CL12_ATOMICS
#include "oclgrind_cl12_atomics.h"
#endif
#ifndef SPIN_GUARD
#define SPIN_GUARD
#endif

__kernel void pingpong(volatile __global int *flag, __global int *data,
		       __global int *result, int rounds, int max_spins)
{
	int g = (int)get_group_id(0);
	int stale = 0, timeouts = 0;

	for (int r = 1; r <= rounds; r++) {
		if ((r & 1) == g) {
			data[r] = r;
			*flag = r;
		} else {
			int spins = 0;
			while (*flag < r) {
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
