#include "analysis/warp_uniform.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "analysis/expr_util.h"
#include "analysis/volatile_util.h"

#define MAX_DEPTH WU_MAX_DEPTH
#define MAX_PATH 256		/* nesting the path walks follow */

/* ---- small AST facts ---- */

static enum CXCursorKind kind_of(CXCursor c)
{
	return clang_getCursorKind(c);
}

static int is_loop(CXCursor c)
{
	return cal_is_loop_kind(kind_of(c));
}

static CXCursor loop_body(CXCursor loop)
{
	return kind_of(loop) == CXCursor_DoStmt ? cal_child(loop, 0)
						: cal_child(loop, cal_nr_children(loop) - 1);
}

static unsigned offset_of(CXSourceLocation loc)
{
	unsigned off = 0;
	clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
	return off;
}

/* Is loc inside c's extent (same file assumed: both are in one function)? */
static int extent_contains(CXCursor c, CXSourceLocation loc)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned o = offset_of(loc);
	return offset_of(clang_getRangeStart(r)) <= o && o <= offset_of(clang_getRangeEnd(r));
}

/* An integer the expression has at compile time. */
static int const_int(CXCursor e, long long *out)
{
	CXEvalResult r;
	int ok = 0;

	e = cal_strip_casts(e);
	if (kind_of(e) == CXCursor_DeclRefExpr && cal_cursor_name_is(e, "warpSize")) {
		*out = 32;
		return 1;
	}
	if (!clang_isExpression(kind_of(e)))
		return 0;
	r = clang_Cursor_Evaluate(e);
	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*out = clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

static int is_constant(CXCursor e)
{
	CXEvalResult r;
	int ok;

	if (!clang_isExpression(kind_of(e)))
		return 0;
	r = clang_Cursor_Evaluate(e);
	if (!r)
		return 0;
	ok = clang_EvalResult_getKind(r) == CXEval_Int || clang_EvalResult_getKind(r) == CXEval_Float;
	clang_EvalResult_dispose(r);
	return ok;
}

/* 'x' of threadIdx.x: the member's name, from libclang or from the last token. */
static char member_letter(CXTranslationUnit tu, CXCursor m)
{
	char *name = cal_cursor_name(m), letter = 0;
	CXToken *toks = NULL;
	unsigned n = 0;

	if (name && strlen(name) == 1)
		letter = name[0];
	free(name);
	if (letter)
		return letter;
	clang_tokenize(tu, vol_file_extent(tu, m), &toks, &n);
	if (n > 0) {
		char *last = cal_take_string(clang_getTokenSpelling(tu, toks[n - 1]));
		if (strlen(last) == 1)
			letter = last[0];
		free(last);
	}
	clang_disposeTokens(tu, toks, n);
	return letter;
}

/*
 * HIP's threadIdx.x is a member of a class whose conversion operator reads
 * the index: the call 'threadIdx.x.operator unsigned int()' stands for it.
 */
static CXCursor converted_member(CXCursor e)
{
	CXCursor m;

	if (kind_of(e) != CXCursor_CallExpr || cal_nr_children(e) != 1)
		return e;
	m = cal_ignore_wrappers(cal_child(e, 0));
	if (kind_of(m) != CXCursor_MemberRefExpr || cal_nr_children(m) != 1 ||
	    kind_of(clang_getCursorReferenced(m)) != CXCursor_ConversionFunction)
		return e;
	return cal_ignore_wrappers(cal_child(m, 0));
}

/* For threadIdx.x: "threadIdx" and 'x'.  Null name if e is no such member. */
static const char *builtin_member(CXTranslationUnit tu, CXCursor e, char *letter)
{
	static const char *const vars[] = { "threadIdx", "blockIdx", "blockDim", "gridDim" };
	CXCursor base, var;
	size_t i;

	e = converted_member(cal_strip_casts(e));
	if (kind_of(e) != CXCursor_MemberRefExpr || cal_nr_children(e) < 1)
		return NULL;
	base = cal_ignore_wrappers(cal_child(e, 0));
	if (kind_of(base) != CXCursor_DeclRefExpr)
		return NULL;
	var = clang_getCursorReferenced(base);
	if (kind_of(var) != CXCursor_VarDecl || !cal_cursor_in_system_header(var)) {
		/* the built-in environment is not a system header: accept its extern names */
		if (kind_of(var) != CXCursor_VarDecl ||
		    clang_Cursor_getStorageClass(var) != CX_SC_Extern)
			return NULL;
	}
	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		if (cal_cursor_name_is(var, vars[i])) {
			*letter = member_letter(tu, e);
			return vars[i];
		}
	return NULL;
}

static int is_local_var(CXCursor var)
{
	return kind_of(var) == CXCursor_VarDecl &&
	       cal_is_function_kind(kind_of(clang_getCursorSemanticParent(var))) &&
	       clang_Cursor_getStorageClass(var) != CX_SC_Static;
}

/* ---- walking a body with the chain of ancestors ---- */

struct path_walk {
	CXCursor stack[MAX_PATH];	/* ancestors of the cursor handed to cb, root first */
	int n;
	/* 0: go on, 1: stop, 2: skip c's children */
	int (*cb)(struct path_walk *p, CXCursor c);
	void *data;
	int stopped;
};

static enum CXChildVisitResult path_visitor(CXCursor c, CXCursor parent, CXClientData d)
{
	struct path_walk *p = d;
	int r;

	(void)parent;
	r = p->cb(p, c);
	if (r == 1) {
		p->stopped = 1;
		return CXChildVisit_Break;
	}
	if (r == 0 && kind_of(c) != CXCursor_LambdaExpr && p->n < MAX_PATH) {
		p->stack[p->n++] = c;
		clang_visitChildren(c, path_visitor, p);
		p->n--;
	}
	return p->stopped ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Walk root's subtree; cb sees each cursor with p->stack[0] == root. */
static int path_walk_run(struct path_walk *p, CXCursor root)
{
	p->stack[0] = root;
	p->n = 1;
	p->stopped = 0;
	clang_visitChildren(root, path_visitor, p);
	return p->stopped;
}

/*
 * The index in p->stack of the parent of the cursor being visited,
 * parentheses skipped; *below is its child on the path.
 */
static int effective_parent(const struct path_walk *p, CXCursor c, CXCursor *below)
{
	int i = p->n - 1;

	*below = c;
	while (i > 0 && kind_of(p->stack[i]) == CXCursor_ParenExpr)
		*below = p->stack[i--];
	return i;
}

/* ---- variables ---- */

enum write_kind { WRITE_NONE, WRITE_TRACKABLE, WRITE_OTHER };

struct var_writes {
	struct wu_fn *f;
	CXCursor var;
	int any;		/* a write or an escape was seen */
	int bad;		/* a write the uniformity rule cannot follow */
	CXCursor values[32];	/* values written (compound: the operand) */
	int nvalues;
};

static int has_exit(CXCursor c);

/*
 * May the write p->stack[at] keep a uniform variable uniform?  It must be a
 * statement of its own (or a for-increment), and between the variable's
 * scope and it only blocks, loops without exits and branches that whole
 * warps take together.
 */
static CXCursor condition_of(CXCursor s);

/* Is the child of if-statement a on p's stack one that whole warps enter together? */
static int whole_warp_branch(struct wu_fn *f, const struct path_walk *p, int i)
{
	CXCursor cond = condition_of(p->stack[i]);

	return kind_of(p->stack[i]) == CXCursor_IfStmt && !clang_Cursor_isNull(cond) &&
	       i + 1 < p->n && !clang_equalCursors(cond, p->stack[i + 1]) &&
	       wu_whole_warps(f, cond);
}

static int write_context_ok(struct wu_fn *f, const struct path_walk *p, CXCursor var, int at)
{
	CXSourceLocation decl = clang_getCursorLocation(var);
	int i;

	if (at < 1)
		return 0;
	switch (kind_of(p->stack[at - 1])) {
	case CXCursor_CompoundStmt: case CXCursor_ForStmt: case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		break;
	default:
		return 0;
	}
	for (i = 0; i < at; i++) {
		CXCursor a = p->stack[i];
		if (extent_contains(a, decl))
			continue;	/* the variable's own scope, or above it */
		if (kind_of(a) == CXCursor_CompoundStmt)
			continue;
		if (is_loop(a) && !has_exit(loop_body(a)))
			continue;
		if (whole_warp_branch(f, p, i))
			continue;
		return 0;
	}
	return 1;
}

static int writes_cb(struct path_walk *p, CXCursor c)
{
	struct var_writes *vw = p->data;
	CXCursor below, parent;
	int compound, at;

	if (kind_of(c) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)),
				clang_getCanonicalCursor(vw->var)))
		return 0;
	at = effective_parent(p, c, &below);
	parent = p->stack[at];
	if (vol_is_assignment(parent, &compound) &&
	    clang_equalCursors(cal_child(parent, 0), below)) {
		vw->any = 1;
		if (!write_context_ok(vw->f, p, vw->var, at) || vw->nvalues == 32)
			vw->bad = 1;
		else
			vw->values[vw->nvalues++] = cal_child(parent, 1);
		return 0;
	}
	if (kind_of(parent) == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(parent);
		if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
		    op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec) {
			vw->any = 1;
			if (!write_context_ok(vw->f, p, vw->var, at))
				vw->bad = 1;
			return 0;
		}
		if (op == CXUnaryOperator_AddrOf) {
			vw->any = vw->bad = 1;
			return 1;
		}
	}
	if (kind_of(parent) == CXCursor_CallExpr) {
		/* no lvalue-to-rvalue conversion: bound to a reference parameter */
		vw->any = vw->bad = 1;
		return 1;
	}
	return 0;
}

