/*
 * opencl-atomic-type: atomic objects used as OpenCL C forbids.
 *
 * "All operations on atomic types must be performed using the built-in
 * atomic functions ... OpenCL C does not support operators with atomic
 * types" (OpenCL C, atomic functions).  clang 19 rejects ++, += and = on
 * an atomic object, but accepts a plain read (int v = *counter;) silently:
 * as in C11 it becomes an atomic load, which OpenCL C does not define.
 * This check finds those reads.  The fix is the load C11 gives the read, a
 * seq_cst load at device scope, written as the explicit call that says so:
 * atomic_load_explicit(p, memory_order_seq_cst, memory_scope_device) (the
 * same meaning as atomic_load(p), and the same form as the front end's
 * other fixes; both need the same features).  Only where every device
 * profile has both __opencl_c_atomic_order_seq_cst and
 * __opencl_c_atomic_scope_device: arch-unsupported reports either form on
 * a profile without them, and a weaker order or scope would change the
 * meaning, so elsewhere there is no fix and the finding says why.
 *
 * Operators on an atomic object (=, +=, ++ ...) clang rejects, with errors
 * that do not say why ("invalid operands to binary expression"); the AST
 * keeps the expression as a recovery expression around the atomic operand.
 * The check reports it in the specification's terms, as an error, and
 * cal_ocl_type_supersede_errors() drops clang's error at the same place, so
 * it is said once.  Fix, for a statement of its own (its value unused),
 * what C11 gives the operator where OpenCL C has the function, seq_cst at
 * device scope (same profile condition): A = v -> atomic_store_explicit(&A,
 * v, ...), A += v -> atomic_fetch_add_explicit(&A, v, ...) (and -=, |=, &=,
 * ^=), ++/-- -> atomic_fetch_add/sub_explicit(&A, 1, ...); not where v
 * reads A (a load and a store, not one atomic operation) nor for operators
 * without an atomic function (*=, <<=, + ...).
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "analysis/volatile_util.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "opencl/opencl.h"
#include "checks/opencl-atomic-type/opencl.h"

/* The order and scope of the non-explicit functions, which C11 gives reads and operators. */
#define SEQ_CST_DEVICE "memory_order_seq_cst, memory_scope_device"

/* Why no fix keeps C11's meaning on the run's profiles, or NULL. */
static const char *seq_cst_device_missing(void)
{
	if (cal_ocl_all_profiles_have("__opencl_c_atomic_order_seq_cst") &&
	    cal_ocl_all_profiles_have("__opencl_c_atomic_scope_device"))
		return NULL;
	return "seq_cst at device scope (what C11 gives it) needs __opencl_c_atomic_order_seq_cst "
	       "and __opencl_c_atomic_scope_device, which a device profile lacks (a weaker order "
	       "or scope would change the meaning: write the atomic_*_explicit call you mean)";
}

static int is_atomic_type(CXType t)
{
	return cal_type_valid(t) && clang_getCanonicalType(t).kind == CXType_Atomic;
}

/* A conversion from an atomic lvalue to its plain value: the lvalue, or a null cursor. */
static CXCursor atomic_read(CXCursor c)
{
	CXCursor inner, lvalue;

	if (clang_getCursorKind(c) != CXCursor_UnexposedExpr || cal_nr_children(c) != 1 ||
	    is_atomic_type(clang_getCursorType(c)))
		return clang_getNullCursor();
	inner = cal_child(c, 0);
	if (clang_getCursorKind(inner) != CXCursor_UnexposedExpr || cal_nr_children(inner) != 1 ||
	    !is_atomic_type(clang_getCursorType(inner)))
		return clang_getNullCursor();
	lvalue = cal_child(inner, 0);
	return is_atomic_type(clang_getCursorType(lvalue)) ? lvalue : clang_getNullCursor();
}

static void add_load_fix(struct cal_walk *w, struct cal_finding *f, CXCursor lvalue)
{
	CXTranslationUnit tu = w->parse->tu;
	int deref = vol_is_unary(lvalue, CXUnaryOperator_Deref);
	char *text = cal_cursor_text(tu, deref ? cal_child(lvalue, 0) : lvalue, CAL_TEXT_NO_MACROS);
	char *call;
	struct cal_edit e;

	if (!text)
		return;
	call = xasprintf("atomic_load_explicit(%s%s, " SEQ_CST_DEVICE ")", deref ? "" : "&", text);
	if (cal_edit_replace_cursor(lvalue, call, &e) == 0) {
		cal_fix_add_edit(cal_finding_add_fix(f, "use atomic_load_explicit, seq_cst at device "
						     "scope"), &e);
		cal_edit_clear(&e);
	}
	free(call);
	free(text);
}

/* ---- operators, which clang rejects ---- */

