/*
 * Spin-waits: the loop that spins on a read (its condition, an
 * 'if (...) break;' that ends it, or a local copy the loop re-reads), as
 * volatile-sync finds polls; any check that asks "does this loop wait on
 * that read?" can use them.  Levels are walk levels (cal_walk.stack).
 */
#ifndef CUATOMLINT_ANALYSIS_SPIN_LOOP_H
#define CUATOMLINT_ANALYSIS_SPIN_LOOP_H

#include <clang-c/Index.h>

#include "parse/check.h"

/*
 * The spinning loop whose condition holds the current cursor c, or whose
 * body holds c in the condition of an 'if (...) break;' directly in it;
 * null if none.  *level gets the walk level of the loop.
 */
CXCursor cal_spin_loop(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c, int *level);

/*
 * The scope of the fence the thread that ran the loop at walk level 'level'
 * executes next, before any other statement (barriers aside): the "acquire
 * pattern" of the PTX memory model, a strong read (a volatile load is a
 * relaxed one) followed by a fence, which synchronizes with a release as an
 * acquire load would.  Leaving an 'if' block continues after the 'if'
 * ('if (tid == 0) { while (...); } __syncthreads(); __threadfence();').
 * Returns a vol_fence_rank(), 0 where another statement comes first.
 */
int cal_fence_after_loop(const struct cal_walk *w, CXTranslationUnit tu, int level);

/*
 * The release pattern's half: the rank of the fence statement right before
 * statement s of block (barriers and empty statements between them aside),
 * 0 if another statement, or none, comes first.
 */
int cal_fence_before_statement(CXTranslationUnit tu, CXCursor block, CXCursor s);
/* Is the current cursor c in the condition of a spinning loop (cal_spin_loop)? */
int cal_in_spin_condition(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c);
/*
 * A poll through a local copy: 'do { v = *flag; } while (v == 0);' or
 * 'for (;;) { int v = *flag; if (v) break; }'.  value is the value read
 * (the implicit read conversion, or a call), level the walk level of its
 * parent.  *copy gets the local (also when the read is not in such a loop:
 * 'int v = *flag;' before 'while (!v) v = *flag;' reads the flag first).
 */
int cal_in_copied_poll(const struct cal_walk *w, CXTranslationUnit tu, CXCursor value,
			  int level, CXCursor *copy_out);
/*
 * The walk level of the loop that spins on local copy, which the current
 * cursor c writes as a whole (an asm statement's output: 'do { asm("ld..."
 * : "=r"(v) : ...); } while (v == 0);'), as cal_in_copied_poll judges
 * it; -1 if none.
 */
int cal_output_polled(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c, CXCursor copy);
/*
 * A loop statement as written, with a do-while's ';': what a fence put
 * after the loop (cal_edit_line_after) follows.
 */
CXSourceRange cal_loop_statement_range(CXTranslationUnit tu, CXCursor loop);
/* A scalar type (no record, no unknown type): one that a copy can hold whole. */
int cal_is_scalar(CXType t);

#endif
