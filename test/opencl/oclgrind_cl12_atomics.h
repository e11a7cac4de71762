/*
 * oclgrind 21.10 lacks OpenCL C 2.0's atomic_*_explicit built-ins (it
 * stops with "Undefined external function").  For its race detector only,
 * the fixed kernels' acquire loads and release stores become the OpenCL
 * 1.2 atomics on the same word: the accesses are atomic as in the fix, so
 * a race oclgrind reports before the fix and not after is the race the fix
 * removes.  (Its ordering is checked on PoCL and the GPU, not here.)
 */
#define atomic_load_explicit(p, order, scope) atomic_add((volatile __global int *)(p), 0)
#define atomic_store_explicit(p, v, order, scope) ((void)atomic_xchg((volatile __global int *)(p), (v)))
/*
 * The compare-exchange of arch-unsupported's float CAS-loop fallback
 * (mp_float_add.cl) as atomic_cmpxchg on the same 32-bit word, writing the
 * word it found to *expected as the 2.0 function does on failure.  The
 * pointer is __private: oclgrind has no generic address space.
 */
bool oclgrind_cl12_cas(volatile __global int *p, __private int *expected, int desired)
{
	int old = atomic_cmpxchg(p, *expected, desired);
	bool swapped = old == *expected;

	*expected = old;
	return swapped;
}
#define atomic_compare_exchange_weak_explicit(p, expected, desired, success, failure, scope) \
	oclgrind_cl12_cas((volatile __global int *)(p), (__private int *)(expected), (int)(desired))
