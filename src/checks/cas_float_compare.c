/*
 * cas-float-compare: a CAS loop that decides whether to retry by comparing
 * floating-point values.
 *
 * The CAS compares bit patterns; if the loop then compares the old and the
 * assumed value as floats, a NaN in memory makes 'assumed != old' true
 * forever (NaN is unequal to itself), so the loop never ends (and every
 * round stores again).  The CUDA Programming Guide's atomicAdd(double)
 * example compares the integer words for exactly that reason.
 *
 * A loop is a CAS loop when its body or condition calls atomicCAS (any
 * scope), a compare_exchange_weak/strong member, or
 * __nv_atomic_compare_exchange(_n).  The retry decision is the loop
 * condition, and the condition of an 'if' whose branch leaves the loop
 * ('break' or 'return').  A comparison is judged when it is == or != on
 * floating-point operands and one operand mentions a variable the loop
 * feeds from the CAS (assigned from a CAS result, or the 'expected' of a
 * compare_exchange), or the CAS result itself.
 *
 * Fix (__device__/__global__ code, not in a template): compare the words
 * instead, with __float_as_uint / __double_as_longlong around both operands.
 */
#include <stdlib.h>
#include <string.h>

#include "../ast.h"
#include "../check.h"
#include "../fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "expr_util.h"

#define MAX_FED 32

struct cas_loop {
	CXCursor fed[MAX_FED];	/* canonical variables the CAS feeds */
	int nr_fed;
};

static const char *const cas_names[] = {
	"atomicCAS", "atomicCAS_block", "atomicCAS_system",
	"compare_exchange_weak", "compare_exchange_strong",
	"__nv_atomic_compare_exchange", "__nv_atomic_compare_exchange_n",
};

static int is_cas_call(CXCursor c, void *data)
{
	size_t i;
	(void)data;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return 0;
	for (i = 0; i < sizeof(cas_names) / sizeof(cas_names[0]); i++)
		if (cal_cursor_name_is(c, cas_names[i]))
			return 1;
	return 0;
}

static int contains_cas(CXCursor e)
{
	return is_cas_call(e, NULL) || cal_subtree_find(e, is_cas_call, NULL, NULL, NULL);
}

static void add_fed(struct cas_loop *l, CXCursor var)
{
	if (clang_Cursor_isNull(var) || l->nr_fed == MAX_FED)
		return;
	l->fed[l->nr_fed++] = clang_getCanonicalCursor(var);
}

/* The variable a CAS passes its expected value through (by reference or pointer). */
static CXCursor cas_expected_var(CXCursor call)
{
	int arg = cal_cursor_name_starts(call, "__nv_atomic") ? 1 : 0;

	if (cal_cursor_name_starts(call, "atomicCAS") ||
	    clang_Cursor_getNumArguments(call) <= arg)
		return clang_getNullCursor();
	return cal_base_variable(clang_Cursor_getArgument(call, arg));
}

static int collect_fed(CXCursor c, void *data)
{
	struct cas_loop *l = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (cal_is_binop(c, CXBinaryOperator_Assign) && contains_cas(cal_child(c, 1)))
		add_fed(l, cal_base_variable(cal_child(c, 0)));
	else if (k == CXCursor_VarDecl && !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(c)) &&
		 contains_cas(clang_Cursor_getVarDeclInitializer(c)))
		add_fed(l, c);
	else if (is_cas_call(c, NULL))
		add_fed(l, cas_expected_var(c));
	return 0;	/* visit everything */
}

static int mentions_fed(CXCursor c, void *data)
{
	const struct cas_loop *l = data;
	CXCursor ref;
	int i;

	if (is_cas_call(c, NULL))
		return 1;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	ref = clang_getCanonicalCursor(clang_getCursorReferenced(c));
	for (i = 0; i < l->nr_fed; i++)
		if (clang_equalCursors(ref, l->fed[i]))
			return 1;
	return 0;
}

static int operand_is_fed(CXCursor op, const struct cas_loop *l)
{
	return mentions_fed(op, (void *)l) ||
	       cal_subtree_find(op, mentions_fed, NULL, (void *)l, NULL);
}

static const char *word_function(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Float: return "__float_as_uint";
	case CXType_Double: return "__double_as_longlong";
	default: return NULL;
	}
}

static void add_word_fix(struct cal_walk *w, struct cal_finding *f, CXCursor cmp,
			 const char *fn)
{
	struct cal_edit edits[2];
	int i;

	memset(edits, 0, sizeof(edits));
	for (i = 0; i < 2; i++) {
		CXCursor op = cal_child(cmp, i);
		char *text = cal_cursor_text(w->parse->tu, op);
		char *wrapped;
		if (!text)
			continue;
		wrapped = xasprintf("%s(%s)", fn, text);
		cal_edit_replace_cursor(op, wrapped, &edits[i]);
		free(wrapped);
		free(text);
	}
	cal_add_fix_edits(f, "compare the bit patterns", edits, 2);
}

