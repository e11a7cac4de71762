/*
 * scope-mismatch: an atomic (or fence) whose scope is narrower than the
 * threads that touch the object.
 *
 * Three findings, all judged in device code of device parses:
 *
 *  1. A block-, cluster- or thread-scope atomic on global memory (a
 *     __device__ variable, or what a __global__ kernel's pointer parameter
 *     points to) at an address that does not depend on blockIdx: every
 *     block runs the kernel, so every block updates that object, and the
 *     updates of different blocks are not atomic with respect to each
 *     other.  An address computed from blockIdx (p[blockIdx.x],
 *     p[blockIdx.x * blockDim.x + threadIdx.x]) is a per-block object and
 *     is not flagged, nor is code under 'if (blockIdx.x == K)'.
 *  2. The same object (same variable, same offset text) updated by a
 *     narrow-scope atomic and by a wider one anywhere in the translation
 *     unit, unless it is __shared__ or per-block: PTX ISA, "two atomic
 *     operations are atomic with respect to each other only if each
 *     operation specifies a scope that includes the other".
 *  3. __threadfence_block() (or cuda::atomic_thread_fence with block
 *     scope) followed, in the same function, by a store to global memory
 *     that a loop polls somewhere in the translation unit, or placed
 *     between a store to global memory and a store to a global flag whose
 *     address does not depend on blockIdx: the fence orders the stores
 *     only as seen from this block.  A fence in a helper that orders no
 *     stores of its own is judged among the stores around its calls, and
 *     stores through a helper's parameters are followed to the memory its
 *     calls pass.
 *  4. The consumer's side: a block fence inside a while/do loop that polls
 *     a global word threads of other blocks write (no fix: the read that
 *     ends the loop comes after the fence), and a block-scope atomic load
 *     that polls such a word (a poll conflicts with the updates it waits
 *     for, unlike a second load).
 *
 * An index that folds blockIdx (blockIdx.x / 2, blockIdx.x >> 1, a
 * remainder) maps several blocks onto one element: no per-block object.
 *
 * Rules 1 and 3 (and 2 within one kernel) do not apply to code that runs in
 * one block only (scope_calls.h: every launch of the kernel in the
 * translation unit has a grid of one block).  Memory of unknown origin is
 * followed through calls to the kernel parameter or __device__ variable it
 * came from (rule 1).  Rule 2 needs an update on one side (two loads never
 * conflict) and code one instantiation can run together: atomics in the
 * branches of an 'if' a template argument decides, or in two instances of
 * one template, never meet; a branch a constant condition never takes is
 * not code at all.
 *
 * __shared__ memory is never flagged: only the threads of one block can
 * touch it.  The fix widens the scope to device where the scope is spelled
 * at the site (atomicAdd_block -> atomicAdd, thread_scope_block ->
 * thread_scope_device, __NV_THREAD_SCOPE_BLOCK -> __NV_THREAD_SCOPE_DEVICE,
 * .cta -> .gpu, __threadfence_block -> __threadfence).
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "atomics/atomics.h"
#include "analysis/scope_address.h"
#include "analysis/scope_calls.h"
#include "analysis/scope_sites.h"
#include "checks/scope-mismatch/opencl.h"
#include "checks/scope-mismatch/cutile.h"
#include "checks/scope-mismatch/switch_cases.h"

#define WIDEN_FIX "widen the scope to device"

#define MAX_BRANCHES 4

/* One branch of an 'if' or 'switch' whose condition only a template argument decides. */
struct branch {
	CXCursor if_stmt;	/* the 'if' or the 'switch' */
	int then;		/* 1: the then-branch, 0: the else-branch */
	struct cal_sm_case in_case;	/* a switch's: where in its body */
};

struct access {
	struct cal_scoped_site s;
	int single_block;	/* under if (blockIdx.x == K) */
	int in_cond;		/* in the condition of a while or do loop */
	CXCursor var;		/* the atomic_ref variable it makes, or null */
	CXCursor function;	/* canonical */
	CXCursor template_of;	/* the template the function is (an instance of), or itself */
	struct branch branches[MAX_BRANCHES];
	int nr_branches;
};

/*
 * A store to global memory, or through a parameter or 'this' of a device
 * function (pending): the calls then say which memory it is, when a fence
 * is judged.
 */
struct global_store {
	CXCursor site;
	CXCursor function;
	unsigned offset;
	CXCursor base;		/* canonical: the global variable (once resolved) */
	CXCursor named;		/* what the store names: base, or the parameter */
	CXCursor call;		/* the call that passes the memory, or null */
	char *addr;		/* the offset text (resolved: the caller's) */
	int per_block;
	int one_block;		/* under if (blockIdx.x == K) */
	int pending, dead;	/* not resolved yet; resolved to nothing global */
	struct cal_object obj;	/* pending: the object as written */
};

#define MAX_LOOPS 4

struct fence {
	CXCursor site;
	CXCursor function;
	unsigned offset;
	const char *what;
	struct cal_edit widen;
	CXCursor loops[MAX_LOOPS];	/* the while/do loops around it, innermost first */
	int nr_loops;
};

/* A fence of device or system scope: __threadfence(), __threadfence_system()... */
struct wide_fence {
	CXCursor function;
	unsigned offset;
};

/*
 * A read in the condition of a while or do loop.  addressed: obj is the
 * word read (an access, a scalar variable, the object of a named
 * atomic_ref), not only a name inside an address.
 */
