/* The languages beside CUDA C++, as far as the parse and the walk see them. */
#include "parse/language.h"

#include "parse/ast.h"

#include <string.h>

static const struct cal_opencl_front *opencl_front;

void cal_opencl_front_set(const struct cal_opencl_front *front)
{
	opencl_front = front;
}

const struct cal_opencl_front *cal_opencl_front(void)
{
	return opencl_front;
}

int cal_ocl_profile_has(const struct cal_ocl_profile *p, const char *feature)
{
	return cal_argv_count(&p->features, feature) > 0;
}

/* libclang has no cursor for the kernel attribute: look for the keyword before the name. */
enum cal_space cal_ocl_function_space(CXCursor fn)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
	CXSourceRange r = clang_getCursorExtent(fn);
	unsigned name_at, at, i, n = 0;
	CXToken *toks = NULL;
	int kernel = 0;

	clang_getSpellingLocation(clang_getCursorLocation(fn), NULL, NULL, NULL, &name_at);
	clang_tokenize(tu, r, &toks, &n);
	for (i = 0; i < n; i++) {
		CXString s;
		clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i]), NULL, NULL, NULL, &at);
		if (at >= name_at)
			break;
		s = clang_getTokenSpelling(tu, toks[i]);
		kernel |= !strcmp(clang_getCString(s), "__kernel") ||
			  !strcmp(clang_getCString(s), "kernel");
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, toks, n);
	return kernel ? CAL_SPACE_GLOBAL : CAL_SPACE_DEVICE;
}

int cal_ocl_is_builtin_call(CXCursor c)
{
	CXCursor fn;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return 0;
	fn = cal_call_callee(c);
	return !clang_Cursor_isNull(fn) && clang_Cursor_isNull(clang_getCursorDefinition(fn));
}
