/*
 * opencl-atomic-private: an atomic function of OpenCL C whose object is in
 * the private address space.
 *
 * "The behavior of atomic operations where pointer arguments to the atomic
 * functions refers to an atomic type in the private address space is
 * undefined" (OpenCL C, atomic functions).  With the generic address space
 * (OpenCL C 2.0, or 3.0 with __opencl_c_generic_address_space) clang
 * accepts atomic_fetch_add(&loc, 1) on a private 'atomic_int loc'
 * silently; each work-item has its own copy, so the atomic synchronizes
 * nothing.  Private objects are found as atomic-local-memory finds CUDA's
 * thread-local ones (local_origin.h: &x, &a[i], and local pointers every
 * assignment of which is such an address), less the variables declared
 * __local, __global or __constant.  atomic_init is not an atomic operation,
 * and atomic_work_item_fence takes no object.  The 1.x functions
 * (atomic_add, atom_add) have no private overloads: clang rejects those
 * calls and its error is the finding.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "analysis/local_origin.h"

/*
 * A call to one of OpenCL C's atomic functions: named atomic_* or atom_*,
 * with no body anywhere in the translation unit (libclang places the
 * built-ins' declarations at their first use, so the header is no sign).
 */
static int is_atomic_operation(CXCursor call)
{
	CXCursor fn = cal_call_callee(call);
	char *name;
	int r;

	if (clang_Cursor_isNull(fn) || !clang_Cursor_isNull(clang_getCursorDefinition(fn)))
		return 0;
	name = cal_cursor_name(fn);
	r = (!strncmp(name, "atomic_", 7) || !strncmp(name, "atom_", 5)) &&
	    strcmp(name, "atomic_init") && strcmp(name, "atomic_work_item_fence");
	free(name);
	return r;
}

/* Declared in __local, __global or __constant memory: not private. */
static int in_named_space(CXCursor var)
{
	char *s = cal_type_name(clang_getCursorType(var));
	int r = strstr(s, "__local") || strstr(s, "__global") || strstr(s, "__constant");
	free(s);
	return r;
}

static void private_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct cal_local_origin o;
	struct cal_finding *f;
	char *fn, *var;

	(void)state;
	if (clang_Cursor_getNumArguments(c) < 1 || !is_atomic_operation(c))
		return;
	if (!cal_addr_is_local(clang_Cursor_getArgument(c, 0), &o) || in_named_space(o.object))
		return;
	fn = cal_cursor_name(cal_call_callee(c));
	var = cal_cursor_name(o.object);
	f = cal_report(w, c, "'%s' on private variable '%s': each work-item has its own copy, "
		       "and atomic operations on private memory are undefined in OpenCL C",
		       fn, var);
	if (!clang_Cursor_isNull(o.pointer)) {
		char *ptr = cal_cursor_name(o.pointer);
		cal_note_at(w, f, o.pointer, "'%s' points to private '%s'", ptr, var);
		free(ptr);
	}
	cal_note_at(w, f, o.object, "'%s' is private to each work-item: declare it __local "
		    "to share it within the work-group, or __global across work-groups", var);
	free(fn);
	free(var);
}

const struct cal_check cal_check_opencl_atomic_private = {
	.id = "opencl-atomic-private",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "OpenCL C atomic operations on private memory (undefined behaviour: each "
		   "work-item has its own copy)",
	.doc = "opencl-atomic-private.md",
	.languages = CAL_LANG_OPENCL,
	.kinds = CAL_KINDS(CXCursor_CallExpr),
	.visit = private_visit,
};