struct poll {
	CXCursor cond;
	CXCursor base;
	CXCursor loop, function;
	CXCursor ref_var;	/* the atomic_ref variable read, or null */
	struct cal_object obj;
	int addressed;
	int acquire;		/* the condition loads with acquire at device scope or wider */
	int one_block;		/* under if (blockIdx.x == K) */
	unsigned cond_begin, cond_end;	/* the condition's extent */
};

struct scope_state {
	struct cal_scope_calls *calls;
	struct access *acc;
	size_t nr_acc, alloc_acc;
	struct global_store *stores;
	size_t nr_stores, alloc_stores;
	struct fence *fences;
	size_t nr_fences, alloc_fences;
	struct poll *polls;
	size_t nr_polls, alloc_polls;
	struct wide_fence *wide;
	size_t nr_wide, alloc_wide;
	struct cal_scope_cl *cl;	/* an OpenCL C parse: its own rules (opencl.c) */
};

struct visit_ctx {
	struct cal_walk *w;
	struct scope_state *st;
};

static void *scope_begin(struct cal_walk *w)
{
	struct scope_state *st = xcalloc(1, sizeof(struct scope_state));

	st->calls = cal_scope_calls_new();
	if (w->parse->opencl)
		st->cl = cal_scope_cl_new();
	return st;
}

static unsigned cursor_offset(CXCursor c)
{
	unsigned offset = 0;
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &offset);
	return offset;
}

/* ---- code that one instantiation cannot run ---- */

static int names_template_parameter(CXCursor c, void *data)
{
	enum CXCursorKind k = clang_getCursorKind(clang_getCursorReferenced(c));

	(void)data;
	return k == CXCursor_NonTypeTemplateParameter || k == CXCursor_TemplateTypeParameter ||
	       k == CXCursor_TemplateTemplateParameter ||
	       clang_getCursorType(c).kind == CXType_Dependent;
}

/* Does the condition depend on a template parameter (in a template's own code)? */
static int depends_on_template(CXCursor cond)
{
	return names_template_parameter(cond, NULL) ||
	       cal_subtree_find(cond, names_template_parameter, NULL, NULL, NULL);
}

static void add_branch(struct access *a, CXCursor stmt, int then, const struct cal_sm_case *in_case)
{
	if (a->nr_branches == MAX_BRANCHES)
		return;
	a->branches[a->nr_branches].if_stmt = stmt;
	a->branches[a->nr_branches].then = then;
	if (in_case)
		a->branches[a->nr_branches].in_case = *in_case;
	a->nr_branches++;
}

/*
 * A switch around c (anc, at depth j of the walk's stack): its case as a
 * branch when a template argument decides the condition.  Returns 0 if c
 * is in a case that the condition, constant in this instantiation (or
 * plain code), never runs.
 */
static int live_case(const struct cal_walk *w, CXCursor c, int j, struct access *a)
{
	CXCursor anc = w->stack[j], cond = cal_sm_switch_cond(anc);
	CXCursor body = j + 1 < w->depth ? w->stack[j + 1] : c;
	CXCursor top = j + 2 < w->depth ? w->stack[j + 2] : c;
	struct cal_sm_case in_case;
	long long v;

	if (clang_Cursor_isNull(cond) || clang_equalCursors(body, c) ||
	    !cal_sm_switch_position(anc, body, top, &in_case))
		return 1;
	if (depends_on_template(cond))
		add_branch(a, anc, 0, &in_case);
	else if (cal_scope_eval_int(cond, &v) == 0 && cal_sm_switch_runs(anc, v, &in_case) == 0)
		return 0;
	return 1;
}

/*
 * The 'if' branches and 'switch' cases around c that a template argument
 * chooses between, into a->branches.  Returns 0 if c is in a branch the
 * condition, constant in this instantiation (or plain code), never takes.
 */
static int live_branches(const struct cal_walk *w, CXCursor c, struct access *a)
{
	long long v;
	int j, then;

	for (j = w->depth - 1; j >= 0; j--) {
		CXCursor anc = w->stack[j], path = j + 1 < w->depth ? w->stack[j + 1] : c;
		CXCursor cond = cal_child(anc, 0);
		if (clang_getCursorKind(anc) == CXCursor_SwitchStmt) {
			if (!live_case(w, c, j, a))
				return 0;
			continue;
		}
		if (clang_getCursorKind(anc) != CXCursor_IfStmt)
			continue;
		if (clang_equalCursors(path, cal_child(anc, 1)))
			then = 1;
		else if (clang_equalCursors(path, cal_child(anc, 2)))
			then = 0;
		else
			continue;
		if (depends_on_template(cond)) {
			add_branch(a, anc, then, NULL);
		} else if (cal_scope_eval_int(cond, &v) == 0 && (v != 0) != then) {
			return 0;
		}
	}
	return 1;
}

/* Can no single instantiation run both a and b? */
static int exclusive(const struct access *a, const struct access *b)
{
	int i, j;

	if (!clang_equalCursors(a->function, b->function))
		return clang_equalCursors(a->template_of, b->template_of);
	for (i = 0; i < a->nr_branches; i++) {
		const struct branch *x = &a->branches[i];
		for (j = 0; j < b->nr_branches; j++) {
			const struct branch *y = &b->branches[j];
			if (!clang_equalCursors(x->if_stmt, y->if_stmt))
				continue;
			if (clang_getCursorKind(x->if_stmt) == CXCursor_SwitchStmt ?
			    cal_sm_switch_exclusive(x->if_stmt, &x->in_case, &y->in_case) :
			    x->then != y->then)
				return 1;
		}
	}
	return 0;
}

static CXCursor template_of(CXCursor fn)
{
	CXCursor t = clang_getSpecializedCursorTemplate(fn);

	return clang_getCanonicalCursor(clang_Cursor_isNull(t) ? fn : t);
}

