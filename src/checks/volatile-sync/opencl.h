/*
 * volatile-sync's OpenCL C half: cuda.c decides what to flag, opencl.c
 * says it in OpenCL's words and builds OpenCL's fixes.
 */
#ifndef CUATOMLINT_CHECKS_VOLATILE_SYNC_OPENCL_H
#define CUATOMLINT_CHECKS_VOLATILE_SYNC_OPENCL_H

#include <clang-c/Index.h>

#include "parse/check.h"
#include "parse/language.h"

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
