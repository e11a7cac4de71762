/*
 * The written template's expression an instantiated one was made from
 * (template_pattern.h).
 */
#include "analysis/template_pattern.h"

#define MAX_TEMPLATE_HOPS 8	/* member of a member template of a class template... */

struct pattern_search {
	enum CXCursorKind kind;
	CXSourceRange range;
	CXCursor hit;
};

static enum CXChildVisitResult find_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pattern_search *ps = data;

	(void)parent;
	if (clang_getCursorKind(c) == ps->kind &&
	    clang_equalRanges(clang_getCursorExtent(c), ps->range)) {
		ps->hit = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

CXCursor cal_pattern_expr(CXTranslationUnit tu, CXCursor inst_fn, CXCursor inst_expr)
{
	struct pattern_search ps;
	CXCursor pattern = clang_getNullCursor(), up = inst_fn;
	int hops;

	(void)tu;
	for (hops = 0; hops < MAX_TEMPLATE_HOPS; hops++) {
		up = clang_getSpecializedCursorTemplate(up);
		if (clang_Cursor_isNull(up))
			break;
		pattern = up;
	}
	if (clang_Cursor_isNull(pattern) || hops == MAX_TEMPLATE_HOPS)
		return clang_getNullCursor();
	pattern = clang_getCursorDefinition(pattern);
	if (clang_Cursor_isNull(pattern))
		return clang_getNullCursor();
	ps.kind = clang_getCursorKind(inst_expr);
	ps.range = clang_getCursorExtent(inst_expr);
	ps.hit = clang_getNullCursor();
	clang_visitChildren(pattern, find_visitor, &ps);
	return ps.hit;
}