/* A store through a parameter or 'this': its memory is the callers'. */
static int through_caller(const struct cal_object *o)
{
	return o->origin == CAL_ORIGIN_UNKNOWN && !clang_Cursor_isNull(o->base) &&
	       (o->via_this || clang_getCursorKind(o->base) == CXCursor_ParmDecl);
}

static void add_store(struct visit_ctx *v, CXCursor site, const struct cal_object *o)
{
	struct global_store *g;
	int pending = through_caller(o);

	if (o->origin != CAL_ORIGIN_GLOBAL && !pending)
		return;
	GROW(v->st->stores, v->st->alloc_stores, v->st->nr_stores + 1);
	g = &v->st->stores[v->st->nr_stores++];
	memset(g, 0, sizeof(*g));
	g->site = site;
	g->function = v->w->function;
	g->offset = cursor_offset(site);
	g->base = clang_getCanonicalCursor(o->base);
	g->named = o->base;
	g->call = clang_getNullCursor();
	g->per_block = o->per_block;
	g->addr = xstrdup(o->offset.buf);
	g->one_block = cal_under_block_test(v->w, site);
	g->pending = pending;
	cal_object_init(&g->obj);
	if (pending) {
		g->obj = *o;
		strbuf_init(&g->obj.offset);
		strbuf_add(&g->obj.offset, o->offset.buf, o->offset.len);
	}
}

/* Resolve a store through a parameter to the global memory a call passes; 0 if none. */
static int resolve_store(struct scope_state *st, struct global_store *g)
{
	struct cal_scope_reach r;

	if (g->pending) {
		g->pending = 0;
		g->dead = !cal_scope_calls_reach_memory(st->calls, g->function, &g->obj, &r);
		if (!g->dead) {
			g->base = clang_getCanonicalCursor(r.obj.base);
			g->per_block = r.obj.per_block;
			g->call = r.call;
			free(g->addr);
			g->addr = xstrdup(r.obj.offset.buf);
			cal_object_release(&r.obj);
		}
	}
	return !g->dead;
}

/* Is c (the walk's cursor) in the condition of a while or do loop of its function? */
static int in_loop_condition(const struct cal_walk *w, CXCursor c)
{
	int j;

	for (j = w->depth - 1; j >= 0; j--) {
		CXCursor anc = w->stack[j], path = j + 1 < w->depth ? w->stack[j + 1] : c;
		enum CXCursorKind k = clang_getCursorKind(anc);
		if (cal_is_function_kind(k))
			break;
		if (k == CXCursor_WhileStmt)
			return clang_equalCursors(path, cal_child(anc, 0));
		if (k == CXCursor_DoStmt)
			return clang_equalCursors(path, cal_child(anc, cal_nr_children(anc) - 1));
	}
	return 0;
}

/* The cuda::atomic_ref variable the walk's cursor (its construction) initializes, or null. */
static CXCursor ref_variable(const struct cal_walk *w)
{
	struct cal_object o;
	CXCursor up;
	int n, is_ref;

	for (n = 0; n < 4; n++) {
		up = cal_walk_parent(w, n);
		if (clang_getCursorKind(up) != CXCursor_VarDecl)
			continue;
		cal_object_init(&o);
		is_ref = cal_atomic_ref_var_object(w->parse->tu, up, &o);
		cal_object_release(&o);
		return is_ref ? clang_getCanonicalCursor(up) : clang_getNullCursor();
	}
	return clang_getNullCursor();
}

static void on_site(struct cal_scoped_site *s, void *data)
{
	struct visit_ctx *v = data;
	struct access a;

	memset(&a, 0, sizeof(a));
	if (!live_branches(v->w, s->site, &a)) {
		cal_scoped_site_release(s);
		return;
	}
	if (!s->is_load)
		add_store(v, s->site, &s->obj);
	a.s = *s;
	a.single_block = cal_under_block_test(v->w, s->site);
	a.in_cond = in_loop_condition(v->w, s->site);
	a.var = ref_variable(v->w);
	a.function = clang_getCanonicalCursor(v->w->function);
	a.template_of = template_of(v->w->function);
	GROW(v->st->acc, v->st->alloc_acc, v->st->nr_acc + 1);
	v->st->acc[v->st->nr_acc++] = a;
}

/*
 * Is the assigned lvalue the function's own parameter or local (not a
 * reference): 'flag = &shared[0]' repoints it and writes no memory of
 * the callers'.
 */
static int names_own_variable(CXCursor target)
{
	CXCursor d;
	enum CXCursorKind k;

	target = cal_strip_casts(target);
	if (clang_getCursorKind(target) != CXCursor_DeclRefExpr)
		return 0;
	d = clang_getCursorReferenced(target);
	k = clang_getCursorKind(d);
	if (k != CXCursor_ParmDecl && k != CXCursor_VarDecl)
		return 0;
	if (clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_LValueReference ||
	    clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_RValueReference)
		return 0;
	return k == CXCursor_ParmDecl ||
	       (clang_Cursor_getStorageClass(d) != CX_SC_Static &&
		clang_getCursorKind(clang_getCursorSemanticParent(d)) != CXCursor_TranslationUnit &&
		clang_getCursorKind(clang_getCursorSemanticParent(d)) != CXCursor_Namespace &&
		!clang_Cursor_hasVarDeclGlobalStorage(d));
}

