/*
 * volatile-warp-sync: warp-synchronous code that relies on volatile shared
 * memory and implicit lockstep.
 *
 * The pre-Volta reduction tail
 *	if (tid < 32) { volatile int *s = sdata; s[tid] += s[tid + 32]; s[tid] += s[tid + 16]; ... }
 * assumes the 32 lanes of a warp execute each statement together, so one
 * step's reads see the previous step's writes by other lanes.  Since Volta
 * (independent thread scheduling) lanes may diverge and interleave, and
 * volatile only keeps the compiler from caching the values: it orders
 * nothing between lanes.  Each step needs __syncwarp() between its reads
 * and its writes, and between steps.
 *
 * A step is an assignment statement (or an 'if' without else around one,
 * as in 'if (blockSize >= 64) s[tid] += s[tid + 32];', the Hillis-Steele
 * 'if (lane >= k) s[i] += s[i - k];' or the compare-and-assign
 * 'if (s[i + 16] > s[i]) s[i] = s[i + 16];') whose left side is an element
 * through a volatile pointer or array at an address that differs between
 * lanes, and whose right side (or condition) reads the same volatile
 * object.  Two or more consecutive steps on the same object with no barrier
 * statement between them are flagged, and so is a loop whose body is a
 * single step and which has no barrier.  A step under a condition that
 * admits one lane ('if (threadIdx.x == 0)') races with no other lane.
 *
 * Issue 23 widened the idiom: __shared__ arrays that are not volatile,
 * where the read of another lane's element must be shown (wu_other_lane);
 * arrays reduced side by side, whose steps interleave; compare-and-assign
 * bodies of several assignments (an argmax's value and index); and the
 * stores that fill the array before the first step, which need a
 * __syncwarp() of their own.  A loop one warp runs alone (under 'if (tid
 * < 32)') with no barrier, whose lanes read elements of a __shared__ array
 * other lanes write in it (a sort's compare-and-swap), is flagged too, with
 * no fix (check_exchange_loop).
 *
 * The fix rewrites each step into
 *	{ T v = <reads>; __syncwarp(); <lhs> = v; __syncwarp(); }
 * and a step under a condition that may split the warp into
 *	{ bool c = <cond>; T v{}; if (c) v = <reads>; __syncwarp(); if (c) <lhs> = v; __syncwarp(); }
 * so every lane meets every full-mask __syncwarp().  That needs every lane
 * of the warp to reach the step: warp_uniform.h decides it, through the
 * enclosing conditions, loops and early exits, and through every call of a
 * helper function in the translation unit.  The calls are only all known
 * at the end of the walk, so runs are reported there.
 *
 * HIP parses (one per gfx target) judge the same runs in AMD's terms, with
 * no fix ("HIP: wavefronts" below): a volatile run is flagged only where
 * its threads span several wavefronts of the target, a run on non-volatile
 * __shared__ memory on every target.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/check_option.h"
#include "parse/user_words.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "analysis/template_pattern.h"
#include "analysis/volatile_util.h"
#include "analysis/warp_uniform.h"
#include "checks/volatile-warp-sync/patterns.h"

#define MAX_RUN 64
#define MAX_ASG 8		/* assignments in one compare-and-assign body */
#define MAX_BASES 8		/* arrays reduced side by side in one block */
#define MAX_CALL_DEPTH 64	/* the most MaxCallDepth may ask for */

struct step {
	CXCursor stmt;		/* the statement: the assignment, or the 'if' around it */
	CXCursor expr;		/* the assignment that exchanges values (one of asg) */
	CXCursor guard;		/* the condition of the 'if', or null */
	CXCursor base;		/* the volatile or __shared__ array or pointer variable */
	int hoist;		/* the guard may split the warp: the hoisted form */
	int nonvol;		/* base is __shared__ memory that is not volatile */
	/* parameters the helper's callers must show: a __shared__ array, a lane index */
	CXCursor base_parm, lane_parm;
	/* the assignments of a compare-and-assign body ('{ v[t] = v[t+16]; i[t] = i[t+16]; }') */
	CXCursor asg[MAX_ASG];
	int nasg;
};

struct run {
	struct step steps[MAX_RUN];
	int n;
	CXCursor fill;		/* a store to the object before the first step, no barrier between */
	CXCursor top;		/* the statement of the block that holds the first step */
};


/* Are a and b spelled alike, spaces aside? */
static int same_text(CXTranslationUnit tu, CXCursor a, CXCursor b)
{
	char *ta = cal_cursor_text(tu, a, CAL_TEXT_MACRO_USES);
	char *tb = cal_cursor_text(tu, b, CAL_TEXT_MACRO_USES);
	const char *p = ta, *q = tb;
	int same = ta && tb;

	while (same) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		while (*q == ' ' || *q == '\t' || *q == '\n')
			q++;
		if (*p != *q)
			same = 0;
		else if (!*p)
			break;
		else
			p++, q++;
	}
	free(ta);
	free(tb);
	return same;
}

static int is_array_var(CXCursor var)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(var)).kind;
	return k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

/*
 * The array a local pointer was initialised with and still holds
 * ('volatile int *s = sdata;'), or var itself: the object its elements are
 * in, so a store through 'sdata' and a step through 's' meet.
 */
static CXCursor object_of(struct wu_fn *f, CXCursor var)
{
	CXCursor init;

	if (clang_getCursorKind(var) != CXCursor_VarDecl || is_array_var(var))
		return var;
	init = clang_Cursor_getVarDeclInitializer(var);
	if (clang_Cursor_isNull(init))
		return var;
	init = cal_strip_casts(init);
	if (clang_getCursorKind(init) != CXCursor_DeclRefExpr ||
	    !is_array_var(clang_getCursorReferenced(init)) || !wu_never_written(f, var))
		return var;
	return clang_getCursorReferenced(init);
}

/* Is var a __shared__ array, or a local pointer holding one? */
static int shared_object(struct wu_fn *f, CXCursor var)
{
	CXCursor obj = object_of(f, var);
	return clang_getCursorKind(obj) == CXCursor_VarDecl && is_array_var(obj) &&
	       cal_var_is_shared(obj);
}

/* ELEM_PARM: a helper's pointer parameter, which its callers must show __shared__ */
enum element { ELEM_NONE, ELEM_VOLATILE, ELEM_SHARED, ELEM_PARM };

/* A pointer parameter of a __device__ helper, to memory that is not volatile, never changed. */
static int helper_pointer_parm(struct wu_fn *f, CXCursor var)
{
	CXType t;

	if (clang_getCursorKind(var) != CXCursor_ParmDecl)
		return 0;
	t = clang_getCanonicalType(clang_getCursorType(var));
	return t.kind == CXType_Pointer &&
	       !clang_isVolatileQualifiedType(clang_getPointeeType(t)) &&
	       cal_function_space(f->fn) != CAL_SPACE_GLOBAL && wu_never_written(f, var);
}

/*
 * Is lvalue e an element a warp may exchange: through volatile (any
 * memory), or a subscript of __shared__ memory that is not volatile?
 * Sets *base.
 */
static enum element element_of(struct wu_fn *f, CXCursor e, CXCursor *base)
{
	enum CXCursorKind k = clang_getCursorKind(e);

	if (k != CXCursor_ArraySubscriptExpr && !vol_is_unary(e, CXUnaryOperator_Deref))
		return ELEM_NONE;
	*base = cal_base_variable(e);
	if (clang_Cursor_isNull(*base))
		return ELEM_NONE;
	if (vol_is_volatile_lvalue(e))
		return ELEM_VOLATILE;
	if (k == CXCursor_ArraySubscriptExpr && shared_object(f, *base))
		return ELEM_SHARED;
	if (k == CXCursor_ArraySubscriptExpr && helper_pointer_parm(f, *base))
		return ELEM_PARM;
	return ELEM_NONE;
}

/*
 * Does element r (of the same variable as w) belong to another lane than
 * w: subscripts alike at every level but one, where wu_other_lane says so
 * ('s[w][lane]', 's[w][lane + 16]')?  Without volatile the exchange must
 * be shown, or per-lane slots ('buf[tid][0]', 'buf[tid][1]') would count.
 */
static int other_lanes_element(struct wu_fn *f, CXTranslationUnit tu, CXCursor w, CXCursor r,
			       CXCursor *parm)
{
	int differ = 0, other = 0;

	for (;;) {
		w = cal_ignore_wrappers(w);
		r = cal_ignore_wrappers(r);
		if (clang_getCursorKind(w) != CXCursor_ArraySubscriptExpr ||
		    clang_getCursorKind(r) != CXCursor_ArraySubscriptExpr)
			break;
		if (cal_nr_children(w) != 2 || cal_nr_children(r) != 2)
			return 0;
		if (!same_text(tu, cal_child(w, 1), cal_child(r, 1))) {
			differ++;
			other = wu_other_lane(f, cal_child(w, 1), cal_child(r, 1), parm);
		}
		w = cal_child(w, 0);
		r = cal_child(r, 0);
	}
	return differ == 1 && other && clang_getCursorKind(w) == clang_getCursorKind(r);
}

struct read_search {
	struct wu_fn *f;
	CXCursor base;
	CXCursor lhs;		/* without volatile: the element written, whose lanes must differ */
	int found;
	CXCursor lane_parm;	/* the helper's parameter taken for the lane index, or null */
};

