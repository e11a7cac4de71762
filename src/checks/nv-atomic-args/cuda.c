/*
 * nv-atomic-args: __nv_atomic_* arguments nvcc rejects (facts table B).
 *
 * The prelude declares the builtins as loose templates, so clang accepts
 * any call; this check applies nvcc 13's rules instead: the object type and
 * size each operation allows, memory order and scope arguments that must be
 * integer constants written as literals or enumerators (nvcc rejects even a
 * constexpr variable), their ranges, and the orders a load or store cannot
 * have.  Consume (done as acquire) and thread scope (done as block) get
 * notes.  Architecture limits (sm_60, 16-bit CAS, 128-bit, f64 add) belong
 * to arch-unsupported.
 *
 * It runs on device parses only: those rules are nvcc's device-side
 * errors, and a call in host code is nv-atomic-host's.  Calls in a
 * template are judged per instantiation (the walk visits them): in the
 * pattern the types and template-parameter orders are still dependent.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "fixits/edit.h"
#include "atomics/nv_atomic.h"

enum type_class {
	TC_INTEGRAL,
	TC_FLOATING,
	TC_UNSCOPED_ENUM,
	TC_SCOPED_ENUM,
	TC_POINTER,
	TC_OTHER,
};

/* How nvcc sees an order or scope argument. */
enum const_kind {
	CK_LITERAL,	/* literals, enumerators and operators on them */
	CK_NOT_LITERAL,
	CK_DEPENDENT,	/* names a template parameter: judged per instantiation */
};

struct call_info {
	CXCursor call;
	const struct cal_atomic_op *b;
	char *name;
};

static enum type_class classify_type(CXType t)
{
	switch (t.kind) {
	case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_Char16:
	case CXType_Char32: case CXType_UShort: case CXType_UInt: case CXType_ULong:
	case CXType_ULongLong: case CXType_UInt128: case CXType_Char_S: case CXType_SChar:
	case CXType_WChar: case CXType_Short: case CXType_Int: case CXType_Long:
	case CXType_LongLong: case CXType_Int128:
		return TC_INTEGRAL;
	case CXType_Float: case CXType_Double: case CXType_LongDouble: case CXType_Half:
	case CXType_Float16: case CXType_Float128: case CXType_BFloat16:
		return TC_FLOATING;
	case CXType_Enum:
		return clang_EnumDecl_isScoped(clang_getTypeDeclaration(t)) ?
		       TC_SCOPED_ENUM : TC_UNSCOPED_ENUM;
	case CXType_Pointer:
		return TC_POINTER;
	default:
		return TC_OTHER;
	}
}

static int is_signed_integral(CXType t)
{
	switch (t.kind) {
	case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong: case CXType_Int128:
		return 1;
	default:
		return 0;
	}
}

static int size_in(long long size, const int *allowed)
{
	for (; *allowed; allowed++)
		if (size == *allowed)
			return 1;
	return 0;
}

static const int generic_sizes[] = { 1, 2, 4, 8, 16, 0 };
static const int cas_sizes[] = { 2, 4, 8, 16, 0 };
static const int exchange_sizes[] = { 4, 8, 16, 0 };
static const int rmw_sizes[] = { 4, 8, 0 };

/* The message for the object type (pointee t, canonical) of a call, or NULL if nvcc accepts it. */
static const char *object_type_problem(const struct cal_atomic_op *b, CXType t)
{
	enum type_class tc = classify_type(t);
	long long size = clang_Type_getSizeOf(t);

	if (clang_isConstQualifiedType(t) || clang_isVolatileQualifiedType(t))
		return "nvcc rejects a pointer to a const or volatile object here";
	if (b->generic) {
		if (!size_in(size, generic_sizes))
			return "the generic builtins need an object of 1, 2, 4, 8 or 16 bytes";
	} else if (!cal_op_is_arith(b->op)) {
		if (tc != TC_INTEGRAL)
			return "the non-generic load, store, exchange and compare-exchange take "
			       "integral types only; use the generic form";
	} else {
		if (tc == TC_SCOPED_ENUM || tc == TC_OTHER)
			return "the first argument must point to an integer, unscoped enum or "
			       "floating-point type";
		if (!size_in(size, rmw_sizes))
			return "and, or, xor, add, sub, min and max need an object of 4 or 8 bytes";
		if (tc == TC_FLOATING && (b->op == CAL_OP_MIN || b->op == CAL_OP_MAX))
			return "min and max are not supported on floating-point types";
		if (tc == TC_FLOATING && (b->op == CAL_OP_AND || b->op == CAL_OP_OR ||
				     b->op == CAL_OP_XOR))
			return "and, or and xor are not supported on floating-point types";
		if ((b->op == CAL_OP_ADD || b->op == CAL_OP_SUB) && size == 8 &&
		    is_signed_integral(t))
			return "add and sub are not supported on signed 64-bit integers; "
			       "use an unsigned type";
	}
	if (b->op == CAL_OP_CAS && !size_in(size, cas_sizes))
		return "compare-exchange needs an object of 2, 4, 8 or 16 bytes";
	if (b->op == CAL_OP_EXCH && !size_in(size, exchange_sizes))
		return "exchange needs an object of 4, 8 or 16 bytes";
	return NULL;
}

