/*
 * arch-unsupported in OpenCL C parses (opencl.c): what the
 * parse's device profile lacks but clang accepts anyway.
 */
#ifndef CUATOMLINT_ARCH_UNSUPPORTED_CL_H
#define CUATOMLINT_ARCH_UNSUPPORTED_CL_H

#include <stddef.h>

#include <clang-c/Index.h>

#include "parse/check.h"

void cal_arch_cl_visit(struct cal_walk *w, CXCursor c);
/*
 * arch-unsupported for OpenCL: restate, as findings of check_id, the clang
 * errors of a parse for profile p that say the profile lacks a type or
 * constant (atomic_long, memory_order_seq_cst, ... without their features).
 */
struct cal_findings;
struct cal_ocl_profile;
void cal_ocl_restate_errors(struct cal_findings *errors, const struct cal_ocl_profile *p,
			    const char *check_id);
/*
 * Before the walk, restate as findings of check_id the errors of a 3.0
 * parse for profile p that are calls the profile lacks: a non-explicit
 * function without seq_cst or device scope, an explicit one without its
 * scope argument without device scope.  Returns how many it restated.
 */
size_t cal_ocl_claim_errors(struct cal_findings *errors, const struct cal_ocl_profile *p,
			    CXTranslationUnit tu, const char *check_id);

#endif
