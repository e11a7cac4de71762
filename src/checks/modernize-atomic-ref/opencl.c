/*
 * modernize-atomic-ref for OpenCL C: a 1.x atomic function (atomic_add,
 * atom_add ... of OpenCL C 1.1 and the cl_khr_*_atomics extensions) written
 * as the 2.0 atomic_fetch_*_explicit / atomic_exchange_explicit call with
 * the order and scope it has.
 *
 * Under OpenCL 1.2's relaxed memory model an atomic function guarantees
 * atomicity only (ordering comes from barrier and mem_fence), so its order
 * is memory_order_relaxed; its scope is the work-group for a __local object
 * and the device for a __global one.  The object is cast to the matching
 * atomic type keeping its address space (and volatile, which the 1.x
 * parameter has); atomic_inc/atomic_dec become fetch_add/fetch_sub of 1.
 * The address space is the one of the overload clang chose: a generic
 * pointer's (OpenCL C 2.0) is unknown, and gets no fix.
 *
 * The 2.0 form needs OpenCL C 2.0 or later: a 1.2 parse reports nothing.
 * One fix must compile for every device profile judged: on 3.0,
 * memory_scope_device needs __opencl_c_atomic_scope_device, and a 64-bit
 * object the int64 atomics (atomic_long needs cl_khr_int64_base_atomics and
 * cl_khr_int64_extended_atomics).  atomic_cmpxchg returns the old value,
 * while atomic_compare_exchange_strong_explicit returns a bool and leaves
 * the old value in an object the caller names: an expression cannot
 * declare one (OpenCL C has no statement expressions, and a compound
 * literal is private memory that profiles without the generic address
 * space cannot pass), so it gets a finding without a fix.
 */
#include "checks/modernize-atomic-ref/opencl.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/language.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "atomics/atomics.h"

/* The 2.0 function of a 1.x operation, and the operand inc/dec add (NULL: the call's). */
static const char *function_for(enum cal_op op, const char **operand)
{
	*operand = NULL;
	switch (op) {
	case CAL_OP_ADD: return "atomic_fetch_add_explicit";
	case CAL_OP_SUB: return "atomic_fetch_sub_explicit";
	case CAL_OP_INC: *operand = "1"; return "atomic_fetch_add_explicit";
	case CAL_OP_DEC: *operand = "1"; return "atomic_fetch_sub_explicit";
	case CAL_OP_EXCH: return "atomic_exchange_explicit";
	case CAL_OP_MIN: return "atomic_fetch_min_explicit";
	case CAL_OP_MAX: return "atomic_fetch_max_explicit";
	case CAL_OP_AND: return "atomic_fetch_and_explicit";
	case CAL_OP_OR: return "atomic_fetch_or_explicit";
	case CAL_OP_XOR: return "atomic_fetch_xor_explicit";
	default: return NULL;	/* cmpxchg */
	}
}

/* The atomic type of the object the 1.x overload takes, or NULL. */
static const char *atomic_type(CXType object, int *wide)
{
	*wide = 0;
	switch (clang_getCanonicalType(object).kind) {
	case CXType_Int: return "atomic_int";
	case CXType_UInt: return "atomic_uint";
	case CXType_Long: *wide = 1; return "atomic_long";
	case CXType_ULong: *wide = 1; return "atomic_ulong";
	case CXType_Float: return "atomic_float";
	default: return NULL;
	}
}

enum space { SP_GLOBAL, SP_LOCAL, SP_UNKNOWN };

/* The object's address space, from the pointee of the parameter clang chose. */
static enum space space_of(CXType object)
{
	char *s = cal_type_name(object);
	enum space sp = strstr(s, "__global") ? SP_GLOBAL
			: strstr(s, "__local") ? SP_LOCAL : SP_UNKNOWN;
	free(s);
	return sp;
}

static int all_profiles_have(const char *feature)
{
	const struct cal_opencl_front *front = cal_opencl_front();
	return !front || front->all_profiles_have(feature);
}

/* Why the call gets no fix, or NULL. */
static const char *no_fix_reason(const struct cal_walk *w, const char *fn, enum space sp,
				 const char *type, int wide)
{
	if (!fn)
		return "atomic_cmpxchg returns the old value, atomic_compare_exchange_strong_explicit "
		       "a bool with the old value left in an object the caller names, which an "
		       "expression cannot declare: write the compare-exchange with its expected "
		       "variable by hand";
	if (!type)
		return "the object's type has no OpenCL C atomic type";
	if (sp == SP_UNKNOWN)
		return "the pointer is not __global or __local, so its scope (the work-group for "
		       "__local, the device for __global) is unknown";
	if (sp == SP_GLOBAL && w->parse->opencl >= 300 &&
	    !all_profiles_have("__opencl_c_atomic_scope_device"))
		return "memory_scope_device needs __opencl_c_atomic_scope_device, which a device "
		       "profile lacks";
	if (wide && !(all_profiles_have("cl_khr_int64_base_atomics") &&
		      all_profiles_have("cl_khr_int64_extended_atomics")))
		return "atomic_long/atomic_ulong need cl_khr_int64_base_atomics and "
		       "cl_khr_int64_extended_atomics, which a device profile lacks";
	return NULL;
}

