/* relaxed-sync's OpenCL C half, for its visit (cuda.c). */
#ifndef CUATOMLINT_CHECKS_RELAXED_SYNC_OPENCL_H
#define CUATOMLINT_CHECKS_RELAXED_SYNC_OPENCL_H

#include <clang-c/Index.h>

#include "parse/check.h"
#include "atomics/atomics.h"

struct rs_state;

/* The OpenCL C atomic built-in call c makes, or NULL. */
const struct cal_atomic_op *cal_relaxed_sync_cl_atomic(CXCursor c);
/* A call of an OpenCL C parse: a fence or an atomic becomes an event. */
void cal_relaxed_sync_opencl_visit(struct rs_state *st, struct cal_walk *w, CXCursor c);

#endif
