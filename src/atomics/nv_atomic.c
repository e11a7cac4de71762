#include "atomics/nv_atomic.h"

#include "parse/ast.h"

const struct cal_atomic_op *cal_nv_builtin_find(const char *name)
{
	return cal_atomic_op_find(CAL_API_NV_BUILTIN, name);
}

int cal_is_nv_atomic_builtin(const struct cal_walk *w, CXCursor decl)
{
	return cal_cursor_name_starts(decl, "__nv_atomic_") && cal_walk_decl_in_prelude(w, decl);
}

int cal_nv_atomic_is_builtin_call(const struct cal_atomic *a)
{
	/*
	 * Not a recovery expression, nor a call in a template pattern whose
	 * types depend on the template (clang leaves it an overload set, and
	 * nvcc judges each instantiation)
	 */
	return clang_getCursorKind(a->call) == CXCursor_CallExpr &&
	       a->api == CAL_API_NV_BUILTIN && a->from_cuda && a->how != CAL_CALLEE_OVERLOAD_SET;
}

CXCursor cal_nv_atomic_callee(const struct cal_walk *w, CXCursor call)
{
	struct cal_atomic a;

	if (!cal_atomic_classify(w, call, &a) || !cal_nv_atomic_is_builtin_call(&a))
		return clang_getNullCursor();
	return a.callee;
}
