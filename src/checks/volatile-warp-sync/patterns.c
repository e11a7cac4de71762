/*
 * volatile-warp-sync: what a template's pattern shows of all its
 * instantiations (patterns.h).
 *
 * The check judges templates per instantiation, and scanned each
 * instantiation's every block and loop for an element write
 * (holds_warp_write): on a quantized-inference backend's matrix kernels,
 * instantiated over a dozen tile sizes, that was most of the parse's
 * overhead.  An instantiated statement keeps its pattern's source range
 * (the raw locations, which also tell apart two inclusions of one file and
 * two expansions of one macro), so the pattern's block or loop is kept by
 * range as the walk meets it, and judged at the first instantiation that
 * meets it: where no element write in it (pattern_may_write) may be read
 * back as a step or an exchange reads it (write_may_exchange), no
 * instantiation of it can give a finding.  Whatever depends on the
 * template is taken as the worst it could be.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/expr_util.h"
#include "analysis/volatile_util.h"
#include "checks/volatile-warp-sync/patterns.h"
#include "cuatomlint/strbuf.h"
#include "parse/ast.h"

int warp_is_array_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;
	return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
	       k == CXType_VariableArray || k == CXType_DependentSizedArray;
}

struct pattern_key {
	enum CXCursorKind kind;
	unsigned begin, end;	/* CXSourceRange's raw locations (clang_equalRanges') */
};

struct pattern_stmt {
	struct pattern_key key;		/* kind 0: a free slot */
	CXCursor stmt, fn;		/* the pattern's statement, and its function */
	int finding_free;		/* -1 not asked yet */
};

static struct pattern_key pattern_key_of(CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);

	return (struct pattern_key){ clang_getCursorKind(c), r.begin_int_data, r.end_int_data };
}

static size_t pattern_find(const struct warp_patterns *set, struct pattern_key k)
{
	size_t i = ((size_t)k.begin * 0x9e3779b1u ^ k.end ^ (size_t)k.kind << 7) & (set->size - 1);
	const struct pattern_key *at;

	while ((at = &set->slot[i].key)->kind &&
	       !(at->kind == k.kind && at->begin == k.begin && at->end == k.end))
		i = (i + 1) & (set->size - 1);
	return i;
}

/* Keep a pattern's block or loop (the first met of its range). */
void warp_patterns_note(struct warp_patterns *set, CXCursor stmt, CXCursor fn)
{
	struct pattern_key k = pattern_key_of(stmt);
	struct warp_patterns big;
	size_t i;

	if (!k.kind || !k.begin)
		return;
	if (2 * (set->nr + 1) > set->size) {
		big.size = set->size ? 2 * set->size : 64;
		big.nr = set->nr;
		big.slot = xcalloc(big.size, sizeof(*big.slot));
		for (i = 0; i < set->size; i++)
			if (set->slot[i].key.kind)
				big.slot[pattern_find(&big, set->slot[i].key)] = set->slot[i];
		free(set->slot);
		*set = big;
	}
	i = pattern_find(set, k);
	if (!set->slot[i].key.kind) {
		set->slot[i] = (struct pattern_stmt){ k, stmt, fn, -1 };
		set->nr++;
	}
}

/* A type that is the same in every instantiation and has no volatile at any level. */
static int fixed_nonvolatile(CXType t)
{
	int depth;

	for (depth = 0; depth < 8; depth++) {
		t = clang_getCanonicalType(t);
		if (clang_isVolatileQualifiedType(t))
			return 0;
		if (t.kind == CXType_Pointer)
			t = clang_getPointeeType(t);
		else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
			t = clang_getArrayElementType(t);
		else
			return t.kind == CXType_Record || t.kind == CXType_Enum ||
			       (t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin &&
				t.kind != CXType_Dependent);
	}
	return 0;
}