static void find_writes(struct wu_fn *f, CXCursor var, struct var_writes *vw)
{
	struct path_walk *p = calloc(1, sizeof(*p));

	memset(vw, 0, sizeof(*vw));
	vw->f = f;
	vw->var = var;
	if (!p) {
		vw->any = vw->bad = 1;
		return;
	}
	p->cb = writes_cb;
	p->data = vw;
	path_walk_run(p, f->body);
	free(p);
}

static int uniform_at(struct wu_fn *f, CXCursor e, int depth);

static int being_judged(const struct wu_fn *f, CXCursor var)
{
	int i;
	for (i = 0; i < f->njudging; i++)
		if (clang_equalCursors(f->judging[i], var))
			return 1;
	return 0;
}

static int local_uniform(struct wu_fn *f, CXCursor var, int depth)
{
	struct var_writes vw;
	CXCursor init;
	int i, ok = 1;

	var = clang_getCanonicalCursor(var);
	if (being_judged(f, var))
		return 1;
	if (f->njudging > MAX_DEPTH)
		return 0;
	f->judging[f->njudging++] = var;
	init = clang_Cursor_getVarDeclInitializer(var);
	if (!clang_Cursor_isNull(init) && !uniform_at(f, init, depth + 1))
		ok = 0;
	if (ok) {
		find_writes(f, var, &vw);
		ok = !vw.bad;
		for (i = 0; ok && i < vw.nvalues; i++)
			ok = uniform_at(f, vw.values[i], depth + 1);
	}
	f->njudging--;
	return ok;
}