static void check_object_type(struct cal_walk *w, const struct call_info *ci)
{
	CXType ptr = clang_getCursorType(clang_Cursor_getArgument(ci->call, 0));
	CXType canon = clang_getCanonicalType(ptr);
	CXType pointee;
	const char *problem;
	char *spelling;

	if (canon.kind != CXType_Pointer)
		return;
	pointee = clang_getCanonicalType(clang_getPointeeType(canon));
	if (clang_Type_getSizeOf(pointee) < 0)
		return;		/* dependent or incomplete */
	problem = object_type_problem(ci->b, pointee);
	if (!problem)
		return;
	spelling = cal_type_name(clang_getPointeeType(ptr));
	cal_report(w, ci->call, "'%s' on an object of type '%s': %s", ci->name, spelling,
		   problem);
	free(spelling);
}

struct const_walk {
	enum const_kind kind;
};

static enum const_kind classify_const(CXCursor e);

static enum CXChildVisitResult const_child(CXCursor c, CXCursor parent, CXClientData data)
{
	struct const_walk *cw = data;
	enum const_kind k;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_TypeRef)
		return CXChildVisit_Continue;	/* a cast's target type */
	k = classify_const(c);
	if (k == CK_DEPENDENT || (k == CK_NOT_LITERAL && cw->kind == CK_LITERAL))
		cw->kind = k;
	return cw->kind == CK_DEPENDENT ? CXChildVisit_Break : CXChildVisit_Continue;
}

static int is_operator_kind(enum CXCursorKind k)
{
	return k == CXCursor_UnaryOperator || k == CXCursor_BinaryOperator ||
	       k == CXCursor_ParenExpr || k == CXCursor_ConditionalOperator ||
	       k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
	       k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_UnexposedExpr;
}

/* Literal as nvcc means it: literals and enumerators combined by operators and casts. */
static enum const_kind classify_const(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct const_walk cw = { CK_LITERAL };

	if (k == CXCursor_IntegerLiteral || k == CXCursor_CharacterLiteral ||
	    k == CXCursor_CXXBoolLiteralExpr)
		return CK_LITERAL;
	/* a substituted template argument shows as a DeclRefExpr holding its value */
	if (k == CXCursor_DeclRefExpr && cal_nr_children(e) == 1)
		return classify_const(cal_child(e, 0));
	if (k == CXCursor_DeclRefExpr) {
		enum CXCursorKind rk = clang_getCursorKind(clang_getCursorReferenced(e));
		if (rk == CXCursor_EnumConstantDecl)
			return CK_LITERAL;
		return rk == CXCursor_NonTypeTemplateParameter ? CK_DEPENDENT : CK_NOT_LITERAL;
	}
	if (!is_operator_kind(k))
		return CK_NOT_LITERAL;
	if (k == CXCursor_UnexposedExpr && !cal_nr_children(e)) {
		CXEvalResult r = clang_Cursor_Evaluate(e);
		int ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
		if (r)
			clang_EvalResult_dispose(r);
		return ok ? CK_LITERAL : CK_NOT_LITERAL;
	}
	clang_visitChildren(e, const_child, &cw);
	return cw.kind;
}

/* The argument as the user wrote it, or a null cursor if defaulted (or absent). */
static CXCursor written_argument(CXCursor call, int i)
{
	CXCursor arg;
	CXFile file;

	if (i >= clang_Cursor_getNumArguments(call))
		return clang_getNullCursor();
	arg = clang_Cursor_getArgument(call, i);
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(arg)), &file,
				   NULL, NULL, NULL);
	return file ? arg : clang_getNullCursor();
}

