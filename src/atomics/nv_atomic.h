/*
 * The __nv_atomic_* builtins as the nv-atomic-* checks see them.
 *
 * A call names "the builtin" only when its callee is the declaration the
 * tool's prelude injected: a project that declares its own function of the
 * same name calls that function, and these checks leave it alone.  The
 * builtins' rows (operation, generic or by-value form, where the memory
 * order(s) and scope sit) are the CAL_API_NV_BUILTIN rows of the one op
 * table, atomics.h.
 */
#ifndef CUATOMLINT_CHECKS_NV_ATOMIC_H
#define CUATOMLINT_CHECKS_NV_ATOMIC_H

#include <clang-c/Index.h>

#include "atomics/atomics.h"
#include "parse/check.h"

/* The op-table row of a builtin's name, or NULL. */
const struct cal_atomic_op *cal_nv_builtin_find(const char *name);

/* Is decl (a function or function template) one of the prelude's builtins? */
int cal_is_nv_atomic_builtin(const struct cal_walk *w, CXCursor decl);
/* Is the classified call a CallExpr to a builtin, named directly or in parentheses? */
int cal_nv_atomic_is_builtin_call(const struct cal_atomic *a);
/*
 * If call is a CallExpr to a builtin (named directly or in parentheses),
 * its callee; else a null cursor.
 */
CXCursor cal_nv_atomic_callee(const struct cal_walk *w, CXCursor call);

#endif
