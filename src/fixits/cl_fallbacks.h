/*
 * OpenCL C CAS-loop fallbacks that arch-unsupported's fixes insert, the
 * OpenCL side of fallbacks.h: one uniquely named helper (cuatomlint_...)
 * per operation, word type, address space and (float ones) order and
 * scope, wrapped in an include guard so that the same insertion from
 * several findings or several profiles' parses is one edit, and a file
 * fixed twice defines it once.
 *
 *  - A float or double atomic_fetch_add/sub/min/max without
 *    cl_ext_float_atomics: atomic_compare_exchange_weak_explicit on the
 *    same object seen as atomic_uint (atomic_ulong), comparing bit
 *    patterns (as_uint/as_float), so a NaN never makes it spin.  The order
 *    and scope are the call's, fixed in the helper's name and body (no
 *    order or scope passed at run time); the failure order is relaxed, the
 *    first load a relaxed atomic load at the same scope.
 *  - A 64-bit atom_min/max/and/or/xor without cl_khr_int64_extended_atomics
 *    but with cl_khr_int64_base_atomics: an atom_cmpxchg loop (the base
 *    extension has the 64-bit compare-and-swap), first reading the word
 *    with an atomic add of zero.
 */
#ifndef CUATOMLINT_FIXITS_CL_FALLBACKS_H
#define CUATOMLINT_FIXITS_CL_FALLBACKS_H

enum cal_cl_word {
	CAL_CL_F32,	/* atomic_float, through atomic_uint */
	CAL_CL_F64,	/* atomic_double, through atomic_ulong */
	CAL_CL_I64,	/* long, through 64-bit atom_cmpxchg */
	CAL_CL_U64,	/* ulong, the same */
};

enum cal_cl_space {
	CAL_CL_GLOBAL,
	CAL_CL_LOCAL,
	CAL_CL_GENERIC,	/* float helpers only, where every profile has it */
};

struct cal_cl_fallback {
	const char *op;		/* add, sub, min, max (floats); min, max, and, or, xor (64-bit) */
	enum cal_cl_word word;
	enum cal_cl_space space;
	const char *order;	/* floats: relaxed, acquire, release, acq_rel, seq_cst */
	const char *scope;	/* floats: work_group, device */
};

/* cuatomlint_fetch_add_f32_global_relaxed_device, cuatomlint_atom_min_global_long (caller frees). */
char *cal_cl_fallback_name(const struct cal_cl_fallback *fb);
/* The guarded helper definition, ending in a newline (caller frees). */
char *cal_cl_fallback_text(const struct cal_cl_fallback *fb);

#endif
