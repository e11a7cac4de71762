#include "analysis/scope_calls.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "analysis/launch.h"
#include "analysis/scope_sites.h"

#define MAX_HOPS 6

struct launch {
	CXCursor kernel;	/* canonical */
	int single;		/* one block */
};

struct edge {
	CXCursor call;
	CXCursor caller;	/* canonical */
	CXCursor callee;	/* canonical */
	int guarded;		/* under if (blockIdx.x == K) */
};

/* single_block()'s answers, once all calls are recorded. */
enum verdict_state { VERDICT_PENDING, VERDICT_ONE_BLOCK, VERDICT_MANY };

struct verdict {
	CXCursor fn;		/* canonical */
	enum verdict_state state;
};

struct cal_scope_calls {
	struct verdict *verdicts;
	size_t nr_verdicts, alloc_verdicts;
	struct verdict *grid_verdicts;	/* the same, 'if (blockIdx.x == K)' not counted */
	size_t nr_grid_verdicts, alloc_grid_verdicts;
	struct launch *launches;
	size_t nr_launches, alloc_launches;
	CXCursor *launched_refs;	/* kernel references that are a launch's */
	size_t nr_refs, alloc_refs;
	struct edge *edges;
	size_t nr_edges, alloc_edges;
};

struct cal_scope_calls *cal_scope_calls_new(void)
{
	return xcalloc(1, sizeof(struct cal_scope_calls));
}

void cal_scope_calls_free(struct cal_scope_calls *g)
{
	if (!g)
		return;
	free(g->verdicts);
	free(g->grid_verdicts);
	free(g->launches);
	free(g->launched_refs);
	free(g->edges);
	free(g);
}

static void add_launch(struct cal_scope_calls *g, CXCursor kernel, int single)
{
	GROW(g->launches, g->alloc_launches, g->nr_launches + 1);
	g->launches[g->nr_launches].kernel = clang_getCanonicalCursor(kernel);
	g->launches[g->nr_launches++].single = single;
}

/* ---- is the cursor inside if (blockIdx.x == K)? ---- */

static int is_block_equality(CXCursor c, void *data)
{
	(void)data;
	return cal_is_binop(c, CXBinaryOperator_EQ) &&
	       (cal_depends_on_block(cal_child(c, 0)) || cal_depends_on_block(cal_child(c, 1)));
}

/* 'blockIdx.x == K', or a conjunction holding it: true in block K only. */
static int conjunct_tests_block(CXCursor e)
{
	e = cal_strip_casts(e);
	if (is_block_equality(e, NULL))
		return 1;
	return cal_is_binop(e, CXBinaryOperator_LAnd) &&
	       (conjunct_tests_block(cal_child(e, 0)) || conjunct_tests_block(cal_child(e, 1)));
}

/* A value a block flag may take: constant false, or true in one block only. */
static int flag_value_ok(CXCursor e)
{
	CXEvalResult r;
	int ok = 0;

	if (conjunct_tests_block(e))
		return 1;
	r = clang_Cursor_Evaluate(e);
	if (r) {
		ok = clang_EvalResult_getKind(r) == CXEval_Int && clang_EvalResult_getAsLongLong(r) == 0;
		clang_EvalResult_dispose(r);
	}
	return ok;
}

struct flag_scan {
	CXCursor var;
	int bad;
};