static void record_plain_store(struct visit_ctx *v, CXCursor c)
{
	struct cal_object o;
	CXCursor target;

	if (cal_is_binop(c, CXBinaryOperator_Assign) ||
	    clang_getCursorKind(c) == CXCursor_CompoundAssignOperator)
		target = cal_child(c, 0);
	else if (cal_is_unop(c, CXUnaryOperator_PreInc) || cal_is_unop(c, CXUnaryOperator_PostInc) ||
		 cal_is_unop(c, CXUnaryOperator_PreDec) || cal_is_unop(c, CXUnaryOperator_PostDec))
		target = cal_child(c, 0);
	else
		return;
	if (names_own_variable(target))
		return;
	cal_object_init(&o);
	cal_object_of_lvalue(v->w->parse->tu, target, &o);
	add_store(v, c, &o);
	cal_object_release(&o);
}

/* The loop being recorded, for record_poll. */
struct loop_ctx {
	struct visit_ctx *v;
	CXCursor loop;
	int acquire, one_block;
	unsigned cond_begin, cond_end;
};

/* The word a read in a loop condition reads: 1 if c is one (an access, or a variable). */
static int polled_object(CXTranslationUnit tu, CXCursor c, struct cal_object *o, CXCursor *ref)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor var;

	*ref = clang_getNullCursor();
	if (k == CXCursor_ArraySubscriptExpr || cal_is_unop(c, CXUnaryOperator_Deref)) {
		cal_object_of_lvalue(tu, c, o);
		return 1;
	}
	if (k != CXCursor_DeclRefExpr)
		return 0;
	var = clang_getCursorReferenced(c);
	/* a named atomic_ref polls the object it was made for */
	if (cal_atomic_ref_var_object(tu, var, o)) {
		*ref = clang_getCanonicalCursor(var);
		return 1;
	}
	cal_object_of_lvalue(tu, c, o);
	return 0;
}

static int is_scalar(CXCursor e)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(e)).kind;

	return k != CXType_Pointer && k != CXType_ConstantArray && k != CXType_IncompleteArray &&
	       k != CXType_VariableArray && k != CXType_DependentSizedArray && k != CXType_Record;
}

static int record_poll(CXCursor c, void *data)
{
	struct loop_ctx *l = data;
	struct scope_state *st = l->v->st;
	struct cal_object o;
	CXCursor ref;
	struct poll *p;
	int addressed;

	cal_object_init(&o);
	addressed = polled_object(l->v->w->parse->tu, c, &o, &ref);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr && !addressed)
		return 0;
	if (clang_Cursor_isNull(o.base) || o.origin == CAL_ORIGIN_LOCAL) {
		cal_object_release(&o);
		return 0;
	}
	/* a scalar global variable read by name is the word itself */
	addressed |= clang_getCursorKind(c) == CXCursor_DeclRefExpr && is_scalar(c);
	GROW(st->polls, st->alloc_polls, st->nr_polls + 1);
	p = &st->polls[st->nr_polls++];
	p->cond = c;
	p->base = clang_getCanonicalCursor(o.base);
	p->loop = l->loop;
	p->function = clang_getCanonicalCursor(l->v->w->function);
	p->ref_var = ref;
	p->obj = o;
	p->addressed = addressed;
	p->acquire = l->acquire;
	p->one_block = l->one_block;
	p->cond_begin = l->cond_begin;
	p->cond_end = l->cond_end;
	return 0;
}

/* An atomic load with acquire (or stronger) at device scope or wider (HIP: a builtin too). */
static int is_acquire_load(CXCursor c, void *data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cal_atomic a;

	if ((k != CXCursor_CallExpr && k != CXCursor_UnexposedExpr) ||
	    !cal_atomic_classify(data, c, &a))
		return 0;
	return a.scope >= CAL_SCOPE_DEVICE && a.scope != CAL_SCOPE_UNKNOWN &&
	       (a.order == CAL_ORDER_ACQUIRE || a.order == CAL_ORDER_ACQ_REL ||
		a.order == CAL_ORDER_SEQ_CST);
}

static void record_loop(struct visit_ctx *v, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct loop_ctx l = { v, c, 0, 0, 0, 0 };
	CXSourceRange r;
	CXCursor cond;

	if (k == CXCursor_WhileStmt)
		cond = cal_child(c, 0);
	else if (k == CXCursor_DoStmt)
		cond = cal_child(c, cal_nr_children(c) - 1);
	else
		return;
	l.acquire = is_acquire_load(cond, (void *)v->w) ||
		    cal_subtree_find(cond, is_acquire_load, NULL, (void *)v->w, NULL);
	l.one_block = cal_under_block_test(v->w, c);
	r = clang_getCursorExtent(cond);
	clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &l.cond_begin);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &l.cond_end);
	record_poll(cond, &l);
	cal_subtree_find(cond, record_poll, NULL, &l, NULL);
}

/* __threadfence(), __threadfence_system(), cuda::atomic_thread_fence at device scope or wider. */
static int is_wide_fence(struct cal_walk *w, CXCursor c)
{
	CXCursor callee = cal_call_callee(c);
	long long v;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_isNull(callee) ||
	    !cal_walk_decl_from_cuda(w, callee))
		return 0;
	if (cal_cursor_name_is(callee, "__threadfence") ||
	    cal_cursor_name_is(callee, "__threadfence_system"))
		return 1;
	if (!cal_cursor_name_is(callee, "atomic_thread_fence"))
		return 0;
	if (clang_Cursor_getNumArguments(c) < 2)
		return 1;	/* cuda::std::atomic_thread_fence: system scope */
	return cal_scope_eval_int(clang_Cursor_getArgument(c, 1), &v) == 0 &&
	       cal_scope_from_cuda(v) >= CAL_SCOPE_DEVICE && cal_scope_from_cuda(v) != CAL_SCOPE_UNKNOWN;
}

