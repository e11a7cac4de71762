/* 64-bit 1.x atomics for a device with cl_khr_int64_base_atomics only (arch-fallback-int64.test). */
#ifndef CUATOMLINT_HAVE_cuatomlint_atom_max_global_ulong
#define CUATOMLINT_HAVE_cuatomlint_atom_max_global_ulong
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
/* cuatomlint fallback: 64-bit atom_max without cl_khr_int64_extended_atomics, an atom_cmpxchg loop (cl_khr_int64_base_atomics) */
ulong cuatomlint_atom_max_global_ulong(volatile __global ulong *p, ulong val)
{
    ulong assumed, old = atom_add(p, (ulong)0);

    do {
        assumed = old;
        old = atom_cmpxchg(p, assumed, max(assumed, val));
    } while (old != assumed);
    return old;
}
#endif
#ifndef CUATOMLINT_HAVE_cuatomlint_atom_min_global_long
#define CUATOMLINT_HAVE_cuatomlint_atom_min_global_long
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
/* cuatomlint fallback: 64-bit atom_min without cl_khr_int64_extended_atomics, an atom_cmpxchg loop (cl_khr_int64_base_atomics) */
long cuatomlint_atom_min_global_long(volatile __global long *p, long val)
{
    long assumed, old = atom_add(p, (long)0);

    do {
        assumed = old;
        old = atom_cmpxchg(p, assumed, min(assumed, val));
    } while (old != assumed);
    return old;
}
#endif
#ifndef CUATOMLINT_HAVE_cuatomlint_atom_or_global_ulong
#define CUATOMLINT_HAVE_cuatomlint_atom_or_global_ulong
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
/* cuatomlint fallback: 64-bit atom_or without cl_khr_int64_extended_atomics, an atom_cmpxchg loop (cl_khr_int64_base_atomics) */
ulong cuatomlint_atom_or_global_ulong(volatile __global ulong *p, ulong val)
{
    ulong assumed, old = atom_add(p, (ulong)0);

    do {
        assumed = old;
        old = atom_cmpxchg(p, assumed, assumed | val);
    } while (old != assumed);
    return old;
}
#endif
#ifndef CUATOMLINT_HAVE_cuatomlint_atom_xor_local_long
#define CUATOMLINT_HAVE_cuatomlint_atom_xor_local_long
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
/* cuatomlint fallback: 64-bit atom_xor without cl_khr_int64_extended_atomics, an atom_cmpxchg loop (cl_khr_int64_base_atomics) */
long cuatomlint_atom_xor_local_long(volatile __local long *p, long val)
{
    long assumed, old = atom_add(p, (long)0);

    do {
        assumed = old;
        old = atom_cmpxchg(p, assumed, assumed ^ val);
    } while (old != assumed);
    return old;
}
#endif
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

__kernel void words(__global long *p, __global ulong *u, __local long *l, __global int *out)
{
	long m = cuatomlint_atom_min_global_long(p, 5l);
	cuatomlint_atom_max_global_ulong(u + 1, (ulong)7);
	cuatomlint_atom_xor_local_long(&l[2], -1l);
	cuatomlint_atom_or_global_ulong(u + 2, 8ul);
	/* near misses: base operations, and 32-bit words */
	atom_add(p + 3, 1l);
	atom_cmpxchg(u + 4, 0ul, 1ul);
	atom_and(out + 1, 3);
	out[0] = (int)m;
}
