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
 * The fix rewrites each step into
 *	{ T v = <reads>; __syncwarp(); <lhs> = v; __syncwarp(); }
 * and a step under a condition that may split the warp into
 *	{ bool c = <cond>; T v{}; if (c) v = <reads>; __syncwarp(); if (c) <lhs> = v; __syncwarp(); }
 * so every lane meets every full-mask __syncwarp().  That needs every lane
 * of the warp to reach the step: warp_uniform.h decides it, through the
 * enclosing conditions, loops and early exits, and through every call of a
 * helper function in the translation unit.  The calls are only all known
 * at the end of the walk, so runs are reported there.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/check_option.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "analysis/volatile_util.h"
#include "analysis/warp_uniform.h"

#define MAX_RUN 64
#define MAX_CALL_DEPTH 64	/* the most MaxCallDepth may ask for */

struct step {
	CXCursor stmt;		/* the statement: the assignment, or the 'if' around it */
	CXCursor expr;		/* the assignment */
	CXCursor guard;		/* the condition of the 'if', or null */
	CXCursor base;		/* the volatile array or pointer variable */
	int hoist;		/* the guard may split the warp: the hoisted form */
};

struct run {
	struct step steps[MAX_RUN];
	int n;
};

struct read_search {
	CXCursor base;
	int found;
};

static enum CXChildVisitResult read_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct read_search *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if ((k == CXCursor_ArraySubscriptExpr || vol_is_unary(c, CXUnaryOperator_Deref)) &&
	    vol_is_volatile_lvalue(c) &&
	    clang_equalCursors(cal_base_variable(c), s->base)) {
		s->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static int reads_object(CXCursor e, CXCursor base)
{
	struct read_search rs = { base, 0 };

	if (clang_Cursor_isNull(e))
		return 0;
	read_visitor(e, e, &rs);
	if (!rs.found)
		clang_visitChildren(e, read_visitor, &rs);
	return rs.found;
}

static int is_array_var(CXCursor var)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(var)).kind;
	return k == CXType_ConstantArray || k == CXType_IncompleteArray;
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