static void report_compare(struct cal_walk *w, CXCursor cmp)
{
	CXType t = clang_getCursorType(cal_child(cmp, 0));
	char *type = cal_type_name(clang_getCanonicalType(t));
	const char *op = cal_is_binop(cmp, CXBinaryOperator_EQ) ? "==" : "!=";
	const char *fn = word_function(t);
	struct cal_finding *f;

	f = cal_report(w, cmp, "CAS loop compares '%s' values with '%s' to decide whether "
		       "to retry: NaN compares unequal to itself, so the loop never ends "
		       "once the value is NaN", type, op);
	if (w->in_instantiation) {
		char *name = cal_walk_function_name(w);
		cal_note_at(w, f, w->function, "in instantiation '%s'; compare the bit "
			    "patterns for floating-point types", name);
		free(name);
	} else if (fn && cal_walk_in_device_code(w) && !(w->space & CAL_SPACE_HOST)) {
		/* __float_as_uint is a device function: not in host or __host__ __device__ code */
		add_word_fix(w, f, cmp, fn);
	}
	free(type);
}

static int is_float_compare(CXCursor c)
{
	return (cal_is_binop(c, CXBinaryOperator_EQ) || cal_is_binop(c, CXBinaryOperator_NE)) &&
	       cal_type_is_floating(clang_getCursorType(cal_child(c, 0))) &&
	       cal_type_is_floating(clang_getCursorType(cal_child(c, 1)));
}

struct decision {
	struct cal_walk *w;
	const struct cas_loop *loop;
};

static int judge_compare(CXCursor c, void *data)
{
	struct decision *d = data;

	if (is_float_compare(c) && (operand_is_fed(cal_child(c, 0), d->loop) ||
				    operand_is_fed(cal_child(c, 1), d->loop)))
		report_compare(d->w, c);
	return 0;
}

static void judge_condition(struct decision *d, CXCursor cond)
{
	judge_compare(cond, d);
	cal_subtree_find(cond, judge_compare, NULL, d, NULL);
}

static int leaves_loop(CXCursor stmt)
{
	enum CXCursorKind k = clang_getCursorKind(stmt);
	int i, n;

	if (k == CXCursor_BreakStmt || k == CXCursor_ReturnStmt)
		return 1;
	if (k != CXCursor_CompoundStmt)
		return 0;
	n = cal_nr_children(stmt);
	for (i = 0; i < n; i++) {
		k = clang_getCursorKind(cal_child(stmt, i));
		if (k == CXCursor_BreakStmt || k == CXCursor_ReturnStmt)
			return 1;
	}
	return 0;
}

static int is_nested_scope(CXCursor c, void *data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)data;
	return cal_is_loop_kind(k) || k == CXCursor_LambdaExpr || k == CXCursor_SwitchStmt;
}

static int judge_exit_if(CXCursor c, void *data)
{
	if (clang_getCursorKind(c) == CXCursor_IfStmt && leaves_loop(cal_child(c, 1)))
		judge_condition(data, cal_child(c, 0));
	return 0;
}

/* The condition of a while or do loop; for a 'for', every part but the body. */
static void judge_loop_conditions(struct decision *d, CXCursor loop)
{
	int i, n = cal_nr_children(loop);

	switch (clang_getCursorKind(loop)) {
	case CXCursor_WhileStmt:
		judge_condition(d, cal_child(loop, 0));
		break;
	case CXCursor_DoStmt:
		judge_condition(d, cal_child(loop, n - 1));
		break;
	default:
		for (i = 0; i < n - 1; i++)
			judge_condition(d, cal_child(loop, i));
		break;
	}
}

static int judged_here(const struct cal_walk *w)
{
	/* a device parse sees host functions too, unless #ifndef __CUDA_ARCH__ hides them */
	if (w->parse->is_host)
		return w->space == CAL_SPACE_HOST;
	return cal_walk_in_device_code(w) || w->space == CAL_SPACE_HOST;
}

static void cas_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct cas_loop loop;
	struct decision d = { w, &loop };
	(void)state;

	if (!cal_is_loop_kind(clang_getCursorKind(c)) || !judged_here(w) || !contains_cas(c))
		return;
	loop.nr_fed = 0;
	cal_subtree_find(c, collect_fed, NULL, &loop, NULL);
	judge_loop_conditions(&d, c);
	cal_subtree_find(c, judge_exit_if, is_nested_scope, &d, NULL);
}

const struct cal_check cal_check_cas_float_compare = {
	.id = "cas-float-compare",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "CAS loop that decides whether to retry by comparing floating-point "
		   "values, which never ends on NaN",
	.visit = cas_visit,
};