static enum CXChildVisitResult names_shared_visitor(CXCursor c, CXCursor parent,
						   CXClientData data)
{
	CXCursor d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	d = clang_getCursorReferenced(c);
	if (clang_getCursorKind(d) == CXCursor_VarDecl && cal_var_is_shared(d)) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/*
 * A pattern's expression kind that every instantiation keeps, and that no
 * cast stripping makes a variable's name: object_of takes no array from it.
 */
static int keeps_its_kind(CXCursor e)
{
	switch (clang_getCursorKind(e)) {
	case CXCursor_BinaryOperator: case CXCursor_UnaryOperator:
	case CXCursor_ConditionalOperator: case CXCursor_ArraySubscriptExpr:
	case CXCursor_IntegerLiteral: case CXCursor_CXXNullPtrLiteralExpr:
		return 1;
	case CXCursor_CallExpr:		/* resolved: no operator or cast yet to be made */
		return !clang_Cursor_isNull(cal_call_callee(e));
	default:
		return 0;
	}
}

/*
 * May object_of take a __shared__ array for var, in some instantiation?
 * Its initializer (casts stripped) names one, or is of a kind an
 * instantiation may still make a name (then any __shared__ name in it).
 */
static int initialized_with_shared(CXCursor var)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(var), d;
	int found = 0;

	if (clang_Cursor_isNull(init))
		return 0;
	init = cal_strip_casts(init);
	if (clang_getCursorKind(init) == CXCursor_DeclRefExpr) {
		d = clang_getCursorReferenced(init);
		return clang_getCursorKind(d) == CXCursor_VarDecl && cal_var_is_shared(d);
	}
	if (keeps_its_kind(init))
		return 0;
	names_shared_visitor(init, init, &found);
	if (!found)
		clang_visitChildren(init, names_shared_visitor, &found);
	return found;
}

/*
 * May lvalue e (of a pattern) be an element in some instantiation
 * (element_of): through volatile, or a subscript of __shared__ memory or of
 * a helper's pointer parameter?  What depends on the template, or is not
 * known, may.
 */
static int pattern_element(CXCursor fn, CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	CXCursor base;

	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr)
		return 0;	/* element_of takes subscripts and dereferences only */
	if (k != CXCursor_ArraySubscriptExpr && !vol_is_unary(e, CXUnaryOperator_Deref))
		return 1;
	if (!fixed_nonvolatile(clang_getCursorType(e)))
		return 1;
	if (k != CXCursor_ArraySubscriptExpr)
		return 0;
	base = cal_base_variable(e);
	if (clang_getCursorKind(base) == CXCursor_ParmDecl)
		return cal_function_space(fn) != CAL_SPACE_GLOBAL;
	if (clang_getCursorKind(base) != CXCursor_VarDecl)
		return 1;
	return cal_var_is_shared(base) || initialized_with_shared(base);
}

/* Does a call clang left unresolved name an operator (which an instantiation may make built-in)? */
static enum CXChildVisitResult operator_name_visitor(CXCursor c, CXCursor parent,
						     CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k != CXCursor_OverloadedDeclRef && k != CXCursor_DeclRefExpr &&
	    k != CXCursor_UnexposedExpr)
		return CXChildVisit_Continue;
	if (cal_cursor_name_starts(c, "operator")) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * May c, a cursor of a template pattern, be an element's write in an
 * instantiation (writes_warp_element)?  An assignment, ++ or -- whose left
 * side may be an element (pattern_element); a call clang left unresolved
 * that names an operator, which an instantiation over a built-in type
 * makes an assignment.
 */
static int pattern_may_write(CXCursor c, void *data)
{
	const CXCursor *fn = data;
	CXCursor lhs;
	int op = 0;

	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		if (!clang_Cursor_isNull(cal_call_callee(c)))
			return 0;
		clang_visitChildren(c, operator_name_visitor, &op);
		return op;
	}
	lhs = vol_written_lvalue(c);
	return !clang_Cursor_isNull(lhs) && pattern_element(*fn, lhs);
}

/*
 * The object an element's variable may stand for (object_of): the
 * variable, and the one its initializer names; unknown where an
 * instantiation may make the initializer another name.
 */
struct pattern_object {
	CXCursor var, init;
	int unknown;
};

