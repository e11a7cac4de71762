/*
 * The one place where fixes insert #include lines and helper definitions.
 *
 * Every check that needs "#include <cuda/atomic>" or a fallback helper at
 * the top of a file asks here, so the insertions of all fixes in a file
 * land at the same offset with the same text and the rewriter collapses
 * them into one.  The insertion point of a file (cal_top_insert_offset):
 *
 *   - after a UTF-8 byte order mark;
 *   - after the file's leading comment block (a licence header), up to the
 *     first blank line or line of code;
 *   - after an include guard's "#ifndef X / #define X" pair or a
 *     "#pragma once";
 *   - after the last #include of the preamble (the comments, blank lines
 *     and directives before the first line of code), or after the #endif
 *     of a conditional block of the preamble that holds an #include.
 *
 * The file text is read the way the preprocessor sees lines (backslash
 * continuations, block comments); nothing after the first line of code
 * moves the point, so an inserted helper always precedes its uses.
 */
#ifndef CUATOMLINT_FIXITS_INCLUDE_INSERT_H
#define CUATOMLINT_FIXITS_INCLUDE_INSERT_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "cuatomlint/finding.h"

/* The byte offset where inserted lines go in buf. */
size_t cal_top_insert_offset(const char *buf, size_t size);
/* Does buf hold an "#include <header>" (or "header") line? */
int cal_text_includes(const char *buf, size_t size, const char *header);

/*
 * The edit inserting text (whole lines; a final newline is added if
 * missing) at the insertion point of file.  With header set, nothing is
 * needed if the file includes it already.  Returns 0 (edit made), 1
 * (nothing needed) or -1.  Every #include and helper a fix inserts is
 * made here.
 */
int cal_top_insert_edit_in(CXTranslationUnit tu, CXFile file, const char *text,
			   const char *header, struct cal_edit *out);
/* The same in the file that holds loc (its expansion). */
int cal_top_insert_edit(CXTranslationUnit tu, CXSourceLocation loc, const char *text,
			const char *header, struct cal_edit *out);
/* The same edit added to fix (nothing added on 1 or -1). */
void cal_add_top_insert(struct cal_fix *fix, CXTranslationUnit tu, CXSourceLocation loc,
			const char *text, const char *header);
/* Add "#include <header>" to fix unless the file of loc includes it. */
void cal_add_include(struct cal_fix *fix, CXTranslationUnit tu, CXSourceLocation loc,
		     const char *header);

#endif
