/*
 * The OpenCL C side of checks shared with CUDA: the generic check decides
 * what to flag, these say it in OpenCL's words and build OpenCL's fixes.
 */
#ifndef CUATOMLINT_OPENCL_CHECKS_H
#define CUATOMLINT_OPENCL_CHECKS_H

#include <clang-c/Index.h>

#include "parse/check.h"

/* A volatile access that volatile-sync flags in an OpenCL parse. */
struct cal_ocl_volatile {
	int poll;			/* a spin-wait read; else a store another work-item polls */
	CXCursor lvalue;		/* the volatile lvalue */
	CXCursor assign;		/* a store: the assignment */
	const CXCursor *polled_at;	/* a store: where the word is polled, or NULL */
	int fix_allowed;		/* the generic check allows an edit here */
	const char *why_not;		/* if not: why (NULL: the parse had errors) */
};

void cal_ocl_report_volatile(struct cal_walk *w, CXTranslationUnit tu,
			     const struct cal_ocl_volatile *v);

#endif
