#include "analysis/volatile_util.h"
#include "analysis/template_pattern.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "atomics/atomics.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"

static int is_array_type(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
	       t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

int vol_is_unary(CXCursor e, enum CXUnaryOperatorKind op)
{
	return clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(e) == op;
}

int vol_is_volatile_lvalue(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	CXType t;

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
	    k != CXCursor_ArraySubscriptExpr && !vol_is_unary(e, CXUnaryOperator_Deref))
		return 0;
	t = clang_getCursorType(e);
	return vol_type_is_volatile(t) && !is_array_type(t);
}

int vol_type_is_volatile(CXType t)
{
	/* libclang looks at local qualifiers only: T = volatile int hides behind sugar */
	return clang_isVolatileQualifiedType(t) ||
	       clang_isVolatileQualifiedType(clang_getCanonicalType(t));
}

int vol_is_assignment(CXCursor e, int *compound)
{
	enum CXCursorKind k = clang_getCursorKind(e);

	*compound = k == CXCursor_CompoundAssignOperator;
	if (*compound)
		return 1;
	return k == CXCursor_BinaryOperator &&
	       clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign;
}

CXCursor vol_written_lvalue(CXCursor e)
{
	int compound;

	if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
		if (op != CXUnaryOperator_PreInc && op != CXUnaryOperator_PostInc &&
		    op != CXUnaryOperator_PreDec && op != CXUnaryOperator_PostDec)
			return clang_getNullCursor();
	} else if (!vol_is_assignment(e, &compound)) {
		return clang_getNullCursor();
	}
	return cal_ignore_wrappers(cal_child(e, 0));
}

CXCursor vol_parent(const struct cal_walk *w, CXCursor c, int *level, CXCursor *below)
{
	int n = *level;
	CXCursor p = cal_walk_parent(w, n);

	*below = c;
	while (clang_getCursorKind(p) == CXCursor_ParenExpr) {
		*below = p;
		p = cal_walk_parent(w, ++n);
	}
	*level = n;
	return p;
}

static int is_template_kind(enum CXCursorKind k)
{
	return k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
	       k == CXCursor_ClassTemplatePartialSpecialization;
}

int vol_in_template_pattern(const struct cal_walk *w)
{
	int i;

	if (w->in_instantiation)
		return 0;
	for (i = 0; i < w->depth; i++)
		if (is_template_kind(clang_getCursorKind(w->stack[i])))
			return 1;
	return !clang_Cursor_isNull(w->function) &&
	       clang_getCursorKind(w->function) == CXCursor_FunctionTemplate;
}

int vol_fix_allowed(const struct cal_walk *w)
{
	return !cal_walk_in_dependent_instantiation(w);
}

int vol_fix_allowed_at(const struct cal_walk *w, CXCursor e)
{
	return vol_fix_allowed(w) || cal_pattern_type_is_fixed(w->parse->tu, w->function, e);
}

int vol_call_named(CXCursor call, const char *name)
{
	return clang_getCursorKind(call) == CXCursor_CallExpr && cal_cursor_name_is(call, name);
}

static int is_barrier_call(CXCursor c)
{
	static const char *const barriers[] = {
		"__syncwarp", "__syncthreads", "__syncthreads_count", "__syncthreads_and",
		"__syncthreads_or", "sync",
	};
	CXString s;
	const char *name;
	size_t i;
	int found = 0;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return 0;
	s = clang_getCursorSpelling(c);	/* once, not once per name */
	name = clang_getCString(s);
	for (i = 0; name && !found && i < sizeof(barriers) / sizeof(*barriers); i++)
		found = !strcmp(name, barriers[i]);
	clang_disposeString(s);
	return found;
}

int vol_is_barrier_call(CXCursor c)
{
	return is_barrier_call(cal_ignore_wrappers(c));
}

/* The rank of a scope: block 1, device 2, system 3; 0 for none that orders a device's threads. */
static int scope_rank(enum cal_scope scope)
{
	return scope == CAL_SCOPE_BLOCK ? 1 : scope == CAL_SCOPE_DEVICE ? 2
	       : scope == CAL_SCOPE_SYSTEM ? 3 : 0;
}

/* The scope an atomic_thread_fence's arguments give it, or 0 for a non-acquiring order. */
static int thread_fence_rank(CXTranslationUnit tu, CXCursor call, int order_arg)
{
	int n = clang_Cursor_getNumArguments(call), rank = 0;
	char *order = n > order_arg ? cal_cursor_text(tu, clang_Cursor_getArgument(call, order_arg),
						      CAL_TEXT_MACRO_USES) : NULL;
	char *scope = n > order_arg + 1 ? cal_cursor_text(tu, clang_Cursor_getArgument(call, order_arg + 1),
							  CAL_TEXT_MACRO_USES) : NULL;

	/* cuda::atomic_thread_fence's scope defaults to system, as std's fence has */
	if (order && (strstr(order, "acquire") || strstr(order, "acq_rel") || strstr(order, "seq_cst")))
		rank = !scope ? 3 : strstr(scope, "thread_scope_block") ? 1
		       : strstr(scope, "thread_scope_device") ? 2
		       : strstr(scope, "thread_scope_system") ? 3 : 0;
	free(order);
	free(scope);
	return rank;
}

int vol_fence_rank(CXTranslationUnit tu, CXCursor c)
{
	const struct cal_fence_op *op;
	char *name;

	c = cal_ignore_wrappers(c);
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return 0;
	name = cal_cursor_name(c);
	op = cal_fence_op_find(0, name);
	free(name);
	if (!op)
		return 0;
	if (op->order_arg < 0)
		return scope_rank(op->scope);
	return thread_fence_rank(tu, c, op->order_arg);
}

