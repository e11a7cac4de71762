/*
 * arch-unsupported's fix for a cuda::atomic_ref load or store below sm_60
 * (spec table C): the legacy acquire load, or __threadfence() + atomicExch.
 */
#ifndef CUATOMLINT_CHECKS_ATOMIC_REF_FALLBACK_H
#define CUATOMLINT_CHECKS_ATOMIC_REF_FALLBACK_H

#include <clang-c/Index.h>

#include "cuatomlint/finding.h"

/*
 * Add the fix to f for call, a load() or store() member call on ref (an
 * expression of type cuda::atomic_ref<T, S>), with the load helper inserted
 * at the insertion point of anchor (a file).  0, or -1 if no fix applies (another member, a type atomicAdd
 * and atomicExch lack, an object that cannot be named at the call, a macro).
 */
int cal_atomic_ref_fallback_fix(CXTranslationUnit tu, CXCursor call, CXCursor ref,
				CXFile anchor, struct cal_finding *f);

#endif
