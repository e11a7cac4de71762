/*
 * The source tree: where the tool may report and fix by default.
 *
 * Main files (the translation units linted) are always reported and
 * fixed.  A header is reported, and any fix that edits it offered, only
 * under a source root: --srcroot, else the current directory, the
 * compile database's directory and, with one, the directories named on
 * the command line (they select its entries).  Headers elsewhere (an
 * #include "../../x.cuh" out of the tree, an absolute include) are the
 * user's only when asked with a header filter (--header-filter or the
 * config's), which then decides alone.  --fix so never writes outside the
 * source tree by default.
 */
#ifndef CUATOMLINT_SOURCE_ROOT_H
#define CUATOMLINT_SOURCE_ROOT_H

#include "cuatomlint/finding.h"
#include "driver/jobs.h"

struct cal_source_roots {
	char **dirs;		/* real paths with a trailing slash */
	int nr;
};

/* srcroot: --srcroot or NULL; compdb: -p's argument or NULL.  Returns -1 on a bad --srcroot. */
int cal_source_roots_init(struct cal_source_roots *roots, const char *srcroot,
			  const char *compdb);
/* More roots: each of dirs that resolves. */
void cal_source_roots_add(struct cal_source_roots *roots, char *const *dirs, int n);
void cal_source_roots_release(struct cal_source_roots *roots);
/*
 * 0 if f lies in a header outside the roots (drop it); else 1, less the
 * fixes of f that would edit such a header (a note says why).
 */
int cal_source_roots_keep(const struct cal_source_roots *roots, const struct cal_jobs *jobs,
			  struct cal_finding *f);
/* Does path lie under a root (the user's source tree)? */
int cal_source_roots_contain(const struct cal_source_roots *roots, const char *path);

#endif
