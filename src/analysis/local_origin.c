#include "analysis/local_origin.h"

#include <string.h>

#include "parse/ast.h"

/* Pointer variables whose assignments are being checked (a cycle p = q; q = p). */
#define MAX_CHAIN 8

struct chain {
	CXCursor vars[MAX_CHAIN];
	int n;
};

static int addr_local(CXCursor e, struct chain *ch, struct cal_local_origin *o);
static int lvalue_local(CXCursor e, struct chain *ch, struct cal_local_origin *o);

static enum CXChildVisitResult attr_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)parent;
	if (k == CXCursor_CUDASharedAttr || k == CXCursor_CUDAConstantAttr ||
	    k == CXCursor_CUDADeviceAttr) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

int cal_var_is_thread_local(CXCursor var)
{
	enum CX_StorageClass sc;
	enum CXTypeKind tk;
	int has_space_attr = 0;

	if (clang_getCursorKind(var) != CXCursor_VarDecl)
		return 0;
	sc = clang_Cursor_getStorageClass(var);
	if (sc != CX_SC_None && sc != CX_SC_Auto && sc != CX_SC_Register)
		return 0;
	/* a local's semantic parent is its function; a global's is a namespace */
	if (!cal_is_function_kind(clang_getCursorKind(clang_getCursorSemanticParent(var))))
		return 0;
	tk = clang_getCanonicalType(clang_getCursorType(var)).kind;
	if (tk == CXType_LValueReference || tk == CXType_RValueReference)
		return 0;
	clang_visitChildren(var, attr_visitor, &has_space_attr);
	return !has_space_attr;
}

static CXCursor referenced_var(CXCursor e)
{
	CXCursor d;

	e = cal_ignore_wrappers(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	d = clang_getCursorReferenced(e);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return clang_getNullCursor();
	return d;
}

static int refers_to(CXCursor e, CXCursor var)
{
	CXCursor d = referenced_var(e);
	return !clang_Cursor_isNull(d) && clang_equalCursors(d, var);
}

static enum CXTypeKind canonical_kind(CXCursor e)
{
	return clang_getCanonicalType(clang_getCursorType(e)).kind;
}

static int is_pointerish(CXCursor e)
{
	enum CXTypeKind k = canonical_kind(e);
	return k == CXType_Pointer || k == CXType_ConstantArray ||
	       k == CXType_IncompleteArray || k == CXType_VariableArray ||
	       k == CXType_DependentSizedArray;
}

static int is_array(CXCursor e)
{
	return is_pointerish(e) && canonical_kind(e) != CXType_Pointer;
}

static void note_object(struct cal_local_origin *o, CXCursor var)
{
	if (clang_Cursor_isNull(o->object))
		o->object = var;
}

/* --- scanning a function for every value a pointer variable takes --- */

struct ptr_scan {
	CXCursor var;
	struct chain *ch;
	struct cal_local_origin *o;
	int ok;		/* every value seen so far is a local address */
	int assigned;	/* it was given a value at all */
};

static void scan_value(struct ptr_scan *s, CXCursor value)
{
	s->assigned = 1;
	if (s->ok && !addr_local(value, s->ch, s->o))
		s->ok = 0;
}

/* Passed to a parameter of non-const reference type: the callee may store anything. */
static int escapes_through_call(CXCursor call, CXCursor var)
{
	CXCursor callee = cal_call_callee(call);
	int i, n = clang_Cursor_getNumArguments(call);

	for (i = 0; i < n; i++) {
		CXType pt;
		if (!refers_to(clang_Cursor_getArgument(call, i), var))
			continue;
		if (clang_Cursor_isNull(callee) || i >= clang_Cursor_getNumArguments(callee))
			return 1;
		pt = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(callee, i)));
		if ((pt.kind == CXType_LValueReference || pt.kind == CXType_RValueReference) &&
		    !clang_isConstQualifiedType(clang_getPointeeType(pt)))
			return 1;
	}
	return 0;
}

static void scan_binary(struct ptr_scan *s, CXCursor c)
{
	if (!refers_to(cal_child(c, 0), s->var))
		return;
	if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
		scan_value(s, cal_child(c, 1));
	/* p += n, p -= n stay within the object p points to */
}

static void scan_var_decl(struct ptr_scan *s, CXCursor c)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(c);
	enum CXTypeKind tk;

	if (clang_Cursor_isNull(init))
		return;
	if (clang_equalCursors(c, s->var)) {
		scan_value(s, init);
		return;
	}
	/* a reference bound to the pointer can assign it behind our back */
	tk = clang_getCanonicalType(clang_getCursorType(c)).kind;
	if ((tk == CXType_LValueReference || tk == CXType_RValueReference) &&
	    refers_to(init, s->var))
		s->ok = 0;
}

static enum CXChildVisitResult scan_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ptr_scan *s = data;
	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_VarDecl:
		scan_var_decl(s, c);
		break;
	case CXCursor_BinaryOperator:
		scan_binary(s, c);
		break;
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
		    refers_to(cal_child(c, 0), s->var))
			s->ok = 0;
		break;
	case CXCursor_CallExpr:
		if (escapes_through_call(c, s->var))
			s->ok = 0;
		break;
	default:
		break;
	}
	return s->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static int pointer_var_local(CXCursor var, struct chain *ch, struct cal_local_origin *o)
{
	struct ptr_scan s = { var, ch, o, 1, 0 };
	int i;

	if (!cal_var_is_thread_local(var))
		return 0;
	for (i = 0; i < ch->n; i++)
		if (clang_equalCursors(ch->vars[i], var))
			return 1;	/* a cycle adds no new origin */
	if (ch->n == MAX_CHAIN)
		return 0;
	ch->vars[ch->n++] = var;
	clang_visitChildren(clang_getCursorSemanticParent(var), scan_visitor, &s);
	ch->n--;
	if (!s.ok || !s.assigned)
		return 0;
	o->pointer = var;	/* the outermost pointer: the one the atomic uses */
	return 1;
}

