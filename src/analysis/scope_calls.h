/*
 * Launches and device calls of a translation unit, for scope-mismatch.
 *
 * Two questions need more than the function an atomic is in:
 *
 *  - Does the code run in one block only?  A kernel every launch of which
 *    in the translation unit has a grid of one block (k<<<1, n>>>,
 *    k<<<dim3(1), n>>>, a macro or constant equal to 1, or
 *    cudaLaunchKernel(k, dim3(1), ...)) has no other block.  A kernel
 *    never launched here, launched with another grid, or whose address is
 *    taken for anything else, may have many.  A device function runs in
 *    one block when every call of it does (its callers run in one block,
 *    or the call is under 'if (blockIdx.x == K)').
 *  - Where does memory of unknown origin come from?  An address based on a
 *    device function's parameter, or reached through the 'this' of a member
 *    function (a functor's pointer member), is followed to the arguments of
 *    the calls of that function, and on through their callers, up to the
 *    kernel parameter or __device__ variable it came from.
 *
 * Cursors are compared canonically.  Ask the questions only after every
 * cursor was visited: answers are remembered.  Free the object with
 * cal_scope_calls_free().
 */
#ifndef CUATOMLINT_CHECKS_SCOPE_CALLS_H
#define CUATOMLINT_CHECKS_SCOPE_CALLS_H

#include <clang-c/Index.h>

#include "parse/check.h"
#include "analysis/scope_address.h"

struct cal_scope_calls;

struct cal_scope_calls *cal_scope_calls_new(void);
void cal_scope_calls_free(struct cal_scope_calls *g);
/* Record c if it is a kernel launch, a reference to a kernel or a device call. */
void cal_scope_calls_visit(struct cal_scope_calls *g, struct cal_walk *w, CXCursor c);
/* Is c, in the walk's current function, inside 'if (blockIdx.x == K)'? */
int cal_under_block_test(const struct cal_walk *w, CXCursor c);
/* Does all code of function fn run in one block? */
int cal_scope_calls_single_block(struct cal_scope_calls *g, CXCursor fn);
/*
 * Does every grid that runs fn have one block (its calls under 'if
 * (blockIdx.x == K)' not counted: the other blocks still run the kernel,
 * and may wait for what that one block publishes)?
 */
int cal_scope_calls_one_block_grid(struct cal_scope_calls *g, CXCursor fn);

/* Global memory shared by blocks, found through a call. */
struct cal_scope_reach {
	CXCursor call;		/* the call that passes it */
	struct cal_object obj;	/* what the argument there is based on */
};

/*
 * o (in function fn) is based on a parameter of fn or on fn's 'this': is
 * it, through some call, global memory that the blocks of a kernel share
 * (not per-block, not from code run by one block)?  On success out->obj is
 * initialized and owned by the caller.
 */
int cal_scope_calls_reach_global(struct cal_scope_calls *g, CXCursor fn,
				 const struct cal_object *o, struct cal_scope_reach *out);

/*
 * The same, where per-block global memory and calls under 'if (blockIdx.x
 * == K)' count too (what a fence orders may be the block's own slot, and
 * one block may publish to the others): out->obj.per_block tells.
 */
int cal_scope_calls_reach_memory(struct cal_scope_calls *g, CXCursor fn,
				 const struct cal_object *o, struct cal_scope_reach *out);

/*
 * The recorded calls of function fn, one at a time: start with *pos = 0;
 * returns 0 when there is none left.  *caller is canonical.
 */
int cal_scope_calls_next_call(const struct cal_scope_calls *g, CXCursor fn, size_t *pos,
			      CXCursor *call, CXCursor *caller);

#endif
