/*
 * modernize-atomic-ref in OpenCL C parses (opencl.c): the
 * generic check hands each call of an OpenCL parse here.
 */
#ifndef CUATOMLINT_MODERNIZE_ATOMIC_REF_CL_H
#define CUATOMLINT_MODERNIZE_ATOMIC_REF_CL_H

#include <clang-c/Index.h>

#include "parse/check.h"

void cal_modernize_cl_visit(struct cal_walk *w, CXCursor call);

#endif