/*
 * Whether a write was seen depends on the body and the variable alone, so
 * a variable of the function itself is looked up in the memo: a check asks
 * it of the same parameter at every element it meets, and each answer is a
 * walk of the whole body.
 */
static int never_written(struct wu_fn *f, CXCursor var)
{
	struct var_writes vw;
	int own = f->memo && clang_equalCursors(clang_getCursorSemanticParent(var), f->fn);

	if (own && cal_cursor_set_has(&f->memo->unwritten, var))
		return 1;
	if (own && cal_cursor_set_has(&f->memo->written, var))
		return 0;
	find_writes(f, var, &vw);
	if (own)
		cal_cursor_set_add(vw.any ? &f->memo->written : &f->memo->unwritten, var);
	return !vw.any;
}

void wu_memo_release(struct wu_memo *memo)
{
	cal_cursor_set_release(&memo->written);
	cal_cursor_set_release(&memo->unwritten);
}

int wu_never_written(struct wu_fn *f, CXCursor var)
{
	return never_written(f, var);
}

static int kernel_param_uniform(struct wu_fn *f, CXCursor parm)
{
	CXType t = clang_getCursorType(parm);

	if (cal_function_space(f->fn) != CAL_SPACE_GLOBAL || t.kind == CXType_LValueReference ||
	    t.kind == CXType_RValueReference)
		return 0;
	return never_written(f, parm);
}

static int uniform_decl(struct wu_fn *f, CXCursor d, int depth)
{
	switch (kind_of(d)) {
	case CXCursor_NonTypeTemplateParameter: case CXCursor_EnumConstantDecl:
		return 1;
	case CXCursor_ParmDecl:
		return kernel_param_uniform(f, d);
	case CXCursor_VarDecl:
		if (cal_cursor_name_is(d, "warpSize"))
			return 1;
		return is_local_var(d) && local_uniform(f, d, depth);
	default:
		return 0;
	}
}

/* ---- thread and warp indices ---- */

static int thread_x_at(struct wu_fn *f, CXCursor e, int depth);

/* A local variable initialized by pred and never written afterwards. */
static int copy_of(struct wu_fn *f, CXCursor e, int depth,
		   int (*pred)(struct wu_fn *, CXCursor, int))
{
	CXCursor var, init;

	if (kind_of(e) != CXCursor_DeclRefExpr || depth > MAX_DEPTH)
		return 0;
	var = clang_getCursorReferenced(e);
	if (!is_local_var(var))
		return 0;
	init = clang_Cursor_getVarDeclInitializer(var);
	return !clang_Cursor_isNull(init) && pred(f, init, depth + 1) && never_written(f, var);
}

static int names_other_dims_cb(struct path_walk *p, CXCursor c)
{
	struct wu_fn *f = p->data;
	char letter = 0;
	const char *var = builtin_member(f->tu, c, &letter);

	if (var && (!strcmp(var, "threadIdx") || !strcmp(var, "blockDim")) && letter != 'x')
		return 1;
	return 0;
}

/* Does the function name threadIdx.y/z or blockDim.y/z (a block of several rows)? */
static int multi_dim(struct wu_fn *f)
{
	struct path_walk *p;

	if (f->multi_dim >= 0)
		return f->multi_dim;
	p = calloc(1, sizeof(*p));
	if (!p)
		return 1;
	p->cb = names_other_dims_cb;
	p->data = f;
	f->multi_dim = path_walk_run(p, f->body);
	free(p);
	return f->multi_dim;
}

/* threadIdx.x, or a local copy of it. */
static int thread_x_at(struct wu_fn *f, CXCursor e, int depth)
{
	char letter = 0;
	const char *var;

	e = cal_strip_casts(e);
	var = builtin_member(f->tu, e, &letter);
	if (var)
		return !strcmp(var, "threadIdx") && letter == 'x';
	return copy_of(f, e, depth, thread_x_at);
}