/*
 * 0 and *value if arg is a literal nvcc accepts; else -1, after reporting
 * why.  A template's call to a builtin is resolved, and judged, in the
 * pattern only when its types do not depend on the template (clang and
 * nvcc agree on that): nvcc then rejects an order or scope that does.
 */
static int constant_argument(struct cal_walk *w, const struct call_info *ci, CXCursor arg,
			     const char *what, long long *value)
{
	enum const_kind k = classify_const(arg);
	CXEvalResult r;
	int ok;

	if (k == CK_DEPENDENT) {
		/* nvcc checks a call whose types are known before instantiation */
		if (!w->in_instantiation)
			cal_report(w, arg, "%s argument of '%s' depends on a template parameter "
				   "but the call's types do not: nvcc rejects it as invalid before "
				   "instantiation", what, ci->name);
		return -1;
	}
	r = clang_Cursor_Evaluate(arg);
	ok = k == CK_LITERAL && r && clang_EvalResult_getKind(r) == CXEval_Int;
	if (ok)
		*value = clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	if (ok)
		return 0;
	cal_report(w, arg, "%s argument of '%s' is not an integer literal: nvcc accepts only "
		   "literals and enumerators here (not variables, even constexpr ones)",
		   what, ci->name);
	return -1;
}

/* The __NV_ATOMIC_* enumerator arg names directly, or a null cursor. */
static CXCursor order_enumerator(CXCursor arg)
{
	CXCursor e = cal_ignore_wrappers(arg);
	CXCursor ref;

	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl ||
	    !cal_cursor_name_starts(ref, "__NV_ATOMIC_"))
		return clang_getNullCursor();
	return e;
}

/*
 * The valid order to put in place of an invalid one when there is only one
 * sensible choice: acq_rel keeps its half that applies (acquire for a load,
 * release for a store).  A load with release or a store with acquire or
 * consume asks for an ordering the operation cannot have: strengthening or
 * dropping it is the user's call, so no fix.
 */
static int nearest_valid_order(enum cal_op op, long long order)
{
	if (order == CAL_ORDER_ACQ_REL && op == CAL_OP_LOAD)
		return CAL_ORDER_ACQUIRE;
	if (order == CAL_ORDER_ACQ_REL && op == CAL_OP_STORE)
		return CAL_ORDER_RELEASE;
	return -1;
}

static void report_wrong_order(struct cal_walk *w, const struct call_info *ci, CXCursor arg,
			       long long order)
{
	const char *rule = ci->b->op == CAL_OP_LOAD ?
		"an atomic load cannot be release or acq_rel" :
		"an atomic store cannot be consume, acquire or acq_rel";
	int better = nearest_valid_order(ci->b->op, order);
	CXCursor enumerator = order_enumerator(arg);
	struct cal_finding *f;

	f = cal_report(w, arg, "memory order %s of '%s' is invalid: %s",
		       cal_nv_order_name(order), ci->name, rule);
	if (better >= 0 && !clang_Cursor_isNull(enumerator) &&
	    cal_add_simple_fix(f, "use the valid half of acq_rel",
			       clang_getCursorExtent(enumerator), cal_nv_order_name(better)) == 0)
		return;
	if (ci->b->op == CAL_OP_LOAD)
		cal_note_at(w, f, arg, "use __NV_ATOMIC_ACQUIRE to order later accesses after "
			    "the load, or __NV_ATOMIC_RELAXED");
	else
		cal_note_at(w, f, arg, "use __NV_ATOMIC_RELEASE to order earlier accesses before "
			    "the store, or __NV_ATOMIC_RELAXED");
}

static void check_order(struct cal_walk *w, const struct call_info *ci, int index)
{
	CXCursor arg = written_argument(ci->call, index);
	struct cal_finding *f;
	long long order;

	if (clang_Cursor_isNull(arg) ||
	    constant_argument(w, ci, arg, "memory order", &order) < 0)
		return;
	if (order < 0 || order >= CAL_NR_ORDERS) {
		cal_report(w, arg, "memory order %lld of '%s' is not an __NV_ATOMIC_* value "
			   "(0 to 5)", order, ci->name);
		return;
	}
	if (!cal_order_valid_for(ci->b->op, order)) {
		report_wrong_order(w, ci, arg, order);
		return;
	}
	if (order == CAL_ORDER_CONSUME) {
		f = cal_report(w, arg, "memory order __NV_ATOMIC_CONSUME of '%s' is implemented "
			       "as __NV_ATOMIC_ACQUIRE", ci->name);
		f->severity = CAL_SEV_NOTE;
	}
}