/* --- expressions --- */

static CXCursor last_child(CXCursor c)
{
	int n = cal_nr_children(c);
	return n ? cal_child(c, n - 1) : clang_getNullCursor();
}

static int is_cast(enum CXCursorKind k)
{
	return k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
	       k == CXCursor_CXXReinterpretCastExpr || k == CXCursor_CXXConstCastExpr ||
	       k == CXCursor_CXXFunctionalCastExpr;
}

static int addr_of_decl_ref(CXCursor e, struct chain *ch, struct cal_local_origin *o)
{
	CXCursor var = referenced_var(e);

	if (clang_Cursor_isNull(var))
		return 0;
	if (is_array(var)) {
		if (!cal_var_is_thread_local(var))
			return 0;
		note_object(o, var);
		return 1;
	}
	if (canonical_kind(var) == CXType_Pointer)
		return pointer_var_local(var, ch, o);
	return 0;
}

static int addr_of_unary(CXCursor e, struct chain *ch, struct cal_local_origin *o)
{
	switch (clang_getCursorUnaryOperatorKind(e)) {
	case CXUnaryOperator_AddrOf:
		return lvalue_local(cal_child(e, 0), ch, o);
	case CXUnaryOperator_PreInc: case CXUnaryOperator_PreDec:
	case CXUnaryOperator_PostInc: case CXUnaryOperator_PostDec:
		return addr_local(cal_child(e, 0), ch, o);
	default:
		return 0;
	}
}

static int addr_of_binary(CXCursor e, struct chain *ch, struct cal_local_origin *o)
{
	enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(e);
	CXCursor lhs = cal_child(e, 0), rhs = cal_child(e, 1);

	if (k == CXBinaryOperator_Comma)
		return addr_local(rhs, ch, o);
	if (k != CXBinaryOperator_Add && k != CXBinaryOperator_Sub)
		return 0;
	if (is_pointerish(lhs))
		return addr_local(lhs, ch, o);
	return k == CXBinaryOperator_Add && is_pointerish(rhs) && addr_local(rhs, ch, o);
}

static int addr_local(CXCursor e, struct chain *ch, struct cal_local_origin *o)
{
	enum CXCursorKind k;

	e = cal_ignore_wrappers(e);
	k = clang_getCursorKind(e);
	switch (k) {
	case CXCursor_DeclRefExpr:
		return addr_of_decl_ref(e, ch, o);
	case CXCursor_UnaryOperator:
		return addr_of_unary(e, ch, o);
	case CXCursor_BinaryOperator:
		return addr_of_binary(e, ch, o);
	case CXCursor_ConditionalOperator:
		return addr_local(cal_child(e, 1), ch, o) && addr_local(cal_child(e, 2), ch, o);
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		/* an array member or a row of a 2-D array decays to its address */
		return is_array(e) && lvalue_local(e, ch, o);
	default:
		return is_cast(k) && addr_local(last_child(e), ch, o);
	}
}

static int lvalue_of_member(CXCursor e, struct chain *ch, struct cal_local_origin *o)
{
	CXCursor base;

	if (cal_nr_children(e) < 1)
		return 0;	/* implicit this->member */
	base = cal_child(e, 0);
	if (canonical_kind(cal_ignore_wrappers(base)) == CXType_Pointer)
		return addr_local(base, ch, o);
	return lvalue_local(base, ch, o);
}

static int lvalue_local(CXCursor e, struct chain *ch, struct cal_local_origin *o)
{
	CXCursor var;

	e = cal_ignore_wrappers(e);
	switch (clang_getCursorKind(e)) {
	case CXCursor_DeclRefExpr:
		var = referenced_var(e);
		if (clang_Cursor_isNull(var) || !cal_var_is_thread_local(var))
			return 0;
		note_object(o, var);
		return 1;
	case CXCursor_ArraySubscriptExpr:
		return addr_local(cal_child(e, 0), ch, o);
	case CXCursor_MemberRefExpr:
		return lvalue_of_member(e, ch, o);
	case CXCursor_UnaryOperator:
		return clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref &&
		       addr_local(cal_child(e, 0), ch, o);
	default:
		return 0;
	}
}

static void origin_init(struct cal_local_origin *o)
{
	o->object = clang_getNullCursor();
	o->pointer = clang_getNullCursor();
}

int cal_addr_is_local(CXCursor e, struct cal_local_origin *out)
{
	struct chain ch;

	ch.n = 0;
	origin_init(out);
	return addr_local(e, &ch, out) && !clang_Cursor_isNull(out->object);
}

int cal_lvalue_is_local(CXCursor e, struct cal_local_origin *out)
{
	struct chain ch;

	ch.n = 0;
	origin_init(out);
	return lvalue_local(e, &ch, out) && !clang_Cursor_isNull(out->object);
}