/*
 * Names, subscripts and members bind tighter than a cast, and a cast takes
 * a unary '&' as it is: "p", "a[i]", "s.p", "&a[i]".
 */
static int binds_under_cast(const char *text)
{
	int depth = 0;

	if (*text == '&')
		text++;

	for (; *text; text++) {
		if (*text == '[')
			depth++;
		else if (*text == ']')
			depth--;
		else if (!depth && !(((*text | 32) >= 'a' && (*text | 32) <= 'z') ||
				     (*text >= '0' && *text <= '9') || *text == '_' || *text == '.'))
			return 0;
	}
	return 1;
}

/* The rewritten call (macro arguments copied as written at the call), or NULL. */
static char *replacement(CXTranslationUnit tu, CXCursor call, const char *fn,
			 const char *operand, const char *type, enum space sp)
{
	char *ptr = cal_cursor_text(tu, clang_Cursor_getArgument(call, 0), CAL_TEXT_MACRO_USES);
	char *val = operand ? xstrdup(operand)
		    : cal_cursor_text(tu, clang_Cursor_getArgument(call, 1), CAL_TEXT_MACRO_USES);
	char *out = NULL;
	int simple;

	if (ptr && val) {
		simple = binds_under_cast(ptr);
		out = xasprintf("%s((volatile %s %s *)%s%s%s, %s, memory_order_relaxed, %s)", fn,
				sp == SP_LOCAL ? "__local" : "__global", type, simple ? "" : "(",
				ptr, simple ? "" : ")", val,
				sp == SP_LOCAL ? "memory_scope_work_group" : "memory_scope_device");
	}
	free(ptr);
	free(val);
	return out;
}

static void add_fix(struct cal_walk *w, struct cal_finding *f, CXCursor call, const char *text)
{
	struct cal_edit e;

	if (cal_edit_replace_cursor(call, text, &e) < 0) {
		cal_note_at(w, f, call, "no fix: the call is written through a macro");
		return;
	}
	cal_fix_add_edit(cal_finding_add_fix(f, "use the explicit atomic function with the "
					     "order and scope the 1.x function has"), &e);
	cal_edit_clear(&e);
}

/*
 * cuatomlint's own fallback helpers (arch-unsupported's CAS loops) use the
 * 1.x functions on purpose: the profiles they are written for lack the
 * 2.0 types.  A fix the tool emits is not reported again.
 */
static int in_own_helper(const struct cal_walk *w)
{
	char *name;
	int own;

	if (clang_Cursor_isNull(w->function))
		return 0;
	name = cal_cursor_name(w->function);
	own = name && !strncmp(name, "cuatomlint_", strlen("cuatomlint_"));
	free(name);
	return own;
}

void cal_modernize_cl_visit(struct cal_walk *w, CXCursor call)
{
	const struct cal_atomic_op *op;
	const char *fn, *operand, *type, *why;
	char *name, *text = NULL;
	CXType object;
	enum space sp;
	int wide;
	struct cal_finding *f;

	if (w->parse->opencl < 200 || !cal_ocl_is_builtin_call(call) || in_own_helper(w))
		return;
	name = cal_cursor_name(cal_call_callee(call));
	op = cal_atomic_op_cl_find(name);
	if (!op || op->api != CAL_API_OPENCL_1X ||
	    clang_Cursor_getNumArguments(call) != op->nr_args) {
		free(name);
		return;
	}
	fn = function_for(op->op, &operand);
	object = clang_getPointeeType(clang_getArgType(clang_getCursorType(cal_call_callee(call)), 0));
	type = cal_type_valid(object) ? atomic_type(object, &wide) : (wide = 0, NULL);
	sp = cal_type_valid(object) ? space_of(object) : SP_UNKNOWN;
	why = no_fix_reason(w, fn, sp, type, wide);
	if (fn)
		f = cal_report(w, call, "'%s' can be written as %s with the order and scope it has "
			       "(memory_order_relaxed, %s)", name, fn,
			       sp == SP_LOCAL ? "memory_scope_work_group"
			       : sp == SP_GLOBAL ? "memory_scope_device"
			       : "the work-group for __local, the device for __global");
	else
		f = cal_report(w, call, "'%s' is OpenCL C 1.x's compare-exchange: "
			       "atomic_compare_exchange_strong_explicit states its order and scope",
			       name);
	if (!why)
		text = replacement(w->parse->tu, call, fn, operand, type, sp);
	if (why)
		cal_note_at(w, f, call, "no fix: %s", why);
	else if (text)
		add_fix(w, f, call, text);
	free(text);
	free(name);
}