/* The operator's spelling, and the atomic function C11 gives it (or NULL). */
static const struct {
	const char *op, *fn;
} operators[] = {
	{ "=", "atomic_store" }, { "+=", "atomic_fetch_add" }, { "-=", "atomic_fetch_sub" },
	{ "|=", "atomic_fetch_or" }, { "&=", "atomic_fetch_and" }, { "^=", "atomic_fetch_xor" },
	{ "++", "atomic_fetch_add" }, { "--", "atomic_fetch_sub" },
};

static int same_extent(CXCursor a, CXCursor b)
{
	return clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

/* The spelling of the token right after (after=1) or right before c in r, or NULL. */
static char *token_beside(CXTranslationUnit tu, CXSourceRange r, CXCursor c, int after)
{
	unsigned b, e, at, i, n = 0;
	CXToken *toks = NULL;
	char *s = NULL;
	int last = -1;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, NULL, NULL, &e);
	clang_tokenize(tu, r, &toks, &n);
	for (i = 0; i < n && !s; i++) {
		clang_getExpansionLocation(clang_getTokenLocation(tu, toks[i]), NULL, NULL, NULL, &at);
		if (after && at >= e)
			s = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		else if (!after && at < b)
			last = (int)i;
	}
	if (!after && last >= 0)
		s = cal_take_string(clang_getTokenSpelling(tu, toks[last]));
	clang_disposeTokens(tu, toks, n);
	return s;
}

/*
 * A recovery expression of an operator on an atomic operand: the operand,
 * the right side (or null), and the operator's spelling (caller frees).
 */
static char *atomic_operator(CXTranslationUnit tu, CXCursor c, CXCursor *lvalue, CXCursor *rhs)
{
	CXSourceRange r = clang_getCursorExtent(c);
	int n = cal_nr_children(c);
	char *op;

	if (clang_getCursorKind(c) != CXCursor_UnexposedExpr || n < 1 || n > 2)
		return NULL;
	*lvalue = cal_child(c, 0);
	*rhs = n == 2 ? cal_child(c, 1) : clang_getNullCursor();
	if (!is_atomic_type(clang_getCursorType(*lvalue)) || same_extent(c, *lvalue))
		return NULL;	/* an implicit conversion, or the outer of two wrappers */
	op = token_beside(tu, r, *lvalue, 1);
	if (n == 1 && (!op || (strcmp(op, "++") && strcmp(op, "--")))) {
		free(op);
		op = token_beside(tu, r, *lvalue, 0);	/* a prefix ++ or -- */
	}
	while (clang_getCursorKind(*lvalue) == CXCursor_ParenExpr && cal_nr_children(*lvalue) == 1)
		*lvalue = cal_child(*lvalue, 0);	/* (*c)++ */
	return op;
}

static const char *function_for(const char *op)
{
	size_t i;
	for (i = 0; i < sizeof(operators) / sizeof(operators[0]); i++)
		if (!strcmp(operators[i].op, op))
			return operators[i].fn;
	return NULL;
}

static int mentions_lvalue(CXCursor c, void *data)
{
	const CXCursor *lvalue = data;
	return is_atomic_type(clang_getCursorType(c)) && !same_extent(c, *lvalue);
}

/* Why no fix, or NULL. */
static const char *no_operator_fix(struct cal_walk *w, CXCursor c, const char *fn, CXCursor rhs,
				   CXCursor lvalue)
{
	CXCursor p = cal_walk_parent(w, 0);
	int i;

	/* above the recovery expression clang may put a wrapper of the same extent */
	for (i = 1; clang_getCursorKind(p) == CXCursor_UnexposedExpr && same_extent(p, c); i++)
		p = cal_walk_parent(w, i);
	if (!fn)
		return "OpenCL C has no atomic function for this operator";
	if (clang_getCursorKind(p) != CXCursor_CompoundStmt)
		return "the expression's value is used";
	if (!clang_Cursor_isNull(rhs) && cal_subtree_find(rhs, mentions_lvalue, NULL, &lvalue, NULL))
		return "the right side reads the atomic object: a load and a store, not one "
		       "atomic operation; write the atomic function you mean";
	return seq_cst_device_missing();
}

static void add_operator_fix(struct cal_walk *w, struct cal_finding *f, CXCursor c,
			     const char *fn, CXCursor lvalue, CXCursor rhs)
{
	CXTranslationUnit tu = w->parse->tu;
	int deref = vol_is_unary(lvalue, CXUnaryOperator_Deref);
	char *obj = cal_cursor_text(tu, deref ? cal_child(lvalue, 0) : lvalue, CAL_TEXT_NO_MACROS);
	char *val = clang_Cursor_isNull(rhs) ? xstrdup("1") : cal_cursor_text(tu, rhs, CAL_TEXT_NO_MACROS), *call;
	struct cal_edit e;

	if (obj && val) {
		call = xasprintf("%s_explicit(%s%s, %s, " SEQ_CST_DEVICE ")", fn, deref ? "" : "&",
				 obj, val);
		if (cal_edit_replace_cursor(c, call, &e) == 0) {
			cal_fix_add_edit(cal_finding_add_fix(f, "use the atomic function, seq_cst at "
							     "device scope"), &e);
			cal_edit_clear(&e);
		}
		free(call);
	}
	free(obj);
	free(val);
}

