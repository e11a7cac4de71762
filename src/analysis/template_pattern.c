/*
 * The written template's expression an instantiated one was made from
 * (template_pattern.h).
 */
#include "analysis/template_pattern.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "analysis/volatile_util.h"

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

/* The definition of the code no instantiation made that inst_fn comes from, or null. */
static CXCursor written_template(CXCursor inst_fn)
{
	CXCursor pattern = clang_getNullCursor(), up = inst_fn;
	int hops;

	for (hops = 0; hops < MAX_TEMPLATE_HOPS; hops++) {
		up = clang_getSpecializedCursorTemplate(up);
		if (clang_Cursor_isNull(up))
			break;
		pattern = up;
	}
	if (clang_Cursor_isNull(pattern) || hops == MAX_TEMPLATE_HOPS)
		return clang_getNullCursor();
	return clang_getCursorDefinition(pattern);
}

CXCursor cal_pattern_expr(CXTranslationUnit tu, CXCursor inst_fn, CXCursor inst_expr)
{
	struct pattern_search ps;
	CXCursor pattern = written_template(inst_fn);

	(void)tu;
	if (clang_Cursor_isNull(pattern))
		return pattern;
	ps.kind = clang_getCursorKind(inst_expr);
	ps.range = clang_getCursorExtent(inst_expr);
	ps.hit = clang_getNullCursor();
	clang_visitChildren(pattern, find_visitor, &ps);
	return ps.hit;
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
	CXCursor pattern = written_template(inst_fn);
	CXToken *toks = NULL;
	unsigned n = 0, i;
	int found = 0;

	if (clang_Cursor_isNull(pattern))
		return 1;
	/* the expansion-site extent: a __device__ from a macro starts elsewhere */
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
