/*
 * scope-mismatch: the statements of a switch one run executes
 * (switch_cases.h).
 */
#include "parse/ast.h"
#include "analysis/expr_util.h"
#include "checks/scope-mismatch/switch_cases.h"

#define MAX_LABEL_DEPTH 16	/* 'case A: case B: ...' chains and nested { } */

static int is_label(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt;
}

CXCursor cal_sm_switch_cond(CXCursor sw)
{
	int n = cal_nr_children(sw);
	CXCursor cond;

	if (clang_getCursorKind(sw) != CXCursor_SwitchStmt || n < 2)
		return clang_getNullCursor();
	cond = cal_child(sw, n - 2);
	return clang_isExpression(clang_getCursorKind(cond)) ? cond : clang_getNullCursor();
}

/* The { } body of sw, or a null cursor. */
static CXCursor switch_body(CXCursor sw)
{
	int n = cal_nr_children(sw);
	CXCursor body = n > 0 ? cal_child(sw, n - 1) : clang_getNullCursor();

	return clang_getCursorKind(body) == CXCursor_CompoundStmt ? body : clang_getNullCursor();
}

/* The statement under a chain of labels ('case A: case B: s' gives s). */
static CXCursor strip_labels(CXCursor s)
{
	for (int guard = 0; guard < MAX_LABEL_DEPTH && is_label(s); guard++)
		s = cal_child(s, cal_nr_children(s) - 1);
	return s;
}

static int count_label(CXCursor c, void *data)
{
	*(int *)data += is_label(c);
	return 0;
}

static int is_switch(CXCursor c, void *data)
{
	(void)data;
	return clang_getCursorKind(c) == CXCursor_SwitchStmt;
}

/* Are all labels of the body (nested switches aside) on its own statements? */
static int labels_on_top(CXCursor body)
{
	int i, n = cal_nr_children(body), all = 0, top = 0;

	cal_subtree_find(body, count_label, is_switch, &all, NULL);
	for (i = 0; i < n; i++) {
		CXCursor s = cal_child(body, i);
		for (int guard = 0; guard < MAX_LABEL_DEPTH && is_label(s); guard++) {
			top++;
			s = cal_child(s, cal_nr_children(s) - 1);
		}
	}
	return all == top;
}

int cal_sm_switch_position(CXCursor sw, CXCursor body, CXCursor top, struct cal_sm_case *pos)
{
	CXCursor real = switch_body(sw);
	int i, n;

	if (clang_Cursor_isNull(real) || !clang_equalCursors(real, body) || !labels_on_top(body))
		return 0;
	n = cal_nr_children(body);
	pos->label = -1;
	for (i = 0; i < n; i++) {
		CXCursor s = cal_child(body, i);
		if (is_label(s))
			pos->label = i;
		if (clang_equalCursors(s, top)) {
			pos->stmt = i;
			return 1;
		}
	}
	return 0;
}

/* Does statement s end every run that reaches its end (break, return, continue)? */
static int ends_run(CXCursor s)
{
	enum CXCursorKind k;

	for (int guard = 0; guard < MAX_LABEL_DEPTH; guard++) {
		s = strip_labels(s);
		k = clang_getCursorKind(s);
		if (k == CXCursor_BreakStmt || k == CXCursor_ReturnStmt || k == CXCursor_ContinueStmt)
			return 1;
		if (k != CXCursor_CompoundStmt || cal_nr_children(s) == 0)
			return 0;
		s = cal_child(s, cal_nr_children(s) - 1);
	}
	return 0;
}

/* Does a statement of body in [from, to) end the run? */
static int ended_between(CXCursor body, int from, int to)
{
	int i;

	for (i = from; i < to; i++)
		if (ends_run(cal_child(body, i)))
			return 1;
	return 0;
}

int cal_sm_switch_exclusive(CXCursor sw, const struct cal_sm_case *a, const struct cal_sm_case *b)
{
	CXCursor body = switch_body(sw);

	if (clang_Cursor_isNull(body) || a->label < 0 || b->label < 0 || a->label == b->label)
		return 0;
	if (a->label > b->label) {
		const struct cal_sm_case *t = a;
		a = b;
		b = t;
	}
	/* a run entering before b's labels passes a, then must fall through to b */
	return ended_between(body, a->stmt, b->label);
}

static int eval_int(CXCursor e, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	int ok;

	if (!r)
		return 0;
	ok = clang_EvalResult_getKind(r) == CXEval_Int;
	if (ok)
		*v = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return ok;
}

/* Does label chain s take v: 1 a case, 2 a default only, 0 no, -1 cannot tell? */
static int chain_takes(CXCursor s, long long v)
{
	long long lo, hi;
	int taken = 0;

	for (int guard = 0; guard < MAX_LABEL_DEPTH && is_label(s); guard++) {
		int n = cal_nr_children(s);
		if (clang_getCursorKind(s) == CXCursor_DefaultStmt) {
			taken = taken ? taken : 2;
		} else {
			/* 'case lo:' or GNU 'case lo ... hi:' */
			if (!eval_int(cal_child(s, 0), &lo) || !eval_int(cal_child(s, n == 3 ? 1 : 0), &hi))
				return -1;
			if (v >= lo && v <= hi)
				taken = 1;
		}
		s = cal_child(s, n - 1);
	}
	return taken;
}

/* The index of the statement a run with value v enters at; -1 none, -2 cannot tell. */
static int entry_of(CXCursor body, long long v)
{
	int i, n = cal_nr_children(body), deflt = -1, t;

	for (i = 0; i < n; i++) {
		t = chain_takes(cal_child(body, i), v);
		if (t < 0)
			return -2;
		if (t == 1)
			return i;
		if (t == 2)
			deflt = i;
	}
	return deflt;
}

int cal_sm_switch_runs(CXCursor sw, long long v, const struct cal_sm_case *pos)
{
	CXCursor body = switch_body(sw);
	int entry;

	if (clang_Cursor_isNull(body) || !labels_on_top(body))
		return -1;
	entry = entry_of(body, v);
	if (entry == -2)
		return -1;
	if (entry < 0 || pos->label < 0 || pos->stmt < entry)
		return 0;
	return !ended_between(body, entry, pos->stmt);
}