static int names_var(CXCursor e, CXCursor var)
{
	e = cal_strip_casts(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

static enum CXChildVisitResult keep_last_expression(CXCursor c, CXCursor parent,
						    CXClientData data)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/* A variable's initializer: its last child that is an expression. */
static CXCursor last_expression_child(CXCursor var)
{
	CXCursor init = clang_getNullCursor();

	clang_visitChildren(var, keep_last_expression, &init);
	return init;
}

static enum CXChildVisitResult scan_flag_writes(CXCursor c, CXCursor parent, CXClientData data)
{
	struct flag_scan *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_VarDecl && clang_equalCursors(c, s->var)) {
		CXCursor init = last_expression_child(c);
		if (!clang_Cursor_isNull(init) && !flag_value_ok(init))
			s->bad = 1;
		return CXChildVisit_Continue;
	} else if (cal_is_binop(c, CXBinaryOperator_Assign) && names_var(cal_child(c, 0), s->var)) {
		if (!flag_value_ok(cal_child(c, 1)))
			s->bad = 1;
	} else if ((k == CXCursor_CompoundAssignOperator && names_var(cal_child(c, 0), s->var)) ||
		   ((cal_is_unop(c, CXUnaryOperator_AddrOf) || cal_is_unop(c, CXUnaryOperator_PreInc) ||
		     cal_is_unop(c, CXUnaryOperator_PostInc)) && names_var(cal_child(c, 0), s->var))) {
		s->bad = 1;
	}
	return s->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * 'if (producer)' where the local producer is only ever false or a test
 * of the block ('producer = blockIdx.x == 0 && threadIdx.x == 0'): the
 * branch runs in one block, as under 'if (blockIdx.x == 0)'.  Read in the
 * function the walk is in (an instantiation holds only the branches its
 * 'if constexpr' keeps).
 */
static int block_flag(const struct cal_walk *w, CXCursor cond)
{
	struct flag_scan s;
	CXCursor var;
	int j;

	cond = cal_strip_casts(cond);
	if (clang_getCursorKind(cond) != CXCursor_DeclRefExpr)
		return 0;
	var = clang_getCursorReferenced(cond);
	/* only a bool is a role flag: 'if (ptr)' tests are common and would each scan the body */
	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_getCanonicalType(clang_getCursorType(var)).kind != CXType_Bool ||
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) == CXCursor_TranslationUnit)
		return 0;
	for (j = w->depth - 1; j >= 0; j--) {
		enum CXCursorKind k = clang_getCursorKind(w->stack[j]);
		if (k == CXCursor_CompoundStmt && j > 0 &&
		    (clang_getCursorKind(w->stack[j - 1]) == CXCursor_FunctionDecl ||
		     clang_getCursorKind(w->stack[j - 1]) == CXCursor_CXXMethod ||
		     clang_getCursorKind(w->stack[j - 1]) == CXCursor_FunctionTemplate))
			break;
	}
	if (j < 0)
		return 0;
	s.var = var;
	s.bad = 0;
	clang_visitChildren(w->stack[j], scan_flag_writes, &s);
	return !s.bad;
}

int cal_under_block_test(const struct cal_walk *w, CXCursor c)
{
	int j;

	for (j = w->depth - 1; j >= 0; j--) {
		CXCursor anc = w->stack[j], path = j + 1 < w->depth ? w->stack[j + 1] : c;
		CXCursor cond;
		if (clang_getCursorKind(anc) != CXCursor_IfStmt ||
		    !clang_equalCursors(path, cal_child(anc, 1)))
			continue;
		cond = cal_child(anc, 0);
		if (is_block_equality(cond, NULL) ||
		    cal_subtree_find(cond, is_block_equality, NULL, NULL, NULL) ||
		    block_flag(w, cond))
			return 1;
	}
	return 0;
}

/* ---- launches ---- */

/* Is the grid expression e (a dim3 or an integer) one block? */
static int grid_is_one(CXCursor e)
{
	CXCursor ctor;
	long long v;
	int i, n;

	e = cal_ignore_wrappers(e);
	if (cal_is_cast_kind(clang_getCursorKind(e)) && cal_nr_children(e) > 0)
		e = cal_ignore_wrappers(cal_child(e, cal_nr_children(e) - 1));
	ctor = clang_getCursorReferenced(e);
	if (clang_getCursorKind(e) != CXCursor_CallExpr ||
	    clang_getCursorKind(ctor) != CXCursor_Constructor ||
	    !cal_cursor_name_is(clang_getCursorSemanticParent(ctor), "dim3"))
		return cal_scope_eval_int(e, &v) == 0 && v == 1;
	n = clang_Cursor_getNumArguments(e);
	for (i = 0; i < n; i++) {
		CXCursor arg = clang_Cursor_getArgument(e, i);
		/* dim3(1) leaves y and z at their default, 1 */
		if (clang_getCursorKind(arg) == CXCursor_UnexposedExpr && cal_nr_children(arg) == 0)
			continue;
		if (cal_scope_eval_int(arg, &v) < 0 || v != 1)
			return 0;
	}
	return 1;
}

