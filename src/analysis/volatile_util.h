/*
 * Helpers shared by volatile-sync and volatile-warp-sync.
 *
 * Both checks look at accesses through volatile lvalues: an expression of
 * kind DeclRefExpr, MemberRefExpr, ArraySubscriptExpr or unary '*' whose
 * own type is volatile-qualified (arrays excluded: naming a volatile array
 * reads nothing).  Whether such an lvalue is read or written is decided by
 * its parent, which the walk's ancestor stack provides.
 *
 * Text helpers return malloc'ed copies of the user's source and refuse
 * (NULL / -1) where the text comes from a macro expansion, so no fix is
 * ever built from, or into, a macro body.
 */
#ifndef CUATOMLINT_VOLATILE_UTIL_H
#define CUATOMLINT_VOLATILE_UTIL_H

#include <clang-c/Index.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "cuatomlint/finding.h"

/* An lvalue expression whose type is volatile-qualified (not an array). */
int vol_is_volatile_lvalue(CXCursor e);
/* Is t volatile-qualified itself (not what it points to), sugar seen through? */
int vol_type_is_volatile(CXType t);
/* Is e a unary operator of the given kind? */
int vol_is_unary(CXCursor e, enum CXUnaryOperatorKind op);
/* Is e an assignment ('=' or a compound assignment)? Sets *compound. */
int vol_is_assignment(CXCursor e, int *compound);
/* The left side of assignment or ++/-- e (wrappers stripped), or a null cursor. */
CXCursor vol_written_lvalue(CXCursor e);
/* The nth ancestor of the current cursor, skipping parentheses; *below gets the child on the path. */
CXCursor vol_parent(const struct cal_walk *w, CXCursor c, int *level, CXCursor *below);
/* Is the current cursor inside an uninstantiated template (its pattern)? */
int vol_in_template_pattern(const struct cal_walk *w);
/* May a fix be built here: not in an instantiation whose types depend on template parameters. */
int vol_fix_allowed(const struct cal_walk *w);
/*
 * May a fix of the access to e be built here: vol_fix_allowed(), or e's type
 * is the same in every instantiation (template_pattern.h), so the edit,
 * built from source text and that type, is the same for each.
 */
int vol_fix_allowed_at(const struct cal_walk *w, CXCursor e);
/* Is call a call to a function named name? */
int vol_call_named(CXCursor call, const char *name);
/* Is statement c a call to __syncthreads/__syncwarp (a barrier, not a fence)? */
int vol_is_barrier_call(CXCursor c);
/*
 * The scope of the acquiring fence statement c: 1 block (__threadfence_block,
 * a block-scope atomic_thread_fence), 2 device (__threadfence), 3 system
 * (__threadfence_system; atomic_thread_fence without a narrower scope); 0 if
 * c is no fence, or one with relaxed or release order only.
 */
int vol_fence_rank(CXTranslationUnit tu, CXCursor c);
/*
 * Does c, or something inside it, pass test(cursor, ctx)?  The verdicts of
 * statements over one walk are remembered by cursor in memo (one memo per
 * test; zero-initialised is empty).
 */
struct vol_stmt_memo {
	struct cal_cursor_set with, without;
};
int vol_memo_holds(struct vol_stmt_memo *memo, CXCursor c, int (*test)(CXCursor c, void *ctx),
		   void *ctx);
void vol_stmt_memo_release(struct vol_stmt_memo *memo);
/* Remember statement c's verdict, found otherwise (the walk's own visit of it). */
void vol_memo_set(struct vol_stmt_memo *memo, CXCursor c, int holds);
/* Is c, or something inside it, a call to __syncwarp/__syncthreads or a cooperative-groups sync()? */
int vol_contains_barrier_memo(struct vol_stmt_memo *memo, CXCursor c);

/* The extent of c at its expansion site, as file locations (for clang_tokenize). */
CXSourceRange vol_file_extent(CXTranslationUnit tu, CXCursor c);
/* The spelling of t without volatile (typedefs that hide volatile resolved); caller frees. */
char *vol_value_type(CXType t);
/*
 * The range of expression statement e with its terminating ';', or a null
 * range if there is none right after it.
 */
CXSourceRange vol_statement_range(CXTranslationUnit tu, CXCursor e);
/* The name of the object an lvalue is rooted in (for messages); caller frees. */
char *vol_subject(CXTranslationUnit tu, CXCursor lvalue);
/*
 * The volatile read in an accessor: a function whose body is one return
 * statement that reads a scalar through volatile ('return *flag != 0;').
 * Null if fn is not such a function.
 */
CXCursor vol_accessor_read(CXCursor fn);

#endif
