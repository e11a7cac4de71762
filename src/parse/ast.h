/*
 * Small libclang helpers shared by the walk and the checks.
 *
 * Every CXString goes through cal_take_string(), which copies and disposes
 * it, so no CXString outlives the call that produced it.  Locations are
 * always taken at the macro expansion site: a finding inside a macro is
 * reported where the user wrote the macro.
 */
#ifndef CUATOMLINT_AST_H
#define CUATOMLINT_AST_H

#include <clang-c/Index.h>
#include <time.h>

#include "parse/check.h"
#include "cuatomlint/finding.h"

char *cal_take_string(CXString s);	/* caller frees */
/*
 * clang_getFileContents, remembered: libclang finds a header's buffer by a
 * linear search of the source manager's entries, every macro expansion
 * included (hundreds of microseconds a call in a TU with CUDA's headers),
 * and the checks ask for the same few files again and again.
 * cal_dispose_tu() forgets a translation unit's texts and disposes of it.
 */
const char *cal_file_contents(CXTranslationUnit tu, CXFile file, size_t *size);
void cal_file_contents_forget(CXTranslationUnit tu);	/* before a reparse */
/*
 * tu was parsed from the files on the disk alone (no unsaved buffers),
 * beginning at parse_start (CLOCK_REALTIME): cal_file_contents may read a
 * text from the disk where the file has not changed since, as it is
 * quicker than libclang's search for its buffer.
 */
void cal_file_texts_from_disk(CXTranslationUnit tu, const struct timespec *parse_start);
/* Is file a system header of tu?  Remembered with its text, for the same search. */
int cal_file_is_system(CXTranslationUnit tu, CXFile file);
void cal_dispose_tu(CXTranslationUnit tu);
/*
 * A job's child process exits once its last parse is walked (driver/
 * isolate.c), and freeing that parse is work thrown away (about 1% of a
 * CUTLASS parse; clang++ -fsyntax-only does not free its AST either).
 * With cal_dispose_defer(1) on a thread, cal_dispose_tu_later() keeps the
 * TU until cal_dispose_pending(), which every parse calls before it
 * starts: no more TUs are alive at once than without it.
 */
void cal_dispose_defer(int on);
void cal_dispose_tu_later(CXTranslationUnit tu);
void cal_dispose_pending(void);
/* Add file to *files unless it is there (clang_File_isEqual); 1 if it was added. */
int cal_file_once(CXFile **files, size_t *nr, size_t *alloc, CXFile file);
char *cal_cursor_name(CXCursor c);	/* spelling; caller frees */
/* A file's name with "dir/../" and "./" collapsed; caller frees. */
char *cal_file_name(CXFile file);
char *cal_type_name(CXType t);		/* spelling; caller frees */
int cal_cursor_name_is(CXCursor c, const char *name);
int cal_cursor_name_starts(CXCursor c, const char *prefix);

/* Position of a location at its expansion site; 0, or -1 if it has no file. */
int cal_pos_from_location(CXSourceLocation loc, struct cal_pos *out);
int cal_range_from_extent(CXSourceRange r, struct cal_range *out);
/* 1 if c was written in a system header (or has no location). */
int cal_cursor_in_system_header(CXCursor c);

int cal_is_function_kind(enum CXCursorKind k);
enum cal_space cal_function_space(CXCursor fn);
int cal_var_is_shared(CXCursor var);
/* The callee declaration of a CallExpr, or a null cursor. */
CXCursor cal_call_callee(CXCursor call);
/* A function definition clang instantiated from a template (not one the user specialized). */
int cal_is_instantiation(CXCursor fn);
/* Strip unexposed/paren/implicit-cast wrappers down to the interesting expression. */
CXCursor cal_ignore_wrappers(CXCursor e);
/* An explicit cast: C-style, static_, reinterpret_, const_ or functional. */
int cal_is_cast_kind(enum CXCursorKind k);
/* The first child of c (or the nth), or a null cursor. */
CXCursor cal_child(CXCursor c, int n);
int cal_nr_children(CXCursor c);
/*
 * The children of c in one visit (cal_child in a loop visits them again
 * for each one): the first max go to out; the count is returned, or max + 1
 * when there are more than max (the visit stops there).
 */
int cal_children(CXCursor c, CXCursor *out, int max);
/* A function's body, the last CompoundStmt child, or a null cursor. */
CXCursor cal_function_body(CXCursor fn);
/*
 * A set of cursors of one translation unit (clang_hashCursor,
 * clang_equalCursors): a check's memo of verdicts about declarations, kept
 * in its per-walk state and released with it.  Zero-initialised is empty.
 */
struct cal_cursor_set {
	CXCursor *slot;
	unsigned *tag;		/* per slot: 0 free, else the cursor's hash with bit 0 set */
	size_t nr, size;	/* size: 0 or a power of two */
};
int cal_cursor_set_has(const struct cal_cursor_set *s, CXCursor c);
void cal_cursor_set_add(struct cal_cursor_set *s, CXCursor c);
void cal_cursor_set_release(struct cal_cursor_set *s);

/*
 * Files -> small numbers, by the identity clang_File_isEqual compares (one
 * file reached through two names is one): a lookup in place of a search
 * of a list with clang_File_isEqual, which a template library's hundreds
 * of headers made quadratic.
 */
struct cal_file_map {
	struct cal_file_slot *slot;
	size_t nr, size;	/* size: 0 or a power of two */
};
int cal_file_map_get(const struct cal_file_map *m, CXFile file);	/* or -1 */
void cal_file_map_put(struct cal_file_map *m, CXFile file, int value);
void cal_file_map_release(struct cal_file_map *m);
/* The variable an lvalue expression names (x, x[i], *p, p->f ... base), or null. */
CXCursor cal_base_variable(CXCursor e);
/*
 * Checked type accessors.  libclang 19's clang_getUnqualifiedType,
 * clang_getNonReferenceType, clang_getTypedefName and clang_getAddressSpace
 * dereference the type without checking it, and an invalid CXType is
 * ordinary on real code (the object of a call through an implicit 'this' to
 * a member template, a qualified base-class call): they crash.  Only ast.c
 * calls them (scripts/check-sources.sh enforces it); these return an
 * invalid type, or 0, for an invalid one.  test_libclang_null lists which
 * accessors crash on an invalid type.
 */
int cal_type_valid(CXType t);
CXType cal_type_unqualified(CXType t);
CXType cal_type_non_reference(CXType t);
/* Does type t, or the type it points to, carry volatile? */
int cal_type_is_volatile(CXType t);

#endif