static enum CXChildVisitResult read_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct read_search *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	int hit;

	(void)parent;
	if (k != CXCursor_ArraySubscriptExpr && !vol_is_unary(c, CXUnaryOperator_Deref))
		return CXChildVisit_Recurse;
	if (!clang_equalCursors(cal_base_variable(c), s->base))
		return CXChildVisit_Recurse;
	if (clang_Cursor_isNull(s->lhs))
		hit = vol_is_volatile_lvalue(c);
	else
		hit = k == CXCursor_ArraySubscriptExpr &&
		      !warp_is_array_type(clang_getCursorType(c)) &&
		      other_lanes_element(s->f, s->f->tu, s->lhs, c, &s->lane_parm);
	if (hit) {
		s->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * Does e read the object base: through volatile, or (lhs not null: __shared__
 * memory that is not volatile) an element of another lane than lhs?
 */
static int reads_object(struct wu_fn *f, CXCursor e, CXCursor base, CXCursor lhs,
			CXCursor *lane_parm)
{
	struct read_search rs = { f, base, lhs, 0, clang_getNullCursor() };

	if (clang_Cursor_isNull(e))
		return 0;
	read_visitor(e, e, &rs);
	if (!rs.found)
		clang_visitChildren(e, read_visitor, &rs);
	if (rs.found)
		*lane_parm = rs.lane_parm;
	return rs.found;
}

/*
 * Is the element lhs the same one on every lane ('sum[0]', 'sum[j]' with j a
 * loop counter)?  Then the lanes do not exchange values through it: not a
 * warp-synchronous step.
 */
static int same_element_on_all_lanes(struct wu_fn *f, CXCursor lhs, CXCursor base)
{
	CXCursor init, index = clang_getNullCursor();

	if (clang_getCursorKind(lhs) == CXCursor_ArraySubscriptExpr && cal_nr_children(lhs) == 2)
		index = cal_child(lhs, 1);
	else if (!vol_is_unary(lhs, CXUnaryOperator_Deref) ||
		 clang_getCursorKind(cal_strip_casts(cal_child(lhs, 0))) != CXCursor_DeclRefExpr)
		return 0;	/* '*sum' names the element the pointer holds; '*(s + i)' is left alone */
	if (!is_array_var(base)) {
		/* volatile int *s = sdata; with sdata an array */
		if (clang_getCursorKind(base) != CXCursor_VarDecl)
			return 0;
		init = clang_Cursor_getVarDeclInitializer(base);
		if (clang_Cursor_isNull(init))
			return 0;
		init = cal_strip_casts(init);
		if (clang_getCursorKind(init) != CXCursor_DeclRefExpr ||
		    !is_array_var(clang_getCursorReferenced(init)) || !wu_never_written(f, base))
			return 0;
	}
	return clang_Cursor_isNull(index) || wu_uniform(f, index);
}

/* Is e an assignment to an element a warp may exchange? Sets *base and *kind. */
static int element_assignment(struct wu_fn *f, CXCursor e, CXCursor *base, enum element *kind)
{
	int compound;

	e = cal_ignore_wrappers(e);
	if (!vol_is_assignment(e, &compound) || cal_nr_children(e) != 2)
		return 0;
	*kind = element_of(f, cal_ignore_wrappers(cal_child(e, 0)), base);
	return *kind != ELEM_NONE;
}

/* Do assignment e, or the guard around it, read base from other lanes? Sets *lane_parm. */
static int exchanges(struct wu_fn *f, CXCursor e, CXCursor guard, CXCursor base,
		     enum element kind, CXCursor *lane_parm)
{
	CXCursor lhs = kind != ELEM_VOLATILE ? cal_ignore_wrappers(cal_child(e, 0))
					     : clang_getNullCursor();

	return reads_object(f, cal_child(e, 1), base, lhs, lane_parm) ||
	       reads_object(f, guard, base, lhs, lane_parm);
}

static enum CXChildVisitResult refers_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	CXCursor *var = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), *var)) {
		*var = clang_getNullCursor();
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does e name variable var? */
static int refers_to(CXCursor e, CXCursor var)
{
	clang_visitChildren(e, refers_visitor, &var);
	return clang_Cursor_isNull(var);
}

/*
 * The assignments of a compare-and-assign body, '{ v[t] = v[t + 16];
 * i[t] = i[t + 16]; }': each to an element of its own array, and none
 * naming an array another one writes, so reading them all before writing
 * any (the fix) is what lockstep did.  Fills out->asg.
 */
static int body_assignments(struct wu_fn *f, CXCursor body, struct step *out)
{
	CXCursor bases[MAX_ASG], kids[MAX_ASG];
	enum element kind;
	int n = cal_children(body, kids, MAX_ASG), i, j;

	if (n < 2 || n > MAX_ASG)
		return 0;
	for (i = 0; i < n; i++) {
		out->asg[i] = cal_ignore_wrappers(kids[i]);
		if (!element_assignment(f, out->asg[i], &bases[i], &kind))
			return 0;
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (i != j && refers_to(out->asg[j], bases[i]) &&
			    (j > i || refers_to(cal_child(out->asg[j], 0), bases[i])))
				return 0;
	out->nasg = n;
	return 1;
}

/* The assignment of a step's body that exchanges values between lanes; fills out. */
static int exchanging_assignment(struct wu_fn *f, CXCursor guard, struct step *out)
{
	enum element kind;
	int i;

	for (i = 0; i < out->nasg; i++)
		if (element_assignment(f, out->asg[i], &out->base, &kind) &&
		    exchanges(f, out->asg[i], guard, out->base, kind, &out->lane_parm)) {
			out->expr = out->asg[i];
			out->nonvol = kind != ELEM_VOLATILE;
			out->base_parm = kind == ELEM_PARM ? out->base : clang_getNullCursor();
			return 1;
		}
	return 0;
}

/* Is statement s a step? Fills *out. */
static int as_step(struct wu_fn *f, CXCursor s, struct step *out)
{
	CXCursor stmt, guard = clang_getNullCursor();

	memset(out, 0, sizeof(*out));
	out->base_parm = clang_getNullCursor();
	out->lane_parm = clang_getNullCursor();
	/* a loop's braced body: for (...) { if (lane >= k) s[i] += s[i - k]; } */
	if (clang_getCursorKind(s) == CXCursor_CompoundStmt && cal_nr_children(s) == 1)
		s = cal_child(s, 0);
	stmt = s;
	if (clang_getCursorKind(s) == CXCursor_IfStmt && cal_nr_children(s) == 2) {
		guard = cal_child(s, 0);
		if (!clang_isExpression(clang_getCursorKind(guard)))
			return 0;
		s = cal_child(s, 1);
	}
	if (clang_getCursorKind(s) == CXCursor_CompoundStmt && cal_nr_children(s) == 1)
		s = cal_child(s, 0);
	if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
		if (clang_Cursor_isNull(guard) || !body_assignments(f, s, out))
			return 0;
	} else {
		out->asg[0] = cal_ignore_wrappers(s);
		out->nasg = 1;
	}
	if (!exchanging_assignment(f, guard, out))
		return 0;
	if (same_element_on_all_lanes(f, cal_ignore_wrappers(cal_child(out->expr, 0)), out->base))
		return 0;
	if (!clang_Cursor_isNull(guard) && wu_single_lane(f, guard))
		return 0;
	out->stmt = stmt;
	out->guard = guard;
	/* several assignments are read before any is written: always the hoisted form */
	out->hoist = !clang_Cursor_isNull(guard) && (out->nasg > 1 || !wu_whole_warps(f, guard));
	return 1;
}

/* ---- the fix ---- */

static int is_identifier_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static int mentions_identifier(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = strstr(text, name); p; p = strstr(p + 1, name))
		if ((p == text || !is_identifier_char(p[-1])) && !is_identifier_char(p[n]))
			return 1;
	return 0;
}

/* Does the right operand of a compound assignment need parentheses after 'lhs op'? */
static int needs_parens(CXCursor rhs)
{
	switch (clang_getCursorKind(cal_ignore_wrappers(rhs))) {
	case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
	case CXCursor_ConditionalOperator:
		return 1;
	default:
		return 0;
	}
}

/* The value the step computes, as text: rhs, or 'lhs op rhs' for op=. */
static char *step_value(CXTranslationUnit tu, CXCursor e, const char *lhs)
{
	CXCursor rhs = cal_child(e, 1);
	char *rtext = cal_cursor_text(tu, rhs, CAL_TEXT_NO_MACROS), *op, *out;
	int compound;

	if (!rtext)
		return NULL;
	vol_is_assignment(e, &compound);
	if (!compound)
		return rtext;
	op = cal_take_string(clang_getBinaryOperatorKindSpelling(clang_getCursorBinaryOperatorKind(e)));
	op[strlen(op) - 1] = '\0';	/* "+=" -> "+" */
	out = needs_parens(rhs) ? xasprintf("%s %s (%s)", lhs, op, rtext)
				: xasprintf("%s %s %s", lhs, op, rtext);
	free(op);
	free(rtext);
	return out;
}

/* A name based on base that the step's text does not use. */
static char *fresh_name(const char *step_text, const char *base)
{
	struct strbuf name = STRBUF_INIT;

	strbuf_adds(&name, base);
	while (mentions_identifier(step_text, name.buf) && name.len < 16)
		strbuf_addch(&name, '_');
	return strbuf_detach(&name);
}

/* Can T v{}; hold the step's value (a scalar: arithmetic, enum or pointer)? */
static int scalar_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;
	return (k >= CXType_Bool && k <= CXType_LongDouble) || k == CXType_Enum ||
	       k == CXType_Pointer || k == CXType_Float16 || k == CXType_Half;
}

/* The range of the 'if' statement around a step, with the body's ';' or '}'. */
static CXSourceRange guarded_range(CXTranslationUnit tu, const struct step *s)
{
	CXCursor body = cal_child(s->stmt, 1);
	CXSourceRange end;

	if (clang_getCursorKind(body) == CXCursor_CompoundStmt)
		return clang_getCursorExtent(s->stmt);
	end = vol_statement_range(tu, s->expr);
	if (clang_Range_isNull(end))
		return end;
	return clang_getRange(clang_getRangeStart(clang_getCursorExtent(s->stmt)),
			      clang_getRangeEnd(end));
}

/*
 * The hoisted form of 'if (cond) lhs op= rhs;': the condition is evaluated
 * once, before any lane writes, and both barriers are outside it, so lanes
 * for which it is false still arrive.
 */
static char *hoisted_text(CXTranslationUnit tu, const struct step *s, const char *stext,
			  const char *type, const char *ltext, const char *value)
{
	CXCursor guard = cal_ignore_wrappers(s->guard);
	char *cond = cal_cursor_text(tu, s->guard, CAL_TEXT_NO_MACROS), *c, *v, *text;
	int comma = clang_getCursorKind(guard) == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(guard) == CXBinaryOperator_Comma;

	if (!cond)
		return NULL;
	c = fresh_name(stext, "c");
	v = fresh_name(stext, "v");
	text = xasprintf("{ bool %s = %s%s%s; %s %s{}; if (%s) %s = %s; __syncwarp(); "
			 "if (%s) %s = %s; __syncwarp(); }",
			 c, comma ? "(" : "", cond, comma ? ")" : "", type, v, c, v, value,
			 c, ltext, v);
	free(cond);
	free(c);
	free(v);
	return text;
}

/* The name of the temporary for a body's assignment i: v0, v1, ... */
static char *temp_name(const char *stext, int i)
{
	char *base = xasprintf("v%d", i), *name = fresh_name(stext, base);

	free(base);
	return name;
}

/* Append 'if (c) { <one(i)>; ... }' for each assignment of the body. */
static int body_text(CXTranslationUnit tu, const struct step *s, const char *stext,
		     struct strbuf *out, int writes)
{
	int i, ok = 1;

	strbuf_adds(out, "{");
	for (i = 0; ok && i < s->nasg; i++) {
		CXCursor lhs = cal_child(s->asg[i], 0);
		char *ltext = cal_cursor_text(tu, lhs, CAL_TEXT_NO_MACROS), *name = temp_name(stext, i);
		char *value = ltext ? step_value(tu, s->asg[i], ltext) : NULL;

		ok = value && scalar_type(clang_getCursorType(lhs));
		if (ok && writes)
			strbuf_addf(out, " %s = %s;", ltext, name);
		else if (ok)
			strbuf_addf(out, " %s = %s;", name, value);
		free(ltext);
		free(name);
		free(value);
	}
	strbuf_adds(out, " }");
	return ok;
}

/*
 * The type of the temporary holding lhs's value, volatile dropped.  In an
 * instantiation over a type (inst_fn not null) it is spelled as the
 * template writes it ('T' for 'volatile T *sdata'), so the text is the same
 * for every instantiation; NULL where the template's spelling cannot be
 * written back (no pattern, a lambda's or an unnamed type).
 */
static char *temp_type(CXTranslationUnit tu, CXCursor inst_fn, CXCursor lhs)
{
	CXCursor pattern;
	char *type;

	if (clang_Cursor_isNull(inst_fn))
		return vol_value_type(clang_getCursorType(lhs));
	pattern = cal_pattern_expr(tu, inst_fn, lhs);
	if (clang_Cursor_isNull(pattern))
		return NULL;
	/* a pattern's element of a dependent type ('s[tid]' with s a 'P') has no spelling */
	if (clang_getCursorType(pattern).kind == CXType_Dependent)
		return NULL;
	type = vol_value_type(clang_getCursorType(pattern));
	if (type && (strstr(type, "type-parameter-") || strchr(type, '(') ||
		     strstr(type, "<dependent"))) {
		free(type);
		return NULL;
	}
	return type;
}

/*
 * The hoisted form of a compare-and-assign body of several assignments:
 * every value is read under the condition before any lane writes,
 * '{ bool c = <cond>; T0 v0{}; T1 v1{}; if (c) { v0 = ..; v1 = ..; }
 * __syncwarp(); if (c) { a[t] = v0; b[t] = v1; } __syncwarp(); }'.
 */
static char *multi_text(CXTranslationUnit tu, CXCursor inst_fn, const struct step *s,
			const char *stext)
{
	struct strbuf t = STRBUF_INIT;
	CXCursor guard = cal_ignore_wrappers(s->guard);
	char *cond = cal_cursor_text(tu, s->guard, CAL_TEXT_NO_MACROS), *c = fresh_name(stext, "c");
	int i, ok = cond != NULL;
	int comma = clang_getCursorKind(guard) == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(guard) == CXBinaryOperator_Comma;

	strbuf_addf(&t, "{ bool %s = %s%s%s;", c, comma ? "(" : "", cond ? cond : "",
		    comma ? ")" : "");
	for (i = 0; ok && i < s->nasg; i++) {
		char *type = temp_type(tu, inst_fn, cal_child(s->asg[i], 0));
		char *name = temp_name(stext, i);

		ok = type != NULL;
		if (ok)
			strbuf_addf(&t, " %s %s{};", type, name);
		free(type);
		free(name);
	}
	strbuf_addf(&t, " if (%s) ", c);
	ok = ok && body_text(tu, s, stext, &t, 0);
	strbuf_addf(&t, " __syncwarp(); if (%s) ", c);
	ok = ok && body_text(tu, s, stext, &t, 1);
	strbuf_adds(&t, " __syncwarp(); }");
	free(cond);
	free(c);
	if (!ok) {
		strbuf_release(&t);
		return NULL;
	}
	return strbuf_detach(&t);
}