/* A launch (launch.h), or cudaLaunchKernel(k, grid, ...) (HIP's too): record it; 1 if it was one. */
static int record_launch(struct cal_scope_calls *g, CXCursor c)
{
	struct cal_launch l;
	CXCursor callee;

	if (!cal_launch_of(c, &l)) {
		callee = cal_call_callee(c);
		if (clang_Cursor_isNull(callee) || clang_Cursor_getNumArguments(c) < 2 ||
		    !(cal_cursor_name_is(callee, "cudaLaunchKernel") ||
		      cal_cursor_name_is(callee, "cudaLaunchCooperativeKernel") ||
		      cal_cursor_name_is(callee, "hipLaunchKernel") ||
		      cal_cursor_name_is(callee, "hipLaunchCooperativeKernel")))
			return 0;
		l.kernel = cal_kernel_named(clang_Cursor_getArgument(c, 0), &l.ref);
		l.grid = clang_Cursor_getArgument(c, 1);
	}
	if (clang_Cursor_isNull(l.kernel))
		return 0;
	add_launch(g, l.kernel, grid_is_one(l.grid));
	GROW(g->launched_refs, g->alloc_refs, g->nr_refs + 1);
	g->launched_refs[g->nr_refs++] = l.ref;
	return 1;
}

/* A kernel named anywhere else (its address taken): launched in ways not seen. */
static void record_kernel_ref(struct cal_scope_calls *g, CXCursor c)
{
	CXCursor d = clang_getCursorReferenced(c);
	size_t i;

	if (!cal_is_kernel(d))
		return;
	for (i = 0; i < g->nr_refs; i++)
		if (clang_equalCursors(g->launched_refs[i], c))
			return;
	add_launch(g, d, 0);
}

static void record_edge(struct cal_scope_calls *g, struct cal_walk *w, CXCursor c)
{
	CXCursor callee = clang_getCursorReferenced(c);
	struct edge *e;

	if (clang_Cursor_isNull(callee) || clang_Cursor_isNull(w->function) ||
	    !cal_is_function_kind(clang_getCursorKind(callee)) ||
	    cal_walk_decl_from_cuda(w, callee))
		return;
	GROW(g->edges, g->alloc_edges, g->nr_edges + 1);
	e = &g->edges[g->nr_edges++];
	e->call = c;
	e->caller = clang_getCanonicalCursor(w->function);
	e->callee = clang_getCanonicalCursor(callee);
	e->guarded = cal_under_block_test(w, c);
}

void cal_scope_calls_visit(struct cal_scope_calls *g, struct cal_walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_CallExpr && record_launch(g, c))
		return;
	if (k == CXCursor_DeclRefExpr)
		record_kernel_ref(g, c);
	else if (k == CXCursor_CallExpr && cal_walk_in_device_code(w))
		record_edge(g, w, c);
}

/* ---- one block ---- */

static int kernel_single_block(const struct cal_scope_calls *g, CXCursor fn)
{
	int any = 0;
	size_t i;

	for (i = 0; i < g->nr_launches; i++) {
		if (!clang_equalCursors(g->launches[i].kernel, fn))
			continue;
		if (!g->launches[i].single)
			return 0;
		any = 1;
	}
	return any;
}

/*
 * Each function is judged once (in each of the two senses, guards counted
 * or not); a function met again while it is being judged (recursion)
 * counts as run by many blocks.
 */
static int single_block_as(struct cal_scope_calls *g, CXCursor fn, int guards)
{
	struct verdict **verdicts = guards ? &g->verdicts : &g->grid_verdicts;
	size_t *nr = guards ? &g->nr_verdicts : &g->nr_grid_verdicts;
	size_t *alloc = guards ? &g->alloc_verdicts : &g->alloc_grid_verdicts;
	size_t i, me;
	int one = 0;

	if (clang_Cursor_isNull(fn))
		return 0;
	fn = clang_getCanonicalCursor(fn);
	for (i = 0; i < *nr; i++)
		if (clang_equalCursors((*verdicts)[i].fn, fn))
			return (*verdicts)[i].state == VERDICT_ONE_BLOCK;
	GROW(*verdicts, *alloc, *nr + 1);
	me = (*nr)++;
	(*verdicts)[me].fn = fn;
	(*verdicts)[me].state = VERDICT_PENDING;
	if (cal_is_kernel(fn)) {
		one = kernel_single_block(g, fn);
	} else {
		for (i = 0; i < g->nr_edges; i++) {
			const struct edge *e = &g->edges[i];
			if (!clang_equalCursors(e->callee, fn))
				continue;
			one = (guards && e->guarded) || single_block_as(g, e->caller, guards);
			if (!one)
				break;
		}
	}
	/* the array may have moved while callers were judged */
	verdicts = guards ? &g->verdicts : &g->grid_verdicts;
	(*verdicts)[me].state = one ? VERDICT_ONE_BLOCK : VERDICT_MANY;
	return one;
}

