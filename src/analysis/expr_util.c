#include "analysis/expr_util.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"

struct subtree_search {
	cal_cursor_pred match, skip;
	void *data;
	int found;
	CXCursor hit;
};

static enum CXChildVisitResult subtree_visitor(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct subtree_search *s = data;
	(void)parent;
	if (s->match(c, s->data)) {
		s->found = 1;
		s->hit = c;
		return CXChildVisit_Break;
	}
	if (s->skip && s->skip(c, s->data))
		return CXChildVisit_Continue;
	return CXChildVisit_Recurse;
}

int cal_subtree_find(CXCursor root, cal_cursor_pred match, cal_cursor_pred skip,
		     void *data, CXCursor *found)
{
	struct subtree_search s = { match, skip, data, 0, clang_getNullCursor() };
	clang_visitChildren(root, subtree_visitor, &s);
	if (found)
		*found = s.hit;
	return s.found;
}

CXCursor cal_strip_casts(CXCursor e)
{
	for (int guard = 0; guard < 64; guard++) {
		int n;
		e = cal_ignore_wrappers(e);
		if (!cal_is_cast_kind(clang_getCursorKind(e)))
			break;
		/* a cast's children start with the TypeRef of its target */
		n = cal_nr_children(e);
		if (n < 1)
			break;
		e = cal_child(e, n - 1);
	}
	return e;
}

int cal_is_binop(CXCursor c, enum CXBinaryOperatorKind k)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	return (ck == CXCursor_BinaryOperator || ck == CXCursor_CompoundAssignOperator) &&
	       clang_getCursorBinaryOperatorKind(c) == k;
}

int cal_is_unop(CXCursor c, enum CXUnaryOperatorKind k)
{
	return clang_getCursorKind(c) == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(c) == k;
}

int cal_is_loop_kind(enum CXCursorKind k)
{
	return k == CXCursor_DoStmt || k == CXCursor_WhileStmt || k == CXCursor_ForStmt;
}

int cal_type_is_floating(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Float: case CXType_Double: case CXType_LongDouble:
	case CXType_Half: case CXType_Float16: case CXType_BFloat16:
		return 1;
	default:
		return 0;
	}
}

static int is_decl_ref(CXCursor c, void *data)
{
	(void)data;
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr;
}

CXCursor cal_callee_ref(CXCursor call)
{
	CXCursor callee = cal_ignore_wrappers(cal_child(call, 0));
	CXCursor ref;

	if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr)
		return callee;
	if (!clang_Cursor_isNull(callee) && cal_subtree_find(callee, is_decl_ref, NULL, NULL, &ref))
		return ref;
	return clang_getNullCursor();
}

int cal_decl_in_namespace(CXCursor decl, const char *ns)
{
	CXCursor p = clang_getCursorSemanticParent(decl);
	while (clang_getCursorKind(p) == CXCursor_Namespace && clang_Cursor_isInlineNamespace(p))
		p = clang_getCursorSemanticParent(p);
	if (clang_getCursorKind(p) != CXCursor_Namespace || !cal_cursor_name_is(p, ns))
		return 0;
	p = clang_getCursorSemanticParent(p);
	return clang_getCursorKind(p) == CXCursor_TranslationUnit;
}

static int refers_to_named(CXCursor c, void *data)
{
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	       cal_cursor_name_is(clang_getCursorReferenced(c), data);
}

int cal_mentions_var(CXCursor e, const char *name)
{
	return refers_to_named(e, (void *)name) ||
	       cal_subtree_find(e, refers_to_named, NULL, (void *)name, NULL);
}

CXCursor cal_local_var_of(CXCursor e)
{
	CXCursor d;

	e = cal_ignore_wrappers(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	d = clang_getCursorReferenced(e);
	if (clang_getCursorKind(d) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(d))
		return clang_getNullCursor();
	return d;
}
