/*
 * cas-float-compare's OpenCL C half: OpenCL's CAS functions and bit
 * reinterpretations (as_uint, as_float...), for the loop analysis of cuda.c.
 */
#ifndef CUATOMLINT_CHECKS_CAS_FLOAT_COMPARE_OPENCL_H
#define CUATOMLINT_CHECKS_CAS_FLOAT_COMPARE_OPENCL_H

#include <clang-c/Index.h>

#include "parse/check.h"
#include "atomics/atomics.h"

/*
 * OpenCL C's CAS functions, by name (the OpenCL rows of the vocabulary):
 * 1.x atomic_cmpxchg / atom_cmpxchg return the old value (like atomicCAS),
 * 2.0 atomic_compare_exchange_* take the expected value by pointer.
 */
const struct cal_atomic_op *cal_cas_cl_row(CXCursor call);
/* OpenCL C's reinterpretations: as_uint(float), as_ulong(double). */
const char *cal_cas_cl_word_function(CXType t);
/* The fix comparing the bit patterns of cmp's operands (fn: the reinterpretation). */
void cal_cas_cl_add_word_fix(struct cal_walk *w, struct cal_finding *f, CXCursor cmp,
			     const char *fn);

#endif
