/* The template pattern behind an instantiation's code (template_pattern.h). */
#include "analysis/template_pattern.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "analysis/volatile_util.h"

struct pattern_search {
	CXSourceRange extent;
	enum CXCursorKind kind;
	CXCursor found;
};

static enum CXChildVisitResult find_at_extent(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pattern_search *s = data;
	CXSourceRange r = clang_getCursorExtent(c);

	(void)parent;
	if (clang_getCursorKind(c) == s->kind && clang_equalRanges(r, s->extent)) {
		s->found = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

CXCursor cal_pattern_expr(CXTranslationUnit tu, CXCursor inst_fn, CXCursor inst_expr)
{
	struct pattern_search s;
	CXCursor pattern = clang_getSpecializedCursorTemplate(inst_fn);

	(void)tu;
	s.extent = clang_getCursorExtent(inst_expr);
	s.kind = clang_getCursorKind(inst_expr);
	s.found = clang_getNullCursor();
	if (clang_Cursor_isNull(pattern) || clang_Range_isNull(s.extent))
		return s.found;
	clang_visitChildren(pattern, find_at_extent, &s);
	return s.found;
}

int cal_pattern_type_is_fixed(CXTranslationUnit tu, CXCursor inst_fn, CXCursor inst_expr)
{
	CXCursor p = cal_pattern_expr(tu, inst_fn, inst_expr);
	CXType pt, it;

	if (clang_Cursor_isNull(p))
		return 0;
	pt = clang_getCanonicalType(clang_getCursorType(p));
	it = clang_getCanonicalType(clang_getCursorType(inst_expr));
	return pt.kind != CXType_Invalid && pt.kind != CXType_Dependent &&
	       pt.kind != CXType_Unexposed && clang_equalTypes(pt, it);
}

int cal_pattern_discards_statements(CXTranslationUnit tu, CXCursor inst_fn)
{
	CXCursor pattern = clang_getSpecializedCursorTemplate(inst_fn);
	CXToken *toks = NULL;
	unsigned n = 0, i;
	int found = 0;

	if (clang_Cursor_isNull(pattern))
		return 1;
	clang_tokenize(tu, vol_file_extent(tu, pattern), &toks, &n);
	for (i = 0; i + 1 < n && !found; i++) {
		char *a = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		char *b = cal_take_string(clang_getTokenSpelling(tu, toks[i + 1]));
		found = !strcmp(a, "if") && !strcmp(b, "constexpr");
		free(a);
		free(b);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}
