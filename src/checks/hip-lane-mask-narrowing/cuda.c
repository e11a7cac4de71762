/*
 * hip-lane-mask-narrowing (HIP only): a lane mask of HIP's warp functions
 * (__ballot, __ballot64, __activemask, __lanemask_*) converted to an
 * integer of 32 bits or fewer on a wave64 target.  The mask has a bit per
 * lane of the wavefront: on gfx9 (and gfx10+ built with -mwavefrontsize64)
 * lanes 32-63 are the upper half, and code ported from CUDA's 32-lane
 * 'unsigned m = __ballot(p);' or '__popc(__ballot(p))' silently drops them
 * (AMD's own fix of Orochi's radix sort for MI300A widened exactly these:
 * HPCTrainingExamples, Libraries/Sort/orochi_wave64.patch).  On wave32
 * targets the upper half is zero, so the check judges only the parses of
 * wave64 targets, and the finding names them.  An explicit cast is taken
 * as meant; code that a constant test of this parse leaves dead
 * ('if (warpSize == 32)') is not judged.  No fix: the narrow variable's
 * other uses (1u << lane, __popc, __ffs) would have to change with it.
 */
#include <stdlib.h>
#include <string.h>

#include "fixits/no_fix.h"
#include "parse/ast.h"
#include "parse/check.h"

static const char *const mask_functions[] = {
	"__ballot", "__ballot64", "__activemask", "__ballot_sync", "__lanemask_lt",
	"__lanemask_le", "__lanemask_gt", "__lanemask_ge", "__lanemask_eq", NULL,
};

/* A HIP header's function returning a lane mask of 64 bits. */
static int is_mask_function(CXCursor callee)
{
	int i;

	if (clang_Cursor_isNull(callee) || !cal_cursor_in_system_header(callee) ||
	    clang_Type_getSizeOf(clang_getCursorResultType(callee)) != 8)
		return 0;
	for (i = 0; mask_functions[i]; i++)
		if (cal_cursor_name_is(callee, mask_functions[i]))
			return 1;
	return 0;
}

/* An integer type narrower than the mask; bool is a test of any bit, not a narrowing. */
static int narrow_integer(CXType t)
{
	CXType c = clang_getCanonicalType(t);
	long long size = clang_Type_getSizeOf(c);

	if (c.kind == CXType_Bool)
		return 0;
	return ((c.kind >= CXType_Char_U && c.kind <= CXType_UInt128) ||
		(c.kind >= CXType_Char_S && c.kind <= CXType_Int128) || c.kind == CXType_Enum) &&
	       size > 0 && size < 8;
}

static int is_explicit_cast(enum CXCursorKind k)
{
	return k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
	       k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_CXXReinterpretCastExpr;
}

/*
 * Is the stack entry i a branch this parse never runs: the then-branch
 * of an 'if' whose condition is constant false here (warpSize == 32 on a
 * wave64 target), or its else-branch when constant true?
 */
static int dead_branch(const struct cal_walk *w, int i)
{
	CXCursor s = w->stack[i], cond, child;
	CXEvalResult r;
	int dead = 0;
	long long v;

	if (clang_getCursorKind(s) != CXCursor_IfStmt || i + 1 >= w->depth)
		return 0;
	cond = cal_child(s, 0);
	child = w->stack[i + 1];
	if (!clang_isExpression(clang_getCursorKind(cond)) || clang_equalCursors(cond, child) ||
	    !(r = clang_Cursor_Evaluate(cond)))
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		v = clang_EvalResult_getAsLongLong(r);
		dead = clang_equalCursors(child, cal_child(s, 1)) ? v == 0 : v != 0;
	}
	clang_EvalResult_dispose(r);
	return dead;
}

/*
 * The implicit conversion of the call's value to a narrow integer: its
 * cursor, or null.  clang writes '(unsigned)__ballot(p)' as an explicit
 * cast over an implicit one (part of it): taken as meant.
 */
static CXCursor narrowing(const struct cal_walk *w, CXType *to)
{
	CXCursor found = clang_getNullCursor();
	int i;

	for (i = w->depth - 1; i >= 0; i--) {
		CXCursor a = w->stack[i];
		enum CXCursorKind k = clang_getCursorKind(a);
		if (is_explicit_cast(k))
			return clang_getNullCursor();
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			break;
		if (clang_Cursor_isNull(found) && narrow_integer(clang_getCursorType(a))) {
			*to = clang_getCursorType(a);
			found = a;
		}
	}
	return found;
}

static int in_dead_code(const struct cal_walk *w)
{
	int i;

	for (i = 0; i + 1 < w->depth; i++)
		if (dead_branch(w, i))
			return 1;
	return 0;
}

static void mask_visit(struct cal_walk *w, CXCursor c, void *state)
{
	CXCursor callee = cal_call_callee(c), at;
	struct cal_finding *f;
	char *name, *type;
	CXType to;

	(void)state;
	if (!w->parse->hip || w->parse->wavefront != 64 || !cal_walk_in_device_code(w) ||
	    !is_mask_function(callee))
		return;
	at = narrowing(w, &to);
	if (clang_Cursor_isNull(at) || in_dead_code(w))
		return;
	name = cal_cursor_name(callee);
	type = cal_take_string(clang_getTypeSpelling(to));
	f = cal_report(w, c, "the 64-bit lane mask of '%s' is converted to '%s' here, which drops "
		       "lanes 32-63 of the wavefronts of " CAL_ARCHS_PLACEHOLDER " (wave64): keep "
		       "it in a 64-bit type (unsigned long long, uint64_t) and use __popcll, "
		       "__ffsll", name, type);
	cal_note_no_fix(w, f, c, "the narrow value's other uses (a 32-bit shift, __popc, __ffs) "
			"must widen with it");
	free(name);
	free(type);
}

const struct cal_check cal_check_hip_lane_mask_narrowing = {
	.id = "hip-lane-mask-narrowing",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "HIP: a 64-bit lane mask (__ballot, __activemask, __lanemask_*) converted to 32 "
		   "bits on a wave64 target, which drops lanes 32-63",
	.doc = "hip-lane-mask-narrowing.md",
	.languages = CAL_LANG_HIP,
	.kinds = CAL_KINDS(CXCursor_CallExpr),
	.visit = mask_visit,
	.hip_fixes = 1,
};