static void record_wide_fence(struct visit_ctx *v, CXCursor c)
{
	struct wide_fence *f;

	if (!is_wide_fence(v->w, c))
		return;
	GROW(v->st->wide, v->st->alloc_wide, v->st->nr_wide + 1);
	f = &v->st->wide[v->st->nr_wide++];
	f->function = clang_getCanonicalCursor(v->w->function);
	f->offset = cursor_offset(c);
}

/* The while and do loops around the walk's cursor, in its function. */
static void enclosing_loops(const struct cal_walk *w, struct fence *f)
{
	int j;

	for (j = w->depth - 1; j >= 0 && f->nr_loops < MAX_LOOPS; j--) {
		enum CXCursorKind k = clang_getCursorKind(w->stack[j]);
		if (cal_is_function_kind(k))
			break;
		if (k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
			f->loops[f->nr_loops++] = w->stack[j];
	}
}

static void record_fence(struct visit_ctx *v, CXCursor c)
{
	struct cal_edit widen;
	const char *what;
	struct fence *f;

	if (!cal_block_fence_at(v->w, c, &widen, &what))
		return;
	GROW(v->st->fences, v->st->alloc_fences, v->st->nr_fences + 1);
	f = &v->st->fences[v->st->nr_fences++];
	f->site = c;
	f->function = v->w->function;
	f->offset = cursor_offset(c);
	f->what = what;
	f->widen = widen;
	f->nr_loops = 0;
	enclosing_loops(v->w, f);
}

static void scope_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct visit_ctx v = { w, state };

	/* clang's atomic builtins, in HIP (atomics.h); else an implicit cast */
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
		if (w->parse->hip && !w->parse->is_host && cal_walk_in_device_code(w))
			cal_scoped_sites_at(w, c, on_site, &v);
		return;
	}
	if (v.st->cl) {
		cal_scope_cl_visit(v.st->cl, w, c);
		return;
	}
	if (w->parse->is_host)
		return;
	cal_scope_calls_visit(v.st->calls, w, c);
	if (!cal_walk_in_device_code(w))
		return;
	cal_scoped_sites_at(w, c, on_site, &v);
	record_plain_store(&v, c);
	record_loop(&v, c);
	record_fence(&v, c);
	record_wide_fence(&v, c);
}

/* ---- reporting ---- */

static void add_widen_fix(struct cal_finding *f, struct cal_edit *widen)
{
	if (widen->file)
		cal_add_fix_edits(f, WIDEN_FIX, widen, 1);
}

/* The site's widening, or the note saying why there is none (HIP builtins). */
static void add_site_fix(struct cal_walk *w, struct cal_finding *f, struct cal_scoped_site *s)
{
	if (!s->widen.file && s->no_fix_why)
		cal_note_no_fix(w, f, s->site, "%s", s->no_fix_why);
	add_widen_fix(f, &s->widen);
}

static void note_global_base(struct cal_walk *w, struct cal_finding *f, CXCursor base)
{
	char *name = cal_cursor_name(base);

	if (clang_getCursorKind(base) == CXCursor_ParmDecl) {
		char *fn = cal_cursor_name(clang_getCursorSemanticParent(base));
		enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(base)).kind;
		if (k == CXType_Record)
			cal_note_at(w, f, base, "'%s' is a parameter of kernel '%s': the pointers it "
				    "holds point to global memory", name, fn);
		else
			cal_note_at(w, f, base, "'%s' is a parameter of kernel '%s': it points to "
				    "global memory", name, fn);
		free(fn);
	} else if (clang_getCursorKind(base) == CXCursor_FieldDecl) {
		cal_note_at(w, f, base, "'%s' is a member of an object in global memory", name);
	} else {
		cal_note_at(w, f, base, "'%s' is a __device__ variable in global memory", name);
	}
	free(name);
}

/* Could a and b, of different scopes, break each other's atomicity? */
static int conflict(const struct scope_state *st, const struct access *a,
		    const struct access *b)
{
	if (b->s.scope <= a->s.scope || b->s.obj.per_block || (a->s.is_load && b->s.is_load) ||
	    !cal_object_same(&a->s.obj, &b->s.obj) || exclusive(a, b))
		return 0;
	/* one kernel run by one block: block scope holds all its threads */
	return !(clang_equalCursors(a->function, b->function) &&
		 cal_scope_calls_single_block(st->calls, a->function));
}

static const struct access *wider_access(const struct scope_state *st, const struct access *a)
{
	size_t i;

	for (i = 0; i < st->nr_acc; i++)
		if (conflict(st, a, &st->acc[i]))
			return &st->acc[i];
	return NULL;
}

static void report_mixed(struct cal_walk *w, struct access *a, const struct access *b)
{
	char *name = cal_cursor_name(a->s.obj.base);
	struct cal_finding *f;

	f = cal_report(w, a->s.site, "%s (%s scope) and %s (%s scope) %s the same object "
		       "through '%s': they are not atomic with respect to each other",
		       a->s.what, cal_scope_name(a->s.scope), b->s.what,
		       cal_scope_name(b->s.scope), a->s.is_load ? "access" : "update", name);
	cal_note_at(w, f, b->s.site, "the %s-scope %s is here", cal_scope_name(b->s.scope),
		    b->s.is_load ? "load" : "update");
	add_site_fix(w, f, &a->s);
	free(name);
}

/*
 * Other blocks update the object: its address does not depend on blockIdx,
 * or fold (not null) maps several blocks onto one element.
 */
