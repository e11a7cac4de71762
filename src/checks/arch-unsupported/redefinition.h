/*
 * arch-unsupported: a project's own atomicAdd(double *, double) (the CUDA
 * guide's CAS-loop fallback) defined for every target.
 *
 * CUDA's sm_60_atomic_functions.h defines the native one from sm_60 on and
 * in nvcc's host pass, so the definition is nvcc's "already defined" error
 * there and clang's "redefinition of 'atomicAdd'" in the sm_60+ device
 * parses.  The check claims that clang error before the walk (the parse is
 * not partial for it, so the file's other fixes stay) and reports the
 * definition in its walk, with the guard that keeps it for the old targets
 * only.  Below sm_60 clang's wrapper differs from nvcc's headers: that
 * error is a known gap (parse/clang_gaps.c).
 */
#ifndef CUATOMLINT_ARCH_UNSUPPORTED_REDEFINITION_H
#define CUATOMLINT_ARCH_UNSUPPORTED_REDEFINITION_H

#include <stddef.h>

#include <clang-c/Index.h>

#include "parse/check.h"

/* Drop the errors of a device parse that cal_arch_report_redefinition() reports. */
size_t cal_arch_claim_redefinitions(const struct cal_parse_info *parse,
				    struct cal_findings *errors);
/* Report c if it is such a definition in a device parse with a target from sm_60. */
void cal_arch_report_redefinition(struct cal_walk *w, CXCursor c);

#endif
