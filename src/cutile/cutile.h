/*
 * The cuTile Python front end: .py files that use cuda.tile, parsed with
 * tree-sitter's Python grammar, judged by the checks' cuTile halves
 * (src/checks/<check-id>/cutile.c, through cutile/lint.h),
 * reported as the engine's plain findings (so reporters, suppressions, the
 * cache, -j and --fix treat them like any other).
 */
#ifndef CUATOMLINT_CUTILE_H
#define CUATOMLINT_CUTILE_H

#include <stddef.h>

#include "cuatomlint/finding.h"

/* Is path a Python source (.py)? */
int cal_cutile_is_python(const char *path);
/* Does the text import cuda.tile (what a directory walk lints)? */
int cal_cutile_imports_tile(const char *text, size_t len);
/*
 * Lint text (the content of path) with the enabled checks (indexed as
 * cal_checks[]), appending findings to out.  Returns -1 if tree-sitter
 * could not parse it at all, else 0.
 */
int cal_cutile_lint_text(const char *path, const char *text, size_t len, const int *enabled,
			 struct cal_findings *out);
/* Read path and lint it; -1 after an error message if it cannot be read. */
int cal_cutile_lint_file(const char *path, const int *enabled, struct cal_findings *out);

#endif