static struct pattern_object pattern_object_of(CXCursor e)
{
	struct pattern_object o = { cal_base_variable(e), clang_getNullCursor(), 0 };
	CXCursor init;

	if (clang_getCursorKind(o.var) != CXCursor_VarDecl && clang_getCursorKind(o.var) !=
	    CXCursor_ParmDecl) {
		o.unknown = 1;
		return o;
	}
	if (clang_getCursorKind(o.var) != CXCursor_VarDecl)
		return o;
	init = clang_Cursor_getVarDeclInitializer(o.var);
	if (clang_Cursor_isNull(init))
		return o;
	init = cal_strip_casts(init);
	if (clang_getCursorKind(init) == CXCursor_DeclRefExpr)
		o.init = clang_getCursorReferenced(init);
	else if (!keeps_its_kind(init))
		o.unknown = 1;
	return o;
}

static int same_cursor(CXCursor a, CXCursor b)
{
	return !clang_Cursor_isNull(a) && clang_equalCursors(a, b);
}

static int may_alias(const struct pattern_object *a, const struct pattern_object *b)
{
	return a->unknown || b->unknown || same_cursor(a->var, b->var) ||
	       same_cursor(a->var, b->init) || same_cursor(a->init, b->var) ||
	       same_cursor(a->init, b->init);
}

#define MAX_PATTERN_ACCESSES 256

/* The dimensions of an array type (dependent sizes too); 0 for others. */
static int array_rank(CXType t)
{
	int rank = 0;

	for (t = clang_getCanonicalType(t); warp_is_array_type(t) && rank < 16; rank++)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	return rank;
}

/*
 * Is subscript c an array, not an element ('s[i]' of 's[i][j]'), which
 * read_visitor and acc_visitor pass over?  A pattern may not know its type
 * (a size that depends on the template): then the subscripts counted down
 * to the array's variable tell.
 */
static int partial_subscript(CXCursor c)
{
	CXCursor e = c;
	int levels = 0;

	if (warp_is_array_type(clang_getCursorType(c)))
		return 1;
	while (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr && levels < 16) {
		levels++;
		e = cal_ignore_wrappers(cal_child(e, 0));
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	return levels < array_rank(clang_getCursorType(clang_getCursorReferenced(e)));
}

static int is_element_access(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_ArraySubscriptExpr)
		return !partial_subscript(c);
	return vol_is_unary(c, CXUnaryOperator_Deref);
}

/* An element write of a pattern: the assignment (or ++, --) and its left side. */
struct pattern_write {
	CXCursor op, lhs;
};

/* The element writes, the element accesses and the if statements of a pattern's statement. */
struct pattern_scan {
	CXCursor fn;
	struct pattern_write writes[MAX_PATTERN_ACCESSES];
	CXCursor accesses[MAX_PATTERN_ACCESSES], ifs[MAX_PATTERN_ACCESSES];
	int nw, na, nifs;
	int unknown;	/* an operator clang left unresolved, or too many to list */
};

static void scan_add(CXCursor *list, int *n, CXCursor c, int *unknown)
{
	if (*n == MAX_PATTERN_ACCESSES)
		*unknown = 1;
	else
		list[(*n)++] = c;
}