static int single_block(struct cal_scope_calls *g, CXCursor fn)
{
	return single_block_as(g, fn, 1);
}

int cal_scope_calls_single_block(struct cal_scope_calls *g, CXCursor fn)
{
	return single_block(g, fn);
}

int cal_scope_calls_one_block_grid(struct cal_scope_calls *g, CXCursor fn)
{
	return single_block_as(g, fn, 0);
}

/* ---- following memory through calls ---- */

static int param_index(CXCursor fn, CXCursor param)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, i), param))
			return i;
	return -1;
}

/* The object a member function is called on at call, or null for the caller's 'this'. */
static CXCursor call_object(CXCursor call, CXCursor fn, int *shift)
{
	CXCursor callee = cal_ignore_wrappers(cal_child(call, 0)), obj;

	*shift = 0;
	if (clang_Cursor_getNumArguments(call) == clang_Cursor_getNumArguments(fn) + 1) {
		*shift = 1;	/* an operator call: the object is the first argument */
		return clang_Cursor_getArgument(call, 0);
	}
	if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr || cal_nr_children(callee) < 1)
		return clang_getNullCursor();
	obj = cal_ignore_wrappers(cal_child(callee, 0));
	return clang_getCursorKind(obj) == CXCursor_CXXThisExpr ? clang_getNullCursor() : obj;
}

static int is_pointer(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer;
}

/*
 * What the call passes for parameter param of fn (-1: the object it is
 * called on), traced in the caller; 0 if there is nothing to trace.
 */
static int passed_object(const struct edge *e, CXCursor fn, int param, struct cal_object *o)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e->call);
	int shift = 0;
	CXCursor arg = clang_getNullCursor();

	if (clang_getCursorKind(fn) == CXCursor_CXXMethod)
		arg = call_object(e->call, fn, &shift);
	if (param < 0 && clang_Cursor_isNull(arg)) {
		o->via_this = clang_getCursorKind(fn) == CXCursor_CXXMethod;
		return o->via_this;
	}
	if (param >= 0)
		arg = clang_Cursor_getArgument(e->call, (unsigned)(param + shift));
	if (clang_Cursor_isNull(arg))
		return 0;
	if (is_pointer(param < 0 ? arg : clang_Cursor_getArgument(fn, (unsigned)param)))
		cal_object_of_pointer(tu, arg, o);
	else
		cal_object_of_lvalue(tu, arg, o);
	return 1;
}

/* The (function, parameter) pairs one search has followed: each once. */
#define MAX_FOLLOWED 64
struct search {
	struct cal_scope_calls *g;
	int any;		/* per-block memory, and calls one block makes, count too */
	CXCursor fn[MAX_FOLLOWED];
	int param[MAX_FOLLOWED];
	int nr;
};

static int first_visit(struct search *se, CXCursor fn, int param)
{
	int i;

	for (i = 0; i < se->nr; i++)
		if (se->param[i] == param && clang_equalCursors(se->fn[i], fn))
			return 0;
	if (se->nr == MAX_FOLLOWED)
		return 0;
	se->fn[se->nr] = fn;
	se->param[se->nr++] = param;
	return 1;
}

static int reach(struct search *se, CXCursor fn, const struct cal_object *o,
		 struct cal_scope_reach *out, int hops);

struct field_at {
	CXCursor field;
	int index, seen;
};

static enum CXChildVisitResult count_fields(CXCursor c, CXCursor parent, CXClientData data)
{
	struct field_at *f = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	if (clang_equalCursors(c, f->field)) {
		f->index = f->seen;
		return CXChildVisit_Break;
	}
	f->seen++;
	return CXChildVisit_Continue;
}

