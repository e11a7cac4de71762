/*
 * Fix-its of nv-atomic-context: rewrites that put an __nv_atomic_* builtin
 * back where nvcc accepts it, a direct call in a function body.
 *
 * Both builders only add a fix to the finding when every edit lies in text
 * the user wrote (no macro ranges) and the rewrite is known to be
 * equivalent; otherwise they return -1 and say why in *why (static text),
 * for the caller's note.
 */
#ifndef CUATOMLINT_CHECKS_NV_ATOMIC_FIXES_H
#define CUATOMLINT_CHECKS_NV_ATOMIC_FIXES_H

#include <clang-c/Index.h>

#include "parse/check.h"
#include "cuatomlint/finding.h"

/*
 * init is the expression of a member initializer of constructor ctor:
 * remove "m(init)" from the list (with its ':' or ',') and insert
 * "m = init;" at the start of the body, in the body's indentation.
 */
int cal_nv_fix_move_initializer(struct cal_walk *w, struct cal_finding *f, CXCursor ctor,
				CXCursor init, const char **why);

/*
 * ref names a by-value builtin (name) whose address is taken, as a function
 * of type fty: insert a __device__ wrapper with that signature before the
 * top-level declaration top, and name the wrapper instead.
 */
int cal_nv_fix_wrapper(struct cal_walk *w, struct cal_finding *f, CXCursor ref,
		       CXType fty, const char *name, CXCursor top, const char **why);

#endif
