#include "analysis/scope_address.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "analysis/expr_util.h"
#include "fixits/edit.h"
#include "analysis/scope_sites.h"

#define MAX_FOLLOW 8

void cal_object_init(struct cal_object *o)
{
	o->base = clang_getNullCursor();
	strbuf_init(&o->offset);
	o->origin = CAL_ORIGIN_UNKNOWN;
	o->per_block = 0;
	o->fold = clang_getNullCursor();
	o->via_this = 0;
}

void cal_object_release(struct cal_object *o)
{
	strbuf_release(&o->offset);
	cal_object_init(o);
}

int cal_object_same(const struct cal_object *a, const struct cal_object *b)
{
	return !clang_Cursor_isNull(a->base) && !clang_Cursor_isNull(b->base) &&
	       clang_equalCursors(clang_getCanonicalCursor(a->base),
				  clang_getCanonicalCursor(b->base)) &&
	       !strcmp(a->offset.buf, b->offset.buf);
}

/* ---- blockIdx dependence ---- */

/*
 * depth bounds the local variables followed; fold is the first fold met
 * (a division, shift or remainder that maps several blocks onto one value),
 * for the note.
 */
#define MAX_FOLDS 8

struct block_dep {
	int depth;
	CXCursor fold;
	CXCursor folds[MAX_FOLDS];	/* every fold met, for decompositions */
	int nr_folds;
};

static int is_local_var(CXCursor var)
{
	return clang_getCursorKind(var) == CXCursor_VarDecl &&
	       cal_is_function_kind(clang_getCursorKind(clang_getCursorSemanticParent(var))) &&
	       clang_Cursor_getStorageClass(var) != CX_SC_Static;
}

static int is_builtin_index(CXCursor var, const char *name)
{
	return clang_getCursorKind(var) == CXCursor_VarDecl && cal_cursor_name_is(var, name);
}

/*
 * HIP's blockIdx.x (HIP 5.2's __HIP_Coordinates: a static object whose
 * members convert to the index) is a call of a conversion operator on the
 * member: that member, or e itself where e is no such call.
 */
static CXCursor hip_coordinate(CXCursor e)
{
	static const char *const vars[] = { "blockIdx", "threadIdx", "blockDim", "gridDim" };
	CXCursor m, base;
	size_t i;

	if (clang_getCursorKind(e) != CXCursor_CallExpr || cal_nr_children(e) != 1 ||
	    clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_ConversionFunction)
		return e;
	/* the callee: a member expression naming the operator, on the member 'x' */
	m = cal_ignore_wrappers(cal_child(e, 0));
	if (clang_getCursorKind(m) != CXCursor_MemberRefExpr || cal_nr_children(m) != 1)
		return e;
	base = cal_ignore_wrappers(cal_child(m, 0));
	if (clang_getCursorKind(base) == CXCursor_MemberRefExpr && cal_nr_children(base) == 1) {
		m = base;
		base = cal_ignore_wrappers(cal_child(m, 0));
	}
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return e;
	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		if (is_builtin_index(clang_getCursorReferenced(base), vars[i]))
			return m;
	return e;
}

/*
 * A call that yields the block's index in HIP: hipBlockIdx_x is
 * __ockl_get_group_id(0) in HIP 5.2's headers, and the coordinates' own
 * code calls __builtin_amdgcn_workgroup_id_x() in later ones.
 */
static int is_group_id_call(CXCursor c)
{
	CXCursor callee;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return 0;
	callee = clang_getCursorReferenced(c);
	return cal_cursor_name_is(callee, "__ockl_get_group_id") ||
	       cal_cursor_name_starts(callee, "__builtin_amdgcn_workgroup_id_");
}

/* Is e the block's own index: blockIdx.x (.y, .z), or a local variable that holds it? */
static int is_block_id(CXCursor e, int depth)
{
	CXCursor var;

	e = hip_coordinate(cal_strip_casts(e));
	if (is_group_id_call(e))
		return 1;
	if (clang_getCursorKind(e) == CXCursor_MemberRefExpr && cal_nr_children(e) == 1) {
		e = cal_ignore_wrappers(cal_child(e, 0));
		return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
		       is_builtin_index(clang_getCursorReferenced(e), "blockIdx");
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr || depth > MAX_FOLLOW)
		return 0;
	var = clang_getCursorReferenced(e);
	return is_local_var(var) && is_block_id(clang_Cursor_getVarDeclInitializer(var), depth + 1);
}

