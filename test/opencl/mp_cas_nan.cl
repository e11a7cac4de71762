/*
 * Misuse for cas-float-compare: a float add through an atomic_cmpxchg
 * retry loop that compares the floats it read.  Each work-group adds to
 * its own word, which holds a NaN: the CAS succeeds (same bits), but
 * 'assumed != old' is true for NaN, so the loop retries for ever.  The fix
 * compares the bits (as_uint) and each add ends after one round.
 * validate: check=cas-float-compare oclgrind=none timeout=5 before=hang
 */
#ifndef SPIN_GUARD
#define SPIN_GUARD
#endif

float add_float(volatile __global int *p, float v, int max_spins, int *timeouts)
{
	float old = as_float(*p), assumed;
	int spins = 0;

	do {
		assumed = old;
		old = as_float(atomic_cmpxchg(p, as_int(assumed), as_int(assumed + v)));
		SPIN_GUARD
	} while (assumed != old);
	return old;
}

__kernel void pingpong(__global int *flag, __global int *data, __global int *result,
		       int rounds, int max_spins)
{
	int g = (int)get_group_id(0), timeouts = 0;
	volatile __global int *word = (volatile __global int *)&data[g];

	*word = as_int(NAN);
	for (int r = 0; r < rounds; r++)
		add_float(word, 1.0f, max_spins, &timeouts);
	result[2 * g] = !isnan(as_float(*word));
	result[2 * g + 1] = timeouts;
}