static struct cal_finding *report_other_blocks(struct cal_walk *w, struct access *a,
					       CXCursor fold)
{
	char *name = cal_cursor_name(a->s.obj.base), *text = NULL;
	struct cal_finding *f;

	if (!clang_Cursor_isNull(fold))
		text = cal_cursor_text(w->parse->tu, fold, CAL_TEXT_MACRO_USES);
	if (text)
		f = cal_report(w, a->s.site, "%s is atomic only within one %s, but other blocks "
			       "of the kernel update the same global memory through '%s' (the "
			       "index '%s' maps several blocks onto one element)", a->s.what,
			       cal_scope_name(a->s.scope), name, text);
	else
		f = cal_report(w, a->s.site, "%s is atomic only within one %s, but other blocks "
			       "of the kernel update the same global memory through '%s' (the "
			       "address does not depend on blockIdx)", a->s.what,
			       cal_scope_name(a->s.scope), name);
	free(text);
	free(name);
	return f;
}

/* Global memory shared by blocks reaches the site through a call. */
static void report_through_call(struct cal_walk *w, struct access *a,
				const struct cal_scope_reach *r)
{
	struct cal_finding *f = report_other_blocks(w, a, clang_Cursor_isNull(a->s.obj.fold) ?
						    r->obj.fold : a->s.obj.fold);
	char *name = cal_cursor_name(a->s.obj.base);
	char *from = cal_cursor_name(r->obj.base);

	cal_note_at(w, f, r->call, "'%s' gets global memory from '%s' at this call", name, from);
	note_global_base(w, f, r->obj.base);
	add_site_fix(w, f, &a->s);
	free(name);
	free(from);
}

/* A narrow scope on memory that may be global (any slot, a block's own or not). */
static int is_narrow_on_global_candidate_slot(const struct access *a)
{
	return a->s.scope < CAL_SCOPE_DEVICE && a->s.obj.origin != CAL_ORIGIN_SHARED &&
	       a->s.obj.origin != CAL_ORIGIN_LOCAL && !clang_Cursor_isNull(a->s.obj.base);
}

static int is_narrow_on_global_candidate(const struct access *a)
{
	return is_narrow_on_global_candidate_slot(a) && !a->s.obj.per_block;
}

/*
 * The global memory a poll or an access reads, into out (initialized):
 * its own object, or what a call passes for a parameter; 0 if not global.
 */
static int read_object(struct scope_state *st, CXCursor fn, const struct cal_object *o,
		       struct cal_object *out)
{
	struct cal_scope_reach r;

	cal_object_init(out);
	if (o->origin == CAL_ORIGIN_GLOBAL) {
		*out = *o;
		strbuf_init(&out->offset);
		strbuf_add(&out->offset, o->offset.buf, o->offset.len);
		return 1;
	}
	if (!through_caller(o) || !cal_scope_calls_reach_memory(st->calls, fn, o, &r))
		return 0;
	*out = r.obj;
	return 1;
}

/* Is one offset the other plus or minus a constant ('b' and 'b-1': a neighbour's slot)? */
static int neighbour(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	const char *rest;

	if (na == nb)
		return 0;
	if (na > nb) {
		const char *t = a;
		a = b;
		b = t;
		na = nb;
	}
	if (!na || strncmp(a, b, na))
		return 0;
	rest = b + na;
	if (*rest != '+' && *rest != '-')
		return 0;
	for (rest++; *rest; rest++)
		if (*rest < '0' || *rest > '9')
			return 0;
	return rest > b + na + 1;
}

/*
 * A store or update of the word o (read in function fn) that threads of
 * other blocks make: one in another function, or in fn at an address no
 * block owns, or at a block's own slot when o is no block's (block K
 * writes flags[blockIdx.x], the others poll flags[0]), or at the slot next
 * to the one polled (flags[b] written, flags[b - 1] polled: the decoupled
 * look-back).  Two sides that both run under 'if (blockIdx.x == K)' (or,
 * for the reader, only from calls under one) may be one block: not counted; nor is an update inside the polling condition
 * itself, [skip_begin, skip_end) (an atomicAdd that hands out work, the CAS
 * of a lock: every block runs the same loop).
 */
static const struct global_store *other_block_writer(struct scope_state *st, CXCursor fn,
						     const struct cal_object *o, int one_block,
						     unsigned skip_begin, unsigned skip_end)
{
	CXCursor base = clang_getCanonicalCursor(o->base);
	size_t i;

	fn = clang_getCanonicalCursor(fn);
	for (i = 0; i < st->nr_stores; i++) {
		struct global_store *g = &st->stores[i];
		if (!resolve_store(st, g) || !clang_equalCursors(g->base, base))
			continue;
		if (one_block && g->one_block)
			continue;
		if (!clang_equalCursors(clang_getCanonicalCursor(g->function), fn))
			return g;
		if (g->offset >= skip_begin && g->offset < skip_end)
			continue;
		if (!g->per_block || (!o->per_block && strcmp(g->addr, o->offset.buf)) ||
		    (o->per_block && neighbour(g->addr, o->offset.buf)))
			return g;
	}
	return NULL;
}

static int wide_fence_after(const struct scope_state *st, CXCursor fn, unsigned offset)
{
	size_t i;

	for (i = 0; i < st->nr_wide; i++)
		if (clang_equalCursors(st->wide[i].function, fn) && st->wide[i].offset > offset)
			return 1;
	return 0;
}

/* Is the load a poll: in a loop condition, or an atomic_ref variable read in one? */
static int is_polled(const struct scope_state *st, const struct access *a)
{
	size_t i;

	if (a->in_cond)
		return 1;
	for (i = 0; !clang_Cursor_isNull(a->var) && i < st->nr_polls; i++)
		if (clang_equalCursors(st->polls[i].ref_var, a->var))
			return 1;
	return 0;
}

