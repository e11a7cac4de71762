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
 * ('if (warpSize == 32)') is not judged.  The same 32-lane habit in two
 * more shapes: a mask compared with CUDA's full mask 0xffffffff or OR-ed
 * into a 32-bit variable, and 0xffffffff given as the mask of ROCm 6.2's
 * _sync warp functions (which must name every lane that runs them).  No
 * fix: the narrow variable's other uses (1u << lane, __popc, __ffs) would
 * have to change with it, and the right full mask depends on the launch.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/expr_util.h"
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
 * How a call's value is used, read upwards through the parentheses and
 * implicit conversions around it.  clang writes '(unsigned)__ballot(p)'
 * as an explicit cast over an implicit one (part of it): taken as meant.
 */
struct mask_use {
	CXCursor narrowed;	/* an implicit conversion to a narrow integer, or null */
	CXType to;		/* its type */
	CXCursor top;		/* the outermost wrapper (or the call itself) */
	CXCursor user;		/* the cursor above the wrappers, or null */
	int cast;		/* an explicit cast took the value */
};

static struct mask_use climb(const struct cal_walk *w, CXCursor call)
{
	struct mask_use u = { clang_getNullCursor(), { 0 }, call, clang_getNullCursor(), 0 };
	int i;

	for (i = w->depth - 1; i >= 0; i--) {
		CXCursor a = w->stack[i];
		enum CXCursorKind k = clang_getCursorKind(a);
		if (is_explicit_cast(k)) {
			u.cast = 1;
			break;
		}
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr) {
			u.user = a;
			break;
		}
		if (clang_Cursor_isNull(u.narrowed) && narrow_integer(clang_getCursorType(a))) {
			u.to = clang_getCursorType(a);
			u.narrowed = a;
		}
		u.top = a;
	}
	return u;
}

static int in_dead_code(const struct cal_walk *w)
{
	int i;

	for (i = 0; i + 1 < w->depth; i++)
		if (dead_branch(w, i))
			return 1;
	return 0;
}

/* Is e a constant whose 64 bits are 0xffffffff, a 32-lane warp's full mask? */
static int is_warp32_full_mask(CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	unsigned long long v = 0;
	int full = 0;

	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		v = clang_EvalResult_isUnsignedInt(r) ? clang_EvalResult_getAsUnsigned(r) :
		    (unsigned long long)clang_EvalResult_getAsLongLong(r);
		full = v == 0xffffffffULL;
	}
	clang_EvalResult_dispose(r);
	return full;
}

#define WAVE64_ADVICE "keep it in a 64-bit type (unsigned long long, uint64_t) and use " \
		      "__popcll, __ffsll"
#define WIDEN_NOTE "the narrow value's other uses (a 32-bit shift, __popc, __ffs) must widen with it"

/* 'm |= __ballot(p)' with a 32-bit m: clang writes no conversion node for it. */
static int report_compound(struct cal_walk *w, CXCursor call, const char *name,
			   const struct mask_use *u)
{
	CXCursor lhs;
	struct cal_finding *f;
	char *type, *op;

	if (clang_getCursorKind(u->user) != CXCursor_CompoundAssignOperator ||
	    !clang_equalCursors(cal_child(u->user, 1), u->top))
		return 0;
	lhs = cal_child(u->user, 0);
	if (!narrow_integer(clang_getCursorType(lhs)))
		return 0;
	type = cal_take_string(clang_getTypeSpelling(clang_getCursorType(lhs)));
	op = cal_take_string(clang_getBinaryOperatorKindSpelling(
		clang_getCursorBinaryOperatorKind(u->user)));
	f = cal_report(w, call, "the 64-bit lane mask of '%s' is stored into '%s' by '%s' here, "
		       "which drops lanes 32-63 of the wavefronts of " CAL_ARCHS_PLACEHOLDER
		       " (wave64): " WAVE64_ADVICE, name, type, op);
	cal_note_no_fix(w, f, call, WIDEN_NOTE);
	free(type);
	free(op);
	return 1;
}

/* '__ballot(p) == 0xffffffff': the full mask of a 32-lane warp. */
static int report_compare(struct cal_walk *w, CXCursor call, const char *name,
			  const struct mask_use *u)
{
	CXCursor other;
	struct cal_finding *f;

	if (clang_Cursor_isNull(u->user) ||
	    (!cal_is_binop(u->user, CXBinaryOperator_EQ) &&
	     !cal_is_binop(u->user, CXBinaryOperator_NE)))
		return 0;
	other = cal_child(u->user, clang_equalCursors(cal_child(u->user, 0), u->top) ? 1 : 0);
	if (!is_warp32_full_mask(other))
		return 0;
	f = cal_report(w, call, "the 64-bit lane mask of '%s' is compared with 0xffffffff, the "
		       "full mask of a 32-lane warp: on " CAL_ARCHS_PLACEHOLDER " (wave64) that "
		       "holds when lanes 0-31 are set and lanes 32-63 clear, not when the whole "
		       "wavefront is; compare with __ballot(1) (the lanes that run here) or use "
		       "__all", name);
	cal_note_no_fix(w, f, call, "whether every lane of the wavefront runs this (~0ull) or "
			"only some (__ballot(1)) is not known here");
	return 1;
}

