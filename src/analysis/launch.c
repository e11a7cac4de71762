/* Kernel launches (launch.h). */
#include "analysis/launch.h"

#include "analysis/expr_util.h"
#include "parse/ast.h"

int cal_is_kernel(CXCursor fn)
{
	return !clang_Cursor_isNull(fn) && cal_is_function_kind(clang_getCursorKind(fn)) &&
	       cal_function_space(fn) == CAL_SPACE_GLOBAL;
}

CXCursor cal_kernel_named(CXCursor e, CXCursor *ref)
{
	CXCursor d;

	e = cal_strip_casts(e);
	if (cal_is_unop(e, CXUnaryOperator_AddrOf))
		e = cal_strip_casts(cal_child(e, 0));
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	d = clang_getCursorReferenced(e);
	*ref = e;
	return cal_is_kernel(d) ? d : clang_getNullCursor();
}

static int is_config_call(CXCursor c)
{
	CXCursor callee = cal_call_callee(c);

	return clang_getCursorKind(c) == CXCursor_CallExpr && !clang_Cursor_isNull(callee) &&
	       (cal_cursor_name_is(callee, "cudaConfigureCall") ||
		cal_cursor_name_is(callee, "__cudaPushCallConfiguration") ||
		cal_cursor_name_is(callee, "hipConfigureCall") ||
		cal_cursor_name_is(callee, "__hipPushCallConfiguration"));
}

int cal_launch_of(CXCursor call, struct cal_launch *out)
{
	CXCursor callee, config;

	out->ref = clang_getNullCursor();
	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return 0;
	if (cal_nr_children(call) >= 2 && is_config_call(config = cal_ignore_wrappers(cal_child(call, 1)))) {
		out->kernel = cal_kernel_named(cal_child(call, 0), &out->ref);
		out->grid = clang_Cursor_getArgument(config, 0);
		out->first_arg = 0;
	} else {
		callee = cal_call_callee(call);
		if (clang_Cursor_isNull(callee) || !cal_cursor_name_is(callee, "hipLaunchKernelGGL") ||
		    clang_Cursor_getNumArguments(call) < 5)
			return 0;
		out->kernel = cal_kernel_named(clang_Cursor_getArgument(call, 0), &out->ref);
		out->grid = clang_Cursor_getArgument(call, 1);
		out->first_arg = 5;
	}
	return !clang_Cursor_isNull(out->kernel);
}