static void report_operator(struct cal_walk *w, CXCursor c)
{
	CXCursor lvalue, rhs;
	char *op = atomic_operator(w->parse->tu, c, &lvalue, &rhs), *subject;
	const char *fn, *why;
	struct cal_finding *f;

	if (!op)
		return;
	fn = function_for(op);
	subject = vol_subject(w->parse->tu, lvalue);
	f = cal_report(w, c, "'%s' on atomic object '%s': OpenCL C has no operators on atomic "
		       "types, all operations on them are the atomic functions%s%s%s%s%s", op,
		       subject, fn ? " (here " : "", fn ? fn : "", fn ? " or " : "", fn ? fn : "",
		       fn ? "_explicit)" : "");
	f->severity = CAL_SEV_ERROR;	/* clang rejects it: this is its error, said why */
	why = no_operator_fix(w, c, fn, rhs, lvalue);
	if (why)
		cal_note_at(w, f, c, "no fix: %s", why);
	else
		add_operator_fix(w, f, c, fn, lvalue, rhs);
	free(subject);
	free(op);
}

#define NO_ATOMIC_SPECIFIER \
	"OpenCL C has no '_Atomic' specifier or qualifier: atomic objects have the atomic_* " \
	"types (atomic_int, atomic_uint, atomic_long, atomic_ulong, atomic_float, " \
	"atomic_double, atomic_intptr_t, atomic_uintptr_t, atomic_size_t, atomic_ptrdiff_t, " \
	"atomic_flag)"

/* '_Atomic ( T )' at tokens i..i+3: the finding, and atomic_T as the fix where T has one. */
static void report_c11_atomic(struct cal_walk *w, CXTranslationUnit tu, const CXToken *t)
{
	CXSourceRange r = clang_getRange(clang_getTokenLocation(tu, t[0]),
					 clang_getRangeEnd(clang_getTokenExtent(tu, t[3])));
	char *name = cal_take_string(clang_getTokenSpelling(tu, t[2]));
	struct cal_finding *f = cal_report_range(w, r, NO_ATOMIC_SPECIFIER);
	struct cal_edit e;
	unsigned begin = 0, end = 0;
	char *type;

	f->severity = CAL_SEV_ERROR;	/* clang has no _Atomic in OpenCL C */
	if (!cal_ocl_c11_atomic_known(name)) {
		free(name);
		return;
	}
	type = xasprintf("atomic_%s", name);
	clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, &begin);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
	if (end > begin && cal_edit_replace_bytes(tu, clang_getRangeStart(r), end - begin,
						  type, &e) == 0) {
		cal_fix_add_edit(cal_finding_add_fix(f, "use the OpenCL C atomic type"), &e);
		cal_edit_clear(&e);
	}
	free(type);
	free(name);
}

/*
 * C11's '_Atomic(T)' in a declaration of the user's (the front end parses
 * it as atomic_T, so the object is atomic to the rest of the check).
 */
