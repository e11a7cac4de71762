/*
 * What code of a parse is emitted for its targets: the functions reachable
 * from the translation unit's roots (kernels, and device functions with
 * external linkage that are not inline: other TUs may call them under
 * -rdc).  A function is reachable if a reachable function calls it or
 * takes its address; a template pattern is reachable if one of its
 * specializations is.  nvcc emits nothing else for a target, so per-target
 * (arch) findings in other code are not reported.
 *
 * A plain member function (not virtual, not an operator) is a function
 * like any other: an in-class one is inline, emitted only where called.
 * The graph is an over-approximation where libclang shows too little:
 * virtual members, operators, constructors, destructors and conversions
 * (vtables, implicit calls, library templates in system headers calling
 * a functor) and references made outside any function count as
 * reachable.  A lambda's body belongs to the function it is written in.
 *
 * Some problems need less than emission (enum cal_reach_when).
 *
 * A check feeds every cursor to cal_reach_visit(), registers each
 * per-target finding right after cal_report() with cal_reach_defer(), and
 * calls cal_reach_end() from its end(), which drops the registered
 * findings whose function is not reachable.
 */
#ifndef CUATOMLINT_CHECKS_REACH_H
#define CUATOMLINT_CHECKS_REACH_H

#include "parse/check.h"

struct cal_reach;

/*
 * The walk's graph, made by the first check that asks and shared with the
 * others (arch-unsupported and ptx-atom-invalid see every cursor alike):
 * fed once per cursor, judged and freed at the last user's
 * cal_reach_end(), which drops every user's deferred findings at once.
 */
struct cal_reach *cal_reach_share(struct cal_walk *w);
void cal_reach_visit(struct cal_reach *r, const struct cal_walk *w, CXCursor c);

/* What makes a per-target problem real for nvcc. */
enum cal_reach_when {
	/*
	 * Code emitted for the target: inline PTX (ptxas sees only emitted
	 * functions), what the headers' emulation or nvcc's scope
	 * substitution does to emitted code.
	 */
	CAL_REACH_EMITTED,
	/*
	 * Code nvcc's front end analyses, emitted or not: a call to an atomic
	 * overload the target's headers do not declare (or a builtin nvcc
	 * rejects) fails in every non-template function and every
	 * instantiation, even of unreferenced inline helpers (nvcc 13,
	 * sm_75: float2 atomicAdd, 16-byte __nv_atomic_exchange).  Only the
	 * written code of a function template this parse never instantiates
	 * is not analysed.
	 */
	CAL_REACH_ANALYSED,
};

/* The finding cal_report() just returned (f) is per-target: keep it only
 * if the code being walked is emitted (or analysed) for the targets. */
void cal_reach_defer(struct cal_reach *r, const struct cal_walk *w,
		     const struct cal_finding *f, enum cal_reach_when when);
/* The last user: drop the deferred findings of unreachable functions, free r. */
void cal_reach_end(struct cal_reach *r, struct cal_walk *w);

#endif
