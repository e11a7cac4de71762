/*
 * opencl-atomic-args: arguments of OpenCL C's explicit atomic functions
 * that the specification makes invalid (undefined behaviour; clang
 * accepts them all):
 *   - an order the operation cannot have: a load with release or acq_rel,
 *     a store (atomic_store_explicit, atomic_flag_clear_explicit) with
 *     acquire or acq_rel;
 *   - a compare-exchange failure order that is release or acq_rel (the
 *     failure path only loads) or stronger than the success order's load
 *     side;
 *   - memory_scope_work_item on an atomic operation (it is for
 *     atomic_work_item_fence only);
 *   - memory_scope_all_svm_devices / memory_scope_all_devices on a device
 *     profile without fine-grained SVM;
 *   - (a warning) a min/max operand whose implicit conversion changes its
 *     signedness so that it compares as another value: min/max compare in
 *     the object's type (M is C for the atomic integer types; for
 *     atomic_intptr_t / atomic_uintptr_t M is intptr_t or uintptr_t,
 *     of the object's width, so either pairing gives the same value).
 * Orders and scopes are judged only where they are written as the
 * enumerators; a variable order is not guessed.  The fix, where the
 * meaning is clear: acq_rel on a load is its acquire side, on a store its
 * release side.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "fixits/edit.h"
#include "opencl/opencl.h"
#include "atomics/atomics.h"

enum kind { K_NONE = -1, K_OTHER, K_LOAD, K_STORE, K_RMW, K_CAS };

/* Which operation, and where its order argument is (-1: none). */
static enum kind kind_of(const char *name, int *order_at)
{
	*order_at = -1;
	if (!strcmp(name, "atomic_load_explicit") ||
	    !strcmp(name, "atomic_flag_test_and_set_explicit")) {
		*order_at = 1;
		return strcmp(name, "atomic_load_explicit") ? K_RMW : K_LOAD;
	}
	if (!strcmp(name, "atomic_flag_clear_explicit")) {
		*order_at = 1;
		return K_STORE;
	}
	if (!strcmp(name, "atomic_store_explicit")) {
		*order_at = 2;
		return K_STORE;
	}
	if (!strncmp(name, "atomic_compare_exchange_", 24) && strstr(name, "_explicit")) {
		*order_at = 3;
		return K_CAS;
	}
	if ((!strncmp(name, "atomic_fetch_", 13) || !strcmp(name, "atomic_exchange_explicit")) &&
	    strstr(name, "_explicit")) {
		*order_at = 2;
		return K_RMW;
	}
	return !strncmp(name, "atomic_", 7) && strcmp(name, "atomic_init") &&
	       strcmp(name, "atomic_work_item_fence") ? K_OTHER : K_NONE;
}

/* The enumerator an argument names (memory_order_acquire ...), or NULL; caller frees. */
static char *enumerator(CXCursor arg)
{
	CXCursor d = clang_getCursorReferenced(cal_ignore_wrappers(arg));
	if (clang_Cursor_isNull(d) || clang_getCursorKind(d) != CXCursor_EnumConstantDecl)
		return NULL;
	return cal_cursor_name(d);
}

/* The strength of an order's load side: relaxed/release 0, acquire/acq_rel 1, seq_cst 2. */
static int load_side(const char *order)
{
	return !strcmp(order, "memory_order_seq_cst") ? 2
	       : !strcmp(order, "memory_order_acquire") || !strcmp(order, "memory_order_acq_rel") ? 1
	       : 0;
}

static void replace_order(struct cal_finding *f, CXCursor arg, const char *order)
{
	struct cal_edit e;
	struct cal_fix *fix;

	if (cal_edit_replace_cursor(arg, order, &e) < 0)
		return;
	fix = cal_finding_add_fix(f, "use the order the operation has");
	cal_fix_add_edit(fix, &e);
	cal_edit_clear(&e);
}