/* threadIdx.x / 32k or threadIdx.x >> (5 or more), or a local copy: the warp's index. */
static int warp_index_at(struct wu_fn *f, CXCursor e, int depth)
{
	long long k;

	e = cal_strip_casts(e);
	if (kind_of(e) == CXCursor_BinaryOperator && cal_nr_children(e) == 2 &&
	    thread_x_at(f, cal_child(e, 0), depth + 1) && const_int(cal_child(e, 1), &k)) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
		if (op == CXBinaryOperator_Div)
			return k > 0 && k % 32 == 0;
		if (op == CXBinaryOperator_Shr)
			return k >= 5 && k < 32;
		return 0;
	}
	return copy_of(f, e, depth, warp_index_at);
}

static int is_comparison(enum CXBinaryOperatorKind op)
{
	return op == CXBinaryOperator_LT || op == CXBinaryOperator_GT ||
	       op == CXBinaryOperator_LE || op == CXBinaryOperator_GE ||
	       op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE;
}

/* 'threadIdx.x OP K' with thread on the left: does it split the threads at a warp boundary? */
static int at_warp_boundary(enum CXBinaryOperatorKind op, long long k)
{
	if (k < 0)
		return 0;
	if (op == CXBinaryOperator_LT || op == CXBinaryOperator_GE)
		return k % 32 == 0;
	if (op == CXBinaryOperator_LE || op == CXBinaryOperator_GT)
		return (k + 1) % 32 == 0;
	return 0;
}

static enum CXBinaryOperatorKind mirrored(enum CXBinaryOperatorKind op)
{
	switch (op) {
	case CXBinaryOperator_LT: return CXBinaryOperator_GT;
	case CXBinaryOperator_GT: return CXBinaryOperator_LT;
	case CXBinaryOperator_LE: return CXBinaryOperator_GE;
	case CXBinaryOperator_GE: return CXBinaryOperator_LE;
	default: return op;
	}
}

/* A comparison whose value is the same on all lanes of a warp though it reads threadIdx.x. */
static int whole_warp_comparison(struct wu_fn *f, CXCursor e, int depth)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
	CXCursor a = cal_child(e, 0), b = cal_child(e, 1);
	long long k;

	if (!is_comparison(op) || multi_dim(f))
		return 0;
	if ((warp_index_at(f, a, depth + 1) && uniform_at(f, b, depth + 1)) ||
	    (warp_index_at(f, b, depth + 1) && uniform_at(f, a, depth + 1)))
		return 1;
	if (thread_x_at(f, a, depth + 1) && const_int(b, &k))
		return at_warp_boundary(op, k);
	if (thread_x_at(f, b, depth + 1) && const_int(a, &k))
		return at_warp_boundary(mirrored(op), k);
	return 0;
}

/* ---- uniform values ---- */

static int all_children_uniform(struct wu_fn *f, CXCursor e, int depth)
{
	int i, n = cal_nr_children(e);

	for (i = 0; i < n; i++)
		if (!uniform_at(f, cal_child(e, i), depth + 1))
			return 0;
	return n > 0;
}

static int unary_uniform(struct wu_fn *f, CXCursor e, int depth)
{
	switch (clang_getCursorUnaryOperatorKind(e)) {
	case CXUnaryOperator_PostInc: case CXUnaryOperator_PostDec: case CXUnaryOperator_PreInc:
	case CXUnaryOperator_PreDec: case CXUnaryOperator_AddrOf: case CXUnaryOperator_Deref:
		return 0;
	default:
		return all_children_uniform(f, e, depth);
	}
}

static int binary_uniform(struct wu_fn *f, CXCursor e, int depth)
{
	if (cal_nr_children(e) != 2 || clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign)
		return 0;
	return whole_warp_comparison(f, e, depth) || warp_index_at(f, e, depth) ||
	       all_children_uniform(f, e, depth);
}

static int uniform_at(struct wu_fn *f, CXCursor e, int depth)
{
	char letter;
	const char *var;

	if (depth > MAX_DEPTH)
		return 0;
	e = cal_strip_casts(e);
	if (is_constant(e))
		return 1;
	switch (kind_of(e)) {
	case CXCursor_IntegerLiteral: case CXCursor_FloatingLiteral: case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr: case CXCursor_CXXNullPtrLiteralExpr: case CXCursor_UnaryExpr:
		return 1;
	case CXCursor_DeclRefExpr:
		return uniform_decl(f, clang_getCursorReferenced(e), depth);
	case CXCursor_MemberRefExpr:
		var = builtin_member(f->tu, e, &letter);
		return var && strcmp(var, "threadIdx") != 0;
	case CXCursor_BinaryOperator:
		return binary_uniform(f, e, depth);
	case CXCursor_UnaryOperator:
		return unary_uniform(f, e, depth);
	case CXCursor_ConditionalOperator:
		return all_children_uniform(f, e, depth);
	default:
		return 0;
	}
}

