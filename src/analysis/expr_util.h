/*
 * Expression helpers for scope-mismatch and cas-float-compare.
 *
 * Subtree searches over libclang cursors, operator kinds, and the source
 * text of an expression for fix-its that wrap or rename what the user
 * wrote.  Everything here is read-only on the AST; nothing keeps state.
 */
#ifndef CUATOMLINT_CHECKS_EXPR_UTIL_H
#define CUATOMLINT_CHECKS_EXPR_UTIL_H

#include <clang-c/Index.h>

#include "cuatomlint/finding.h"

/*
 * Does any cursor below root (not root itself) satisfy match?  Children of
 * a cursor for which skip returns nonzero are not searched (skip may be
 * NULL).  The first match is stored in *found when found is not NULL.
 */
typedef int (*cal_cursor_pred)(CXCursor c, void *data);
int cal_subtree_find(CXCursor root, cal_cursor_pred match, cal_cursor_pred skip,
		     void *data, CXCursor *found);

/* Strip wrappers and explicit/implicit casts down to the operand. */
CXCursor cal_strip_casts(CXCursor e);
int cal_is_binop(CXCursor c, enum CXBinaryOperatorKind k);
int cal_is_unop(CXCursor c, enum CXUnaryOperatorKind k);
int cal_is_loop_kind(enum CXCursorKind k);
int cal_type_is_floating(CXType t);

/* The DeclRefExpr that names a call's callee, or a null cursor. */
CXCursor cal_callee_ref(CXCursor call);
/* Is decl a variable or function declared inside namespace ns (inline namespaces skipped)? */
int cal_decl_in_namespace(CXCursor decl, const char *ns);
/* Does the expression mention a variable named name (a DeclRefExpr to it)? */
int cal_mentions_var(CXCursor e, const char *name);
/* The local variable e names (under parentheses and casts), or a null cursor. */
CXCursor cal_local_var_of(CXCursor e);

#endif