static void check_order(struct cal_walk *w, CXCursor call, const char *fn, enum kind k,
			int at)
{
	CXCursor arg = clang_Cursor_getArgument(call, (unsigned)at);
	char *order = enumerator(arg);
	struct cal_finding *f;
	int acq_rel;

	if (!order)
		return;
	acq_rel = !strcmp(order, "memory_order_acq_rel");
	if (k == K_LOAD && (acq_rel || !strcmp(order, "memory_order_release"))) {
		f = cal_report(w, arg, "'%s' with %s: a load cannot release, so the order is invalid "
			       "for the operation (undefined behaviour)", fn, order);
		if (acq_rel)
			replace_order(f, arg, "memory_order_acquire");
	} else if (k == K_STORE && (acq_rel || !strcmp(order, "memory_order_acquire"))) {
		f = cal_report(w, arg, "'%s' with %s: a store cannot acquire, so the order is invalid "
			       "for the operation (undefined behaviour)", fn, order);
		if (acq_rel)
			replace_order(f, arg, "memory_order_release");
	}
	free(order);
}

static void check_failure_order(struct cal_walk *w, CXCursor call, const char *fn)
{
	CXCursor farg = clang_Cursor_getArgument(call, 4);
	char *success = enumerator(clang_Cursor_getArgument(call, 3)), *failure = enumerator(farg);

	if (failure && (!strcmp(failure, "memory_order_release") ||
			!strcmp(failure, "memory_order_acq_rel")))
		cal_report(w, farg, "'%s' with failure order %s: the failure path only loads, so "
			   "it cannot release (undefined behaviour)", fn, failure);
	else if (failure && success && load_side(failure) > load_side(success))
		cal_report(w, farg, "'%s' with failure order %s, stronger than the success order %s "
			   "(undefined behaviour): the failure order may be at most the success "
			   "order's load side", fn, failure, success);
	free(success);
	free(failure);
}

static void check_scopes(struct cal_walk *w, CXCursor call, const char *fn)
{
	int i, n = clang_Cursor_getNumArguments(call);
	const struct cal_ocl_profile *p = w->parse->ocl_profile;

	for (i = 1; i < n; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		char *scope = enumerator(arg);
		if (!scope)
			continue;
		if (!strcmp(scope, "memory_scope_work_item"))
			cal_report(w, arg, "'%s' with memory_scope_work_item: that scope is for "
				   "atomic_work_item_fence only, an atomic operation at it is invalid", fn);
		else if ((!strcmp(scope, "memory_scope_all_svm_devices") ||
			  !strcmp(scope, "memory_scope_all_devices")) && p && !p->fine_grain_svm)
			cal_report(w, arg, "'%s' with %s needs fine-grained SVM, which device profile "
				   "'%s' lacks", fn, scope, p->name);
		free(scope);
	}
}


/* ---- min/max operands converted with a change of signedness ---- */

/* 1: a signed integer type, 0: unsigned, -1: not an integer type (canonical kinds). */
static int int_signedness(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong:
		return 1;
	case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt:
	case CXType_ULong: case CXType_ULongLong: case CXType_Bool:
		return 0;
	default:
		return -1;
	}
}

/* The expression an argument was before the implicit conversions of the call. */
static CXCursor before_conversions(CXCursor arg)
{
	while (clang_getCursorKind(arg) == CXCursor_UnexposedExpr && cal_nr_children(arg) == 1)
		arg = cal_child(arg, 0);
	return arg;
}

/* The object's value type (C) the pointer argument obj points to; invalid if none. */
static CXType object_value_type(CXCursor obj)
{
	CXType t = clang_getPointeeType(clang_getCursorType(obj)), c;

	if (!cal_type_valid(t))
		return t;
	c = clang_getCanonicalType(t);
	return cal_type_unqualified(c.kind == CXType_Atomic ? clang_Type_getValueType(c) : c);
}

/*
 * Can the operand e (signed: sign, size bytes) hold a value that the
 * conversion to the object's type (of the other signedness, obj_size bytes)
 * changes?  A constant is judged by its value, an expression by its type.
 */
static int value_may_change(CXCursor e, int sign, long long size, long long obj_size)
{
	CXEvalResult r;
	int changes;

	if (obj_size < 1 || obj_size > 8)
		return 0;
	/* unsigned to signed: only at one width (a narrowing is another matter: size_t ids) */
	changes = sign || size == obj_size;
	r = clang_Cursor_Evaluate(e);
	if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
		unsigned long long max = (1ULL << (obj_size * 8 - 1)) - 1;	/* the signed maximum */
		if (clang_EvalResult_isUnsignedInt(r))
			changes = changes && clang_EvalResult_getAsUnsigned(r) > max;
		else
			changes = sign && clang_EvalResult_getAsLongLong(r) < 0;
	}
	if (r)
		clang_EvalResult_dispose(r);
	return changes;
}

