/*
 * Fix-it builders: turn libclang ranges into plain cal_edit values.
 *
 * An edit is only built for text the user wrote directly: if either end of
 * the range comes from a macro expansion (its spelling and expansion
 * locations differ), the builder refuses with -1, since rewriting the
 * expansion site would rewrite every use of the macro.  The finding is
 * still reported; it just carries no fix.
 */
#ifndef CUATOMLINT_FIXITS_EDIT_H
#define CUATOMLINT_FIXITS_EDIT_H

#include <clang-c/Index.h>

#include "cuatomlint/finding.h"

/*
 * Where loc is in its file, if the user wrote it there (not a macro
 * expansion): 0, or -1.  line, column may be NULL.
 */
int cal_direct_position(CXSourceLocation loc, CXFile *file, unsigned *line,
			unsigned *column, unsigned *offset);
/* Replace the text of r (a token range as libclang gives it) with text. */
int cal_edit_replace(CXSourceRange r, const char *text, struct cal_edit *out);
/* Insert text before loc. */
int cal_edit_insert(CXSourceLocation loc, const char *text, struct cal_edit *out);
/* Replace the whole extent of cursor c. */
int cal_edit_replace_cursor(CXCursor c, const char *text, struct cal_edit *out);
/* Add a one-edit fix to f; returns 0, or -1 (nothing added) if the edit was refused. */
int cal_add_simple_fix(struct cal_finding *f, const char *description,
		       CXSourceRange r, const char *text);
void cal_edit_clear(struct cal_edit *e);

#endif