int wu_uniform(struct wu_fn *f, CXCursor e)
{
	return uniform_at(f, e, 0);
}

int wu_whole_warps(struct wu_fn *f, CXCursor e)
{
	CXCursor s = cal_strip_casts(e);

	if (kind_of(s) == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(s);
		if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)
			return wu_whole_warps(f, cal_child(s, 0)) && wu_whole_warps(f, cal_child(s, 1));
	}
	return uniform_at(f, e, 0);
}

/* ---- one warp ---- */

/* 'threadIdx.x OP K' with thread on the left: does it admit threads of the first warp only? */
static int first_warp_only(enum CXBinaryOperatorKind op, long long k)
{
	if (op == CXBinaryOperator_LT)
		return k > 0 && k <= 32;
	if (op == CXBinaryOperator_LE)
		return k >= 0 && k < 32;
	return 0;
}

int wu_one_warp(struct wu_fn *f, CXCursor e)
{
	CXCursor a, b;
	long long k;
	enum CXBinaryOperatorKind op;

	e = cal_strip_casts(e);
	if (kind_of(e) != CXCursor_BinaryOperator || cal_nr_children(e) != 2 || multi_dim(f))
		return 0;
	op = clang_getCursorBinaryOperatorKind(e);
	a = cal_child(e, 0);
	b = cal_child(e, 1);
	if (op == CXBinaryOperator_LAnd)
		return wu_one_warp(f, a) || wu_one_warp(f, b);
	if (op == CXBinaryOperator_EQ)
		return (warp_index_at(f, a, 0) && uniform_at(f, b, 0)) ||
		       (warp_index_at(f, b, 0) && uniform_at(f, a, 0));
	if (thread_x_at(f, a, 0) && const_int(b, &k))
		return first_warp_only(op, k);
	if (thread_x_at(f, b, 0) && const_int(a, &k))
		return first_warp_only(mirrored(op), k);
	return 0;
}

/* ---- single lanes ---- */

static int lane_like_at(struct wu_fn *f, CXCursor e, int depth)
{
	long long k;

	e = cal_strip_casts(e);
	if (thread_x_at(f, e, depth))
		return 1;
	if (kind_of(e) == CXCursor_DeclRefExpr &&
	    kind_of(clang_getCursorReferenced(e)) == CXCursor_ParmDecl &&
	    cal_function_space(f->fn) != CAL_SPACE_GLOBAL)
		return 1;	/* a helper's index parameter */
	if (kind_of(e) == CXCursor_BinaryOperator && cal_nr_children(e) == 2 &&
	    thread_x_at(f, cal_child(e, 0), depth + 1) && const_int(cal_child(e, 1), &k)) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
		return (op == CXBinaryOperator_Rem && k == 32) ||
		       (op == CXBinaryOperator_And && k == 31);
	}
	return copy_of(f, e, depth, lane_like_at);
}

/* ---- elements of other lanes ---- */

/* An index split into lane + offset: see wu_other_lane. */
struct lane_index {
	CXCursor lane;		/* the variable, or null for threadIdx.x itself */
	int parms;		/* a helper's parameter may be the lane index */
	long long off;		/* the constant part of the offset */
	CXCursor var;		/* a local variable added to it (a loop's step), or null */
	int var_sign;
};

static int split_index(struct wu_fn *f, CXCursor e, int depth, struct lane_index *out);

/*
 * A loop's step: a local variable that starts at a constant of at most a
 * warp ('for (int k = 16; k > 0; k >>= 1)'), not 'off = blockDim.x', which
 * names a slot of the same thread a block further.
 */
static int warp_step_var(CXCursor var)
{
	CXCursor init;
	long long k;

	if (!is_local_var(var))
		return 0;
	init = clang_Cursor_getVarDeclInitializer(var);
	return !clang_Cursor_isNull(init) && const_int(init, &k) && k != 0 && k >= -32 && k <= 32;
}

/* Add u (warp-uniform) to the offset: a constant, or one loop's step. */
static int add_offset(struct wu_fn *f, CXCursor u, int sign, struct lane_index *out)
{
	long long k;

	if (!uniform_at(f, u, 0))
		return 0;
	if (const_int(u, &k)) {
		out->off += sign * k;
		return 1;
	}
	u = cal_strip_casts(u);
	if (kind_of(u) != CXCursor_DeclRefExpr || !clang_Cursor_isNull(out->var) ||
	    !warp_step_var(clang_getCursorReferenced(u)))
		return 0;
	out->var = clang_getCursorReferenced(u);
	out->var_sign = sign;
	return 1;
}

/* threadIdx.x & 31, threadIdx.x % 32, threadIdx.x % warpSize: the lane id. */
static int lane_id_of_thread_x(struct wu_fn *f, CXCursor e, int depth)
{
	long long k;
	enum CXBinaryOperatorKind op;

	if (kind_of(e) != CXCursor_BinaryOperator || cal_nr_children(e) != 2 ||
	    !thread_x_at(f, cal_child(e, 0), depth + 1) || !const_int(cal_child(e, 1), &k))
		return 0;
	op = clang_getCursorBinaryOperatorKind(e);
	return (op == CXBinaryOperator_Rem && k == 32) || (op == CXBinaryOperator_And && k == 31);
}

