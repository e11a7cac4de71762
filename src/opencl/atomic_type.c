/*
 * opencl-atomic-type: atomic objects used as OpenCL C forbids.
 *
 * "All operations on atomic types must be performed using the built-in
 * atomic functions ... OpenCL C does not support operators with atomic
 * types" (OpenCL C, atomic functions).  clang 19 rejects ++, += and = on
 * an atomic object, but accepts a plain read (int v = *counter;) silently:
 * as in C11 it becomes an atomic load, which OpenCL C does not define.
 * This check finds those reads.  The fix is the load C11 gives the read,
 * atomic_load() (seq_cst, device scope), where every device profile has
 * both (__opencl_c_atomic_order_seq_cst, __opencl_c_atomic_scope_device);
 * otherwise none, since a weaker order or scope would change the meaning.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "analysis/volatile_util.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "opencl/opencl.h"

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

static int all_profiles_have(const char *feature)
{
	int i;
	for (i = 0; i < cal_ocl_nr_profiles(); i++)
		if (!cal_ocl_profile_has(cal_ocl_profile(i), feature))
			return 0;
	return 1;
}

static void add_load_fix(struct cal_walk *w, struct cal_finding *f, CXCursor lvalue)
{
	CXTranslationUnit tu = w->parse->tu;
	int deref = vol_is_unary(lvalue, CXUnaryOperator_Deref);
	char *text = vol_cursor_text(tu, deref ? cal_child(lvalue, 0) : lvalue), *call;
	struct cal_edit e;

	if (!text)
		return;
	call = xasprintf("atomic_load(%s%s)", deref ? "" : "&", text);
	if (cal_edit_replace_cursor(lvalue, call, &e) == 0) {
		cal_fix_add_edit(cal_finding_add_fix(f, "use atomic_load"), &e);
		cal_edit_clear(&e);
	}
	free(call);
	free(text);
}

static void type_visit(struct cal_walk *w, CXCursor c, void *state)
{
	CXCursor lvalue;
	struct cal_finding *f;
	char *subject;

	(void)state;
	lvalue = atomic_read(c);
	if (clang_Cursor_isNull(lvalue))
		return;
	subject = vol_subject(w->parse->tu, lvalue);
	f = cal_report(w, lvalue, "plain read of atomic object '%s': OpenCL C has no operators "
		       "on atomic types and does not define this load; use atomic_load or "
		       "atomic_load_explicit", subject);
	if (!all_profiles_have("__opencl_c_atomic_order_seq_cst") ||
	    !all_profiles_have("__opencl_c_atomic_scope_device"))
		cal_note_at(w, f, lvalue, "no fix: atomic_load (seq_cst, device scope, what the "
			    "read means in C11) needs __opencl_c_atomic_order_seq_cst and "
			    "__opencl_c_atomic_scope_device, which a device profile lacks");
	else
		add_load_fix(w, f, lvalue);
	free(subject);
}

const struct cal_check cal_check_opencl_atomic_type = {
	.id = "opencl-atomic-type",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "OpenCL C atomic objects read or written without the atomic functions",
	.doc = "opencl-atomic-type.md",
	.languages = CAL_LANG_OPENCL,
	.kinds = CAL_KINDS(CXCursor_UnexposedExpr),
	.visit = type_visit,
};
