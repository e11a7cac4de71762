/*
 * cas-float-compare: a CAS loop that decides whether to retry by comparing
 * floating-point values.
 *
 * The CAS compares bit patterns; if the loop then compares the old and the
 * assumed value as floats, a NaN in memory makes 'assumed != old' true
 * forever (NaN is unequal to itself), so the loop never ends (and every
 * round stores again); and -0.0 == +0.0, so a CAS that failed because
 * memory held the other zero ends the loop as if it had stored: the
 * update is lost.  The CUDA Programming Guide's atomicAdd(double)
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
 * A loop whose retry test already ends it on NaN through an ordered
 * comparison ('while (old < val && ...)', 'if (!(v < old)) break;') is not
 * reported: see exits_on_nan().
 *
 * Fix (__device__/__global__ code, not in a template): compare the words
 * instead, with __float_as_uint / __double_as_longlong around both operands;
 * an operand that is already __uint_as_float(x) / __longlong_as_double(x)
 * becomes x, never a __float_as_uint(__uint_as_float(x)) round trip.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/arch_dependence.h"
#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "analysis/template_pattern.h"
#include "atomics/atomics.h"
#include "checks/cas-float-compare/cutile.h"
#include "checks/cas-float-compare/opencl.h"

#define MAX_FED 32

struct cas_loop {
	CXCursor fed[MAX_FED];	/* canonical variables the CAS feeds */
	int nr_fed;
};

/*
 * A compare-and-swap of any API, by its name alone: the loop shape, not
 * the callee's origin, is what this check judges (std::atomic's too).
 * Resolved calls only: a template pattern's call with dependent types is
 * judged in its instantiations.
 */
static int is_cas_call(CXCursor c, void *data)
{
	struct cal_atomic a;
	(void)data;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return 0;
	if (cal_cas_cl_row(c))
		return 1;
	return cal_atomic_classify(NULL, c, &a) && a.how == CAL_CALLEE_RESOLVED && a.op == CAL_OP_CAS;
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
	const struct cal_atomic_op *cl = cal_cas_cl_row(call);
	struct cal_atomic a;
	int arg;

	if (cl) {
		/* atomic_compare_exchange_*(obj, expected, ...); 1.x takes the value */
		if (cl->returns_old || clang_Cursor_getNumArguments(call) <= 1)
			return clang_getNullCursor();
		return cal_base_variable(clang_Cursor_getArgument(call, 1));
	}
	cal_atomic_classify(NULL, call, &a);
	arg = a.api == CAL_API_NV_BUILTIN ? 1 : 0;
	if (a.api == CAL_API_LEGACY || clang_Cursor_getNumArguments(call) <= arg)
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

static const char *word_function(const struct cal_walk *w, CXType t)
{
	if (w->parse->opencl)
		return cal_cas_cl_word_function(t);
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Float: return "__float_as_uint";
	case CXType_Double: return "__double_as_longlong";
	default: return NULL;
	}
}

/* Bit casts and their inverses: an operand already cast from bits keeps its bits. */
static const struct {
	const char *from_bits, *to_bits;
} bit_casts[] = {
	{ "__uint_as_float", "__float_as_uint" },
	{ "__int_as_float", "__float_as_int" },
	{ "__longlong_as_double", "__double_as_longlong" },
};

/* The to_bits name whose inverse op is, or NULL. */
static const char *inverse_of(CXCursor op)
{
	size_t i;

	op = cal_strip_casts(op);
	if (clang_getCursorKind(op) != CXCursor_CallExpr || clang_Cursor_getNumArguments(op) != 1)
		return NULL;
	for (i = 0; i < sizeof(bit_casts) / sizeof(bit_casts[0]); i++)
		if (cal_cursor_name_is(op, bit_casts[i].from_bits))
			return bit_casts[i].to_bits;
	return NULL;
}

/* The replacement of one operand: fn(op), or the bits op was made from. */
static char *word_text(CXTranslationUnit tu, CXCursor op, const char *fn)
{
	char *text, *r;
	CXCursor arg;
	enum CXCursorKind k;

	if (inverse_of(op)) {
		arg = clang_Cursor_getArgument(cal_strip_casts(op), 0);
		k = clang_getCursorKind(cal_strip_casts(arg));
		if (!(text = cal_cursor_text(tu, arg, CAL_TEXT_MACRO_USES)))
			return NULL;
		if (k == CXCursor_DeclRefExpr || k == CXCursor_CallExpr || k == CXCursor_ParenExpr ||
		    k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr)
			return text;
		r = xasprintf("(%s)", text);
		free(text);
		return r;
	}
	if (!(text = cal_cursor_text(tu, op, CAL_TEXT_MACRO_USES)))
		return NULL;
	return xasprintf("%s(%s)", fn, text);
}