/*
 * The edit of step s; prefix (may be "") goes before it.  inst_fn: the
 * instantiation over a type holding the step, or null.
 */
static int step_edit(CXTranslationUnit tu, CXCursor inst_fn, const struct step *s,
		     const char *prefix, struct cal_edit *e)
{
	CXCursor lhs = cal_child(s->expr, 0);
	CXSourceRange r = s->hoist ? guarded_range(tu, s) : vol_statement_range(tu, s->expr);
	char *ltext = cal_cursor_text(tu, lhs, CAL_TEXT_NO_MACROS);
	char *stext = cal_range_text(tu, r, CAL_TEXT_NO_MACROS);
	char *type = temp_type(tu, inst_fn, lhs), *value = NULL, *name = NULL;
	char *text = NULL;
	int ret = -1;

	if (!ltext || !stext || !type || !(value = step_value(tu, s->expr, ltext)))
		goto out;
	if (s->nasg > 1) {
		text = multi_text(tu, inst_fn, s, stext);
	} else if (s->hoist) {
		if (!scalar_type(clang_getCursorType(lhs)))
			goto out;
		text = hoisted_text(tu, s, stext, type, ltext, value);
	} else {
		name = fresh_name(stext, "v");
		text = xasprintf("{ %s %s = %s; __syncwarp(); %s = %s; __syncwarp(); }", type, name,
				 value, ltext, name);
	}
	if (text && *prefix) {
		char *t = xasprintf("%s%s", prefix, text);
		free(text);
		text = t;
	}
	if (text)
		ret = cal_edit_replace(r, text, e);
out:
	free(text);
	free(ltext);
	free(stext);
	free(type);
	free(value);
	free(name);
	return ret;
}

/* ---- where every lane of the warp arrives ---- */

/* Why a fix would make a lane wait for lanes that never come. */
struct no_fix {
	CXCursor at;
	const char *why;
};

/*
 * A call of a function in device code.  Whether every lane of the warp
 * makes it is judged at the end, and only for functions that hold a run.
 */
struct call_site {
	CXCursor callee;	/* canonical cursor of the called definition */
	unsigned hash;		/* clang_hashCursor(callee): calls are sorted by it, then seq */
	size_t seq;
	CXCursor caller;	/* canonical cursor of the calling function */
	CXCursor caller_def;	/* the calling function as walked (its body is there) */
	CXCursor call;
	CXTranslationUnit tu;
	CXCursor *path;		/* from the caller's body down to the call's parent; NULL: unknown */
	int n;
	int all_lanes;		/* -1 not judged yet */
	struct no_fix why;
};

/* HIP: the threads that reach a run, threadIdx.x in [lo, hi) (see "HIP: wavefronts"). */
struct lane_range {
	long long lo, hi;	/* hi: LLONG_MAX where nothing bounds it */
	int known;		/* 0: a condition narrows the threads in a way not read */
	CXCursor at;		/* the condition that set hi, or null */
};

/* A run found during the walk, reported at its end when every call is known. */
struct pending {
	struct run run;
	CXCursor loop;		/* the loop repeating a one-step body, or null */
	CXCursor fn;		/* canonical cursor of the function holding the run */
	int fixable;		/* clean parse, and where in_template, a template that allows one */
	int in_template;	/* in an instantiation over a type: fixed only if all agree */
	const char *template_why;	/* why the template allows no fix, beyond sharing, or NULL */
	CXCursor inst_fn;	/* that instantiation, or null */
	int all_lanes;		/* every lane that enters fn reaches the run */
	struct no_fix why;
	struct cal_edit edits[MAX_RUN + 1];	/* the fix, built before the report */
	int nr_edits;
	int shown;		/* reported: not a helper whose callers do not show the idiom */
	CXFile place_file;	/* where the first step is written (runs in_template) */
	unsigned place_offset;
	CXCursor fn_def;	/* the function as walked */
	/* HIP: the thread index the steps are written with, and the threads that reach them */
	CXCursor lane;
	int lane_ok;
	struct lane_range lanes;
};

struct warp_state {
	struct pending **runs;
	size_t nr_runs, alloc_runs;
	struct call_site *calls;
	size_t nr_calls, alloc_calls;
	struct loop_fills *loop_fills;
	size_t nr_loop_fills, alloc_loop_fills;
	CXCursor *insts;	/* the instantiations over a type walked, canonical */
	CXCursor *inst_templates;	/* the template of each */
	size_t *inst_index;	/* hash index into insts */
	size_t inst_index_size;
	CXCursor read_fn;	/* the last instantiation whose template was read, and */
	int discards;		/* whether that template holds an 'if constexpr' */
	size_t nr_insts, alloc_insts, alloc_inst_templates;
	int max_call_depth;	/* MaxCallDepth */
	struct vol_stmt_memo barriers;	/* which blocks and loops hold a barrier */
	struct wu_memo uniform;		/* which variables of a function are never written */
	/* which blocks and loops write an element a step could be made of (holds_warp_write) */
	struct vol_stmt_memo writing;
	/*
	 * The function of the last visit, kept for the next (its body found
	 * once, and what wu_fn learns of it); fn null: none yet.
	 */
	struct wu_fn current;
	struct warp_patterns patterns;	/* template patterns' blocks and loops (patterns.h) */
	/* blocks and loops the walk is inside, and those left that are to be judged */
	struct open_stmt *open;
	size_t nr_open, alloc_open;
	struct judged *judged;
	size_t nr_judged, alloc_judged;
	size_t seq;		/* blocks and loops opened so far */
};

/*
 * Which blocks and loops write an element (holds_warp_write's question) is
 * learnt from the walk's own visit of them: each is open from its visit to
 * its leave, a write marks the innermost open one, and a block's mark
 * passes to the one around it as it is left.  Those that write are judged
 * once the outermost of their function is left, in the order the walk met
 * them (check_block keeps the stores check_loop reads after it), with the
 * walk's state of then.  Asking the question at each visit cost a second
 * visit of every function body.  A block whose visit the walk's own does
 * not cover (a local class's method inside it, CAL_MAX_DEPTH) is not
 * "exact": it is asked the question as before, at its judgement.
 */
struct open_stmt {
	CXCursor c, fn;
	unsigned frame;			/* the walk's, at the visit */
	unsigned long depth_cuts;	/* the walk's, at the visit */
	size_t seq;
	size_t judged_from;	/* the outermost of its frame: its first entry in judged */
	int writes, exact;
};

struct judged {
	CXCursor c, fn;
	enum cal_space space;
	int in_instantiation;
	int writes, exact;
	size_t seq;
	CXCursor *stack;	/* the walk's ancestors of c */
	int depth;
};

/*
 * The path from the function's body down to the cursor being visited
 * (path[n - 1] is its parent), from the walk's ancestors.  An instantiated
 * body is walked below its first call, so the path starts at the body, not
 * at the bottom of the stack.  -1 if the body is not on the stack.
 */
static int body_path(const struct cal_walk *w, const struct wu_fn *f, const CXCursor **path)
{
	int i;

	for (i = w->depth - 1; i >= 0; i--)
		if (clang_equalCursors(w->stack[i], f->body)) {
			*path = &w->stack[i];
			return w->depth - i;
		}
	return -1;
}

/*
 * The path from the function's body down to c, the visited cursor, with c
 * last; malloc'ed (caller frees), NULL if the body is not above c.
 */
static CXCursor *path_to(const struct cal_walk *w, const struct wu_fn *f, CXCursor c, int *n)
{
	const CXCursor *above = NULL;
	int m = body_path(w, f, &above);
	CXCursor *path;

	if (m < 0 && !clang_equalCursors(c, f->body))
		return NULL;
	if (m < 0)
		m = 0;
	path = malloc((size_t)(m + 1) * sizeof(CXCursor));
	if (!path)
		return NULL;
	if (m)
		memcpy(path, above, (size_t)m * sizeof(CXCursor));
	path[m] = c;
	*n = m + 1;
	return path;
}

static const char *const why_unknown = "cuatomlint cannot tell whether every lane of the warp "
				       "gets here";

/* Does every lane that enters the function reach target, below path? Fills *why if not. */
static int lanes_reach(struct wu_fn *f, const CXCursor *path, int n, CXCursor target,
		       struct no_fix *why)
{
	struct wu_block b = { clang_getNullCursor(), NULL };

	if (!path) {
		why->at = target;
		why->why = why_unknown;
		return 0;
	}
	if (wu_reaches_all(f, path, n, target, &b))
		return 1;
	why->at = b.at;
	why->why = b.why;
	return 0;
}

static int under_single_lane(struct wu_fn *f, const CXCursor *path, int n, CXCursor child)
{
	return path && wu_under_single_lane(f, path, n, child);
}

/*
 * The edits of a run into edits[]: each step, and where stores fill the
 * object before the first step, a __syncwarp() after them (before the
 * loop, for a loop).  Returns how many, or 0 (none kept) if one fails.
 */
static int build_fix(CXTranslationUnit tu, CXCursor inst_fn, const struct run *run,
		     CXCursor loop, struct cal_edit *edits)
{
	int fill = !clang_Cursor_isNull(run->fill), in_loop = !clang_Cursor_isNull(loop);
	int n, m = 0;

	if (fill && in_loop &&
	    cal_edit_insert(clang_getRangeStart(clang_getCursorExtent(loop)), "__syncwarp(); ",
			    &edits[m++]) < 0)
		return 0;
	for (n = 0; n < run->n; n++, m++)
		if (step_edit(tu, inst_fn, &run->steps[n],
			      fill && !in_loop && n == 0 ? "__syncwarp(); " : "", &edits[m]) < 0)
			break;
	if (n == run->n)
		return m;
	while (m-- > 0)
		cal_edit_clear(&edits[m]);
	return 0;
}

/* ---- finding runs ---- */

static const char *const why_no_caller =
	"this function is not called in this translation unit, so cuatomlint cannot tell "
	"whether every lane of the warp calls it";
static const char *const why_too_deep = "cuatomlint cannot tell whether every lane of the warp "
					"gets here: the calls that lead here are nested too deeply";

/* Does every lane of the warp that enters its caller make call c? (once per call) */
static void judge_call(struct call_site *c)
{
	struct wu_fn f;

	if (c->all_lanes >= 0)
		return;
	if (wu_fn_init(&f, c->tu, c->caller_def) < 0) {
		c->all_lanes = 0;
		c->why.at = c->call;
		c->why.why = why_unknown;
		return;
	}
	c->all_lanes = lanes_reach(&f, c->path, c->n, c->call, &c->why);
}

static int by_callee(const void *a, const void *b)
{
	const struct call_site *x = a, *y = b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * The calls whose callee hashes as fn does, [*begin, return value), in
 * the order they were made: big template libraries make tens of thousands
 * of calls, and each run asks for its function's callers.
 */
static size_t calls_of(const struct warp_state *st, CXCursor fn, size_t *begin)
{
	unsigned h = clang_hashCursor(fn);
	size_t lo = 0, hi = st->nr_calls, end;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (st->calls[mid].hash < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < st->nr_calls && st->calls[end].hash == h; end++)
		;
	*begin = lo;
	return end;
}

/*
 * Does every lane of a warp reach fn: a kernel, or a function all of whose
 * calls in the translation unit every lane makes, from such functions?
 */
static int fn_reached_by_all(struct warp_state *st, CXCursor fn, int depth,
			     struct no_fix *why)
{
	size_t i, end;
	int calls = 0;

	if (cal_function_space(fn) == CAL_SPACE_GLOBAL)
		return 1;
	if (depth > st->max_call_depth) {
		why->at = fn;
		why->why = why_too_deep;
		return 0;
	}
	for (end = calls_of(st, fn, &i); i < end; i++) {
		struct call_site *c = &st->calls[i];
		if (!clang_equalCursors(c->callee, fn))
			continue;
		calls++;
		judge_call(c);
		if (!c->all_lanes) {
			*why = c->why;
			return 0;
		}
		if (!fn_reached_by_all(st, c->caller, depth + 1, why))
			return 0;
	}
	if (!calls) {
		why->at = fn;
		why->why = why_no_caller;
	}
	return calls > 0;
}

/* The index of parameter parm of function fn, or -1. */
static int parm_index(CXCursor fn, CXCursor parm)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, i), parm))
			return i;
	return -1;
}