struct memo_visit {
	struct vol_stmt_memo *memo;
	int (*test)(CXCursor c, void *ctx);
	void *ctx;
	int found;
};

static enum CXChildVisitResult memo_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct memo_visit *v = data;

	(void)parent;
	if (clang_isStatement(clang_getCursorKind(c)))
		v->found = vol_memo_holds(v->memo, c, v->test, v->ctx);
	else if (!(v->found = v->test(c, v->ctx)))
		return CXChildVisit_Recurse;
	return v->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * The verdicts of statements are remembered (expressions are many and each
 * is scanned at most twice): a check that asks it of every block and loop
 * of a nest, and of each of their statements, would otherwise scan the
 * inner ones again at every level, quadratic in the nest's depth.
 */
int vol_memo_holds(struct vol_stmt_memo *memo, CXCursor c, int (*test)(CXCursor c, void *ctx),
		   void *ctx)
{
	struct memo_visit v = { memo, test, ctx, 0 };
	int statement = clang_isStatement(clang_getCursorKind(c));

	if (statement && cal_cursor_set_has(&memo->with, c))
		return 1;
	if (statement && cal_cursor_set_has(&memo->without, c))
		return 0;
	v.found = test(c, ctx);
	if (!v.found)
		clang_visitChildren(c, memo_visitor, &v);
	if (statement)
		cal_cursor_set_add(v.found ? &memo->with : &memo->without, c);
	return v.found;
}

void vol_memo_set(struct vol_stmt_memo *memo, CXCursor c, int holds)
{
	cal_cursor_set_add(holds ? &memo->with : &memo->without, c);
}

void vol_stmt_memo_release(struct vol_stmt_memo *memo)
{
	cal_cursor_set_release(&memo->with);
	cal_cursor_set_release(&memo->without);
}

static int barrier_test(CXCursor c, void *ctx)
{
	(void)ctx;
	return is_barrier_call(c);
}

int vol_contains_barrier_memo(struct vol_stmt_memo *memo, CXCursor c)
{
	return vol_memo_holds(memo, c, barrier_test, NULL);
}

static const char *file_buffer(CXTranslationUnit tu, CXFile file, size_t *size)
{
	return cal_file_contents(tu, file, size);
}

/*
 * The cursor's extent as a range of its file: where a macro spells part of
 * it, the range of the expansion.  A range no macro touches is already one
 * (clang_getLocationForOffset searches the source manager's whole entry
 * table, a PCH's included: the warp check asks this of every threadIdx.x).
 */
CXSourceRange vol_file_extent(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile bfile, efile;
	unsigned boff, eoff;
	int direct;

	direct = cal_direct_position(clang_getRangeStart(r), &bfile, NULL, NULL, &boff) == 0;
	direct &= cal_direct_position(clang_getRangeEnd(r), &efile, NULL, NULL, &eoff) == 0;
	if (!bfile || !efile || !clang_File_isEqual(bfile, efile) || eoff < boff)
		return clang_getNullRange();
	if (direct)
		return r;
	return clang_getRange(clang_getLocationForOffset(tu, bfile, boff),
			      clang_getLocationForOffset(tu, efile, eoff));
}

char *vol_value_type(CXType t)
{
	CXType u = cal_type_unqualified(t);

	if (clang_isVolatileQualifiedType(clang_getCanonicalType(u)))
		u = cal_type_unqualified(clang_getCanonicalType(u));
	return cal_type_name(u);
}

CXSourceRange vol_statement_range(CXTranslationUnit tu, CXCursor e)
{
	CXSourceRange r = clang_getCursorExtent(e);
	CXFile file;
	unsigned off;
	const char *buf;
	size_t size;

	if (cal_direct_position(clang_getRangeEnd(r), &file, NULL, NULL, &off) < 0)
		return clang_getNullRange();
	buf = file_buffer(tu, file, &size);
	if (!buf)
		return clang_getNullRange();
	while (off < size && strchr(" \t\r\n", buf[off]))
		off++;
	if (off >= size || buf[off] != ';')
		return clang_getNullRange();
	return clang_getRange(clang_getRangeStart(r),
			      clang_getLocationForOffset(tu, file, off + 1));
}

char *vol_subject(CXTranslationUnit tu, CXCursor lvalue)
{
	char *text = cal_cursor_text(tu, lvalue, CAL_TEXT_NO_MACROS);
	CXCursor base;

	if (text && strlen(text) <= 60 && !strchr(text, '\n'))
		return text;
	free(text);
	base = cal_base_variable(lvalue);
	if (!clang_Cursor_isNull(base))
		return cal_cursor_name(base);
	return xstrdup("object");
}

static enum CXChildVisitResult volatile_read_visitor(CXCursor c, CXCursor parent,
						     CXClientData data)
{
	CXType t = clang_getCursorType(c);

	if (vol_is_volatile_lvalue(c) && clang_getCursorKind(parent) == CXCursor_UnexposedExpr &&
	    !vol_type_is_volatile(clang_getCursorType(parent)) &&
	    clang_getCanonicalType(t).kind != CXType_Record) {
		*(CXCursor *)data = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

CXCursor vol_accessor_read(CXCursor fn)
{
	CXCursor body = cal_function_body(fn), read = clang_getNullCursor(), stmt;

	if (clang_Cursor_isNull(body) || cal_children(body, &stmt, 1) != 1 ||
	    clang_getCursorKind(stmt) != CXCursor_ReturnStmt)
		return read;
	clang_visitChildren(stmt, volatile_read_visitor, &read);
	return read;
}