static void report_c11_atomic_decl(struct cal_walk *w, CXCursor c)
{
	CXTranslationUnit tu = w->parse->tu;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXToken *toks = NULL;
	unsigned n = 0, i;

	if ((k != CXCursor_ParmDecl && k != CXCursor_VarDecl && k != CXCursor_FieldDecl &&
	     k != CXCursor_TypedefDecl) || !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return;
	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	for (i = 0; i + 3 < n; i++) {
		char *a = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		char *b = cal_take_string(clang_getTokenSpelling(tu, toks[i + 1]));
		char *d = cal_take_string(clang_getTokenSpelling(tu, toks[i + 3]));
		if (!strcmp(a, "_Atomic") && !strcmp(b, "(") && !strcmp(d, ")") &&
		    (clang_getTokenKind(toks[i + 2]) == CXToken_Identifier ||
		     clang_getTokenKind(toks[i + 2]) == CXToken_Keyword))
			report_c11_atomic(w, tu, &toks[i]);
		free(a);
		free(b);
		free(d);
	}
	clang_disposeTokens(tu, toks, n);
}

static void type_visit(struct cal_walk *w, CXCursor c, void *state)
{
	CXCursor lvalue;
	struct cal_finding *f;
	const char *why;
	char *subject;

	(void)state;
	report_c11_atomic_decl(w, c);
	report_operator(w, c);
	lvalue = atomic_read(c);
	if (clang_Cursor_isNull(lvalue))
		return;
	subject = vol_subject(w->parse->tu, lvalue);
	f = cal_report(w, lvalue, "plain read of atomic object '%s': OpenCL C has no operators "
		       "on atomic types and does not define this load; use atomic_load or "
		       "atomic_load_explicit", subject);
	why = seq_cst_device_missing();
	if (why)
		cal_note_at(w, f, lvalue, "no fix: %s", why);
	else
		add_load_fix(w, f, lvalue);
	free(subject);
}

/* Is e's location inside f's range (same file)? */
static int inside(const struct cal_finding *e, const struct cal_finding *f)
{
	const struct cal_pos *p = &e->range.begin, *b = &f->range.begin, *x = &f->range.end;

	return p->file && b->file && !strcmp(p->file, b->file) &&
	       (p->line > b->line || (p->line == b->line && p->column >= b->column)) &&
	       (p->line < x->line || (p->line == x->line && p->column <= x->column));
}

size_t cal_ocl_type_supersede_errors(struct cal_findings *errors,
				     const struct cal_findings *found, size_t first)
{
	size_t i, j, kept = 0;

	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *e = &errors->items[i];
		int covered = 0;
		for (j = first; j < found->nr && !covered; j++)
			covered = found->items[j].severity == CAL_SEV_ERROR &&
				  inside(e, &found->items[j]) &&
				  (!strcmp(found->items[j].check, "opencl-atomic-type") ||
				   (!strcmp(found->items[j].check, "arch-unsupported") &&
				    strstr(e->message, "' is ambiguous")));
		if (covered) {
			cal_finding_clear(e);
			continue;
		}
		errors->items[kept++] = *e;
	}
	errors->nr = kept;
	return kept;
}

/* ---- atomic types OpenCL C does not have, which clang does not know ---- */

static const char *const unsupported_types[] = {
	"atomic_bool", "atomic_char", "atomic_schar", "atomic_uchar", "atomic_short",
	"atomic_ushort", "atomic_llong", "atomic_ullong", "atomic_intmax_t", "atomic_uintmax_t",
	"_Atomic", NULL
};

/* The unsupported name an "undeclared identifier" / "unknown type name" error names, or NULL. */
static const char *unsupported_type_in(const char *message)
{
	static const char *const prefixes[] = {
		"use of undeclared identifier '", "unknown type name '", NULL
	};
	size_t n;
	int i, j;

	for (i = 0; prefixes[i]; i++) {
		if (strncmp(message, prefixes[i], strlen(prefixes[i])))
			continue;
		message += strlen(prefixes[i]);
		/* '_Atomic(bool)': the front end's spelling of it is unknown */
		if (!strncmp(message, CAL_OCL_C11_ATOMIC_PREFIX, strlen(CAL_OCL_C11_ATOMIC_PREFIX)))
			return CAL_OCL_C11_ATOMIC_PREFIX;
		for (j = 0; unsupported_types[j]; j++) {
			n = strlen(unsupported_types[j]);
			if (!strncmp(message, unsupported_types[j], n) && !strcmp(message + n, "'"))
				return unsupported_types[j];
		}
	}
	return NULL;
}

void cal_ocl_restate_type_errors(struct cal_findings *errors)
{
	size_t i;

	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *f = &errors->items[i];
		const char *name = unsupported_type_in(f->message);
		char *msg;

		if (!name)
			continue;
		if (!strcmp(name, "_Atomic") || !strcmp(name, CAL_OCL_C11_ATOMIC_PREFIX))
			msg = xstrdup(NO_ATOMIC_SPECIFIER);
		else
			msg = xasprintf("'%s' is not an OpenCL C atomic type: OpenCL C has atomic_int, "
					"atomic_uint, atomic_long, atomic_ulong, atomic_float, "
					"atomic_double, atomic_intptr_t, atomic_uintptr_t, atomic_size_t, "
					"atomic_ptrdiff_t and atomic_flag", name);
		free(f->message);
		f->message = msg;
		f->check = "opencl-atomic-type";
	}
}

/* clang's own error where this check said why, and arch-unsupported's 1.x ambiguities */
static void explain_type_errors(struct cal_findings *errors, const struct cal_findings *found,
				size_t first)
{
	cal_ocl_type_supersede_errors(errors, found, first);
}

const struct cal_check cal_check_opencl_atomic_type = {
	.id = "opencl-atomic-type",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "OpenCL C atomic objects read or written without the atomic functions",
	.doc = "opencl-atomic-type.md",
	.languages = CAL_LANG_OPENCL,
	/* every kind: clang's recovery from the operators it rejects has no one kind */
	.explain_errors = explain_type_errors,
	.visit = type_visit,
};