static enum CXChildVisitResult pattern_scan_visitor(CXCursor c, CXCursor parent,
						    CXClientData data)
{
	struct pattern_scan *ps = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (pattern_may_write(c, &ps->fn)) {
		if (k == CXCursor_CallExpr || ps->nw == MAX_PATTERN_ACCESSES) {
			ps->unknown = 1;
		} else {
			ps->writes[ps->nw].op = c;
			ps->writes[ps->nw++].lhs = cal_ignore_wrappers(cal_child(c, 0));
		}
	}
	if (is_element_access(c))
		scan_add(ps->accesses, &ps->na, c, &ps->unknown);
	if (k == CXCursor_IfStmt)
		scan_add(ps->ifs, &ps->nifs, c, &ps->unknown);
	return ps->unknown ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Is access the written element itself (reached two ways: compared by place)? */
static int is_written_element(CXCursor access, const struct pattern_write *w)
{
	return clang_getCursorKind(access) == clang_getCursorKind(w->lhs) &&
	       clang_equalRanges(clang_getCursorExtent(access), clang_getCursorExtent(w->lhs));
}

/* An access of where (an expression of a pattern) that may be of w's object. */
struct alias_search {
	const struct pattern_write *w;
	struct pattern_object object;
	int found;
};

static enum CXChildVisitResult alias_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct alias_search *as = data;
	struct pattern_object a;

	(void)parent;
	if (clang_isStatement(clang_getCursorKind(c)))
		return CXChildVisit_Continue;	/* an if's bodies: only its condition guards */
	if (is_element_access(c) && !is_written_element(c, as->w)) {
		a = pattern_object_of(c);
		if (may_alias(&as->object, &a)) {
			as->found = 1;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static int reads_alias(CXCursor where, const struct pattern_write *w,
		       const struct pattern_object *object)
{
	struct alias_search as = { w, *object, 0 };

	if (clang_Cursor_isNull(where))
		return 0;
	if (clang_isStatement(clang_getCursorKind(where)))
		clang_visitChildren(where, alias_visitor, &as);
	else if (alias_visitor(where, where, &as) == CXChildVisit_Recurse)
		clang_visitChildren(where, alias_visitor, &as);
	return as.found;
}

/*
 * May w's object be __shared__ memory (object_of, shared_object), where an
 * exchange loop may pair it with any access in the loop?  Else only a step
 * reads it: in the assignment's right side or an if's condition.
 */
static int may_be_shared(const struct pattern_object *o)
{
	return o->unknown ||
	       (clang_getCursorKind(o->var) == CXCursor_VarDecl &&
		(cal_var_is_shared(o->var) || initialized_with_shared(o->var)));
}

static int write_may_exchange(const struct pattern_scan *ps, const struct pattern_write *w)
{
	struct pattern_object o = pattern_object_of(w->lhs), a;
	int i, compound;

	if (may_be_shared(&o)) {
		for (i = 0; i < ps->na; i++) {
			a = pattern_object_of(ps->accesses[i]);
			if (!is_written_element(ps->accesses[i], w) && may_alias(&o, &a))
				return 1;
		}
		return 0;
	}
	if (vol_is_assignment(w->op, &compound) && reads_alias(cal_child(w->op, 1), w, &o))
		return 1;
	for (i = 0; i < ps->nifs; i++)
		if (reads_alias(ps->ifs[i], w, &o))
			return 1;
	return 0;
}

/*
 * Can no instantiation of a pattern's block or loop give a finding?  A
 * step's right side or guard reads the object its element write writes;
 * an exchange loop reads in it a __shared__ object it writes.  Both are in
 * the statement: where no element write (pattern_may_write) may be so
 * read, check_block and check_loop find nothing in any instantiation of
 * it, nor in the statements in it.
 */
static int pattern_finding_free(CXCursor stmt, CXCursor fn)
{
	struct pattern_scan *ps = xcalloc(1, sizeof(*ps));
	int i, free_of;

	ps->fn = fn;
	pattern_scan_visitor(stmt, stmt, ps);
	if (!ps->unknown)
		clang_visitChildren(stmt, pattern_scan_visitor, ps);
	free_of = !ps->unknown;
	for (i = 0; free_of && i < ps->nw; i++)
		free_of = !write_may_exchange(ps, &ps->writes[i]);
	free(ps);
	return free_of;
}

int warp_patterns_finding_free(struct warp_patterns *set, CXCursor c)
{
	struct pattern_stmt *p;
	struct pattern_key k;

	if (!set->nr)
		return 0;
	k = pattern_key_of(c);
	if (!k.begin)
		return 0;
	p = &set->slot[pattern_find(set, k)];
	if (!p->key.kind)
		return 0;
	if (p->finding_free < 0)
		p->finding_free = pattern_finding_free(p->stmt, p->fn);
	return p->finding_free;
}

void warp_patterns_release(struct warp_patterns *set)
{
	free(set->slot);
	memset(set, 0, sizeof(*set));
}