/* Does call c pass, for parameter parm, a __shared__ array (base) or a lane index? */
static int call_shows(struct call_site *c, CXCursor parm, int base)
{
	CXCursor fn = clang_getCursorSemanticParent(parm), arg;
	int i = parm_index(fn, parm);
	struct wu_fn f;

	if (i < 0 || i >= clang_Cursor_getNumArguments(c->call) ||
	    wu_fn_init(&f, c->tu, c->caller_def) < 0)
		return 0;
	arg = cal_strip_casts(clang_Cursor_getArgument(c->call, (unsigned)i));
	if (!base)
		return wu_lane_index(&f, arg);
	return clang_getCursorKind(arg) == CXCursor_DeclRefExpr &&
	       shared_object(&f, clang_getCursorReferenced(arg));
}

/*
 * Without volatile, a helper's parameter taken for the __shared__ array or
 * for the lane index must be shown at its calls: there is one at least,
 * and each passes a __shared__ array ('sdata', or a pointer holding it) or
 * a lane index ('tid', 'threadIdx.x & 31').  Not shown: no finding.
 */
static int callers_show(struct warp_state *st, const struct pending *p)
{
	const struct run *run = &p->run;
	size_t i, end;
	int k, calls = 0;

	for (k = 0; k < run->n; k++) {
		const struct step *s = &run->steps[k];
		if (clang_Cursor_isNull(s->base_parm) && clang_Cursor_isNull(s->lane_parm))
			continue;
		for (end = calls_of(st, p->fn, &i); i < end; i++) {
			struct call_site *c = &st->calls[i];
			if (!clang_equalCursors(c->callee, p->fn))
				continue;
			calls++;
			if ((!clang_Cursor_isNull(s->base_parm) && !call_shows(c, s->base_parm, 1)) ||
			    (!clang_Cursor_isNull(s->lane_parm) && !call_shows(c, s->lane_parm, 0)))
				return 0;
		}
		if (!calls)
			return 0;
	}
	return 1;
}

static void note_same_fix(struct cal_walk *w, struct cal_finding *f, const struct pending *p)
{
	char *fn = cal_function_name(p->inst_fn);

	cal_note_at(w, f, p->inst_fn, "in instantiation '%s'; the fix is the same for every "
		    "instantiation: it names the element type as the template writes it, and each "
		    "instantiation here takes the same edits", fn);
	free(fn);
}

/* Build p's fix where every lane reaches the run, else leave p->why saying why not. */
static void decide_fix(struct cal_walk *w, struct warp_state *st, struct pending *p)
{
	if (p->fixable && p->all_lanes && fn_reached_by_all(st, p->fn, 0, &p->why))
		p->nr_edits = build_fix(w->parse->tu, p->inst_fn, &p->run, p->loop, p->edits);
}

static int same_edits(const struct pending *a, const struct pending *b)
{
	int i;

	if (a->nr_edits != b->nr_edits)
		return 0;
	for (i = 0; i < a->nr_edits; i++)
		if (!cal_edit_equal(&a->edits[i], &b->edits[i]))
			return 0;
	return 1;
}

static CXCursor template_of(CXCursor inst_fn)
{
	return clang_getCanonicalCursor(clang_getSpecializedCursorTemplate(inst_fn));
}

/* Order runs in instantiations by where their first step is written. */
static int by_place(const void *a, const void *b)
{
	const struct pending *p = *(const struct pending *const *)a;
	const struct pending *q = *(const struct pending *const *)b;

	if (p->place_file != q->place_file)
		return (uintptr_t)p->place_file < (uintptr_t)q->place_file ? -1 : 1;
	if (p->place_offset != q->place_offset)
		return p->place_offset < q->place_offset ? -1 : 1;
	return 0;
}

/* How many instantiations of tmpl the walk went through. */
static size_t instantiations_of(const struct warp_state *st, CXCursor tmpl)
{
	size_t i, n = 0;

	for (i = 0; i < st->nr_insts; i++)
		n += clang_equalCursors(st->inst_templates[i], tmpl);
	return n;
}

/*
 * runs[0..n) are the runs written at one place, each in an instantiation
 * of one template: do all of its instantiations hold the run, with the
 * same edits?
 */
static int place_agrees(const struct warp_state *st, struct pending **runs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!runs[i]->nr_edits || !same_edits(runs[0], runs[i]))
			return 0;
	return n == instantiations_of(st, template_of(runs[0]->inst_fn));
}

/*
 * An edit in a template changes every instantiation's text: keep the fix
 * of a run in an instantiation over a type only where each instantiation
 * of the translation unit builds the very same edits.
 */
static void agree_across_instantiations(struct warp_state *st)
{
	struct pending **runs = calloc(st->nr_runs + 1, sizeof(*runs));
	size_t i, j, n = 0;
	int k;

	if (!runs)
		return;
	for (i = 0; i < st->nr_runs; i++)
		if (st->runs[i]->in_template && st->runs[i]->shown)
			runs[n++] = st->runs[i];
	qsort(runs, n, sizeof(*runs), by_place);
	for (i = 0; i < n; i = j) {
		int agree;
		for (j = i + 1; j < n && !by_place(&runs[i], &runs[j]); j++)
			;
		agree = place_agrees(st, runs + i, j - i);
		while (!agree && i < j) {
			struct pending *p = runs[i++];
			for (k = 0; k < p->nr_edits; k++)
				cal_edit_clear(&p->edits[k]);
			p->nr_edits = 0;
			p->fixable = 0;
		}
	}
	free(runs);
}

static void report_run(struct cal_walk *w, struct pending *p)
{
	const struct run *run = &p->run;
	char *name = cal_cursor_name(run->steps[0].base);
	const char *what = run->steps[0].nonvol ? "non-volatile __shared__" : "volatile";
	struct cal_finding *f;

	if (clang_Cursor_isNull(p->loop)) {
		f = cal_report(w, run->steps[0].expr,
			       "warp-synchronous steps on %s '%s' with no __syncwarp() between "
			       "them: lanes of a warp are not in lockstep since Volta, so separate each "
			       "step's reads and writes with __syncwarp() or use __shfl_down_sync",
			       what, name);
		cal_note_at(w, f, run->steps[1].expr,
			    "this step reads what other lanes wrote in the step before");
	} else {
		f = cal_report(w, run->steps[0].expr,
			       "warp-synchronous step on %s '%s' repeated by a loop with no "
			       "__syncwarp(): lanes of a warp are not in lockstep since Volta, so separate "
			       "each step's reads and writes with __syncwarp() or use __shfl_down_sync",
			       what, name);
	}
	free(name);
	if (!clang_Cursor_isNull(run->fill))
		cal_note_at(w, f, run->fill, "no __syncwarp() between this store and the first step, "
			    "which reads what other lanes of the warp stored here");
	if (p->in_template && !w->parse->partial && !p->fixable)
		cal_note_no_fix_in_template(w, f, p->fn, "these steps", p->template_why);
	else if (p->in_template && p->nr_edits)
		note_same_fix(w, f, p);
	if (p->nr_edits) {
		cal_add_fix_edits(f, "separate the reads and writes of each step with __syncwarp()",
				  p->edits, p->nr_edits);
		p->nr_edits = 0;
		return;
	}
	if (p->fixable && !clang_Cursor_isNull(p->why.at))
		cal_note_at(w, f, p->why.at, "no fix: %s", p->why.why);
}

/*
 * May a run in an instantiation over a type be fixed?  Not where the
 * template holds an 'if constexpr' (an instantiation may discard a step).
 * The temporary's type is spelled as the template writes it, which is
 * right for every instantiation, also in other translation units, where
 * that type is arithmetic: so for volatile arrays (a volatile object of
 * class type cannot even be assigned without volatile-qualified members),
 * and else only where the element type names no template parameter.
 */
static int template_allows_fix(const struct cal_walk *w, struct warp_state *st,
			       const struct run *run, const char **why)
{
	CXTranslationUnit tu = w->parse->tu;
	char *type;
	int i;

	if (!clang_equalCursors(st->read_fn, w->function)) {	/* once per instantiation */
		st->read_fn = w->function;
		st->discards = cal_pattern_discards_statements(tu, w->function);
	}
	if (st->discards)
		return 0;
	for (i = 0; i < run->n; i++) {
		CXCursor lhs = cal_child(run->steps[i].expr, 0);
		if (run->steps[i].nonvol && !cal_pattern_type_is_fixed(tu, w->function, lhs))
			return 0;
		/* 's[tid]' with s a 'P': the template gives the element's type no name */
		if (!(type = temp_type(tu, w->function, lhs))) {
			*why = "the template names the element's type through a template "
			       "parameter only, so the temporary a fix needs has no type to be "
			       "declared with";
			return 0;
		}
		free(type);
	}
	return 1;
}

static void hip_keep(struct cal_walk *w, struct wu_fn *f, struct pending *p, const CXCursor *path,
		     int n, CXCursor first);

/*
 * Keep a run for the report at the end of the walk.  parent is the visited
 * cursor (the block of the run, or the loop) and first its child where the
 * run starts (the first step, or the loop's body).
 */
static void keep_run(struct cal_walk *w, struct warp_state *st, struct wu_fn *f,
		     const struct run *run, CXCursor parent, CXCursor first, CXCursor loop)
{
	struct pending *p;
	int n = 0;
	CXCursor *path = path_to(w, f, parent, &n);

	if (under_single_lane(f, path, n, first) || !(p = calloc(1, sizeof(*p)))) {
		free(path);
		return;
	}
	p->run = *run;
	p->loop = loop;
	p->fn = clang_getCanonicalCursor(w->function);
	p->in_template = !vol_fix_allowed(w);
	p->inst_fn = p->in_template ? w->function : clang_getNullCursor();
	p->fixable = !w->parse->partial &&
		     (!p->in_template || template_allows_fix(w, st, run, &p->template_why));
	clang_getFileLocation(clang_getCursorLocation(run->steps[0].expr), &p->place_file, NULL,
			      NULL, &p->place_offset);
	p->why.at = clang_getNullCursor();
	p->all_lanes = lanes_reach(f, path, n, first, &p->why);
	p->fn_def = w->function;
	if (w->parse->hip)
		hip_keep(w, f, p, path, n, first);
	free(path);
	GROW(st->runs, st->alloc_runs, st->nr_runs + 1);
	st->runs[st->nr_runs++] = p;
}

/* A store to an object before the steps, with no barrier after it yet. */
static int holds_warp_write(struct warp_state *st, struct wu_fn *f, CXCursor c);

struct fill {
	CXCursor object;	/* object_of() the element's variable */
	CXCursor store;		/* the statement */
};

/* The stores in the block before a loop: a loop's steps may read them. */
struct loop_fills {
	CXCursor loop;
	struct fill fills[MAX_BASES];
	int n;
};

struct scan {
	struct cal_walk *w;
	struct warp_state *st;
	struct wu_fn *f;
	CXCursor block;
	struct run runs[MAX_BASES];	/* one per array reduced side by side */
	int nruns;
	struct fill fills[MAX_BASES];
	int nfills;
};

static void flush_run(struct scan *s, struct run *r)
{
	if (r->n >= 2)
		keep_run(s->w, s->st, s->f, r, s->block, r->top, clang_getNullCursor());
	r->n = 0;
	r->fill = clang_getNullCursor();
}

static void flush(struct scan *s)
{
	int i;

	for (i = 0; i < s->nruns; i++)
		flush_run(s, &s->runs[i]);
	s->nruns = 0;
}

/* The store that filled base's object since the last barrier (taken: one run gets it). */
static CXCursor take_fill(struct wu_fn *f, struct fill *fills, int *n, CXCursor base)
{
	CXCursor obj = object_of(f, base), store;
	int i;

	for (i = 0; i < *n; i++)
		if (clang_equalCursors(fills[i].object, obj)) {
			store = fills[i].store;
			fills[i] = fills[--*n];
			return store;
		}
	return clang_getNullCursor();
}

/* 's[tid] = x;': a store of each lane to its own element of an object steps may read. */
static void note_fill(struct scan *s, CXCursor c)
{
	CXCursor base, lhs, obj;
	enum element kind;
	int i;

	if (!element_assignment(s->f, c, &base, &kind))
		return;
	lhs = cal_ignore_wrappers(cal_child(cal_ignore_wrappers(c), 0));
	if (same_element_on_all_lanes(s->f, lhs, base))
		return;
	obj = object_of(s->f, base);
	for (i = 0; i < s->nfills; i++)
		if (clang_equalCursors(s->fills[i].object, obj))
			return;		/* the first store is reported */
	if (s->nfills == MAX_BASES)
		return;
	s->fills[s->nfills].object = obj;
	s->fills[s->nfills++].store = c;
}

