/*
 * arch-unsupported in HIP parses (hip.c): clang's AMDGPU atomic builtins
 * (atomics/amd_builtins.h) called in code emitted for a gfx target that
 * lacks their target feature.
 */
#ifndef CUATOMLINT_ARCH_UNSUPPORTED_HIP_H
#define CUATOMLINT_ARCH_UNSUPPORTED_HIP_H

#include <clang-c/Index.h>

#include "analysis/reach.h"
#include "parse/check.h"

void cal_arch_hip_visit(struct cal_walk *w, struct cal_reach *reach, CXCursor c);

#endif
