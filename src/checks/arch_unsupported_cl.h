/*
 * arch-unsupported in OpenCL C parses (arch_unsupported_cl.c): what the
 * parse's device profile lacks but clang accepts anyway.
 */
#ifndef CUATOMLINT_ARCH_UNSUPPORTED_CL_H
#define CUATOMLINT_ARCH_UNSUPPORTED_CL_H

#include <clang-c/Index.h>

#include "parse/check.h"

void cal_arch_cl_visit(struct cal_walk *w, CXCursor c);

#endif