/* Keep the stores before loop c for check_loop, which runs after check_block. */
static void keep_loop_fills(struct scan *s, CXCursor c)
{
	struct loop_fills *lf;

	if (!s->nfills || !cal_is_loop_kind(clang_getCursorKind(c)))
		return;
	GROW(s->st->loop_fills, s->st->alloc_loop_fills, s->st->nr_loop_fills + 1);
	lf = &s->st->loop_fills[s->st->nr_loop_fills++];
	lf->loop = c;
	memcpy(lf->fills, s->fills, sizeof(lf->fills));
	lf->n = s->nfills;
}

/* The run of base's steps, a new one if there is none. */
static struct run *run_of(struct scan *s, CXCursor base)
{
	struct run *r;
	int i;

	for (i = 0; i < s->nruns; i++)
		if (clang_equalCursors(s->runs[i].steps[0].base, base)) {
			if (s->runs[i].n == MAX_RUN)
				flush_run(s, &s->runs[i]);
			return &s->runs[i];
		}
	if (s->nruns == MAX_BASES)
		flush(s);
	r = &s->runs[s->nruns++];
	r->n = 0;
	r->fill = clang_getNullCursor();
	return r;
}

/*
 * Steps on one object form a run; steps on other objects between them do
 * not end it ('{ a[t] += a[t + k]; b[t] += b[t + k]; }'), any other
 * statement ends them all, and a barrier also forgets the stores before it.
 */
static void add_step(struct scan *s, const struct step *st, CXCursor top)
{
	struct run *r = run_of(s, st->base);

	if (!r->n) {
		r->fill = take_fill(s->f, s->fills, &s->nfills, st->base);
		r->top = top;
	}
	r->steps[r->n++] = *st;
}

/*
 * The steps of a braced block of steps on different arrays only ('{ a[t] +=
 * a[t + 16]; b[t] += b[t + 16]; }'), which continue the runs of the block
 * around it.  (Two steps on one array are a run of the inner block.)
 */
static int block_steps(struct wu_fn *f, CXCursor c, struct step *out)
{
	CXCursor kids[MAX_BASES];
	int n, i, j;

	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return 0;
	n = cal_children(c, kids, MAX_BASES);
	if (n < 2 || n > MAX_BASES)
		return 0;
	for (i = 0; i < n; i++) {
		if (!as_step(f, kids[i], &out[i]))
			return 0;
		for (j = 0; j < i; j++)
			if (clang_equalCursors(out[j].base, out[i].base))
				return 0;
	}
	return n;
}

static enum CXChildVisitResult statement_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct scan *s = data;
	struct step st[MAX_BASES];
	int i, n;

	(void)parent;
	/*
	 * A statement that writes no element (holds_warp_write) is no step and
	 * no store: it ends the runs, and a barrier in it forgets the stores.
	 * Whether it holds one matters only where stores are kept; the
	 * writing verdicts are the walk's too, the barriers' only this scan's.
	 */
	if (!holds_warp_write(s->st, s->f, c)) {
		flush(s);
		if (s->nfills && vol_contains_barrier_memo(&s->st->barriers, c))
			s->nfills = 0;
		else
			keep_loop_fills(s, c);
		return CXChildVisit_Continue;
	}
	if (vol_contains_barrier_memo(&s->st->barriers, c)) {
		flush(s);
		s->nfills = 0;
		return CXChildVisit_Continue;
	}
	if (as_step(s->f, c, &st[0])) {
		add_step(s, &st[0], c);
		return CXChildVisit_Continue;
	}
	if ((n = block_steps(s->f, c, st))) {
		for (i = 0; i < n; i++)
			add_step(s, &st[i], c);
		return CXChildVisit_Continue;
	}
	flush(s);
	keep_loop_fills(s, c);
	note_fill(s, c);
	return CXChildVisit_Continue;
}

static void check_block(struct cal_walk *w, struct warp_state *st, struct wu_fn *f,
			CXCursor block)
{
	struct scan *s = calloc(1, sizeof(*s));

	if (!s)
		return;
	s->w = w;
	s->st = st;
	s->f = f;
	s->block = block;
	clang_visitChildren(block, statement_visitor, s);
	flush(s);
	free(s);
}

/* 'k >>= 1;', 'k++;': a statement that only updates a local scalar (a loop counter). */
static int is_counter_update(CXCursor c)
{
	CXCursor e = cal_ignore_wrappers(c), target;
	int compound;

	if (!vol_is_assignment(e, &compound) && !cal_is_unop(e, CXUnaryOperator_PreInc) &&
	    !cal_is_unop(e, CXUnaryOperator_PostInc) && !cal_is_unop(e, CXUnaryOperator_PreDec) &&
	    !cal_is_unop(e, CXUnaryOperator_PostDec))
		return 0;
	target = cal_ignore_wrappers(cal_child(e, 0));
	if (clang_getCursorKind(target) != CXCursor_DeclRefExpr)
		return 0;
	target = clang_getCursorReferenced(target);
	return clang_getCursorKind(target) == CXCursor_VarDecl &&
	       !vol_type_is_volatile(clang_getCursorType(target)) &&
	       cal_is_function_kind(clang_getCursorKind(clang_getCursorSemanticParent(target)));
}

struct loop_body_scan {
	struct wu_fn *f;
	struct step steps[MAX_BASES];
	int steps_n, others;
};

static enum CXChildVisitResult loop_body_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct loop_body_scan *lb = data;
	struct step st;
	int i;

	(void)parent;
	if (is_counter_update(c))
		return CXChildVisit_Continue;
	if (!as_step(lb->f, c, &st) || lb->steps_n == MAX_BASES) {
		lb->others++;
		return CXChildVisit_Continue;
	}
	for (i = 0; i < lb->steps_n; i++)
		if (clang_equalCursors(lb->steps[i].base, st.base))
			lb->others++;	/* two steps on one array: not one step repeated */
	lb->steps[lb->steps_n++] = st;
	return CXChildVisit_Continue;
}

/*
 * The steps a loop repeats, one per array: its body, or the steps of a
 * braced body whose other statements only update counters ('while (k > 0)
 * { if (tid < k) s[tid] += s[tid + k]; k >>= 1; }', '{ a[t] += a[t + k];
 * b[t] += b[t + k]; }').  Returns how many.
 */
static int loop_steps(struct wu_fn *f, CXCursor body, struct step *out)
{
	struct loop_body_scan *lb;
	int n = 0;

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt || cal_nr_children(body) == 1)
		return as_step(f, body, out);
	lb = calloc(1, sizeof(*lb));
	if (!lb)
		return 0;
	lb->f = f;
	clang_visitChildren(body, loop_body_visitor, lb);
	if (lb->steps_n && !lb->others) {
		n = lb->steps_n;
		memcpy(out, lb->steps, (size_t)n * sizeof(*out));
	}
	free(lb);
	return n;
}

/* ---- an exchange one warp repeats in a loop: a sort, a shift ---- */

#define MAX_ACC 16	/* elements of __shared__ arrays written, and read, in one loop */

struct acc_scan {
	struct wu_fn *f;
	CXCursor writes[MAX_ACC], reads[MAX_ACC];
	int nw, nr;
};

/* Do a and b start at one place, the same kind (cursors reached two ways need not compare equal)? */
static int same_place(CXCursor a, CXCursor b)
{
	return clang_getCursorKind(a) == clang_getCursorKind(b) &&
	       clang_equalLocations(clang_getCursorLocation(a), clang_getCursorLocation(b));
}

/* Is e the element written by its parent: an assignment's left side, or ++/--? */
static int written_by(CXCursor e, CXCursor parent)
{
	int compound;

	if (vol_is_assignment(parent, &compound))
		return same_place(cal_ignore_wrappers(cal_child(parent, 0)), e);
	return vol_is_unary(parent, CXUnaryOperator_PreInc) ||
	       vol_is_unary(parent, CXUnaryOperator_PostInc) ||
	       vol_is_unary(parent, CXUnaryOperator_PreDec) ||
	       vol_is_unary(parent, CXUnaryOperator_PostDec);
}

/* The elements of __shared__ arrays (volatile or not) the loop writes and reads. */
static enum CXChildVisitResult acc_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct acc_scan *a = data;
	int compound = 0, write;

	if (clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr ||
	    warp_is_array_type(clang_getCursorType(c)) ||
	    !shared_object(a->f, cal_base_variable(c)))
		return CXChildVisit_Recurse;
	write = written_by(c, parent);
	if (write && a->nw < MAX_ACC)
		a->writes[a->nw++] = c;
	vol_is_assignment(parent, &compound);
	if ((!write || compound) && a->nr < MAX_ACC)
		a->reads[a->nr++] = c;
	return CXChildVisit_Recurse;
}

/*
 * A read of an element another lane of the warp writes in the loop ('s[t + 1]'
 * read, 's[t]' written): found in *w and *r.
 */
static int cross_lane_pair(struct wu_fn *f, CXCursor loop, CXCursor *w, CXCursor *r)
{
	struct acc_scan *a = calloc(1, sizeof(*a));
	int i, j, found = 0;

	if (!a)
		return 0;
	a->f = f;
	clang_visitChildren(loop, acc_visitor, a);
	for (i = 0; i < a->nw && !found; i++)
		for (j = 0; j < a->nr && !found; j++)
			if (clang_equalCursors(object_of(f, cal_base_variable(a->writes[i])),
					       object_of(f, cal_base_variable(a->reads[j]))) &&
			    other_lanes_element(f, f->tu, a->writes[i], a->reads[j], NULL)) {
				*w = a->writes[i];
				*r = a->reads[j];
				found = 1;
			}
	free(a);
	return found;
}

/*
 * Is the loop (path[n - 1]) in code one warp runs alone ('if (threadIdx.x <
 * 32)'), and the outermost loop without a barrier below that test?
 */
static int one_warp_loop(struct warp_state *st, struct wu_fn *f, const CXCursor *path, int n)
{
	int i, warp = 0;

	for (i = 0; i + 1 < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(path[i]);
		if (k == CXCursor_IfStmt && clang_equalCursors(path[i + 1], cal_child(path[i], 1)) &&
		    wu_one_warp(f, cal_child(path[i], 0)))
			warp = 1;
		else if (warp && (k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
				  k == CXCursor_DoStmt) && !vol_contains_barrier_memo(&st->barriers, path[i]))
			return 0;	/* the loop around it is the one reported */
	}
	return warp;
}

struct step_count {
	struct wu_fn *f;
	int steps;
};

static enum CXChildVisitResult step_count_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct step_count *sc = data;
	struct step st;

	(void)parent;
	sc->steps += as_step(sc->f, c, &st);
	return CXChildVisit_Continue;
}

/* Steps among the loop body's statements: two or more make a run check_block reports. */
static int body_has_run(struct wu_fn *f, CXCursor body)
{
	struct step_count sc = { f, 0 };

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return 0;
	/* one visit: cal_child(body, i) in a loop is quadratic in the statements */
	clang_visitChildren(body, step_count_visitor, &sc);
	return sc.steps > 1;
}

/*
 * A loop one warp runs alone, with no barrier, whose lanes read elements of a
 * __shared__ array that other lanes write in it (an odd-even transposition
 * sort, insertion steps, a shift): without lockstep nothing orders one
 * lane's read after its neighbour's write of the iteration before.  The
 * reads and writes are spread over the body (a compare-and-swap writes two
 * elements), so no fix: where a __syncwarp() must stand, and that every
 * lane reaches it, is not proven for such bodies.
 */
static void check_exchange_loop(struct cal_walk *w, struct warp_state *st, struct wu_fn *f,
				CXCursor loop, CXCursor body)
{
	CXCursor wr, rd, *path;
	struct cal_finding *fd;
	char *name;
	int n = 0;

	if (w->parse->hip)	/* not judged: docs/checks/volatile-warp-sync.md (HIP) */
		return;
	if (body_has_run(f, body) || !cross_lane_pair(f, loop, &wr, &rd))
		return;
	path = path_to(w, f, loop, &n);
	if (!path || under_single_lane(f, path, n, loop) || !one_warp_loop(st, f, path, n)) {
		free(path);
		return;
	}
	free(path);
	name = cal_cursor_name(cal_base_variable(wr));
	fd = cal_report(w, wr, "warp-synchronous exchange on %s '%s' repeated by a loop with no "
			"__syncwarp(): lanes of a warp are not in lockstep since Volta, so end each "
			"step with a __syncwarp() that every lane reaches, or sort in registers with "
			"__shfl_sync",
			vol_is_volatile_lvalue(wr) ? "volatile" : "non-volatile __shared__", name);
	cal_note_at(w, fd, rd, "this reads an element that another lane of the warp writes in "
		    "the loop");
	cal_note_no_fix(w, fd, loop, "the lanes' reads and writes are spread over the loop's "
			"body, and where a __syncwarp() that every lane reaches must stand "
			"between them is not proven");
	free(name);
}