/* Is statement s a step? Fills *out. */
static int as_step(struct wu_fn *f, CXCursor s, struct step *out)
{
	CXCursor stmt, guard = clang_getNullCursor(), lhs, rhs;
	enum CXCursorKind lk;
	int compound;

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
	s = cal_ignore_wrappers(s);
	if (!vol_is_assignment(s, &compound) || cal_nr_children(s) != 2)
		return 0;
	lhs = cal_ignore_wrappers(cal_child(s, 0));
	rhs = cal_child(s, 1);
	lk = clang_getCursorKind(lhs);
	if ((lk != CXCursor_ArraySubscriptExpr && !vol_is_unary(lhs, CXUnaryOperator_Deref)) ||
	    !vol_is_volatile_lvalue(lhs))
		return 0;
	out->base = cal_base_variable(lhs);
	if (clang_Cursor_isNull(out->base))
		return 0;
	if (!reads_object(rhs, out->base) && !reads_object(guard, out->base))
		return 0;
	if (same_element_on_all_lanes(f, lhs, out->base))
		return 0;
	if (!clang_Cursor_isNull(guard) && wu_single_lane(f, guard))
		return 0;
	out->stmt = stmt;
	out->expr = s;
	out->guard = guard;
	out->hoist = !clang_Cursor_isNull(guard) && !wu_whole_warps(f, guard);
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

static int step_edit(CXTranslationUnit tu, const struct step *s, struct cal_edit *e)
{
	CXCursor lhs = cal_child(s->expr, 0);
	CXSourceRange r = s->hoist ? guarded_range(tu, s) : vol_statement_range(tu, s->expr);
	char *ltext = cal_cursor_text(tu, lhs, CAL_TEXT_NO_MACROS);
	char *stext = cal_range_text(tu, r, CAL_TEXT_NO_MACROS);
	char *type = vol_value_type(clang_getCursorType(lhs)), *value = NULL, *name = NULL;
	char *text = NULL;
	int ret = -1;

	if (!ltext || !stext || !(value = step_value(tu, s->expr, ltext)))
		goto out;
	if (s->hoist) {
		if (!scalar_type(clang_getCursorType(lhs)))
			goto out;
		text = hoisted_text(tu, s, stext, type, ltext, value);
	} else {
		name = fresh_name(stext, "v");
		text = xasprintf("{ %s %s = %s; __syncwarp(); %s = %s; __syncwarp(); }", type, name,
				 value, ltext, name);
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
	CXCursor caller;	/* canonical cursor of the calling function */
	CXCursor caller_def;	/* the calling function as walked (its body is there) */
	CXCursor call;
	CXTranslationUnit tu;
	CXCursor *path;		/* from the caller's body down to the call's parent; NULL: unknown */
	int n;
	int all_lanes;		/* -1 not judged yet */
	struct no_fix why;
};

/* A run found during the walk, reported at its end when every call is known. */
struct pending {
	struct run run;
	CXCursor loop;		/* the loop repeating a one-step body, or null */
	CXCursor fn;		/* canonical cursor of the function holding the run */
	int fixable;		/* clean parse, not an instantiation over a type */
	int in_template;	/* in an instantiation over a type: no fix, a note says why */
	int all_lanes;		/* every lane that enters fn reaches the run */
	struct no_fix why;
};

struct warp_state {
	struct pending **runs;
	size_t nr_runs, alloc_runs;
	struct call_site *calls;
	size_t nr_calls, alloc_calls;
	int max_call_depth;	/* MaxCallDepth */
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

static void add_fix(struct cal_finding *f, CXTranslationUnit tu, const struct run *run)
{
	struct cal_edit edits[MAX_RUN];
	int n;

	for (n = 0; n < run->n; n++)
		if (step_edit(tu, &run->steps[n], &edits[n]) < 0)
			break;
	if (n == run->n)
		cal_add_fix_edits(f, "separate the reads and writes of each step with __syncwarp()",
				  edits, n);
	else
		while (n-- > 0)
			cal_edit_clear(&edits[n]);
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

/*
 * Does every lane of a warp reach fn: a kernel, or a function all of whose
 * calls in the translation unit every lane makes, from such functions?
 */
static int fn_reached_by_all(struct warp_state *st, CXCursor fn, int depth,
			     struct no_fix *why)
{
	size_t i;
	int calls = 0;

	if (cal_function_space(fn) == CAL_SPACE_GLOBAL)
		return 1;
	if (depth > st->max_call_depth) {
		why->at = fn;
		why->why = why_too_deep;
		return 0;
	}
	for (i = 0; i < st->nr_calls; i++) {
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

static void report_run(struct cal_walk *w, struct warp_state *st, const struct pending *p)
{
	const struct run *run = &p->run;
	char *name = cal_cursor_name(run->steps[0].base);
	struct no_fix why = p->why;
	struct cal_finding *f;

	if (clang_Cursor_isNull(p->loop)) {
		f = cal_report(w, run->steps[0].expr,
			       "warp-synchronous steps on volatile '%s' with no __syncwarp() between "
			       "them: lanes of a warp are not in lockstep since Volta, so separate each "
			       "step's reads and writes with __syncwarp() or use __shfl_down_sync", name);
		cal_note_at(w, f, run->steps[1].expr,
			    "this step reads what other lanes wrote in the step before");
	} else {
		f = cal_report(w, run->steps[0].expr,
			       "warp-synchronous step on volatile '%s' repeated by a loop with no "
			       "__syncwarp(): lanes of a warp are not in lockstep since Volta, so separate "
			       "each step's reads and writes with __syncwarp() or use __shfl_down_sync",
			       name);
	}
	free(name);
	if (p->in_template && !w->parse->partial)
		cal_note_no_fix_in_template(w, f, p->fn, "these steps", NULL);
	if (!p->fixable)
		return;
	if (p->all_lanes && fn_reached_by_all(st, p->fn, 0, &why)) {
		add_fix(f, w->parse->tu, run);
		return;
	}
	if (!clang_Cursor_isNull(why.at))
		cal_note_at(w, f, why.at, "no fix: %s", why.why);
}

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
	p->fixable = !w->parse->partial && vol_fix_allowed(w);
	p->in_template = !vol_fix_allowed(w);
	p->why.at = clang_getNullCursor();
	p->all_lanes = lanes_reach(f, path, n, first, &p->why);
	free(path);
	GROW(st->runs, st->alloc_runs, st->nr_runs + 1);
	st->runs[st->nr_runs++] = p;
}

struct scan {
	struct cal_walk *w;
	struct warp_state *st;
	struct wu_fn *f;
	CXCursor block;
	struct run run;
};

static void flush(struct scan *s)
{
	if (s->run.n >= 2)
		keep_run(s->w, s->st, s->f, &s->run, s->block, s->run.steps[0].stmt,
			 clang_getNullCursor());
	s->run.n = 0;
}

static enum CXChildVisitResult statement_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct scan *s = data;
	struct step st;

	(void)parent;
	if (vol_contains_barrier(c) || !as_step(s->f, c, &st)) {
		flush(s);
		return CXChildVisit_Continue;
	}
	if (s->run.n && (!clang_equalCursors(s->run.steps[0].base, st.base) || s->run.n == MAX_RUN))
		flush(s);
	s->run.steps[s->run.n++] = st;
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
	struct step step;
	int steps, others;
};

static enum CXChildVisitResult loop_body_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct loop_body_scan *lb = data;
	struct step st;

	(void)parent;
	if (is_counter_update(c))
		return CXChildVisit_Continue;
	if (as_step(lb->f, c, &st)) {
		lb->step = st;
		lb->steps++;
	} else {
		lb->others++;
	}
	return CXChildVisit_Continue;
}

/*
 * The one step a loop repeats: its body, or the one step of a braced body
 * whose other statements only update counters ('while (k > 0) { if (tid <
 * k) s[tid] += s[tid + k]; k >>= 1; }').
 */
static int loop_step(struct wu_fn *f, CXCursor body, struct step *out)
{
	struct loop_body_scan lb = { .f = f };

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt || cal_nr_children(body) == 1)
		return as_step(f, body, out);
	clang_visitChildren(body, loop_body_visitor, &lb);
	if (lb.steps != 1 || lb.others)
		return 0;
	*out = lb.step;
	return 1;
}

static void check_loop(struct cal_walk *w, struct warp_state *st, struct wu_fn *f, CXCursor loop)
{
	enum CXCursorKind k = clang_getCursorKind(loop);
	CXCursor body = k == CXCursor_DoStmt ? cal_child(loop, 0)
					     : cal_child(loop, cal_nr_children(loop) - 1);
	struct run *run = calloc(1, sizeof(*run));

	if (!run)
		return;
	run->n = 1;
	if (loop_step(f, body, &run->steps[0]) && !vol_contains_barrier(loop))
		keep_run(w, st, f, run, loop, body, loop);
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

static void *warp_begin(struct cal_walk *w)
{
	struct warp_state *st = calloc(1, sizeof(struct warp_state));
	if (st)
		st->max_call_depth = (int)cal_option_int(w, "MaxCallDepth");
	return st;
}

static void warp_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct warp_state *st = state;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct wu_fn f;

	if (!st || !cal_walk_in_device_code(w) || clang_Cursor_isNull(w->function))
		return;
	if (wu_fn_init(&f, w->parse->tu, w->function) < 0)
		return;
	if (k == CXCursor_CallExpr) {
		note_call(w, st, &f, c);
		return;
	}
	if (vol_in_template_pattern(w))
		return;
	if (k == CXCursor_CompoundStmt)
		check_block(w, st, &f, c);
	else
		check_loop(w, st, &f, c);
}

static void warp_end(struct cal_walk *w, void *state)
{
	struct warp_state *st = state;
	size_t i;

	if (!st)
		return;
	for (i = 0; i < st->nr_runs; i++) {
		report_run(w, st, st->runs[i]);
		free(st->runs[i]);
	}
	free(st->runs);
	for (i = 0; i < st->nr_calls; i++)
		free(st->calls[i].path);
	free(st->calls);
	free(st);
}

const struct cal_check cal_check_volatile_warp_sync = {
	.id = "volatile-warp-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "warp-synchronous code relying on volatile shared memory and implicit "
		   "lockstep, with no __syncwarp() between dependent steps",
	.doc = "volatile-warp-sync.md",
	.kinds = CAL_KINDS(CXCursor_CompoundStmt, CXCursor_CallExpr, CXCursor_ForStmt,
			 CXCursor_WhileStmt, CXCursor_DoStmt),
	.begin = warp_begin,
	.visit = warp_visit,
	.end = warp_end,
	.options = (const struct cal_check_option[]){
		{ "MaxCallDepth", CAL_OPTION_INT, "8", 0, MAX_CALL_DEPTH,
		  "callers followed up from a function to prove every lane of the warp reaches it" },
		{ .name = NULL },
	},
};
