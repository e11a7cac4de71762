/* 64-bit 1.x atomics for a device with cl_khr_int64_base_atomics only (arch-fallback-int64.test). */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

__kernel void words(__global long *p, __global ulong *u, __local long *l, __global int *out)
{
	long m = atom_min(p, 5l);
	atom_max(u + 1, (ulong)7);
	atom_xor(&l[2], -1l);
	atom_or(u + 2, 8ul);
	/* near misses: base operations, and 32-bit words */
	atom_add(p + 3, 1l);
	atom_cmpxchg(u + 4, 0ul, 1ul);
	atom_and(out + 1, 3);
	out[0] = (int)m;
}