/*
 * A local variable, never written, initialised with a lane index: one
 * element per lane, consecutive across the warp ('tid = threadIdx.x',
 * 'lane = threadIdx.x & 31', 'i = blockIdx.x * blockDim.x + threadIdx.x').
 */
static int lane_var(struct wu_fn *f, CXCursor e, int depth)
{
	struct lane_index inner = { clang_getNullCursor(), 0, 0, clang_getNullCursor(), 0 };
	CXCursor var, init;

	if (kind_of(e) != CXCursor_DeclRefExpr || depth > MAX_DEPTH)
		return 0;
	var = clang_getCursorReferenced(e);
	if (!is_local_var(var))
		return 0;
	init = clang_Cursor_getVarDeclInitializer(var);
	if (clang_Cursor_isNull(init) || !never_written(f, var))
		return 0;
	init = cal_strip_casts(init);
	return lane_id_of_thread_x(f, init, depth + 1) || split_index(f, init, depth + 1, &inner);
}

static int split_index(struct wu_fn *f, CXCursor e, int depth, struct lane_index *out)
{
	char letter = 0;
	const char *member;

	if (depth > MAX_DEPTH)
		return 0;
	e = cal_strip_casts(e);
	member = builtin_member(f->tu, e, &letter);
	if (member) {
		out->lane = clang_getNullCursor();
		return !strcmp(member, "threadIdx") && letter == 'x';
	}
	if (lane_var(f, e, depth)) {
		out->lane = clang_getCursorReferenced(e);
		return 1;
	}
	if (out->parms && kind_of(e) == CXCursor_DeclRefExpr &&
	    kind_of(clang_getCursorReferenced(e)) == CXCursor_ParmDecl &&
	    cal_function_space(f->fn) != CAL_SPACE_GLOBAL &&
	    never_written(f, clang_getCursorReferenced(e))) {
		out->lane = clang_getCursorReferenced(e);	/* its callers must show it */
		return 1;
	}
	if (kind_of(e) != CXCursor_BinaryOperator || cal_nr_children(e) != 2)
		return 0;
	switch (clang_getCursorBinaryOperatorKind(e)) {
	case CXBinaryOperator_Add:
		if (uniform_at(f, cal_child(e, 1), 0))
			return split_index(f, cal_child(e, 0), depth + 1, out) &&
			       add_offset(f, cal_child(e, 1), 1, out);
		return uniform_at(f, cal_child(e, 0), 0) &&
		       split_index(f, cal_child(e, 1), depth + 1, out) &&
		       add_offset(f, cal_child(e, 0), 1, out);
	case CXBinaryOperator_Sub:
		return split_index(f, cal_child(e, 0), depth + 1, out) &&
		       add_offset(f, cal_child(e, 1), -1, out);
	default:
		return 0;
	}
}

static int same_cursor(CXCursor a, CXCursor b)
{
	if (clang_Cursor_isNull(a) || clang_Cursor_isNull(b))
		return clang_Cursor_isNull(a) && clang_Cursor_isNull(b);
	return clang_equalCursors(a, b);
}

int wu_lane_index(struct wu_fn *f, CXCursor e)
{
	struct lane_index l = { clang_getNullCursor(), 0, 0, clang_getNullCursor(), 0 };
	return split_index(f, e, 0, &l);
}

int wu_other_lane(struct wu_fn *f, CXCursor write_index, CXCursor read_index, CXCursor *parm)
{
	struct lane_index w = { clang_getNullCursor(), parm != NULL, 0, clang_getNullCursor(), 0 };
	struct lane_index r = w;
	long long d;

	if (!split_index(f, write_index, 0, &w) || !split_index(f, read_index, 0, &r) ||
	    !same_cursor(w.lane, r.lane))
		return 0;
	if (parm && !clang_Cursor_isNull(w.lane) && kind_of(w.lane) == CXCursor_ParmDecl)
		*parm = w.lane;
	if (!same_cursor(w.var, r.var) || (!clang_Cursor_isNull(w.var) && w.var_sign != r.var_sign))
		return 1;	/* 's[i - k]' beside 's[i]': k is a loop's step */
	d = r.off - w.off;
	return d != 0 && d >= -32 && d <= 32;
}

int wu_thread_x(struct wu_fn *f, CXCursor e)
{
	return !multi_dim(f) && thread_x_at(f, e, 0);
}