static void check_scope(struct cal_walk *w, const struct call_info *ci)
{
	CXCursor arg = written_argument(ci->call, ci->b->scope_arg);
	struct cal_finding *f;
	long long scope;

	if (clang_Cursor_isNull(arg) || constant_argument(w, ci, arg, "scope", &scope) < 0)
		return;
	if (scope < 0 || scope >= CAL_NR_SCOPES) {
		cal_report(w, arg, "thread scope %lld of '%s' is not an __NV_THREAD_SCOPE_* "
			   "value (0 to 4)", scope, ci->name);
		return;
	}
	if (scope == CAL_SCOPE_THREAD) {
		f = cal_report(w, arg, "thread scope __NV_THREAD_SCOPE_THREAD of '%s' is "
			       "implemented as __NV_THREAD_SCOPE_BLOCK", ci->name);
		f->severity = CAL_SEV_NOTE;
	}
}

/* Does a '<' follow the name at loc where it is spelled (in a macro's body if there)? */
static int angle_after_name(CXTranslationUnit tu, CXSourceLocation loc, size_t name_len)
{
	CXFile file;
	unsigned off;
	const char *text;
	size_t size;

	clang_getSpellingLocation(loc, &file, NULL, NULL, &off);
	text = file ? cal_file_contents(tu, file, &size) : NULL;
	if (!text || off + name_len > size)
		return 0;
	for (off += name_len; off < size && strchr(" \t\r\n", text[off]); off++)
		;
	return off < size && text[off] == '<';
}

/* Is r written where it is used, not produced by a macro? */
static int spelled_in_place(CXSourceRange r)
{
	CXSourceLocation ends[2] = { clang_getRangeStart(r), clang_getRangeEnd(r) };
	CXFile ef, sf;
	unsigned eo, so;
	int i;

	for (i = 0; i < 2; i++) {
		clang_getExpansionLocation(ends[i], &ef, NULL, NULL, &eo);
		clang_getSpellingLocation(ends[i], &sf, NULL, NULL, &so);
		if (!ef || !sf || !clang_File_isEqual(ef, sf) || eo != so)
			return 0;
	}
	return 1;
}

/*
 * nvcc's builtins are not templates: "__nv_atomic_load_n<int>(p, o)" is an
 * error there ("type name is not allowed").  The prelude's are, so clang
 * accepts it; the callee's extent then spans the template argument list.
 */
static void check_template_arguments(struct cal_walk *w, const struct call_info *ci)
{
	CXCursor callee = cal_ignore_wrappers(cal_child(ci->call, 0));
	CXSourceRange r = clang_getCursorExtent(callee);
	CXSourceLocation name = clang_getCursorLocation(callee);
	size_t len = strlen(ci->name);
	struct cal_finding *f;
	CXFile file;
	unsigned off;

	if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr ||
	    !angle_after_name(w->parse->tu, name, len))
		return;
	f = cal_report(w, callee, "'%s' called with template arguments: nvcc's "
		       "__nv_atomic_* builtins are not templates", ci->name);
	if (!spelled_in_place(r))
		return;
	clang_getExpansionLocation(name, &file, NULL, NULL, &off);
	cal_add_simple_fix(f, "drop the template arguments",
			   clang_getRange(clang_getLocationForOffset(w->parse->tu, file, off + len),
					  clang_getRangeEnd(r)), "");
}

static void args_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct call_info ci;

	(void)state;
	if (w->parse->is_host)
		return;
	if (clang_Cursor_isNull(cal_nv_atomic_callee(w, c)))
		return;
	ci.call = c;
	ci.name = cal_cursor_name(cal_nv_atomic_callee(w, c));
	ci.b = cal_nv_builtin_find(ci.name);
	if (ci.b) {
		check_template_arguments(w, &ci);
		check_object_type(w, &ci);
		check_order(w, &ci, ci.b->order_arg);
		if (ci.b->failure_order_arg >= 0)
			check_order(w, &ci, ci.b->failure_order_arg);
		check_scope(w, &ci);
	}
	free(ci.name);
}

const struct cal_check cal_check_nv_atomic_args = {
	.id = "nv-atomic-args",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "__nv_atomic_* builtin with an object type, memory order or scope nvcc rejects",
	.doc = "nv-atomic-args.md",
	.kinds = CAL_KINDS(CXCursor_CallExpr),
	.needs_words = CAL_WORD_ATOMIC,
	.device_only = 1,	/* args_visit returns in a host parse (nv-atomic-host judges host code) */
	.visit = args_visit,
};
