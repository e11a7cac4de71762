/*
 * What the cuTile front end hands each check's cuTile half
 * (cal_check.cutile_call): every call of every kernel of a file, with what
 * a finding needs, and the helpers every half uses: findings and edits at
 * a node, cuda.tile's atomics, the members keyword arguments name.
 * cal_cutile_lint_text() (cutile.h) walks the file.
 */
#ifndef CUATOMLINT_CUTILE_LINT_H
#define CUATOMLINT_CUTILE_LINT_H

#include <stdint.h>

#include "cutile/analysis.h"
#include "cuatomlint/finding.h"

/* The file being linted. */
struct ct_lint {
	const struct ct_file *f;
	const int *enabled;		/* indexed as cal_checks[] */
	struct cal_findings *out;
	uint64_t hash;			/* of the file's text, for edits */
};

/* One call of a kernel, as a check's cuTile half sees it. */
struct ct_call {
	struct ct_lint *l;
	struct ct_kernel *k;
	TSNode call;
	const char *fn;			/* what it names in cuda.tile: "atomic_add", "load"... */
};

int ct_in_list(const char *const *list, const char *s);
/* Is fn one of cuda.tile's atomics (atomic_cas, atomic_add, ...)? */
int ct_is_atomic(const char *fn);
/* The atomic call names ("atomic_cas"), into buf, or NULL if it is none. */
const char *ct_atomic_name(const struct ct_file *f, TSNode call, char *buf, size_t size);
/* A finding of check id at node at; the caller may add fixes to it until the next report. */
struct cal_finding *ct_report(struct ct_lint *l, const char *id, TSNode at, const char *fmt,
			      ...) __attribute__((format(printf, 4, 5)));
/* An edit replacing [b, e) of the file by text. */
void ct_add_edit(struct ct_lint *l, struct cal_fix *fix, uint32_t b, uint32_t e, TSPoint pb,
		 TSPoint pe, const char *text);
void ct_replace_node(struct ct_lint *l, struct cal_fix *fix, TSNode n, const char *text);
/* The member a keyword argument names ("MemoryOrder.RELAXED"), into buf, or NULL. */
const char *ct_kw_member(const struct ct_file *f, TSNode call, const char *kw, char *buf,
			 size_t size);
/* The identifier "RELAXED" of "ct.MemoryOrder.RELAXED" in a keyword argument. */
TSNode ct_kw_member_name(const struct ct_file *f, TSNode call, const char *kw);
/*
 * Make keyword argument kw (memory_order/memory_scope) name member ("DEVICE"):
 * the member's identifier where the call spells the class out, the whole
 * argument where it names a module-level alias.
 */
void ct_replace_member(struct ct_lint *l, struct cal_fix *fix, TSNode call, const char *kw,
		       const char *member);
/* How this file names cuda.tile's class cls ("MemoryScope", "ct.MemoryScope"), or NULL. */
char *ct_class_ref(const struct ct_file *f, const char *cls);

#endif