/* The stores check_block saw before loop, no barrier between. */
static struct loop_fills *fills_before(struct warp_state *st, CXCursor loop)
{
	size_t i;

	for (i = 0; i < st->nr_loop_fills; i++)
		if (clang_equalCursors(st->loop_fills[i].loop, loop))
			return &st->loop_fills[i];
	return NULL;
}

static void check_loop(struct cal_walk *w, struct warp_state *st, struct wu_fn *f, CXCursor loop)
{
	enum CXCursorKind k = clang_getCursorKind(loop);
	CXCursor body = k == CXCursor_DoStmt ? cal_child(loop, 0)
					     : cal_child(loop, cal_nr_children(loop) - 1);
	struct step steps[MAX_BASES];
	struct run *run;
	struct loop_fills *lf;
	int i, n;

	if (vol_contains_barrier_memo(&st->barriers, loop))
		return;
	if (!(n = loop_steps(f, body, steps))) {
		check_exchange_loop(w, st, f, loop, body);
		return;
	}
	run = calloc(1, sizeof(*run));
	if (!run)
		return;
	lf = fills_before(st, loop);
	for (i = 0; i < n; i++) {
		run->n = 1;
		run->steps[0] = steps[i];
		run->fill = lf ? take_fill(f, lf->fills, &lf->n, steps[i].base) : clang_getNullCursor();
		keep_run(w, st, f, run, loop, body, loop);
	}
	free(run);
}

/* Record a call of a user function made in device code, and whether every lane makes it. */
static void note_call(struct cal_walk *w, struct warp_state *st, struct wu_fn *f, CXCursor call)
{
	CXCursor callee = cal_call_callee(call);
	struct call_site *c;

	if (clang_Cursor_isNull(callee))
		return;
	callee = clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(callee) || cal_walk_decl_from_cuda(w, callee))
		return;
	GROW(st->calls, st->alloc_calls, st->nr_calls + 1);
	c = &st->calls[st->nr_calls++];
	c->callee = clang_getCanonicalCursor(callee);
	c->hash = clang_hashCursor(c->callee);
	c->seq = st->nr_calls - 1;
	c->caller = clang_getCanonicalCursor(w->function);
	c->caller_def = w->function;
	c->call = call;
	c->tu = w->parse->tu;
	c->n = 0;
	c->path = path_to(w, f, call, &c->n);
	c->n--;		/* the call itself is the target, not on the path */
	c->why.at = clang_getNullCursor();
	c->why.why = NULL;
	c->all_lanes = -1;
}

/* ---- HIP: wavefronts ---- */

/*
 * AMD GPUs have no independent thread scheduling: the lanes of a wavefront
 * run in lockstep, so a volatile run is right there as long as the threads
 * that run it are in one wavefront, 32 or 64 lanes by target
 * (w->parse->wavefront).  A run whose threads span several wavefronts reads
 * elements another wavefront writes with no barrier between: a race.  The
 * threads that reach a run are read from the conditions around it, as
 * threadIdx.x in [lo, hi).  Without volatile the compiler keeps values in
 * registers and loads other lanes' elements before any lane stores (clang
 * 19 does, docs/checks/volatile-warp-sync.md): wrong in one wavefront too.
 */

#define MAX_LANES 2048		/* the threads tried for a crossing, per access */
#define MAX_ACCESS 64		/* reads and writes of one run */

struct hip_ctx {
	struct wu_fn *f;
	CXCursor lane;		/* a helper's parameter taken for threadIdx.x, or null */
	unsigned wave;
};

static struct lane_range all_threads(void)
{
	struct lane_range r = { 0, LLONG_MAX, 1, clang_getNullCursor() };
	return r;
}

/* An integer constant; warpSize is this target's wavefront. */
static int hip_const(const struct hip_ctx *h, CXCursor e, long long *k)
{
	CXEvalResult r;
	int ok = 0;

	e = cal_strip_casts(e);
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr && cal_cursor_name_is(e, "warpSize")) {
		*k = h->wave;
		return 1;
	}
	if (!clang_isExpression(clang_getCursorKind(e)) || !(r = clang_Cursor_Evaluate(e)))
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*k = clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

/* threadIdx.x, a local copy of it, or the helper's parameter that stands for it. */
static int thread_index(const struct hip_ctx *h, CXCursor e)
{
	e = cal_strip_casts(e);
	if (!clang_Cursor_isNull(h->lane) && clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(e), h->lane))
		return 1;
	return wu_thread_x(h->f, e);
}

static enum CXBinaryOperatorKind swapped(enum CXBinaryOperatorKind op, int negate)
{
	static const struct { enum CXBinaryOperatorKind op, mirror, negation; } t[] = {
		{ CXBinaryOperator_LT, CXBinaryOperator_GT, CXBinaryOperator_GE },
		{ CXBinaryOperator_LE, CXBinaryOperator_GE, CXBinaryOperator_GT },
		{ CXBinaryOperator_GT, CXBinaryOperator_LT, CXBinaryOperator_LE },
		{ CXBinaryOperator_GE, CXBinaryOperator_LE, CXBinaryOperator_LT },
		{ CXBinaryOperator_EQ, CXBinaryOperator_EQ, CXBinaryOperator_NE },
		{ CXBinaryOperator_NE, CXBinaryOperator_NE, CXBinaryOperator_EQ },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].op == op)
			return negate ? t[i].negation : t[i].mirror;
	return CXBinaryOperator_Invalid;
}

static enum CXChildVisitResult thread_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	const struct hip_ctx *h = *(const struct hip_ctx **)data;

	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)) && thread_index(h, c)) {
		*(const struct hip_ctx **)data = NULL;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * Is c the same for every thread of the block?  wu_uniform() also takes
 * comparisons that select whole warps of 32 ('tid < 64'), which narrow the
 * threads here.
 */
static int block_uniform(const struct hip_ctx *h, CXCursor c)
{
	const struct hip_ctx *d = h;

	if (!wu_uniform(h->f, c) || thread_index(h, c))
		return 0;
	clang_visitChildren(c, thread_visitor, &d);
	return d != NULL;
}

/* Intersect r with 'T op k', T the thread index. */
static void bound(struct lane_range *r, enum CXBinaryOperatorKind op, long long k, CXCursor at)
{
	long long lo = 0, hi = LLONG_MAX;

	if (op == CXBinaryOperator_LT)
		hi = k;
	else if (op == CXBinaryOperator_LE)
		hi = k + 1;
	else if (op == CXBinaryOperator_GT)
		lo = k + 1;
	else if (op == CXBinaryOperator_GE)
		lo = k;
	else if (op == CXBinaryOperator_EQ)
		lo = k, hi = k + 1;
	else
		r->known = 0;
	if (lo > r->lo)
		r->lo = lo;
	if (hi < r->hi) {
		r->hi = hi;
		r->at = at;
	}
}

/* Narrow r by condition c holding (neg 0) or not (neg 1); r->known = 0 where it cannot be read. */
static void narrow(const struct hip_ctx *h, CXCursor c, int neg, struct lane_range *r)
{
	enum CXBinaryOperatorKind op;
	CXCursor a, b;
	long long k = 0;

	c = cal_ignore_wrappers(c);
	if (!r->known || block_uniform(h, c))
		return;
	if (cal_is_unop(c, CXUnaryOperator_LNot)) {
		narrow(h, cal_child(c, 0), !neg, r);
		return;
	}
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || cal_nr_children(c) != 2) {
		r->known = 0;
		return;
	}
	op = clang_getCursorBinaryOperatorKind(c);
	a = cal_child(c, 0);
	b = cal_child(c, 1);
	if ((op == CXBinaryOperator_LAnd && !neg) || (op == CXBinaryOperator_LOr && neg)) {
		narrow(h, a, neg, r);
		narrow(h, b, neg, r);
		return;
	}
	if (thread_index(h, b) && hip_const(h, a, &k))
		op = swapped(op, 0);
	else if (!thread_index(h, a) || !hip_const(h, b, &k))
		op = CXBinaryOperator_Invalid;
	bound(r, neg ? swapped(op, 1) : op, k, c);
}

/* 'if (c) return;' with no else: *cond gets c. */
static int early_return(CXCursor s, CXCursor *cond)
{
	CXCursor body;

	if (clang_getCursorKind(s) != CXCursor_IfStmt || cal_nr_children(s) != 2)
		return 0;
	body = cal_child(s, 1);
	if (clang_getCursorKind(body) == CXCursor_CompoundStmt && cal_nr_children(body) == 1)
		body = cal_child(body, 0);
	*cond = cal_child(s, 0);
	return clang_getCursorKind(body) == CXCursor_ReturnStmt &&
	       clang_isExpression(clang_getCursorKind(*cond));
}

static enum CXChildVisitResult exit_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

struct exits_walk {
	const struct hip_ctx *h;
	CXCursor child;
	struct lane_range *r;
};

static enum CXChildVisitResult exits_before_visitor(CXCursor s, CXCursor parent,
						    CXClientData data)
{
	struct exits_walk *e = data;
	CXCursor cond;
	int exit = 0;

	(void)parent;
	if (!e->r->known || clang_equalCursors(s, e->child))
		return CXChildVisit_Break;
	if (early_return(s, &cond)) {
		narrow(e->h, cond, 1, e->r);
		return CXChildVisit_Continue;
	}
	clang_visitChildren(s, exit_visitor, &exit);
	if (exit)
		e->r->known = 0;
	return CXChildVisit_Continue;
}

/* The statements of block before child: 'if (tid >= 64) return;' narrows, another exit is not read. */
static void exits_before(const struct hip_ctx *h, CXCursor block, CXCursor child,
			 struct lane_range *r)
{
	struct exits_walk e = { h, child, r };

	/* one visit: cal_child(block, i) in a loop is quadratic in the statements */
	clang_visitChildren(block, exits_before_visitor, &e);
}

/* Narrow r by the statements from a function's body (path[0]) down to target. */
static void path_range(const struct hip_ctx *h, const CXCursor *path, int n, CXCursor target,
		       struct lane_range *r)
{
	int i;

	for (i = 0; i < n && r->known; i++) {
		CXCursor p = path[i], child = i + 1 < n ? path[i + 1] : target, cond;
		switch (clang_getCursorKind(p)) {
		case CXCursor_IfStmt:
			cond = cal_child(p, 0);
			if (!clang_isExpression(clang_getCursorKind(cond)))
				r->known = 0;
			else if (!clang_equalCursors(child, cond))
				narrow(h, cond, !clang_equalCursors(child, cal_child(p, 1)), r);
			break;
		case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
			r->known = wu_loop_uniform(h->f, p);
			break;
		case CXCursor_SwitchStmt:
			cond = cal_child(p, 0);
			r->known = clang_isExpression(clang_getCursorKind(cond)) && block_uniform(h, cond);
			break;
		case CXCursor_CompoundStmt:
			exits_before(h, p, child, r);
			break;
		case CXCursor_LambdaExpr: case CXCursor_ConditionalOperator:
		case CXCursor_BinaryOperator:
			r->known = 0;
			break;
		default:
			break;
		}
	}
}

/* Element 'T + off' of the run's object, touched by the threads [lo, hi). */
struct access {
	CXCursor at;
	long long off, lo, hi;
};

struct accesses {
	const struct hip_ctx *h;
	CXCursor base;
	struct access reads[MAX_ACCESS], writes[MAX_ACCESS];
	int nr, nw, bad;	/* bad: a thread index other than the run's */
	long long lo, hi;	/* the threads of the accesses being collected */
};

