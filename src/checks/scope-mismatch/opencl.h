/*
 * scope-mismatch in OpenCL C parses (opencl.c): the generic
 * check hands each cursor of an OpenCL parse here instead of to its CUDA
 * rules, and the findings are made at the end of the translation unit.
 */
#ifndef CUATOMLINT_SCOPE_MISMATCH_CL_H
#define CUATOMLINT_SCOPE_MISMATCH_CL_H

#include <clang-c/Index.h>

#include "parse/check.h"

struct cal_scope_cl;

struct cal_scope_cl *cal_scope_cl_new(void);
void cal_scope_cl_visit(struct cal_scope_cl *st, struct cal_walk *w, CXCursor c);
/* Report what was found, and free st. */
void cal_scope_cl_end(struct cal_scope_cl *st, struct cal_walk *w);

#endif
