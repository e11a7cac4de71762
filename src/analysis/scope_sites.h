/*
 * Scoped atomic operations and fences, for scope-mismatch.
 *
 * Recognizes, at one cursor, the atomics whose thread scope is known:
 * legacy atomic*() calls (device scope; _block and _system variants),
 * __nv_atomic_* builtins with a constant scope argument, the construction
 * of a cuda::atomic_ref<T, S>, member calls on a cuda::atomic<T, S>, and
 * atom/red instructions in inline PTX (read by the shared asm reader,
 * asm_template.h: .cta/.cluster/.gpu/.sys, .shared/.global, the [%N] or
 * [%[name]] address operand); in HIP parses, clang's __hip_atomic_* and
 * __scoped_atomic_* builtins with a constant scope argument (no PTX).
 * Each becomes a cal_scoped_site with the object it touches and,
 * for a scope narrower than device, the edit that widens it to device
 * scope (none where the scope is spelled inside a macro or not spelled at
 * the site at all, such as a template parameter).
 */
#ifndef CUATOMLINT_CHECKS_SCOPE_SITES_H
#define CUATOMLINT_CHECKS_SCOPE_SITES_H

#include <clang-c/Index.h>

#include "parse/check.h"
#include "cuatomlint/finding.h"
#include "analysis/scope_address.h"
#include "atomics/atomics.h"

/* The value of a constant integer expression: 0, or -1 if it is not one. */
int cal_scope_eval_int(CXCursor e, long long *out);

struct cal_scoped_site {
	CXCursor site;			/* where to report */
	enum cal_scope scope;
	char *what;			/* e.g. "'atomicAdd_block'", quoted */
	struct cal_object obj;
	struct cal_edit widen;		/* file == NULL: no fix */
	const char *no_fix_why;		/* no fix, and why a note should say (or NULL) */
	int is_load;			/* only reads the object (load()) */
};

void cal_scoped_site_release(struct cal_scoped_site *s);

/*
 * If var is a cuda::atomic_ref<T, S> variable, trace the object it was made
 * for into o (initialized) and return 1.
 */
int cal_atomic_ref_var_object(CXTranslationUnit tu, CXCursor var, struct cal_object *o);

/* Calls found() for each scoped atomic at c; found() owns the site. */
typedef void (*cal_site_found)(struct cal_scoped_site *s, void *data);
void cal_scoped_sites_at(struct cal_walk *w, CXCursor c, cal_site_found found, void *data);

/*
 * Is c a fence of block scope (__threadfence_block(), or
 * cuda::atomic_thread_fence with cuda::thread_scope_block)?  If so, *widen
 * gets the edit to device scope (file NULL if none) and *what its name.
 */
int cal_block_fence_at(struct cal_walk *w, CXCursor c, struct cal_edit *widen,
		       const char **what);

#endif