static int names_grid_dim(CXCursor c, void *data)
{
	(void)data;
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	       is_builtin_index(clang_getCursorReferenced(c), "gridDim");
}

static int depends(CXCursor e, int depth);

/*
 * Does c map several blocks onto one value?  'blockIdx.x / k' and
 * 'blockIdx.x >> k' pair neighbouring blocks (k != 1, != 0); a remainder of
 * a blockIdx-based index wraps the blocks onto k values, unless k counts
 * the grid ('(blockIdx.x + 1) % gridDim.x' is a ring, one block a value).
 * A division of a scaled index ('(blockIdx.x * blockDim.x + threadIdx.x) / 32',
 * a warp's number) is no fold: blockDim.x is a multiple of 32 as a rule.
 */
static int is_block_fold(CXCursor c, int depth)
{
	CXCursor k;
	long long v;

	if (cal_is_binop(c, CXBinaryOperator_Rem)) {
		k = cal_child(c, 1);
		return !names_grid_dim(k, NULL) && !cal_subtree_find(k, names_grid_dim, NULL, NULL, NULL) &&
		       depends(cal_child(c, 0), depth + 1);
	}
	if (!cal_is_binop(c, CXBinaryOperator_Div) && !cal_is_binop(c, CXBinaryOperator_Shr))
		return 0;
	if (cal_scope_eval_int(cal_child(c, 1), &v) == 0 &&
	    v == (cal_is_binop(c, CXBinaryOperator_Div) ? 1 : 0))
		return 0;
	return is_block_id(cal_child(c, 0), depth);
}

/* Not searched for a blockIdx dependence: loaded values, and folds. */
static int blocks_dependence(CXCursor c, void *data)
{
	struct block_dep *d = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	/* a loaded or computed-by-call value may be anything, in any block (not HIP's blockIdx.x) */
	if (k == CXCursor_ArraySubscriptExpr ||
	    (k == CXCursor_CallExpr && clang_equalCursors(hip_coordinate(c), c) &&
	     !is_group_id_call(c)) ||
	    cal_is_unop(c, CXUnaryOperator_Deref))
		return 1;
	if (!is_block_fold(c, d->depth))
		return 0;
	if (clang_Cursor_isNull(d->fold))
		d->fold = c;
	if (d->nr_folds < MAX_FOLDS)
		d->folds[d->nr_folds++] = c;
	return 1;
}

static int depends_dep(CXCursor e, struct block_dep *d);

static int names_block_index(CXCursor c, void *data)
{
	struct block_dep *d = data;
	CXCursor var;
	int r;

	if (is_group_id_call(c))
		return 1;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	var = clang_getCursorReferenced(c);
	if (is_local_var(var)) {
		CXCursor init = clang_Cursor_getVarDeclInitializer(var);
		if (clang_Cursor_isNull(init))
			return 0;
		d->depth++;
		r = depends_dep(init, d);
		d->depth--;
		return r;
	}
	return is_builtin_index(var, "blockIdx");
}

static int depends_dep(CXCursor e, struct block_dep *d)
{
	if (d->depth > MAX_FOLLOW)
		return 0;
	e = cal_ignore_wrappers(e);
	if (blocks_dependence(e, d))
		return 0;
	return names_block_index(e, d) ||
	       cal_subtree_find(e, names_block_index, blocks_dependence, d, NULL);
}

static int depends(CXCursor e, int depth)
{
	struct block_dep d = { .depth = depth, .fold = clang_getNullCursor() };

	return depends_dep(e, &d);
}

int cal_depends_on_block(CXCursor e)
{
	return depends(e, 0);
}

static int same_text(CXCursor a, CXCursor b)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(a);
	char *x = cal_cursor_text(tu, a, CAL_TEXT_MACRO_USES);
	char *y = cal_cursor_text(tu, b, CAL_TEXT_MACRO_USES);
	int r = x && y && !strcmp(x, y);

	free(x);
	free(y);
	return r;
}

