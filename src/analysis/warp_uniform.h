/*
 * Which code every lane of a warp runs together: the analysis behind
 * volatile-warp-sync's fix, whose full-mask __syncwarp() waits for all 32
 * lanes and so may only be placed where every lane of the warp arrives.
 *
 * A value is warp-uniform when every lane of a warp that evaluates it
 * together gets the same value: constants and template arguments,
 * blockIdx/blockDim/gridDim/warpSize, a __global__ function's parameters
 * that it never writes, and local variables written only from such values
 * (loop counters such as 'for (int k = 16; k > 0; k >>= 1)').  threadIdx,
 * lane ids, memory reads, calls and a __device__ function's parameters are
 * not (the parameter may be the thread's index).
 *
 * A condition selects whole warps when it is warp-uniform, or when it
 * compares threadIdx.x (or a local copy of it) with a multiple of 32
 * ('tid < 32', 'threadIdx.x >= 64'), or compares a warp index
 * (threadIdx.x / 32, threadIdx.x >> 5) with a uniform value; the threadIdx.x
 * forms count only in a function that never names threadIdx.y/z or
 * blockDim.y/z (a block whose x-extent is not a multiple of 32 puts two rows
 * in one warp).  Anything else may split a warp.
 *
 * Everything here reads the AST only; a wu_fn holds no resources.
 */
#ifndef CUATOMLINT_CHECKS_WARP_UNIFORM_H
#define CUATOMLINT_CHECKS_WARP_UNIFORM_H

#include <clang-c/Index.h>

#include "parse/ast.h"

#define WU_MAX_DEPTH 24	/* how far values are followed through variables */

/*
 * Verdicts a check keeps over its walk (zero-initialised is empty; released
 * with wu_memo_release): which variables of a function are never written.
 */
struct wu_memo {
	struct cal_cursor_set written, unwritten;
};
void wu_memo_release(struct wu_memo *memo);

/* The function whose body is analysed. */
struct wu_fn {
	CXTranslationUnit tu;
	CXCursor fn;		/* the function (or specialization) */
	CXCursor body;		/* its CompoundStmt body */
	int multi_dim;		/* -1 unknown, else: names threadIdx.y/z or blockDim.y/z */
	/* variables being judged: one that feeds itself (k >>= 1) is judged by its other values */
	CXCursor judging[WU_MAX_DEPTH + 1];
	int njudging;
	struct wu_memo *memo;	/* or NULL: set after wu_fn_init by a check that keeps one */
};

/* 0, or -1 if fn has no body. */
int wu_fn_init(struct wu_fn *f, CXTranslationUnit tu, CXCursor fn);

/* Does e have the same value on every lane of a warp that evaluates it? */
int wu_uniform(struct wu_fn *f, CXCursor e);
/* Is condition e true on whole warps only (warp-uniform, or 'tid < 32' and the like)? */
int wu_whole_warps(struct wu_fn *f, CXCursor e);
/* Is variable var (of fn's body) never written, nor its address taken, after its declaration? */
int wu_never_written(struct wu_fn *f, CXCursor var);
/*
 * Does condition e admit the threads of one warp at most: 'tid < K' with
 * K <= 32 ('tid <= K', K < 32), a warp index '== uniform value'
 * ('threadIdx.x / 32 == 0'), or a '&&' with such an operand?  As for whole
 * warps, the threadIdx.x forms count only in one-row blocks.
 */
int wu_one_warp(struct wu_fn *f, CXCursor e);
/* Does condition e admit one thread of a warp at most ('tid == 0', 'lane == 0', '!threadIdx.x')? */
int wu_single_lane(struct wu_fn *f, CXCursor e);

/*
 * Does read_index name an element that another lane of the warp writes at
 * write_index?  Only when it can be shown: both are one lane index L plus
 * warp-uniform offsets, L being threadIdx.x, a lane id (threadIdx.x & 31,
 * % 32, % warpSize) or a local variable never written initialised with one
 * (plus a uniform value), and the offsets differ by a constant of at most 32
 * ('s[tid]', 's[tid + 16]') or by a loop's step, a local variable that
 * starts at a constant of at most 32 ('s[i]', 's[i - k]').  'buf[4 * tid + 1]' beside 'buf[4 * tid]' is the same lane's.
 * With parm not NULL, L may also be a parameter of a __device__ helper that
 * it never writes: *parm gets it, and the helper's callers must show that
 * they pass a lane index (wu_lane_index).
 */
int wu_other_lane(struct wu_fn *f, CXCursor write_index, CXCursor read_index, CXCursor *parm);

/* Is e a lane index L plus a warp-uniform offset (L as in wu_other_lane, no parameter)? */
int wu_lane_index(struct wu_fn *f, CXCursor e);

/*
 * HIP (whose wavefronts are 32 or 64 lanes): is e threadIdx.x or a local
 * copy of it, never written?  Not in a block of several rows (multi_dim).
 */
int wu_thread_x(struct wu_fn *f, CXCursor e);
/*
 * Split index e into a thread index T plus a constant *off: T is
 * threadIdx.x, a local copy of it never written, or a never-written
 * parameter of a __device__ helper (*lane gets the variable, null for
 * threadIdx.x itself); a loop's step (see wu_other_lane) counts with its
 * first value.  Not a lane id ('threadIdx.x & 31'), nor in a block of
 * several rows.
 */
int wu_thread_offset(struct wu_fn *f, CXCursor e, long long *off, CXCursor *lane);
/* Does every lane that starts the loop run its body the same number of times (exits aside)? */
int wu_loop_uniform(struct wu_fn *f, CXCursor loop);

/* Why some lanes of a warp may not reach a point. */
struct wu_block {
	CXCursor at;		/* the condition, loop or exit statement */
	const char *why;	/* a sentence for a note */
};

/*
 * Does every lane of a warp that enters the function reach target?  path
 * holds target's ancestors from the function's body (path[0]) down to its
 * parent.  Conditions on the way must select whole warps, loops on the way
 * must run the same number of times on every lane, and no return, break or
 * continue that some lanes take and others not may come before target (or
 * anywhere in a loop around it).  Returns 1, or 0 with *b filled in.
 */
int wu_reaches_all(struct wu_fn *f, const CXCursor *path, int n, CXCursor target,
		   struct wu_block *b);
/* Is target under a single-lane condition on its path (see wu_reaches_all)? */
int wu_under_single_lane(struct wu_fn *f, const CXCursor *path, int n, CXCursor target);

#endif
