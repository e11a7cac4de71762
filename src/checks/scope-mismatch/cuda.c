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
 *     only as seen from this block.
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
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "analysis/scope_address.h"
#include "analysis/scope_calls.h"
#include "analysis/scope_sites.h"
#include "checks/scope-mismatch/opencl.h"
#include "checks/scope-mismatch/cutile.h"

#define WIDEN_FIX "widen the scope to device"

#define MAX_BRANCHES 4

/* One branch of an 'if' whose condition only a template argument decides. */
struct branch {
	CXCursor if_stmt;
	int then;		/* 1: the then-branch, 0: the else-branch */
};

struct access {
	struct cal_scoped_site s;
	int single_block;	/* under if (blockIdx.x == K) */
	CXCursor function;	/* canonical */
	CXCursor template_of;	/* the template the function is (an instance of), or itself */
	struct branch branches[MAX_BRANCHES];
	int nr_branches;
};

struct global_store {
	CXCursor site;
	CXCursor function;
	unsigned offset;
	CXCursor base;
	int per_block;
};

struct fence {
	CXCursor site;
	CXCursor function;
	unsigned offset;
	const char *what;
	struct cal_edit widen;
};

struct poll {
	CXCursor cond;
	CXCursor base;
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

/*
 * The 'if' branches around c that a template argument chooses between,
 * into a->branches.  Returns 0 if c is in a branch the condition, constant
 * in this instantiation (or plain code), never takes.
 */
static int live_branches(const struct cal_walk *w, CXCursor c, struct access *a)
{
	long long v;
	int j, then;

	for (j = w->depth - 1; j >= 0; j--) {
		CXCursor anc = w->stack[j], path = j + 1 < w->depth ? w->stack[j + 1] : c;
		CXCursor cond = cal_child(anc, 0);
		if (clang_getCursorKind(anc) != CXCursor_IfStmt)
			continue;
		if (clang_equalCursors(path, cal_child(anc, 1)))
			then = 1;
		else if (clang_equalCursors(path, cal_child(anc, 2)))
			then = 0;
		else
			continue;
		if (depends_on_template(cond)) {
			if (a->nr_branches < MAX_BRANCHES) {
				a->branches[a->nr_branches].if_stmt = anc;
				a->branches[a->nr_branches++].then = then;
			}
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
	for (i = 0; i < a->nr_branches; i++)
		for (j = 0; j < b->nr_branches; j++)
			if (clang_equalCursors(a->branches[i].if_stmt, b->branches[j].if_stmt) &&
			    a->branches[i].then != b->branches[j].then)
				return 1;
	return 0;
}

static CXCursor template_of(CXCursor fn)
{
	CXCursor t = clang_getSpecializedCursorTemplate(fn);

	return clang_getCanonicalCursor(clang_Cursor_isNull(t) ? fn : t);
}

static void add_store(struct visit_ctx *v, CXCursor site, const struct cal_object *o)
{
	struct global_store *g;

	if (o->origin != CAL_ORIGIN_GLOBAL)
		return;
	GROW(v->st->stores, v->st->alloc_stores, v->st->nr_stores + 1);
	g = &v->st->stores[v->st->nr_stores++];
	g->site = site;
	g->function = v->w->function;
	g->offset = cursor_offset(site);
	g->base = clang_getCanonicalCursor(o->base);
	g->per_block = o->per_block;
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
	a.function = clang_getCanonicalCursor(v->w->function);
	a.template_of = template_of(v->w->function);
	GROW(v->st->acc, v->st->alloc_acc, v->st->nr_acc + 1);
	v->st->acc[v->st->nr_acc++] = a;
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
	cal_object_init(&o);
	cal_object_of_lvalue(v->w->parse->tu, target, &o);
	add_store(v, c, &o);
	cal_object_release(&o);
}

static int record_poll(CXCursor c, void *data)
{
	struct visit_ctx *v = data;
	struct cal_object o;
	struct poll *p;

	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	cal_object_init(&o);
	/* a named atomic_ref polls the object it was made for */
	if (!cal_atomic_ref_var_object(v->w->parse->tu, clang_getCursorReferenced(c), &o))
		cal_object_of_lvalue(v->w->parse->tu, c, &o);
	if (!clang_Cursor_isNull(o.base) && o.origin != CAL_ORIGIN_LOCAL) {
		GROW(v->st->polls, v->st->alloc_polls, v->st->nr_polls + 1);
		p = &v->st->polls[v->st->nr_polls++];
		p->cond = c;
		p->base = clang_getCanonicalCursor(o.base);
	}
	cal_object_release(&o);
	return 0;
}

static void record_loop(struct visit_ctx *v, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor cond;

	if (k == CXCursor_WhileStmt)
		cond = cal_child(c, 0);
	else if (k == CXCursor_DoStmt)
		cond = cal_child(c, cal_nr_children(c) - 1);
	else
		return;
	record_poll(cond, v);
	cal_subtree_find(cond, record_poll, NULL, v, NULL);
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
}

static void scope_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct visit_ctx v = { w, state };

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
}

/* ---- reporting ---- */

static void add_widen_fix(struct cal_finding *f, struct cal_edit *widen)
{
	if (widen->file)
		cal_add_fix_edits(f, WIDEN_FIX, widen, 1);
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
	add_widen_fix(f, &a->s.widen);
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
	add_widen_fix(f, &a->s.widen);
	free(name);
	free(from);
}

static int is_narrow_on_global_candidate(const struct access *a)
{
	return a->s.scope < CAL_SCOPE_DEVICE && !a->s.obj.per_block &&
	       a->s.obj.origin != CAL_ORIGIN_SHARED && a->s.obj.origin != CAL_ORIGIN_LOCAL &&
	       !clang_Cursor_isNull(a->s.obj.base);
}

static void judge_access(struct cal_walk *w, const struct scope_state *st, struct access *a)
{
	const struct access *b;
	struct cal_scope_reach r;
	struct cal_finding *f;

	if (!is_narrow_on_global_candidate(a))
		return;
	b = wider_access(st, a);
	if (b) {
		report_mixed(w, a, b);
		return;
	}
	/* other blocks exist unless the code runs in one block; a load alone updates nothing */
	if (a->s.is_load || a->single_block || cal_scope_calls_single_block(st->calls, a->function))
		return;
	if (a->s.obj.origin == CAL_ORIGIN_GLOBAL) {
		f = report_other_blocks(w, a, a->s.obj.fold);
		note_global_base(w, f, a->s.obj.base);
		add_widen_fix(f, &a->s.widen);
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
};

static int find_publication(const struct scope_state *st, const struct fence *fe,
			    struct publication *pub)
{
	size_t i;

	memset(pub, 0, sizeof(*pub));
	for (i = 0; i < st->nr_stores; i++) {
		const struct global_store *g = &st->stores[i];
		if (!clang_equalCursors(g->function, fe->function))
			continue;
		if (g->offset < fe->offset) {
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

static void judge_fence(struct cal_walk *w, const struct scope_state *st, struct fence *fe)
{
	struct publication pub;
	struct cal_finding *f;
	char *name;

	if (cal_scope_calls_single_block(st->calls, fe->function) ||
	    !find_publication(st, fe, &pub))
		return;	/* in one block, a block fence orders for every thread */
	name = cal_cursor_name(pub.flag->base);
	f = cal_report(w, fe->site, "%s orders memory only for the threads of this block, but "
		       "the store to '%s' after it publishes data to other blocks", fe->what, name);
	if (pub.poll)
		cal_note_at(w, f, pub.poll->cond, "'%s' is polled here", name);
	else
		cal_note_at(w, f, pub.data->site, "data stored to global memory before the fence");
	cal_note_at(w, f, pub.flag->site, "the store that other blocks observe");
	add_widen_fix(f, &fe->widen);
	free(name);
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
	.languages = CAL_LANG_CUDA | CAL_LANG_OPENCL | CAL_LANG_CUTILE,
	.cutile_call = cal_scope_mismatch_cutile,
	/* calls, kernel references, asm, plain stores and polling loops (scope_visit's
	 * helpers); OpenCL's __global accesses (opencl.c) */
	.kinds = CAL_KINDS(CXCursor_CallExpr, CXCursor_DeclRefExpr, CXCursor_AsmStmt,
			   CXCursor_BinaryOperator, CXCursor_CompoundAssignOperator,
			   CXCursor_UnaryOperator, CXCursor_WhileStmt, CXCursor_DoStmt,
			   CXCursor_ArraySubscriptExpr),
	.begin = scope_begin,
	.visit = scope_visit,
	.end = scope_end,
};