int wu_thread_offset(struct wu_fn *f, CXCursor e, long long *off, CXCursor *lane)
{
	struct lane_index l = { clang_getNullCursor(), 1, 0, clang_getNullCursor(), 0 };
	long long k = 0;

	if (multi_dim(f) || !split_index(f, e, 0, &l))
		return 0;
	if (!clang_Cursor_isNull(l.lane) && kind_of(l.lane) != CXCursor_ParmDecl &&
	    !thread_x_at(f, clang_Cursor_getVarDeclInitializer(l.lane), 1))
		return 0;	/* a lane id, or blockIdx.x * blockDim.x + threadIdx.x */
	if (!clang_Cursor_isNull(l.var) && !const_int(clang_Cursor_getVarDeclInitializer(l.var), &k))
		return 0;
	*off = l.off + l.var_sign * k;
	*lane = l.lane;
	return 1;
}

int wu_single_lane(struct wu_fn *f, CXCursor e)
{
	long long k;

	e = cal_strip_casts(e);
	if (kind_of(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_LNot)
		return lane_like_at(f, cal_child(e, 0), 0);
	if (kind_of(e) != CXCursor_BinaryOperator || cal_nr_children(e) != 2)
		return 0;
	switch (clang_getCursorBinaryOperatorKind(e)) {
	case CXBinaryOperator_LAnd:
		return wu_single_lane(f, cal_child(e, 0)) || wu_single_lane(f, cal_child(e, 1));
	case CXBinaryOperator_EQ:
		return (lane_like_at(f, cal_child(e, 0), 0) && const_int(cal_child(e, 1), &k)) ||
		       (lane_like_at(f, cal_child(e, 1), 0) && const_int(cal_child(e, 0), &k));
	default:
		return 0;
	}
}

/* ---- reaching a point ---- */

static int exits_cb(struct path_walk *p, CXCursor c)
{
	enum CXCursorKind k = kind_of(c);
	(void)p;
	return k == CXCursor_ReturnStmt || k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt ||
	       k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt;
}

static int has_exit(CXCursor c)
{
	struct path_walk *p = calloc(1, sizeof(*p));
	int found;

	if (!p)
		return 1;
	p->cb = exits_cb;
	found = exits_cb(p, c) || path_walk_run(p, c);
	free(p);
	return found;
}

/* The condition of an if or switch, or a null cursor if it has an init statement or a variable. */
static CXCursor condition_of(CXCursor s)
{
	CXCursor c = cal_child(s, 0);
	return clang_isExpression(kind_of(c)) ? c : clang_getNullCursor();
}

static int header_part_uniform(struct wu_fn *f, CXCursor part)
{
	CXCursor s = cal_ignore_wrappers(part), var;
	int compound, i;

	if (kind_of(s) == CXCursor_DeclStmt) {
		for (i = 0; i < cal_nr_children(s); i++) {
			var = cal_child(s, i);
			if (kind_of(var) != CXCursor_VarDecl || !local_uniform(f, var, 0))
				return 0;
		}
		return 1;
	}
	if (vol_is_assignment(s, &compound) || cal_is_unop(s, CXUnaryOperator_PostInc) ||
	    cal_is_unop(s, CXUnaryOperator_PreInc) || cal_is_unop(s, CXUnaryOperator_PostDec) ||
	    cal_is_unop(s, CXUnaryOperator_PreDec)) {
		var = cal_ignore_wrappers(cal_child(s, 0));
		if (kind_of(var) != CXCursor_DeclRefExpr)
			return 0;
		var = clang_getCursorReferenced(var);
		return is_local_var(var) && local_uniform(f, var, 0);
	}
	return wu_whole_warps(f, part);
}

/* Does every lane that starts the loop run its body the same number of times (exits aside)? */
static int loop_header_uniform(struct wu_fn *f, CXCursor loop)
{
	CXCursor body = loop_body(loop);
	int i, n = cal_nr_children(loop);

	for (i = 0; i < n; i++) {
		CXCursor part = cal_child(loop, i);
		if (!clang_equalCursors(part, body) && !header_part_uniform(f, part))
			return 0;
	}
	return 1;
}

int wu_loop_uniform(struct wu_fn *f, CXCursor loop)
{
	return loop_header_uniform(f, loop);
}

static const char *const why_condition =
	"not every lane of the warp gets past this condition, so a full-mask __syncwarp() "
	"would wait for lanes that never arrive";
static const char *const why_loop =
	"lanes may run this loop a different number of times, so they would not meet at a "
	"full-mask __syncwarp()";
static const char *const why_exit =
	"some lanes of the warp may leave here, and a full-mask __syncwarp() would wait for them";
static const char *const why_unknown =
	"cuatomlint cannot tell whether every lane of the warp gets here";

static int blocked(struct wu_block *b, CXCursor at, const char *why)
{
	if (b) {
		b->at = at;
		b->why = why;
	}
	return 0;
}

/* Is child (a child of p) entered by every lane that enters p?  Branches only, no exits. */
static int step_ok(struct wu_fn *f, CXCursor p, CXCursor child, struct wu_block *b)
{
	CXCursor cond;

	switch (kind_of(p)) {
	case CXCursor_IfStmt: case CXCursor_SwitchStmt:
		cond = condition_of(p);
		if (clang_Cursor_isNull(cond))
			return blocked(b, p, why_unknown);
		if (clang_equalCursors(cond, child) || wu_whole_warps(f, cond))
			return 1;
		return blocked(b, cond, why_condition);
	case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
		if (!clang_equalCursors(loop_body(p), child) || loop_header_uniform(f, p))
			return 1;
		return blocked(b, p, why_loop);
	case CXCursor_ConditionalOperator:
		cond = cal_child(p, 0);
		if (clang_equalCursors(cond, child) || wu_whole_warps(f, cond))
			return 1;
		return blocked(b, cond, why_condition);
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(p);
		if ((op != CXBinaryOperator_LAnd && op != CXBinaryOperator_LOr) ||
		    !clang_equalCursors(cal_child(p, 1), child) || wu_whole_warps(f, cal_child(p, 0)))
			return 1;
		return blocked(b, cal_child(p, 0), why_condition);
	}
	case CXCursor_LambdaExpr: case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt:
		return blocked(b, p, why_unknown);
	default:
		return 1;
	}
}