static void add_word_fix(struct cal_walk *w, struct cal_finding *f, CXCursor cmp,
			 const char *fn)
{
	struct cal_edit edits[2];
	const char *same = inverse_of(cal_child(cmp, 0));
	int i;

	if (w->parse->opencl) {
		cal_cas_cl_add_word_fix(w, f, cmp, fn);
		return;
	}

	/* __int_as_float(x) on one side: __float_as_int on the other, not _uint */
	if (same || (same = inverse_of(cal_child(cmp, 1))))
		fn = same;
	memset(edits, 0, sizeof(edits));
	for (i = 0; i < 2; i++) {
		CXCursor op = cal_child(cmp, i);
		char *wrapped = word_text(w->parse->tu, op, fn);
		if (!wrapped)
			continue;
		cal_edit_replace_cursor(op, wrapped, &edits[i]);
		free(wrapped);
	}
	cal_add_fix_edits(f, "compare the bit patterns", edits, 2);
}

static int is_float_compare(CXCursor c)
{
	return (cal_is_binop(c, CXBinaryOperator_EQ) || cal_is_binop(c, CXBinaryOperator_NE)) &&
	       cal_type_is_floating(clang_getCursorType(cal_child(c, 0))) &&
	       cal_type_is_floating(clang_getCursorType(cal_child(c, 1)));
}

static enum CXTypeKind operand_kind(CXCursor cmp, int i)
{
	return clang_getCanonicalType(clang_getCursorType(cal_child(cmp, i))).kind;
}

/*
 * Does every instantiation compare the same floating types here?  The
 * template's written comparison has operands of this instantiation's
 * types, so they depend on no template parameter: the edit of the shared
 * text is then right for all of them.
 */
static int floating_in_every_instantiation(struct cal_walk *w, CXCursor cmp)
{
	CXCursor pat = cal_pattern_expr(w->parse->tu, w->function, cmp);
	int i;

	if (clang_Cursor_isNull(pat) || cal_nr_children(pat) != 2 || !is_float_compare(pat))
		return 0;
	for (i = 0; i < 2; i++)
		if (operand_kind(pat, i) != operand_kind(cmp, i))
			return 0;
	return 1;
}