/*
 * A narrow-scope atomic load that polls a word threads of other blocks
 * update: a poll conflicts with those updates (two loads would not).
 */
static void judge_poll_load(struct cal_walk *w, struct scope_state *st, struct access *a)
{
	const struct global_store *g;
	struct cal_finding *f;
	struct cal_object o;
	char *name;

	if (!is_polled(st, a) || cal_scope_calls_one_block_grid(st->calls, a->function) ||
	    !read_object(st, a->function, &a->s.obj, &o))
		return;
	g = other_block_writer(st, a->function, &o,
			       a->single_block || cal_scope_calls_single_block(st->calls, a->function),
			       0, 0);
	if (g) {
		name = cal_cursor_name(a->s.obj.base);
		f = cal_report(w, a->s.site, "%s is atomic only within one %s, but threads of other "
			       "blocks update the global memory it polls through '%s'", a->s.what,
			       cal_scope_name(a->s.scope), name);
		cal_note_at(w, f, g->site, "'%s' is written here, by threads of other blocks", name);
		if (a->s.obj.origin == CAL_ORIGIN_GLOBAL)
			note_global_base(w, f, a->s.obj.base);
		add_site_fix(w, f, &a->s);
		free(name);
	}
	cal_object_release(&o);
}

static void judge_access(struct cal_walk *w, struct scope_state *st, struct access *a)
{
	const struct access *b;
	struct cal_scope_reach r;
	struct cal_finding *f;

	/* a poll of a block's own slot may still wait for another block */
	if (a->s.is_load && !is_narrow_on_global_candidate(a)) {
		if (a->s.obj.per_block && is_narrow_on_global_candidate_slot(a))
			judge_poll_load(w, st, a);
		return;
	}
	if (!is_narrow_on_global_candidate(a))
		return;
	b = wider_access(st, a);
	if (b) {
		report_mixed(w, a, b);
		return;
	}
	/* a load alone updates nothing, but a poll waits for other blocks' updates */
	if (a->s.is_load) {
		judge_poll_load(w, st, a);
		return;
	}
	/* other blocks exist unless the code runs in one block */
	if (a->single_block || cal_scope_calls_single_block(st->calls, a->function))
		return;
	if (a->s.obj.origin == CAL_ORIGIN_GLOBAL) {
		f = report_other_blocks(w, a, a->s.obj.fold);
		note_global_base(w, f, a->s.obj.base);
		add_site_fix(w, f, &a->s);
	} else if (cal_scope_calls_reach_global(st->calls, a->function, &a->s.obj, &r)) {
		report_through_call(w, a, &r);
		cal_object_release(&r.obj);
	}
}

static const struct poll *find_poll(const struct scope_state *st, CXCursor base)
{
	size_t i;
	for (i = 0; i < st->nr_polls; i++)
		if (clang_equalCursors(st->polls[i].base, base))
			return &st->polls[i];
	return NULL;
}

struct publication {
	const struct global_store *data;	/* before the fence; NULL if polled */
	const struct global_store *flag;	/* after the fence */
	const struct poll *poll;
	CXCursor call;				/* the call the fence runs at, or null */
};

/* The publication around offset (the fence, or the call it runs at) in function fn. */
static int find_publication(struct scope_state *st, CXCursor fn, unsigned offset,
			    struct publication *pub)
{
	size_t i;

	memset(pub, 0, sizeof(*pub));
	pub->call = clang_getNullCursor();
	for (i = 0; i < st->nr_stores; i++) {
		struct global_store *g = &st->stores[i];
		if (!clang_equalCursors(g->function, fn) || !resolve_store(st, g))
			continue;
		if (g->offset < offset) {
			if (!pub->data)
				pub->data = g;
		} else if ((pub->poll = find_poll(st, g->base)) != NULL) {
			pub->flag = g;
			pub->data = NULL;
			return 1;
		} else if (!g->per_block && !pub->flag) {
			pub->flag = g;
		}
	}
	return pub->data && pub->flag;
}

#define MAX_FENCE_CALLS 3

/*
 * A fence in a helper (publish()) that orders no stores of its own: the
 * stores around its calls, in callers that more than one block runs.
 */
static int find_caller_publication(struct scope_state *st, CXCursor fn, struct publication *pub,
				   int depth)
{
	CXCursor call, caller;
	size_t pos = 0;

	if (depth >= MAX_FENCE_CALLS)
		return 0;
	while (cal_scope_calls_next_call(st->calls, fn, &pos, &call, &caller)) {
		if (cal_scope_calls_one_block_grid(st->calls, caller))
			continue;
		if (find_publication(st, caller, cursor_offset(call), pub) ||
		    find_caller_publication(st, caller, pub, depth + 1)) {
			if (clang_Cursor_isNull(pub->call))
				pub->call = call;
			return 1;
		}
	}
	return 0;
}

/* Notes on how the memory and the fence reach the publication through calls. */
static void note_calls(struct cal_walk *w, struct cal_finding *f, const struct fence *fe,
		       const struct publication *pub)
{
	char *named, *base, *callee;

	if (!clang_Cursor_isNull(pub->call)) {
		callee = cal_cursor_name(fe->function);
		cal_note_at(w, f, pub->call, "the fence runs at this call of '%s', between the "
			    "stores around it", callee);
		free(callee);
	}
	if (clang_Cursor_isNull(pub->flag->call))
		return;
	named = cal_cursor_name(pub->flag->named);
	base = cal_cursor_name(pub->flag->base);
	cal_note_at(w, f, pub->flag->call, "'%s' gets global memory from '%s' at this call",
		    named, base);
	free(named);
	free(base);
}