struct exit_search {
	struct wu_fn *f;
	struct wu_block *b;
	int found;
};

/* An exit at the end of p's stack: does it leave the region, and do only some lanes take it? */
static int exit_cb(struct path_walk *p, CXCursor c)
{
	struct exit_search *es = p->data;
	enum CXCursorKind k = kind_of(c);
	int i, caught = 0;

	if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt) {
		es->found = 1;
		blocked(es->b, c, why_unknown);
		return 1;
	}
	if (k != CXCursor_ReturnStmt && k != CXCursor_BreakStmt && k != CXCursor_ContinueStmt)
		return 0;
	for (i = 0; i < p->n && k != CXCursor_ReturnStmt; i++)
		if (is_loop(p->stack[i]) ||
		    (k == CXCursor_BreakStmt && kind_of(p->stack[i]) == CXCursor_SwitchStmt))
			caught = 1;
	if (caught)
		return 0;
	for (i = 0; i < p->n; i++) {
		CXCursor child = i + 1 < p->n ? p->stack[i + 1] : c;
		if (!step_ok(es->f, p->stack[i], child, NULL)) {
			es->found = 1;
			blocked(es->b, c, why_exit);
			return 1;
		}
	}
	return 0;
}

/* Is there an exit in region that only some lanes take (or that cannot be judged)? */
static int partial_exit(struct wu_fn *f, CXCursor region, struct wu_block *b)
{
	struct path_walk *p = calloc(1, sizeof(*p));
	struct exit_search es = { f, b, 0 };
	enum CXCursorKind k = kind_of(region);

	if (!p)
		return blocked(b, region, why_unknown), 1;
	if (k == CXCursor_ReturnStmt || k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt) {
		free(p);
		return 0;	/* unconditional here: every lane or none */
	}
	p->cb = exit_cb;
	p->data = &es;
	if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt)
		exit_cb(p, region);
	else
		path_walk_run(p, region);
	free(p);
	return es.found;
}

struct sibling_scan {
	CXCursor stop;
	struct wu_fn *f;
	struct wu_block *b;
	int found;
};

static enum CXChildVisitResult sibling_visitor(CXCursor c, CXCursor parent, CXClientData d)
{
	struct sibling_scan *s = d;

	(void)parent;
	if (clang_equalCursors(c, s->stop))
		return CXChildVisit_Break;
	if (partial_exit(s->f, c, s->b)) {
		s->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

int wu_reaches_all(struct wu_fn *f, const CXCursor *path, int n, CXCursor target,
		   struct wu_block *b)
{
	int i;

	for (i = 0; i < n; i++) {
		CXCursor p = path[i], child = i + 1 < n ? path[i + 1] : target;
		if (!step_ok(f, p, child, b))
			return 0;
		if (kind_of(p) == CXCursor_CompoundStmt) {
			struct sibling_scan s = { child, f, b, 0 };
			clang_visitChildren(p, sibling_visitor, &s);
			if (s.found)
				return 0;
		}
		if (is_loop(p) && clang_equalCursors(loop_body(p), child) &&
		    partial_exit(f, child, b))
			return 0;
	}
	return 1;
}

int wu_under_single_lane(struct wu_fn *f, const CXCursor *path, int n, CXCursor target)
{
	int i;

	(void)target;
	for (i = 0; i < n; i++) {
		CXCursor cond;
		if (kind_of(path[i]) != CXCursor_IfStmt)
			continue;
		cond = condition_of(path[i]);
		/* the then-branch only: an else-branch holds the other lanes */
		if (!clang_Cursor_isNull(cond) && cal_nr_children(path[i]) >= 2 &&
		    clang_equalCursors(cal_child(path[i], 1), i + 1 < n ? path[i + 1] : target) &&
		    wu_single_lane(f, cond))
			return 1;
	}
	return 0;
}

int wu_fn_init(struct wu_fn *f, CXTranslationUnit tu, CXCursor fn)
{
	memset(f, 0, sizeof(*f));
	f->tu = tu;
	f->fn = fn;
	f->body = cal_function_body(fn);
	f->multi_dim = -1;
	return clang_Cursor_isNull(f->body) ? -1 : 0;
}
