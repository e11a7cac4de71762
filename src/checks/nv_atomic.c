#include "nv_atomic.h"

#include <stdlib.h>
#include <string.h>

#include "../ast.h"

int cal_is_nv_atomic_builtin(const struct cal_walk *w, CXCursor decl)
{
	CXFile file;
	char *name;
	int r;

	if (!cal_cursor_name_starts(decl, "__nv_atomic_") || !w->parse->prelude_path)
		return 0;
	clang_getExpansionLocation(clang_getCursorLocation(decl), &file, NULL, NULL, NULL);
	if (!file)
		return 0;
	name = cal_take_string(clang_getFileName(file));
	r = !strncmp(name, w->parse->prelude_path, strlen(w->parse->prelude_path));
	free(name);
	return r;
}

CXCursor cal_nv_atomic_callee(const struct cal_walk *w, CXCursor call)
{
	CXCursor callee;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return clang_getNullCursor();
	callee = cal_call_callee(call);
	if (clang_Cursor_isNull(callee))
		return callee;
	/* a specialization's location is its template's: in the prelude */
	if (!cal_is_nv_atomic_builtin(w, callee))
		return clang_getNullCursor();
	return callee;
}