/*
 * The object is a local aggregate (F f{q, ...}) and the atomic's address is
 * its pointer member field: trace the initializer of that member instead.
 */
static void member_initializer(CXCursor field, struct cal_object *o)
{
	struct field_at at = { field, -1, 0 };
	CXCursor init;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl ||
	    clang_getCanonicalType(clang_getCursorType(field)).kind != CXType_Pointer ||
	    o->origin != CAL_ORIGIN_LOCAL || clang_getCursorKind(o->base) != CXCursor_VarDecl)
		return;
	init = cal_ignore_wrappers(clang_Cursor_getVarDeclInitializer(o->base));
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	clang_visitChildren(clang_getCursorSemanticParent(field), count_fields, &at);
	if (at.index < 0 || at.index >= cal_nr_children(init))
		return;
	init = cal_child(init, at.index);
	cal_object_release(o);
	cal_object_of_pointer(clang_Cursor_getTranslationUnit(init), init, o);
}

/* Follow parameter param (-1: 'this') of fn to the arguments of its calls. */
static int reach_param(struct search *se, CXCursor fn, int param, CXCursor field,
		       struct cal_scope_reach *out, int hops)
{
	CXCursor canon = clang_getCanonicalCursor(fn);
	struct cal_object a;
	size_t i;
	int found;

	if (!first_visit(se, canon, param))
		return 0;
	for (i = 0; i < se->g->nr_edges; i++) {
		const struct edge *e = &se->g->edges[i];
		if (!clang_equalCursors(e->callee, canon) || (e->guarded && !se->any))
			continue;
		cal_object_init(&a);
		found = 0;
		if (passed_object(e, fn, param, &a) && param < 0)
			member_initializer(field, &a);
		if (!a.per_block || se->any) {
			if (a.origin == CAL_ORIGIN_GLOBAL && !single_block(se->g, e->caller)) {
				out->call = e->call;
				out->obj = a;
				return 1;
			}
			found = a.origin == CAL_ORIGIN_UNKNOWN &&
				reach(se, e->caller, &a, out, hops + 1);
		}
		cal_object_release(&a);
		if (found)
			return 1;
	}
	return 0;
}

static int reach(struct search *se, CXCursor fn, const struct cal_object *o,
		 struct cal_scope_reach *out, int hops)
{
	CXCursor owner;
	int param;

	if (hops > MAX_HOPS)
		return 0;
	if (o->via_this)
		return reach_param(se, fn, -1, o->base, out, hops);
	if (clang_getCursorKind(o->base) != CXCursor_ParmDecl)
		return 0;
	owner = clang_getCursorSemanticParent(o->base);
	param = param_index(owner, o->base);
	if (param < 0 || cal_is_kernel(owner))
		return 0;
	return reach_param(se, owner, param, clang_getNullCursor(), out, hops);
}

static int reach_from(struct cal_scope_calls *g, CXCursor fn, const struct cal_object *o,
		      struct cal_scope_reach *out, int any)
{
	struct search *se = xcalloc(1, sizeof(*se));
	int found;

	memset(out, 0, sizeof(*out));
	se->g = g;
	se->any = any;
	found = reach(se, fn, o, out, 0);
	free(se);
	return found;
}

int cal_scope_calls_reach_global(struct cal_scope_calls *g, CXCursor fn,
				 const struct cal_object *o, struct cal_scope_reach *out)
{
	return reach_from(g, fn, o, out, 0);
}

int cal_scope_calls_reach_memory(struct cal_scope_calls *g, CXCursor fn,
				 const struct cal_object *o, struct cal_scope_reach *out)
{
	return reach_from(g, fn, o, out, 1);
}

int cal_scope_calls_next_call(const struct cal_scope_calls *g, CXCursor fn, size_t *pos,
			      CXCursor *call, CXCursor *caller)
{
	fn = clang_getCanonicalCursor(fn);
	for (; *pos < g->nr_edges; (*pos)++) {
		const struct edge *e = &g->edges[*pos];
		if (!clang_equalCursors(e->callee, fn))
			continue;
		*call = e->call;
		*caller = e->caller;
		(*pos)++;
		return 1;
	}
	return 0;
}
