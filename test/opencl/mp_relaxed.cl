/*
 * Misuse for relaxed-sync: two work-groups play ping-pong through a
 * __global flag written and polled with memory_order_relaxed atomics at
 * memory_scope_device; each round one publishes data[r] (a plain store)
 * and raises the flag to r, the other spins until it sees r and checks
 * data[r] (a plain load).  Relaxed atomics order nothing but themselves:
 * the payload may be read stale.  The fix makes the store a release and
 * the poll an acquire, the scope kept.  PoCL on x86 (TSO) passes as
 * written; oclgrind 21.10 has no acquire/release (its 2.0 atomics are
 * mapped to 1.2 ones, oclgrind_cl12_atomics.h), so it reports the payload
 * race before and after alike (information); the GPU shows the misuse
 * (test/opencl/gpu-run.sh, docs/validation.md).
 * validate: check=relaxed-sync oclgrind=info
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
			atomic_store_explicit(flag, r, memory_order_relaxed, memory_scope_device);
		} else {
			int spins = 0;
			while (atomic_load_explicit(flag, memory_order_relaxed, memory_scope_device) < r) {
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