static void report_compare(struct cal_walk *w, CXCursor cmp)
{
	CXType t = clang_getCursorType(cal_child(cmp, 0));
	char *type = cal_type_name(clang_getCanonicalType(t));
	const char *op = cal_is_binop(cmp, CXBinaryOperator_EQ) ? "==" : "!=";
	const char *fn = word_function(w, t);
	struct cal_finding *f;

	f = cal_report(w, cmp, "CAS loop compares '%s' values with '%s' to decide whether "
		       "to retry: NaN compares unequal to itself, so the loop never ends "
		       "once the value is NaN, and -0.0 compares equal to +0.0, so a CAS that "
		       "failed on a zero of the other sign looks successful and its update is "
		       "lost", type, op);
	if (w->in_instantiation && !floating_in_every_instantiation(w, cmp)) {
		cal_note_no_fix_in_template(w, f, w->function, "this comparison",
					    "compare the bit patterns for floating-point types");
	} else if (fn && cal_walk_in_device_code(w) && !(w->space & CAL_SPACE_HOST)) {
		/* __float_as_uint is a device function: not in host or __host__ __device__ code */
		add_word_fix(w, f, cmp, fn);
	}
	free(type);
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

/* The host parse judges host code the device parses do not see: where a CAS is named. */
static int host_index_wanted(const struct cal_tu_facts *facts)
{
	return facts->names_cas;
}

static int judged_here(const struct cal_walk *w)
{
	/* a device parse sees host functions too, unless #ifndef __CUDA_ARCH__ hides them */
	if (w->parse->is_host)
		return w->space == CAL_SPACE_HOST;
	return cal_walk_in_device_code(w) || w->space == CAL_SPACE_HOST;
}

/*
 * NaN exits.  A loop whose retry test already ends the loop once a value
 * the CAS feeds is NaN cannot spin on NaN: an ordered comparison (<, >,
 * <=, >=) or == of such a value is false for NaN, so a loop condition that
 * needs it true ('while (old < val && ...)') ends, and an exit 'if' whose
 * condition is then true ('if (!(v < old)) break;') leaves the loop.
 */
static int true_on_nan(CXCursor e, const struct cas_loop *l);

static int fed_float_compare(CXCursor e, const struct cas_loop *l)
{
	return cal_type_is_floating(clang_getCursorType(cal_child(e, 0))) &&
	       cal_type_is_floating(clang_getCursorType(cal_child(e, 1))) &&
	       (operand_is_fed(cal_child(e, 0), l) || operand_is_fed(cal_child(e, 1), l));
}

static int false_on_nan(CXCursor e, const struct cas_loop *l)
{
	e = cal_strip_casts(e);
	if (cal_is_binop(e, CXBinaryOperator_LT) || cal_is_binop(e, CXBinaryOperator_GT) ||
	    cal_is_binop(e, CXBinaryOperator_LE) || cal_is_binop(e, CXBinaryOperator_GE) ||
	    cal_is_binop(e, CXBinaryOperator_EQ))
		return fed_float_compare(e, l);
	if (cal_is_binop(e, CXBinaryOperator_LAnd))
		return false_on_nan(cal_child(e, 0), l) || false_on_nan(cal_child(e, 1), l);
	if (cal_is_binop(e, CXBinaryOperator_LOr))
		return false_on_nan(cal_child(e, 0), l) && false_on_nan(cal_child(e, 1), l);
	if (cal_is_unop(e, CXUnaryOperator_LNot))
		return true_on_nan(cal_child(e, 0), l);
	return 0;
}

static int true_on_nan(CXCursor e, const struct cas_loop *l)
{
	e = cal_strip_casts(e);
	if (cal_is_binop(e, CXBinaryOperator_NE))
		return fed_float_compare(e, l);
	if (cal_is_binop(e, CXBinaryOperator_LOr))
		return true_on_nan(cal_child(e, 0), l) || true_on_nan(cal_child(e, 1), l);
	if (cal_is_binop(e, CXBinaryOperator_LAnd))
		return true_on_nan(cal_child(e, 0), l) && true_on_nan(cal_child(e, 1), l);
	if (cal_is_unop(e, CXUnaryOperator_LNot))
		return false_on_nan(cal_child(e, 0), l);
	return 0;
}

/* The loop's body, or a null cursor. */
static CXCursor loop_body(CXCursor loop)
{
	int n = cal_nr_children(loop);

	if (n < 2)
		return clang_getNullCursor();
	return cal_child(loop, clang_getCursorKind(loop) == CXCursor_DoStmt ? 0 : n - 1);
}

/* Does the loop's own retry test end it once a fed value is NaN? */
static int exits_on_nan(CXCursor loop, const struct cas_loop *l)
{
	int i, n = cal_nr_children(loop);
	CXCursor body = loop_body(loop), s;

	switch (clang_getCursorKind(loop)) {
	case CXCursor_WhileStmt:
		if (false_on_nan(cal_child(loop, 0), l))
			return 1;
		break;
	case CXCursor_DoStmt:
		if (false_on_nan(cal_child(loop, n - 1), l))
			return 1;
		break;
	default:
		for (i = 0; i < n - 1; i++)
			if (false_on_nan(cal_child(loop, i), l))
				return 1;
		break;
	}
	/* an exit 'if' run every round: a statement of the body itself */
	if (clang_Cursor_isNull(body) || clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return 0;
	n = cal_nr_children(body);
	for (i = 0; i < n; i++) {
		s = cal_child(body, i);
		if (clang_getCursorKind(s) == CXCursor_IfStmt && leaves_loop(cal_child(s, 1)) &&
		    true_on_nan(cal_child(s, 0), l))
			return 1;
	}
	return 0;
}

static void cas_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct cas_loop loop;
	struct decision d = { w, &loop };
	(void)state;

	if (!judged_here(w) || !contains_cas(c))
		return;
	loop.nr_fed = 0;
	cal_subtree_find(c, collect_fed, NULL, &loop, NULL);
	if (exits_on_nan(c, &loop))
		return;
	judge_loop_conditions(&d, c);
	cal_subtree_find(c, judge_exit_if, is_nested_scope, &d, NULL);
}

const struct cal_check cal_check_cas_float_compare = {
	.id = "cas-float-compare",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "CAS loop that decides whether to retry by comparing floating-point "
		   "values, which never ends on NaN and takes a CAS that failed on -0.0 "
		   "versus +0.0 for a success",
	.doc = "cas-float-compare.md",
	.languages = CAL_LANG_CUDA | CAL_LANG_OPENCL | CAL_LANG_CUTILE | CAL_LANG_HIP,
	.hip_fixes = 1,
	.cutile_call = cal_cas_float_compare_cutile,
	.kinds = CAL_KINDS(CXCursor_ForStmt, CXCursor_WhileStmt, CXCursor_DoStmt),
	.needs_words = CAL_WORD_ATOMIC,
	.visit = cas_visit,
	.wants_host_index = host_index_wanted,
};
