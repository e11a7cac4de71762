/*
 * arch-unsupported in OpenCL C parses (opencl.c): what the
 * parse's device profile lacks but clang accepts anyway.
 */
#ifndef CUATOMLINT_ARCH_UNSUPPORTED_CL_H
#define CUATOMLINT_ARCH_UNSUPPORTED_CL_H

#include <clang-c/Index.h>

#include "parse/check.h"

void cal_arch_cl_visit(struct cal_walk *w, CXCursor c);
/*
 * arch-unsupported for OpenCL: restate, as findings of check_id, the clang
 * errors of a parse for profile p that say the profile lacks an atomic
 * function (undeclared non-explicit functions on a 3.0 device without
 * seq_cst or device scope).
 */
struct cal_findings;
struct cal_ocl_profile;
void cal_ocl_restate_errors(struct cal_findings *errors, const struct cal_ocl_profile *p,
			    const char *check_id);

#endif