int cal_folds_decomposed(const CXCursor *folds, int nr)
{
	int i, j;

	for (i = 0; i < nr; i++)
		for (j = 0; j < nr; j++)
			if (cal_is_binop(folds[i], CXBinaryOperator_Div) &&
			    cal_is_binop(folds[j], CXBinaryOperator_Rem) &&
			    same_text(cal_child(folds[i], 0), cal_child(folds[j], 0)) &&
			    same_text(cal_child(folds[i], 1), cal_child(folds[j], 1)))
				return 1;
	return 0;
}

static int decomposed(const struct block_dep *d)
{
	return cal_folds_decomposed(d->folds, d->nr_folds);
}

int cal_block_fold(CXCursor e, CXCursor *fold)
{
	struct block_dep d = { .depth = 0, .fold = clang_getNullCursor() };
	int r = depends_dep(e, &d) || decomposed(&d);

	*fold = r ? clang_getNullCursor() : d.fold;
	return r;
}

/* ---- tracing ---- */

static void trace_pointer(CXTranslationUnit tu, CXCursor e, struct cal_object *o, int depth);
static void trace_lvalue(CXTranslationUnit tu, CXCursor e, struct cal_object *o, int depth);
static int is_pointer_type(CXType t);

static void add_offset(CXTranslationUnit tu, struct cal_object *o, CXCursor e,
		       const char *prefix)
{
	char *text = cal_cursor_text(tu, e, CAL_TEXT_MACRO_USES);
	const char *p;
	CXCursor fold;

	if (cal_block_fold(e, &fold))
		o->per_block = 1;
	else if (clang_Cursor_isNull(o->fold))
		o->fold = fold;
	if (!text || !strcmp(text, "0")) {
		free(text);
		return;
	}
	if (o->offset.len)
		strbuf_addch(&o->offset, '+');
	strbuf_adds(&o->offset, prefix);
	for (p = text; *p; p++)
		if (!isspace((unsigned char)*p))
			strbuf_addch(&o->offset, *p);
	free(text);
}

static enum CXChildVisitResult attr_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	int *kinds = data;
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CUDADeviceAttr)
		kinds[0] = 1;
	else if (clang_getCursorKind(c) == CXCursor_CUDAConstantAttr)
		kinds[1] = 1;
	return CXChildVisit_Continue;
}

static enum cal_origin global_var_origin(CXCursor var)
{
	int kinds[2] = { 0, 0 };
	clang_visitChildren(var, attr_visitor, kinds);
	return kinds[0] && !kinds[1] ? CAL_ORIGIN_GLOBAL : CAL_ORIGIN_UNKNOWN;
}

static int is_pointer_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;
	return k == CXType_Pointer;
}

static int is_reference_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;
	return k == CXType_LValueReference || k == CXType_RValueReference;
}

static void trace_var(CXTranslationUnit tu, CXCursor var, struct cal_object *o, int depth)
{
	CXType t = clang_getCursorType(var);
	CXCursor init;

	o->base = var;
	if (clang_getCursorKind(var) == CXCursor_ParmDecl) {
		CXCursor fn = clang_getCursorSemanticParent(var);
		o->origin = cal_function_space(fn) == CAL_SPACE_GLOBAL ? CAL_ORIGIN_GLOBAL
								      : CAL_ORIGIN_UNKNOWN;
		return;
	}
	if (clang_getCursorKind(var) != CXCursor_VarDecl)
		return;
	if (cal_var_is_shared(var)) {
		o->origin = CAL_ORIGIN_SHARED;
		return;
	}
	if (!is_local_var(var)) {
		o->origin = global_var_origin(var);
		return;
	}
	init = clang_Cursor_getVarDeclInitializer(var);
	if ((is_pointer_type(t) || is_reference_type(t)) && !clang_Cursor_isNull(init) &&
	    depth < MAX_FOLLOW) {
		struct strbuf later = o->offset;	/* offsets applied after this variable */
		strbuf_init(&o->offset);
		if (is_pointer_type(t))
			trace_pointer(tu, init, o, depth + 1);
		else
			trace_lvalue(tu, init, o, depth + 1);
		if (later.len && o->offset.len)
			strbuf_addch(&o->offset, '+');
		strbuf_add(&o->offset, later.buf, later.len);
		strbuf_release(&later);
		return;
	}
	o->origin = is_pointer_type(t) || is_reference_type(t) ? CAL_ORIGIN_UNKNOWN
							       : CAL_ORIGIN_LOCAL;
}