static void judge_mask_value(struct cal_walk *w, CXCursor call, CXCursor callee)
{
	struct mask_use u = climb(w, call);
	struct cal_finding *f;
	char *name, *type;

	if (u.cast)
		return;
	name = cal_cursor_name(callee);
	if (!clang_Cursor_isNull(u.narrowed)) {
		type = cal_take_string(clang_getTypeSpelling(u.to));
		f = cal_report(w, call, "the 64-bit lane mask of '%s' is converted to '%s' here, "
			       "which drops lanes 32-63 of the wavefronts of "
			       CAL_ARCHS_PLACEHOLDER " (wave64): " WAVE64_ADVICE, name, type);
		cal_note_no_fix(w, f, call, WIDEN_NOTE);
		free(type);
	} else if (!report_compound(w, call, name, &u)) {
		report_compare(w, call, name, &u);
	}
	free(name);
}

/*
 * ROCm 6.2's warp functions taking a mask (amd_warp_sync_functions.h):
 * the mask must name every lane that runs the call, which the header
 * asserts (a trap unless NDEBUG); the votes AND their result with it.
 */
static const char *const sync_functions[] = {
	"__ballot_sync", "__any_sync", "__all_sync", "__match_any_sync", "__match_all_sync",
	"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", NULL,
};

static int is_sync_function(CXCursor callee, int *vote)
{
	int i;

	if (clang_Cursor_isNull(callee) || !cal_cursor_in_system_header(callee))
		return 0;
	for (i = 0; sync_functions[i]; i++)
		if (cal_cursor_name_is(callee, sync_functions[i])) {
			*vote = strncmp(sync_functions[i], "__shfl", 6) != 0;
			return 1;
		}
	return 0;
}

/* '__shfl_xor_sync(0xffffffffull, v, 16)': CUDA's full mask names half a wave64. */
static void judge_sync_mask(struct cal_walk *w, CXCursor call, CXCursor callee, int vote)
{
	struct cal_finding *f;
	char *name;

	if (clang_Cursor_getNumArguments(call) < 1 ||
	    !is_warp32_full_mask(clang_Cursor_getArgument(call, 0)))
		return;
	name = cal_cursor_name(callee);
	f = cal_report(w, call, "the mask 0xffffffff of '%s' names lanes 0-31, a whole 32-lane "
		       "warp, but the wavefronts of " CAL_ARCHS_PLACEHOLDER " (wave64) have 64: "
		       "HIP requires the mask to name every lane that runs the call, and traps "
		       "where assertions are on (no NDEBUG)%s", name,
		       vote ? "; without them the votes of lanes 32-63 are dropped" : "");
	cal_note_no_fix(w, f, call, "~0ull is right only where all 64 lanes run the call, "
			"__ballot(1) (the lanes that run here) otherwise");
	free(name);
}

static void mask_visit(struct cal_walk *w, CXCursor c, void *state)
{
	CXCursor callee;
	int vote = 0, mask, sync;

	(void)state;
	if (!w->parse->hip || w->parse->wavefront != 64 || !cal_walk_in_device_code(w))
		return;
	callee = cal_call_callee(c);
	mask = is_mask_function(callee);
	sync = is_sync_function(callee, &vote);
	if (!(mask || sync) || in_dead_code(w))
		return;
	if (mask)
		judge_mask_value(w, c, callee);
	if (sync)
		judge_sync_mask(w, c, callee, vote);
}

const struct cal_check cal_check_hip_lane_mask_narrowing = {
	.id = "hip-lane-mask-narrowing",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "HIP: a lane mask cut to 32 lanes on a wave64 target (a 64-bit mask narrowed "
		   "or compared with 0xffffffff, or 0xffffffff as a _sync function's mask)",
	.doc = "hip-lane-mask-narrowing.md",
	.languages = CAL_LANG_HIP,
	.kinds = CAL_KINDS(CXCursor_CallExpr),
	.device_only = 1,	/* mask_visit judges device code only */
	.visit = mask_visit,
	.hip_fixes = 1,
};
