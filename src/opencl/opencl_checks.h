/*
 * The OpenCL C side of checks shared with CUDA: the generic check decides
 * what to flag, these say it in OpenCL's words and build OpenCL's fixes.
 * The checks reach them through the front end's table (parse/language.h).
 */
#ifndef CUATOMLINT_OPENCL_CHECKS_H
#define CUATOMLINT_OPENCL_CHECKS_H

#include <clang-c/Index.h>

#include "parse/check.h"
#include "parse/language.h"

void cal_ocl_report_volatile(struct cal_walk *w, CXTranslationUnit tu,
			     const struct cal_ocl_volatile *v);

#endif
