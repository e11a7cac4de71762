/*
 * The edits toolkit checks build fixes with: the source text of a range or
 * cursor as clang parsed it, and edits (plain cal_edit values) from
 * libclang ranges or from another front end's positions.  Nothing here
 * reads or writes files: the text is the parse's, and the rewrite stage
 * (rewrite/) applies the edits after the walk.  #include lines and helper
 * definitions are inserted through fixits/include_insert.h.
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
/*
 * The edit replacing the text from begin to end (positions in one file,
 * end not before begin) with text: the one place an edit is made, from
 * libclang's ranges below or from another front end's positions.
 */
void cal_edit_span(const struct cal_pos *begin, const struct cal_pos *end, const char *text,
		   struct cal_edit *out);
/* Replace the text of r (a token range as libclang gives it) with text. */
int cal_edit_replace(CXSourceRange r, const char *text, struct cal_edit *out);
/* Insert text before loc. */
int cal_edit_insert(CXSourceLocation loc, const char *text, struct cal_edit *out);
/* Replace the whole extent of cursor c. */
int cal_edit_replace_cursor(CXCursor c, const char *text, struct cal_edit *out);
/*
 * Replace the name token of a reference (a DeclRefExpr; its qualifier, if
 * any, stays) with text.  -1 if the name comes from a macro.
 */
int cal_edit_rename(CXTranslationUnit tu, CXCursor ref, const char *text,
		    struct cal_edit *out);
/*
 * Replace the use of macro name that c's extent is (__ATOMIC_RELAXED,
 * __HIP_MEMORY_SCOPE_WORKGROUP: an argument written as that macro, in the
 * file) with text.  -1 where the text at c's place is not exactly name (a
 * macro of the user's around it, another spelling).
 */
int cal_edit_macro_use(CXTranslationUnit tu, CXCursor c, const char *name, const char *text,
		       struct cal_edit *out);
/* Replace len bytes at loc (which must be written directly, not by a macro). */
int cal_edit_replace_bytes(CXTranslationUnit tu, CXSourceLocation loc, unsigned len,
			   const char *text, struct cal_edit *out);
/* Add a one-edit fix to f; returns 0, or -1 (nothing added) if the edit was refused. */
int cal_add_simple_fix(struct cal_finding *f, const char *description,
		       CXSourceRange r, const char *text);
/* Add a fix made of n edits, all or nothing; returns 0 or -1.  Clears the edits. */
int cal_add_fix_edits(struct cal_finding *f, const char *description,
		      struct cal_edit *edits, int n);
void cal_edit_clear(struct cal_edit *e);

/*
 * A statement on a line of its own next to the statement r spans (r as
 * written, with its ';' where it has one): text on a new line after r
 * (cal_edit_line_after) or before it (cal_edit_line_before), indented as
 * r's first line.  -1 where r comes from a macro or something else stands
 * on its line before it (the new line would split that).  Fences that
 * complete a lock or a flag's ordering are added this way.
 */
int cal_edit_line_after(CXTranslationUnit tu, CXSourceRange r, const char *text,
			struct cal_edit *out);
int cal_edit_line_before(CXTranslationUnit tu, CXSourceRange r, const char *text,
			 struct cal_edit *out);

/*
 * The source text of a range or a cursor's extent, as clang parsed the
 * file (caller frees), or NULL if the ends are not in one file, out of
 * order or the file's text is unknown.  An end that comes from a macro
 * expansion either makes it NULL (CAL_TEXT_NO_MACROS: text a fix can
 * rewrite in place), or is read at the macro's use, so that a macro
 * argument or a macro call is its text as written there
 * (CAL_TEXT_MACRO_USES: text a fix can copy).
 */
enum cal_text_macros {
	CAL_TEXT_NO_MACROS,
	CAL_TEXT_MACRO_USES,
};

char *cal_range_text(CXTranslationUnit tu, CXSourceRange r, enum cal_text_macros macros);
char *cal_cursor_text(CXTranslationUnit tu, CXCursor c, enum cal_text_macros macros);

#endif
