/*
 * Shared knowledge of the __nv_atomic_* builtins for the nv-atomic-* checks.
 *
 * A call names "the builtin" only when its callee is the declaration the
 * tool's prelude injected: a project that declares its own function of the
 * same name calls that function, and these checks leave it alone.
 */
#ifndef CUATOMLINT_CHECKS_NV_ATOMIC_H
#define CUATOMLINT_CHECKS_NV_ATOMIC_H

#include <clang-c/Index.h>

#include "../check.h"

/* Is decl (a function or function template) one of the prelude's builtins? */
int cal_is_nv_atomic_builtin(const struct cal_walk *w, CXCursor decl);
/* If call is a CallExpr to a builtin, its callee; else a null cursor. */
CXCursor cal_nv_atomic_callee(const struct cal_walk *w, CXCursor call);

#endif
