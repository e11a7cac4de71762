/*
 * CAS-loop fallbacks (spec table C) that the arch-unsupported fix-its insert.
 *
 * Each fallback is one uniquely named static __device__ helper
 * (cuatomlint_atomicAdd_f64, ...) that takes the fallback path under
 *   #if (defined(__CUDA_ARCH__) && __CUDA_ARCH__ < N) || defined(CUATOMLINT_FORCE_FALLBACKS)
 * and calls the native operation otherwise, so defining
 * CUATOMLINT_FORCE_FALLBACKS runs every fallback on any GPU (test/gpu/ does
 * that on sm_90 against the native instruction).  A helper never redefines
 * a CUDA function.  Fallbacks compare integer bit patterns, never floats,
 * and return the old value like the native operation.
 *
 * The text of a helper is a fixed string wrapped in an include guard, so
 * the same insertion from several findings (or several arch parses) is the
 * same edit and collapses, and a file fixed twice defines it once.
 */
#ifndef CUATOMLINT_FIXITS_FALLBACKS_H
#define CUATOMLINT_FIXITS_FALLBACKS_H

#include "cuatomlint/facts.h"

enum cal_signedness {
	CAL_SIGN_ANY,
	CAL_SIGN_SIGNED,
	CAL_SIGN_UNSIGNED,
};

struct cal_fallback {
	const char *name;		/* cuatomlint_atomicAdd_f64 */
	enum cal_op op;
	enum cal_vtype type;
	enum cal_signedness sign;
	unsigned native_arch;		/* N: __CUDA_ARCH__ value of the native op */
	const char *what;		/* one line: what the fallback does */
	const char *signature;		/* "double cuatomlint_atomicAdd_f64(double *address, double val)" */
	const char *fallback;		/* body lines of the fallback path */
	const char *native;		/* body lines of the native path */
};

extern const struct cal_fallback cal_fallbacks[];
extern const int cal_nr_fallbacks;

/* The helper for a legacy atomic of (op, type), or NULL if none exists. */
const struct cal_fallback *cal_fallback_find(enum cal_op op, enum cal_vtype type,
					     enum cal_signedness sign);
const struct cal_fallback *cal_fallback_by_name(const char *name);
/* The full text of the helper, ending in a newline (caller frees). */
char *cal_fallback_text(const struct cal_fallback *fb);

/*
 * Table C's acquire load for targets below sm_60, which have no ld.acquire:
 * cuatomlint_acquire_load(p), an atomic add of zero (a read-modify-write
 * that leaves the value as it was) followed by __threadfence().  A float
 * goes through its bits: a float atomicAdd of 0.0f would store +0.0 over
 * -0.0, and on global memory flushes a subnormal to zero.  Guarded, without
 * a trailing newline.  The matching release store needs no helper:
 * "__threadfence(); atomicExch(p, v)".
 */
extern const char cal_acquire_load_helper[];

#endif