/* The object a member access is made on: null for an implicit 'this'. */
static CXCursor member_object(CXCursor member)
{
	CXCursor obj;

	if (cal_nr_children(member) < 1)
		return clang_getNullCursor();
	obj = cal_ignore_wrappers(cal_child(member, 0));
	return clang_getCursorKind(obj) == CXCursor_CXXThisExpr ? clang_getNullCursor() : obj;
}

/* Trace the object that holds a member into o (this, a variable, a pointee). */
static void trace_member_object(CXTranslationUnit tu, CXCursor member, struct cal_object *o,
				int depth)
{
	CXCursor obj = member_object(member);

	if (clang_Cursor_isNull(obj)) {
		o->via_this = 1;
		o->base = clang_getCursorReferenced(member);
	} else if (is_pointer_type(clang_getCursorType(obj)))
		trace_pointer(tu, obj, o, depth);
	else
		trace_lvalue(tu, obj, o, depth);
}

/*
 * A pointer loaded from a member: based on the member; its memory is the
 * holder's when that is a kernel's parameter or a __device__ variable (a
 * pointer handed to a kernel points to global memory), else unknown.
 */
static void trace_pointer_member(CXTranslationUnit tu, CXCursor member, struct cal_object *o,
				 int depth)
{
	struct cal_object holder;

	cal_object_init(&holder);
	if (depth < MAX_FOLLOW)
		trace_member_object(tu, member, &holder, depth + 1);
	o->base = clang_getCursorReferenced(member);
	o->origin = holder.origin == CAL_ORIGIN_GLOBAL ? CAL_ORIGIN_GLOBAL : CAL_ORIGIN_UNKNOWN;
	o->via_this = holder.via_this;
	o->per_block |= holder.per_block;
	if (clang_Cursor_isNull(o->fold))
		o->fold = holder.fold;
	cal_object_release(&holder);
}

static void trace_pointer(CXTranslationUnit tu, CXCursor e, struct cal_object *o, int depth)
{
	enum CXCursorKind k;

	e = cal_strip_casts(e);
	k = clang_getCursorKind(e);
	if (cal_is_unop(e, CXUnaryOperator_AddrOf)) {
		trace_lvalue(tu, cal_child(e, 0), o, depth);
	} else if (cal_is_binop(e, CXBinaryOperator_Add) || cal_is_binop(e, CXBinaryOperator_Sub)) {
		CXCursor a = cal_child(e, 0), b = cal_child(e, 1);
		int a_is_ptr = is_pointer_type(clang_getCursorType(a));
		if (!a_is_ptr && cal_is_binop(e, CXBinaryOperator_Sub))
			return;
		add_offset(tu, o, a_is_ptr ? b : a,
			   cal_is_binop(e, CXBinaryOperator_Sub) ? "-" : "");
		trace_pointer(tu, a_is_ptr ? a : b, o, depth);
	} else if (k == CXCursor_DeclRefExpr) {
		trace_var(tu, clang_getCursorReferenced(e), o, depth);
	} else if (k == CXCursor_MemberRefExpr) {
		trace_pointer_member(tu, e, o, depth);
	}
}

static void trace_lvalue(CXTranslationUnit tu, CXCursor e, struct cal_object *o, int depth)
{
	enum CXCursorKind k;

	e = cal_strip_casts(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_DeclRefExpr) {
		trace_var(tu, clang_getCursorReferenced(e), o, depth);
	} else if (k == CXCursor_ArraySubscriptExpr) {
		add_offset(tu, o, cal_child(e, 1), "");
		trace_pointer(tu, cal_child(e, 0), o, depth);
	} else if (cal_is_unop(e, CXUnaryOperator_Deref)) {
		trace_pointer(tu, cal_child(e, 0), o, depth);
	} else if (k == CXCursor_MemberRefExpr) {
		char *member = cal_cursor_name(e);
		strbuf_addf(&o->offset, "%s.%s", o->offset.len ? "+" : "", member);
		free(member);
		trace_member_object(tu, e, o, depth);
	}
}

void cal_object_of_pointer(CXTranslationUnit tu, CXCursor e, struct cal_object *o)
{
	trace_pointer(tu, e, o, 0);
}

void cal_object_of_lvalue(CXTranslationUnit tu, CXCursor e, struct cal_object *o)
{
	trace_lvalue(tu, e, o, 0);
}