/* 's[T + off]', with s the run's object and T the run's thread index: *off. */
static int element_offset(struct accesses *a, CXCursor e, long long *off)
{
	CXCursor lane = clang_getNullCursor();

	e = cal_ignore_wrappers(e);
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || cal_nr_children(e) != 2 ||
	    clang_getCursorKind(cal_strip_casts(cal_child(e, 0))) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(cal_base_variable(e), a->base))
		return 0;
	if (!wu_thread_offset(a->h->f, cal_child(e, 1), off, &lane))
		return 0;
	/* threadIdx.x and its local copies are one index; a helper's parameter is another */
	if (clang_getCursorKind(lane) == CXCursor_ParmDecl ? !clang_equalCursors(lane, a->h->lane)
							   : !clang_Cursor_isNull(a->h->lane))
		a->bad = 1;
	return !a->bad;
}

static void add_access(struct access *list, int *n, CXCursor at, long long off, long long lo,
		       long long hi)
{
	if (*n == MAX_ACCESS || hi == LLONG_MAX)
		return;	/* unbounded: a whole block, whose size is not known here */
	list[*n].at = at;
	list[*n].off = off;
	list[*n].lo = lo;
	list[*n].hi = hi;
	(*n)++;
}

static enum CXChildVisitResult hip_read_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct accesses *a = data;
	long long off;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && element_offset(a, c, &off)) {
		add_access(a->reads, &a->nr, c, off, a->lo, a->hi);
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

static void collect_reads(struct accesses *a, CXCursor e, long long lo, long long hi)
{
	a->lo = lo;
	a->hi = hi;
	if (hip_read_visitor(e, e, a) == CXChildVisit_Recurse)
		clang_visitChildren(e, hip_read_visitor, a);
}

struct data_scan {
	const struct hip_ctx *h;
	CXCursor base;
	int reads, other;
};

static enum CXChildVisitResult data_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct data_scan *d = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_ArraySubscriptExpr && clang_equalCursors(cal_base_variable(c), d->base)) {
		d->reads++;
		return CXChildVisit_Continue;
	}
	if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) && !wu_uniform(d->h->f, c)) {
		d->other = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * A test of the data ('s[t + 16] > s[t]'): it reads the object and names
 * nothing else that differs between threads, so which threads write
 * depends on the values only, and any of them may.
 */
static int data_guard(const struct hip_ctx *h, CXCursor guard, CXCursor base)
{
	struct data_scan d = { h, base, 0, 0 };

	clang_visitChildren(guard, data_visitor, &d);
	return d.reads && !d.other;
}

/* The reads and writes of step s by the threads of r (a guard narrows them). */
static void step_accesses(struct accesses *a, const struct step *s, const struct lane_range *r)
{
	struct lane_range sr = *r;
	long long off;
	int i;

	if (!clang_Cursor_isNull(s->guard) && hip_const(a->h, s->guard, &off) && !off)
		return;	/* 'if (blockSize >= 128)' in an instantiation where it is false */
	if (!clang_Cursor_isNull(s->guard)) {
		collect_reads(a, s->guard, r->lo, r->hi);	/* every thread tests it */
		narrow(a->h, s->guard, 0, &sr);
		if (!sr.known && !data_guard(a->h, s->guard, s->base))
			return;	/* 'if (lane >= k)': which threads pass is not read */
		if (!sr.known)
			sr = *r;
	}
	for (i = 0; i < s->nasg; i++) {
		CXCursor lhs = cal_ignore_wrappers(cal_child(s->asg[i], 0));
		if (!clang_equalCursors(cal_base_variable(lhs), s->base))
			continue;
		if (element_offset(a, lhs, &off))
			add_access(a->writes, &a->nw, lhs, off, sr.lo, sr.hi);
		collect_reads(a, cal_child(s->asg[i], 1), sr.lo, sr.hi);
	}
}

struct crossing {
	CXCursor read;
	long long reader, element, writer;
};

/* Does a thread of one wavefront read an element that a thread of another writes? */
static int find_crossing(const struct accesses *a, unsigned wave, struct crossing *x)
{
	int i, k;
	long long j, t;

	for (i = 0; i < a->nr; i++)
		for (k = 0; k < a->nw; k++) {
			const struct access *r = &a->reads[i], *w = &a->writes[k];
			for (j = r->lo < 0 ? 0 : r->lo; j < r->hi && j < r->lo + MAX_LANES; j++) {
				t = j + r->off - w->off;
				if (t >= w->lo && t < w->hi && t >= 0 && t / wave != j / wave) {
					x->read = r->at;
					x->reader = j;
					x->element = j + r->off;
					x->writer = t;
					return 1;
				}
			}
		}
	return 0;
}

/* Do the threads r of the run cross a wavefront of h->wave lanes? */
static int run_crosses(const struct hip_ctx *h, const struct pending *p,
		       const struct lane_range *r, struct crossing *x)
{
	struct accesses *a;
	int i, found = 0;

	if (!r->known || !(a = calloc(1, sizeof(*a))))
		return 0;
	a->h = h;
	a->base = p->run.steps[0].base;
	for (i = 0; i < p->run.n; i++)
		step_accesses(a, &p->run.steps[i], r);
	found = !a->bad && find_crossing(a, h->wave, x);
	free(a);
	return found;
}

/* The thread index the run's first step writes at: threadIdx.x, a copy, or a parameter. */
static int run_lane(struct wu_fn *f, const struct run *run, CXCursor *lane)
{
	CXCursor lhs = cal_ignore_wrappers(cal_child(run->steps[0].expr, 0));
	long long off;

	*lane = clang_getNullCursor();
	return clang_getCursorKind(lhs) == CXCursor_ArraySubscriptExpr &&
	       cal_nr_children(lhs) == 2 && wu_thread_offset(f, cal_child(lhs, 1), &off, lane);
}

/* HIP: the threads that reach the run in its function (keep_run). */
static void hip_keep(struct cal_walk *w, struct wu_fn *f, struct pending *p, const CXCursor *path,
		     int n, CXCursor first)
{
	struct hip_ctx h = { f, clang_getNullCursor(), w->parse->wavefront };

	p->lanes = all_threads();
	p->lane_ok = run_lane(f, &p->run, &p->lane);
	if (!p->lane_ok || !path) {
		p->lanes.known = 0;
		return;
	}
	if (!clang_Cursor_isNull(p->lane) && clang_getCursorKind(p->lane) == CXCursor_ParmDecl)
		h.lane = p->lane;
	path_range(&h, path, n, first, &p->lanes);
}

/* The argument call c passes for parameter parm, or null. */
static CXCursor argument_for(const struct call_site *c, CXCursor parm)
{
	int i = parm_index(clang_getCursorSemanticParent(parm), parm);

	if (i < 0 || i >= clang_Cursor_getNumArguments(c->call))
		return clang_getNullCursor();
	return cal_strip_casts(clang_Cursor_getArgument(c->call, (unsigned)i));
}

/* Does every call of the helper pass threadIdx.x (or a copy) for its lane parameter? */
static int calls_pass_thread(struct warp_state *st, const struct pending *p)
{
	size_t i, end;
	int calls = 0;
	struct wu_fn cf;

	for (end = calls_of(st, p->fn, &i); i < end; i++) {
		struct call_site *c = &st->calls[i];
		if (!clang_equalCursors(c->callee, p->fn))
			continue;
		calls++;
		if (wu_fn_init(&cf, c->tu, c->caller_def) < 0 ||
		    !wu_thread_x(&cf, argument_for(c, p->lane)))
			return 0;
	}
	return calls > 0;
}

/*
 * The threads of a helper's run bounded by a caller ('if (tid < 64)
 * warpReduce(s, tid);'): the first call whose threads cross a wavefront;
 * *call gets it.
 */
static int caller_crossing(struct warp_state *st, const struct hip_ctx *h,
			   const struct pending *p, struct lane_range *r, struct crossing *x,
			   CXCursor *call)
{
	size_t i, end;
	struct wu_fn cf;

	if (cal_function_space(p->fn) == CAL_SPACE_GLOBAL)
		return 0;
	for (end = calls_of(st, p->fn, &i); i < end; i++) {
		const struct call_site *c = &st->calls[i];
		struct hip_ctx ch = { &cf, clang_getNullCursor(), h->wave };
		struct lane_range cr = all_threads();
		if (!clang_equalCursors(c->callee, p->fn) || !c->path ||
		    wu_fn_init(&cf, c->tu, c->caller_def) < 0)
			continue;
		path_range(&ch, c->path, c->n, c->call, &cr);
		if (cr.lo < p->lanes.lo)
			cr.lo = p->lanes.lo;
		if (run_crosses(h, p, &cr, x)) {
			*r = cr;
			*call = c->call;
			return 1;
		}
	}
	return 0;
}

static const char *run_what(const struct pending *p)
{
	return p->run.steps[0].nonvol ? "non-volatile __shared__" : "volatile";
}

static void report_wave(struct cal_walk *w, const struct pending *p, const struct lane_range *r,
			const struct crossing *x, CXCursor call)
{
	char *name = cal_cursor_name(p->run.steps[0].base);
	int loop = !clang_Cursor_isNull(p->loop);
	struct cal_finding *f;

	f = cal_report(w, p->run.steps[0].expr, "warp-synchronous %s on %s '%s'%s %s several "
		       "wavefronts of " CAL_ARCHS_PLACEHOLDER " (wave%u) with no barrier: lockstep "
		       "holds only within a wavefront, so separate the steps that read another "
		       "wavefront's elements with __syncthreads() and run the rest under "
		       "'tid < warpSize'", loop ? "step" : "steps", run_what(p), name,
		       loop ? " repeated by a loop" : "", loop ? "spans" : "span", w->parse->wavefront);
	cal_note_at(w, f, x->read, "thread %lld reads element %lld here, which thread %lld, of "
		    "another wavefront, writes in these steps", x->reader, x->element, x->writer);
	if (!clang_Cursor_isNull(r->at) && r->hi != LLONG_MAX)
		cal_note_at(w, f, r->at, "threads %lld-%lld get past this condition", r->lo,
			    r->hi - 1);
	if (!clang_Cursor_isNull(call))
		cal_note_at(w, f, call, "the steps are run by the threads that make this call");
	cal_note_no_fix(w, f, p->run.steps[0].stmt, "a __syncthreads() under a condition that part "
			"of the block skips is undefined, and where the steps must be split is a "
			"choice of the code's");
	free(name);
}

/* Without volatile: the compiler may hoist the loads above the stores, one wavefront or not. */
static void report_nonvolatile_hip(struct cal_walk *w, const struct pending *p)
{
	char *name = cal_cursor_name(p->run.steps[0].base);
	int loop = !clang_Cursor_isNull(p->loop);
	struct cal_finding *f;

	f = cal_report(w, p->run.steps[0].expr, "warp-synchronous %s on non-volatile __shared__ "
		       "'%s'%s with no barrier: the compiler may keep the values in registers and "
		       "load other lanes' elements before any lane stores (they do not alias), so "
		       "even within one wavefront the steps read stale values; access the array "
		       "through a volatile pointer, or use __shfl_down",
		       loop ? "step" : "steps", name, loop ? " repeated by a loop" : "");
	if (!loop)
		cal_note_at(w, f, p->run.steps[1].expr,
			    "this step reads what other lanes wrote in the step before");
	cal_note_no_fix(w, f, p->run.steps[0].stmt, "HIP 5.2 has no __syncwarp(), and making the "
			"array volatile changes every other access to it");
	free(name);
}

/*
 * HIP: a run whose threads cross a wavefront of this target, else one on
 * non-volatile memory; a volatile run within one wavefront is right.
 */
static void hip_report(struct cal_walk *w, struct warp_state *st, struct pending *p)
{
	struct hip_ctx h = { NULL, clang_getNullCursor(), w->parse->wavefront };
	struct lane_range r = p->lanes;
	CXCursor call = clang_getNullCursor();
	struct crossing x;
	struct wu_fn f;
	int parm = !clang_Cursor_isNull(p->lane) && clang_getCursorKind(p->lane) == CXCursor_ParmDecl;
	int crosses = 0;

	if (h.wave && p->lane_ok && p->lanes.known && (!parm || calls_pass_thread(st, p)) &&
	    wu_fn_init(&f, w->parse->tu, p->fn_def) == 0) {
		h.f = &f;
		h.lane = parm ? p->lane : clang_getNullCursor();
		crosses = run_crosses(&h, p, &r, &x) ||
			  (p->lanes.hi == LLONG_MAX && caller_crossing(st, &h, p, &r, &x, &call));
	}
	if (crosses)
		report_wave(w, p, &r, &x, call);
	else if (p->run.steps[0].nonvol)
		report_nonvolatile_hip(w, p);
}

static void *warp_begin(struct cal_walk *w)
{
	struct warp_state *st = calloc(1, sizeof(struct warp_state));
	if (st) {
		st->max_call_depth = (int)cal_option_int(w, "MaxCallDepth");
		st->current.fn = st->current.body = clang_getNullCursor();
	}
	return st;
}

/* Index 1 + i of insts[i] by the hash of its cursor (open addressing, 0: empty). */
static size_t *inst_slot(struct warp_state *st, CXCursor fn, unsigned h)
{
	size_t mask = st->inst_index_size - 1, i;

	for (i = h & mask;; i = (i + 1) & mask)
		if (!st->inst_index[i] || clang_equalCursors(st->insts[st->inst_index[i] - 1], fn))
			return &st->inst_index[i];
}

static int grow_inst_index(struct warp_state *st)
{
	size_t *old = st->inst_index, n = st->inst_index_size, i;

	st->inst_index_size = n ? 2 * n : 256;
	st->inst_index = calloc(st->inst_index_size, sizeof(size_t));
	if (!st->inst_index) {
		st->inst_index = old;
		st->inst_index_size = n;
		return -1;
	}
	for (i = 0; i < st->nr_insts; i++)
		*inst_slot(st, st->insts[i], clang_hashCursor(st->insts[i])) = i + 1;
	free(old);
	return 0;
}

/*
 * Keep fn, an instantiation over a type, among those walked (once).  The
 * walk goes into a callee's body below its first call and back, so the
 * function changes often: a hash index keeps this cheap with thousands.
 */
static void note_instantiation(struct warp_state *st, CXCursor fn)
{
	unsigned h;
	size_t *slot;

	fn = clang_getCanonicalCursor(fn);
	if (st->nr_insts && clang_equalCursors(st->insts[st->nr_insts - 1], fn))
		return;
	if (2 * (st->nr_insts + 1) > st->inst_index_size && grow_inst_index(st) < 0)
		return;
	h = clang_hashCursor(fn);
	slot = inst_slot(st, fn, h);
	if (*slot)
		return;
	*slot = st->nr_insts + 1;
	GROW(st->insts, st->alloc_insts, st->nr_insts + 1);
	GROW(st->inst_templates, st->alloc_inst_templates, st->nr_insts + 1);
	st->inst_templates[st->nr_insts] = template_of(fn);
	st->insts[st->nr_insts++] = fn;
}

/*
 * Does e write an element a step or a loop's exchange could be made of: an
 * assignment, ++ or -- of an element element_of takes (volatile, __shared__,
 * a helper's pointer parameter)?  as_step's assignments and cross_lane_pair's
 * stores are all such writes.
 */
static int writes_warp_element(struct wu_fn *f, CXCursor e)
{
	CXCursor base, lhs = vol_written_lvalue(e);

	return !clang_Cursor_isNull(lhs) && element_of(f, lhs, &base) != ELEM_NONE;
}

static int write_test(CXCursor c, void *f)
{
	return writes_warp_element(f, c);
}

/*
 * Does block or loop c write such an element anywhere?  Where it does not,
 * check_block and check_loop can find nothing there: most blocks of a
 * template-heavy file's instantiations compute in registers, and scanning
 * each of their statements (steps, fills, barriers, a loop's accesses) was
 * most of this check's time.  Statements' verdicts are remembered, as the
 * barriers' are; those of blocks and loops come from the walk's own visit
 * (warp_leave), the others from one visit of the statement.
 */
static int holds_warp_write(struct warp_state *st, struct wu_fn *f, CXCursor c)
{
	return vol_memo_holds(&st->writing, c, write_test, f);
}

/* The walk's function, as st->current (found again after another's visit). */
static struct wu_fn *current_fn(struct warp_state *st, const struct cal_walk *w)
{
	struct wu_fn *f = &st->current;

	if (clang_Cursor_isNull(f->fn) || !clang_equalCursors(f->fn, w->function)) {
		wu_fn_init(f, w->parse->tu, w->function);
		f->memo = &st->uniform;
	}
	return f;
}

static int is_write_kind(enum CXCursorKind k)
{
	return k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
	       k == CXCursor_UnaryOperator;
}

/* The innermost open block or loop, if it is of the walk's frame (else NULL). */
static struct open_stmt *open_top(struct warp_state *st, const struct cal_walk *w)
{
	struct open_stmt *top = st->nr_open ? &st->open[st->nr_open - 1] : NULL;

	return top && top->frame == w->frame ? top : NULL;
}

/*
 * The walk is in another function than the innermost open block's, in its
 * frame (a local class's method): the blocks around it cannot tell from
 * the walk whether they write (the method's writes are not the function's).
 */
static void note_other_function(struct warp_state *st, const struct cal_walk *w)
{
	struct open_stmt *top = open_top(st, w);
	size_t i;

	if (!top || !top->exact || clang_equalCursors(top->fn, w->function))
		return;
	for (i = st->nr_open; i-- > 0 && st->open[i].frame == w->frame;)
		st->open[i].exact = 0;
}

static void note_write(struct cal_walk *w, struct warp_state *st, CXCursor c)
{
	struct open_stmt *top = open_top(st, w);

	if (top && top->exact && !top->writes &&
	    writes_warp_element(current_fn(st, w), c))
		top->writes = 1;
}

static void open_block(struct cal_walk *w, struct warp_state *st, CXCursor c)
{
	struct open_stmt *outer = open_top(st, w);
	struct open_stmt *o;

	GROW(st->open, st->alloc_open, st->nr_open + 1);
	o = &st->open[st->nr_open++];
	*o = (struct open_stmt){ c, w->function, w->frame, w->depth_cuts, st->seq++,
				 outer ? 0 : st->nr_judged, 0, 1 };
}

static void keep_judged(struct cal_walk *w, struct warp_state *st, const struct open_stmt *o)
{
	struct judged *j;

	GROW(st->judged, st->alloc_judged, st->nr_judged + 1);
	j = &st->judged[st->nr_judged++];
	*j = (struct judged){ o->c, o->fn, w->space, w->in_instantiation, o->writes, o->exact,
			      o->seq, NULL, w->depth };
	j->stack = xcalloc((size_t)w->depth + 1, sizeof(*j->stack));
	memcpy(j->stack, w->stack, (size_t)w->depth * sizeof(*j->stack));
}

static int by_seq(const void *a, const void *b)
{
	const struct judged *x = a, *y = b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Judge block or loop j->c with the walk's state of its visit. */
static void judge(struct cal_walk *w, struct warp_state *st, const struct judged *j)
{
	CXCursor fn = w->function;
	enum cal_space space = w->space;
	int in_instantiation = w->in_instantiation, depth = w->depth;
	struct wu_fn *f;

	w->function = j->fn;
	w->space = j->space;
	w->in_instantiation = j->in_instantiation;
	/* the ancestors below the outermost open block are the walk's own still */
	memcpy(w->stack, j->stack, (size_t)j->depth * sizeof(*w->stack));
	w->depth = j->depth;
	f = current_fn(st, w);
	if (j->exact ? j->writes : holds_warp_write(st, f, j->c)) {
		if (clang_getCursorKind(j->c) == CXCursor_CompoundStmt)
			check_block(w, st, f, j->c);
		else
			check_loop(w, st, f, j->c);
	}
	w->function = fn;
	w->space = space;
	w->in_instantiation = in_instantiation;
	w->depth = depth;
}

/* The judged blocks and loops from index from on, in the order of their visits. */
static void judge_from(struct cal_walk *w, struct warp_state *st, size_t from)
{
	size_t i;

	if (from >= st->nr_judged)
		return;		/* none wrote (and st->judged may be NULL) */
	qsort(st->judged + from, st->nr_judged - from, sizeof(*st->judged), by_seq);
	for (i = from; i < st->nr_judged; i++) {
		judge(w, st, &st->judged[i]);
		free(st->judged[i].stack);
	}
	st->nr_judged = from;
}

static void warp_leave(struct cal_walk *w, CXCursor c, void *state)
{
	struct warp_state *st = state;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct open_stmt o, *outer;

	if (!st || (k != CXCursor_CompoundStmt && !cal_is_loop_kind(k)))
		return;
	outer = open_top(st, w);
	if (!outer || !clang_equalCursors(outer->c, c))
		return;		/* not opened: a template pattern's, or one no finding can be in */
	o = st->open[--st->nr_open];
	if (w->depth_cuts != o.depth_cuts)
		o.exact = 0;
	if (o.exact)
		vol_memo_set(&st->writing, c, o.writes);
	if (o.writes || !o.exact)
		keep_judged(w, st, &o);
	outer = open_top(st, w);
	if (outer) {
		outer->writes |= o.writes;
		outer->exact &= o.exact;
	} else {
		judge_from(w, st, o.judged_from);
	}
}

static void warp_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct warp_state *st = state;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct wu_fn *f;

	if (!st)
		return;
	if (st->nr_open)
		note_other_function(st, w);
	if (is_write_kind(k)) {
		note_write(w, st, c);
		return;
	}
	if (!cal_walk_in_device_code(w) || clang_Cursor_isNull(w->function))
		return;
	f = current_fn(st, w);
	if (clang_Cursor_isNull(f->body))
		return;
	if (!vol_fix_allowed(w))
		note_instantiation(st, w->function);
	if (k == CXCursor_CallExpr) {
		note_call(w, st, f, c);
		return;
	}
	if (vol_in_template_pattern(w)) {
		warp_patterns_note(&st->patterns, c, w->function);
		return;
	}
	if (w->in_instantiation && warp_patterns_finding_free(&st->patterns, c))
		return;
	open_block(w, st, c);
}

static void warp_end(struct cal_walk *w, void *state)
{
	struct warp_state *st = state;
	size_t i;

	if (!st)
		return;
	if (st->nr_calls)
		qsort(st->calls, st->nr_calls, sizeof(*st->calls), by_callee);
	for (i = 0; i < st->nr_runs; i++) {
		struct pending *p = st->runs[i];
		p->shown = !p->run.steps[0].nonvol || callers_show(st, p);
		if (p->shown && !w->parse->hip)	/* HIP 5.2 has no __syncwarp() */
			decide_fix(w, st, p);
	}
	agree_across_instantiations(st);
	for (i = 0; i < st->nr_runs; i++) {
		if (st->runs[i]->shown && w->parse->hip)
			hip_report(w, st, st->runs[i]);
		else if (st->runs[i]->shown)
			report_run(w, st->runs[i]);
		free(st->runs[i]);
	}
	free(st->runs);
	free(st->insts);
	free(st->inst_templates);
	free(st->inst_index);
	for (i = 0; i < st->nr_calls; i++)
		free(st->calls[i].path);
	free(st->calls);
	free(st->loop_fills);
	vol_stmt_memo_release(&st->barriers);
	wu_memo_release(&st->uniform);
	vol_stmt_memo_release(&st->writing);
	warp_patterns_release(&st->patterns);
	for (i = 0; i < st->nr_judged; i++)	/* a walk cut short */
		free(st->judged[i].stack);
	free(st->judged);
	free(st->open);
	free(st);
}

const struct cal_check cal_check_volatile_warp_sync = {
	.id = "volatile-warp-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "warp-synchronous code relying on volatile shared memory and implicit "
		   "lockstep, with no __syncwarp() between dependent steps",
	.doc = "volatile-warp-sync.md",
	.languages = CAL_LANG_CUDA | CAL_LANG_HIP,
	/* in HIP it builds no fix (HIP 5.2 has no __syncwarp) and says why itself */
	.hip_fixes = 1,
	/* and the writes, for the blocks that hold one (warp_leave) */
	.kinds = CAL_KINDS(CXCursor_CompoundStmt, CXCursor_CallExpr, CXCursor_ForStmt,
			 CXCursor_WhileStmt, CXCursor_DoStmt, CXCursor_BinaryOperator,
			 CXCursor_CompoundAssignOperator, CXCursor_UnaryOperator),
	/* a step's object is volatile, or shared memory that is not */
	.needs_words = CAL_WORD_VOLATILE | CAL_WORD_SHARED,
	.device_only = 1,	/* warp_visit judges device code only */
	.begin = warp_begin,
	.visit = warp_visit,
	.leave = warp_leave,
	.end = warp_end,
	.options = (const struct cal_check_option[]){
		{ "MaxCallDepth", CAL_OPTION_INT, "8", 0, MAX_CALL_DEPTH,
		  "callers followed up from a function to prove every lane of the warp reaches it" },
		{ .name = NULL },
	},
};