/* t's spelling without its qualifiers and address space (atomic_uintptr_t, uint); caller frees. */
static char *bare_type_name(CXType t)
{
	static const char *const quals[] = {
		"volatile ", "const ", "restrict ", "__global ", "__local ", "__private ",
		"__generic ", "__constant ", NULL
	};
	char *name = cal_type_name(t);
	size_t at = 0;
	int i;

	for (i = 0; name && quals[i]; i++)
		if (!strncmp(name + at, quals[i], strlen(quals[i]))) {
			at += strlen(quals[i]);
			i = -1;	/* qualifiers come in any order */
		}
	if (name && at)
		memmove(name, name + at, strlen(name + at) + 1);
	return name;
}

/* The object's type as the caller wrote it (atomic_uintptr_t), or else its value type c. */
static char *object_type_name(CXCursor obj, CXType c)
{
	CXCursor written = before_conversions(obj);
	CXType t = clang_getPointeeType(clang_getCursorType(written));

	if (cal_type_valid(t) && clang_equalTypes(object_value_type(written), c))
		return bare_type_name(t);
	return cal_type_name(c);
}

static void check_minmax_operand(struct cal_walk *w, CXCursor call, const char *fn)
{
	CXCursor obj = clang_Cursor_getArgument(call, 0);
	CXCursor operand = before_conversions(clang_Cursor_getArgument(call, 1));
	CXType c = object_value_type(obj), t = clang_getCursorType(operand);
	int csign, tsign;
	char *cname, *tname, *subject;
	struct cal_finding *f;

	if (!cal_type_valid(c) || !cal_type_valid(t))
		return;
	csign = int_signedness(c);
	tsign = int_signedness(t);
	if (csign < 0 || tsign < 0 || csign == tsign ||
	    !value_may_change(operand, tsign, clang_Type_getSizeOf(t), clang_Type_getSizeOf(c)))
		return;
	cname = object_type_name(obj, c);
	tname = bare_type_name(t);
	subject = cal_cursor_text(w->parse->tu, operand, CAL_TEXT_NO_MACROS);
	f = cal_report(w, operand, "'%s' with operand '%s' of type '%s' on an object of type '%s': min/max "
		       "compare in the object's value type, so %s; cast the operand or change the "
		       "object's type to say which comparison is meant", fn, subject ? subject : "?",
		       tname, cname, tsign ? "a negative operand compares as a large unsigned value"
					   : "an operand above the signed maximum compares as a "
					     "negative value");
	f->severity = CAL_SEV_WARNING;	/* a changed comparison, not undefined behaviour */
	free(subject);
	free(tname);
	free(cname);
}

static void args_visit(struct cal_walk *w, CXCursor c, void *state)
{
	CXCursor callee;
	char *fn;
	int order_at;
	enum kind k;
	const struct cal_atomic_op *op;

	(void)state;
	callee = cal_call_callee(c);
	if (clang_Cursor_isNull(callee) || !clang_Cursor_isNull(clang_getCursorDefinition(callee)))
		return;
	fn = cal_cursor_name(callee);
	k = kind_of(fn, &order_at);
	if (k != K_NONE && order_at >= 0 && order_at < clang_Cursor_getNumArguments(c))
		check_order(w, c, fn, k, order_at);
	if (k == K_CAS && clang_Cursor_getNumArguments(c) >= 5)
		check_failure_order(w, c, fn);
	if (k != K_NONE)
		check_scopes(w, c, fn);
	op = cal_atomic_op_cl_find(fn);
	if (op && (op->op == CAL_OP_MIN || op->op == CAL_OP_MAX) &&
	    clang_Cursor_getNumArguments(c) >= 2)
		check_minmax_operand(w, c, fn);
	free(fn);
}

const struct cal_check cal_check_opencl_atomic_args = {
	.id = "opencl-atomic-args",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "OpenCL C atomic calls with an order or scope the operation cannot have "
		   "(undefined behaviour)",
	.doc = "opencl-atomic-args.md",
	.languages = CAL_LANG_OPENCL,
	.kinds = CAL_KINDS(CXCursor_CallExpr),
	.visit = args_visit,
};