static int in_loops(const struct fence *fe, CXCursor loop)
{
	int i;

	for (i = 0; i < fe->nr_loops; i++)
		if (clang_equalCursors(fe->loops[i], loop))
			return 1;
	return 0;
}

static void report_consumer_fence(struct cal_walk *w, const struct fence *fe,
				  const struct poll *p, const struct global_store *g)
{
	char *name = cal_cursor_name(p->obj.base);
	struct cal_finding *f;

	f = cal_report(w, fe->site, "%s orders memory only for the threads of this block, but "
		       "the loop around it waits for '%s', which other blocks write: their stores "
		       "before it are not ordered with this block's reads after the loop", fe->what,
		       name);
	cal_note_at(w, f, p->cond, "'%s' is polled here", name);
	cal_note_at(w, f, g->site, "'%s' is written here, by threads of other blocks", name);
	cal_note_no_fix(w, f, fe->site, "the read that ends the loop comes after this fence, "
			"and widening it in place leaves that read unordered; a device-scope "
			"fence ('__threadfence()') belongs after the loop, before the data is read");
	free(name);
}

/*
 * A block fence in the spin loop of a consumer: the loop polls a word that
 * threads of other blocks write, with no acquire at device scope, and no
 * device fence follows in the function.
 */
static int judge_consumer_fence(struct cal_walk *w, struct scope_state *st,
				const struct fence *fe)
{
	const struct global_store *g;
	struct cal_object o;
	size_t i;

	for (i = 0; i < st->nr_polls; i++) {
		const struct poll *p = &st->polls[i];
		if (!p->addressed || p->acquire || !in_loops(fe, p->loop) ||
		    wide_fence_after(st, p->function, cursor_offset(p->loop)) ||
		    !read_object(st, p->function, &p->obj, &o))
			continue;
		g = other_block_writer(st, p->function, &o, p->one_block, p->cond_begin,
				       p->cond_end);
		cal_object_release(&o);
		if (g) {
			report_consumer_fence(w, fe, p, g);
			return 1;
		}
	}
	return 0;
}

static void judge_fence(struct cal_walk *w, struct scope_state *st, struct fence *fe)
{
	struct publication pub;
	struct cal_finding *f;
	char *name, *polled;

	/* in a grid of one block, a block fence orders for every thread */
	if (cal_scope_calls_one_block_grid(st->calls, fe->function))
		return;
	if (!find_publication(st, fe->function, fe->offset, &pub) &&
	    !find_caller_publication(st, fe->function, &pub, 0)) {
		judge_consumer_fence(w, st, fe);
		return;
	}
	name = cal_cursor_name(pub.flag->named);
	polled = cal_cursor_name(pub.flag->base);
	f = cal_report(w, fe->site, "%s orders memory only for the threads of this block, but "
		       "the store to '%s' after it publishes data to other blocks", fe->what, name);
	if (pub.poll)
		cal_note_at(w, f, pub.poll->cond, "'%s' is polled here", polled);
	else
		cal_note_at(w, f, pub.data->site, "data stored to global memory before the fence");
	cal_note_at(w, f, pub.flag->site, "the store that other blocks observe");
	note_calls(w, f, fe, &pub);
	add_widen_fix(f, &fe->widen);
	free(name);
	free(polled);
}

static void scope_end(struct cal_walk *w, void *state)
{
	struct scope_state *st = state;
	size_t i;

	if (st->cl)
		cal_scope_cl_end(st->cl, w);
	for (i = 0; i < st->nr_acc; i++)
		judge_access(w, st, &st->acc[i]);
	for (i = 0; i < st->nr_fences; i++)
		judge_fence(w, st, &st->fences[i]);
	for (i = 0; i < st->nr_acc; i++)
		cal_scoped_site_release(&st->acc[i].s);
	for (i = 0; i < st->nr_fences; i++)
		cal_edit_clear(&st->fences[i].widen);
	for (i = 0; i < st->nr_stores; i++) {
		cal_object_release(&st->stores[i].obj);
		free(st->stores[i].addr);
	}
	for (i = 0; i < st->nr_polls; i++)
		cal_object_release(&st->polls[i].obj);
	free(st->wide);
	cal_scope_calls_free(st->calls);
	free(st->acc);
	free(st->stores);
	free(st->fences);
	free(st->polls);
	free(st);
}

const struct cal_check cal_check_scope_mismatch = {
	.id = "scope-mismatch",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "atomic or fence whose scope is narrower than the threads that touch the object",
	.doc = "scope-mismatch.md",
	.languages = CAL_LANG_CUDA | CAL_LANG_OPENCL | CAL_LANG_CUTILE | CAL_LANG_HIP,
	/* HIP: the scope argument of __hip_atomic_* and __threadfence_block() widened */
	.hip_fixes = 1,
	.cutile_call = cal_scope_mismatch_cutile,
	/* calls, kernel references, asm, plain stores and polling loops (scope_visit's
	 * helpers); OpenCL's __global accesses (opencl.c) */
	.kinds = CAL_KINDS(CXCursor_CallExpr, CXCursor_DeclRefExpr, CXCursor_AsmStmt,
			   CXCursor_BinaryOperator, CXCursor_CompoundAssignOperator,
			   CXCursor_UnaryOperator, CXCursor_WhileStmt, CXCursor_DoStmt,
			   CXCursor_ArraySubscriptExpr, CXCursor_UnexposedExpr),
	.needs_words = CAL_WORD_ATOMIC,
	.device_only = 1,	/* scope_visit returns in a host parse */
	.begin = scope_begin,
	.visit = scope_visit,
	.end = scope_end,
};
