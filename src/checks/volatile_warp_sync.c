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
 * as in 'if (blockSize >= 64) s[tid] += s[tid + 32];') whose left side is
 * an element through a volatile pointer or array and whose right side reads
 * the same volatile object.  Two or more consecutive steps on the same
 * object with no barrier statement between them are flagged, and so is a
 * loop whose body is a single step and which has no barrier.
 *
 * The fix rewrites each step into
 *	{ T v = <reads>; __syncwarp(); <lhs> = v; __syncwarp(); }
 * on the step's own line: the reads and the write of a step are separated,
 * and the next step starts after every lane's write.
 */
#include <stdlib.h>
#include <string.h>

#include "../ast.h"
#include "../check.h"
#include "../fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "volatile_util.h"

#define MAX_RUN 64

struct step {
	CXCursor expr;		/* the assignment */
	CXCursor base;		/* the volatile array or pointer variable */
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

/* Is statement s a step? Fills *out. */
static int as_step(CXCursor s, struct step *out)
{
	struct read_search rs;
	CXCursor lhs, rhs;
	enum CXCursorKind lk;
	int compound;

	if (clang_getCursorKind(s) == CXCursor_IfStmt && cal_nr_children(s) == 2)
		s = cal_child(s, 1);
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
	rs.base = cal_base_variable(lhs);
	rs.found = 0;
	if (clang_Cursor_isNull(rs.base))
		return 0;
	read_visitor(rhs, s, &rs);
	if (!rs.found)
		clang_visitChildren(rhs, read_visitor, &rs);
	if (!rs.found)
		return 0;
	out->expr = s;
	out->base = rs.base;
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

/* A name for the step's temporary that the step itself does not use. */
static char *temporary_name(const char *step_text)
{
	struct strbuf name = STRBUF_INIT;

	strbuf_adds(&name, "v");
	while (mentions_identifier(step_text, name.buf) && name.len < 16)
		strbuf_addch(&name, '_');
	return strbuf_detach(&name);
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
	char *rtext = vol_cursor_text(tu, rhs), *op, *out;
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

static int step_edit(CXTranslationUnit tu, const struct step *s, struct cal_edit *e)
{
	CXCursor lhs = cal_child(s->expr, 0);
	CXSourceRange r = vol_statement_range(tu, s->expr);
	char *ltext = vol_cursor_text(tu, lhs), *stext = vol_range_text(tu, r);
	char *type = vol_value_type(clang_getCursorType(lhs)), *value = NULL, *name = NULL, *text;
	int ret = -1;

	if (!ltext || !stext || !(value = step_value(tu, s->expr, ltext)))
		goto out;
	name = temporary_name(stext);
	text = xasprintf("{ %s %s = %s; __syncwarp(); %s = %s; __syncwarp(); }", type, name, value,
			 ltext, name);
	ret = cal_edit_replace(r, text, e);
	free(text);
out:
	free(ltext);
	free(stext);
	free(type);
	free(value);
	free(name);
	return ret;
}

/* Does condition c limit the lanes to fewer than a warp ('tid < 16')? */
static int limits_lanes(CXTranslationUnit tu, CXCursor c)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;
	int partial = 0;

	clang_tokenize(tu, vol_file_extent(tu, c), &toks, &n);
	for (i = 0; i + 1 < n && !partial; i++) {
		char *op = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		char *num = cal_take_string(clang_getTokenSpelling(tu, toks[i + 1]));
		char *end;
		unsigned long k = strtoul(num, &end, 0);

		if (clang_getTokenKind(toks[i + 1]) == CXToken_Literal && end != num)
			partial = (!strcmp(op, "<") && k < 32) || (!strcmp(op, "<=") && k < 31);
		free(op);
		free(num);
	}
	clang_disposeTokens(tu, toks, n);
	return partial;
}

/*
 * Is the current code under an 'if' that admits only part of a warp?  The
 * fix's full-mask __syncwarp() would then wait for lanes that never come.
 */
static int in_partial_warp(const struct cal_walk *w)
{
	int i;

	for (i = w->depth - 1; i >= 0; i--) {
		enum CXCursorKind k = clang_getCursorKind(w->stack[i]);
		if (cal_is_function_kind(k))
			break;
		if (k == CXCursor_IfStmt &&
		    limits_lanes(w->parse->tu, cal_child(w->stack[i], 0)))
			return 1;
	}
	return 0;
}

static void add_fix(struct cal_walk *w, struct cal_finding *f, const struct run *run)
{
	struct cal_edit edits[MAX_RUN];
	struct cal_fix *fix;
	int i, n;

	if (w->parse->partial || !vol_fix_allowed(w) || in_partial_warp(w))
		return;
	for (n = 0; n < run->n; n++)
		if (step_edit(w->parse->tu, &run->steps[n], &edits[n]) < 0)
			break;
	if (n == run->n) {
		fix = cal_finding_add_fix(f, "separate the reads and writes of each step with __syncwarp()");
		for (i = 0; i < n; i++)
			cal_fix_add_edit(fix, &edits[i]);
	}
	for (i = 0; i < n; i++)
		cal_edit_clear(&edits[i]);
}

/* ---- finding runs ---- */

static void report_run(struct cal_walk *w, const struct run *run, CXCursor loop)
{
	char *name = cal_cursor_name(run->steps[0].base);
	struct cal_finding *f;

	if (clang_Cursor_isNull(loop)) {
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
	add_fix(w, f, run);
	free(name);
}

struct scan {
	struct cal_walk *w;
	struct run run;
};

static void flush(struct scan *s)
{
	if (s->run.n >= 2)
		report_run(s->w, &s->run, clang_getNullCursor());
	s->run.n = 0;
}

static enum CXChildVisitResult statement_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct scan *s = data;
	struct step st;

	(void)parent;
	if (vol_contains_barrier(c) || !as_step(c, &st)) {
		flush(s);
		return CXChildVisit_Continue;
	}
	if (s->run.n && (!clang_equalCursors(s->run.steps[0].base, st.base) || s->run.n == MAX_RUN))
		flush(s);
	s->run.steps[s->run.n++] = st;
	return CXChildVisit_Continue;
}

static void check_block(struct cal_walk *w, CXCursor block)
{
	struct scan s = { .w = w, .run = { .n = 0 } };

	clang_visitChildren(block, statement_visitor, &s);
	flush(&s);
}

static void check_loop(struct cal_walk *w, CXCursor loop)
{
	enum CXCursorKind k = clang_getCursorKind(loop);
	CXCursor body = k == CXCursor_DoStmt ? cal_child(loop, 0)
					     : cal_child(loop, cal_nr_children(loop) - 1);
	struct run run = { .n = 1 };

	if (clang_getCursorKind(body) == CXCursor_CompoundStmt && cal_nr_children(body) != 1)
		return;
	if (!as_step(body, &run.steps[0]) || vol_contains_barrier(loop))
		return;
	report_run(w, &run, loop);
}

static void warp_visit(struct cal_walk *w, CXCursor c, void *state)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)state;
	if (!cal_walk_in_device_code(w) || vol_in_template_pattern(w))
		return;
	if (k == CXCursor_CompoundStmt)
		check_block(w, c);
	else if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
		check_loop(w, c);
}

const struct cal_check cal_check_volatile_warp_sync = {
	.id = "volatile-warp-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "warp-synchronous code relying on volatile shared memory and implicit "
		   "lockstep, with no __syncwarp() between dependent steps",
	.visit = warp_visit,
};
