/*
 * scope-mismatch for OpenCL C: a scope narrower than the work-items that
 * touch the __global object.
 *
 * Five findings, in the same translation unit:
 *
 *  1. An atomic_*_explicit operation at memory_scope_work_group (or
 *     memory_scope_sub_group) on a __global object that work-items of
 *     other work-groups touch too: an update at an address that does not
 *     depend on the work-group (get_group_id, get_global_id, or a variable
 *     made from them; not a value loaded from memory nor a remainder, as
 *     in the CUDA half), which every work-group updates; or an update and a
 *     spin-wait (the load in a loop) on the same __global object at
 *     different addresses (a flag one work-group raises for another polls).
 *     Code under 'if (get_group_id(0) == K)' runs in one work-group and is
 *     not flagged, unless the other side is outside that branch.  Fix:
 *     memory_scope_device where the scope is written at the call.
 *  2. atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, ..., memory_scope_work_group)
 *     between a store to __global memory and a store to a __global word
 *     every work-group writes (the address does not depend on the
 *     work-group), or the store of a flag work-items of other work-groups
 *     poll: the fence orders the stores only as seen from this work-group.
 *     A fence in a helper that orders no stores of its own is judged at its
 *     calls.  Fix: memory_scope_device.  The consumer's side: a narrow
 *     fence in a spin loop on a word other work-groups store (no fix), and
 *     a narrow atomic load polling such a word (stored plainly, or in
 *     another kernel).
 *  3. barrier(CLK_LOCAL_MEM_FENCE) (or work_group_barrier) relied on to
 *     order __global data: a plain store to a __global object before the
 *     barrier and a plain load of it at another address after it (or both
 *     in the loop around it), so one work-item reads what another wrote;
 *     a store or a load, then a store at a neighbour's element (write after
 *     write, write after read); a shared word one work-item stores and the
 *     others read, on either side.  See conflict().
 *     The barrier's fence covers __local memory only.  Fix: add
 *     CLK_GLOBAL_MEM_FENCE where the flags are written as
 *     CLK_LOCAL_MEM_FENCE.
 *  4. Any barrier relied on across work-groups: a store at an address
 *     made from the work-group before it and a load of the same object at
 *     an address that is not after it, or a store under a test that picks
 *     work-groups and a load outside that test after it.  No fix: only a second kernel or an
 *     atomic handshake orders work-groups.  It replaces finding 3.
 *  5. A barrier without CLK_LOCAL_MEM_FENCE between a store to __local
 *     memory and a load of it at another address (or rule 3's other
 *     pairs, conflict()).  Fix: add the fence
 *     where the flags are written as CLK_GLOBAL_MEM_FENCE or 0.
 *  3 and 5 are silent where another barrier with the missing fence
 *  stands between the two accesses.
 *
 * Widening to memory_scope_device needs the device scope on the profile
 * (OpenCL C 2.0, or 3.0 with __opencl_c_atomic_scope_device): without it
 * there is no fix.  Only __global memory the pointer's type says is
 * __global is judged (a generic pointer may point to __local memory).
 */
#include "checks/scope-mismatch/opencl.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/language.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "analysis/scope_address.h"
#include "atomics/atomics.h"

#define WIDEN_FIX "widen the scope to memory_scope_device"
#define ADD_GLOBAL_FIX "add CLK_GLOBAL_MEM_FENCE"
#define LOCAL_FENCE "CLK_LOCAL_MEM_FENCE"
#define ADD_LOCAL_FIX "add CLK_LOCAL_MEM_FENCE"

/* The innermost 'if' on the work-group around a site, and which branch. */
struct group_branch {
	CXCursor if_stmt;	/* null: not under one */
	int then;
};

/* An atomic operation or fence with a scope argument. */
struct cl_site {
	CXCursor call, function, scope_arg;
	CXCursor base;		/* canonical variable, or null */
	char *addr;		/* the address, normalised text */
	char *name;		/* the function called */
	const char *scope;	/* the scope's name: memory_scope_work_group ... */
	int narrow;		/* work-group or sub-group scope */
	char *shared;		/* !per_group: the load or remainder that made it so, or NULL */
	int shared_wrap;	/* ... a remainder (1) or a fold of the group id (2) */
	int is_load, poll, per_group, fence;
	int acquire;		/* a load with acquire or seq_cst at device scope or wider */
	struct group_branch group;
	CXCursor loop;		/* the innermost loop around it, or null */
	unsigned offset;
};

/* A plain load or store of __global memory. */
struct cl_access {
	CXCursor at, function, base, loop;
	char *addr;
	int store, per_group;
	struct group_branch group;
	int cond_poll;		/* a load in the condition of a while or do loop */
	int per_item;		/* the address depends on the work-item (a local or global id) */
	char *item_test;	/* the '==' test on the work-item it is under, or NULL */
	unsigned offset;
	unsigned end;		/* a store: the end of the assignment */
};

struct cl_barrier {
	CXCursor call, function, flags;
	long long flagv;	/* the flags' value, or -1 where not constant */
	unsigned offset;
	unsigned loop_begin, loop_end;	/* the loop around it, or 0, 0 */
};

/* A call of a function of the file, in device code. */
struct cl_call {
	CXCursor call, caller, callee;	/* caller, callee: canonical */
	unsigned offset;
};

struct cal_scope_cl {
	struct cl_call *calls;
	size_t nr_calls, alloc_calls;
	struct cl_site *sites;
	size_t nr_sites, alloc_sites;
	struct cl_access *acc;
	size_t nr_acc, alloc_acc;
	struct cl_barrier *barriers;
	size_t nr_barriers, alloc_barriers;
	struct cl_access *lacc;	/* plain loads and stores of __local memory */
	size_t nr_lacc, alloc_lacc;
};

struct cal_scope_cl *cal_scope_cl_new(void)
{
	return xcalloc(1, sizeof(struct cal_scope_cl));
}

static unsigned offset_of(CXSourceLocation loc)
{
	unsigned offset = 0;
	clang_getExpansionLocation(loc, NULL, NULL, NULL, &offset);
	return offset;
}

/* A call of the OpenCL C built-in named name. */
static int is_builtin(CXCursor call, const char *name)
{
	return cal_ocl_is_builtin_call(call) && cal_cursor_name_is(call, name);
}

/* The vocabulary's row of the OpenCL C atomic built-in the call makes, or NULL. */
static const struct cal_atomic_op *atomic_builtin(CXCursor call)
{
	const struct cal_atomic_op *r;
	char *name;

	if (!cal_ocl_is_builtin_call(call))
		return NULL;
	name = cal_cursor_name(call);
	r = cal_atomic_op_cl_find(name);
	free(name);
	return r;
}

/* The memory_scope_* constant an argument names, or NULL. */
static const struct cal_cl_scope *scope_of(CXCursor arg)
{
	CXCursor ref = clang_getCursorReferenced(cal_strip_casts(arg));
	const struct cal_cl_scope *scope;
	char *name;

	if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
		return NULL;
	name = cal_cursor_name(ref);
	scope = cal_cl_scope_find(name);
	free(name);
	return scope;
}

/*
 * How an address depends on the work-group.  Work-group and global ids
 * (get_group_id, get_global_id, or a variable made from them) make it a
 * per-group address.  For an atomic's address, as in the CUDA half
 * (scope_address.c), a value loaded from memory does not count (bins[px[i]],
 * a cell computed from a particle's position: any work-group may load any
 * index), unless the load's own index names the work-group and no global id
 * (a per-group table: slot_of[get_group_id(0)]); nor does a remainder
 * (owner[me % n]: the ids of several work-groups wrap onto one slot) nor
 * a division or shift of the group id (g / 2, g >> 1: pairs of work-groups).
 * raw: loads are not skipped (if-conditions, and the plain accesses of
 * rules 2 and 3, which keep their first form); remainders and folds are,
 * always ('if (g / 2 == 0)' runs in two work-groups).  shared: the first
 * load, remainder or fold skipped, for the note.
 */
#define MAX_FOLDS 8

struct group_dep {
	int depth, raw;
	CXCursor shared;
	CXCursor folds[MAX_FOLDS];	/* the folds and remainders skipped */
	int nr_folds;
};

static int names_group_id(CXCursor c, void *data);

static int is_load(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr ||
	       cal_is_unop(c, CXUnaryOperator_Deref);
}

static int counts_groups(CXCursor c, void *data)
{
	(void)data;
	return is_builtin(c, "get_num_groups") || is_builtin(c, "get_global_size");
}

/*
 * A remainder wraps ids onto fewer values, unless it counts the groups or
 * the work-items ('(g + 1) % get_num_groups(0)': a ring, one group a value).
 */
static int is_wrap(CXCursor c)
{
	CXCursor k;

	/* not '&': 'gid & ~63' is the work-group's first id */
	if (!cal_is_binop(c, CXBinaryOperator_Rem))
		return 0;
	k = cal_child(c, 1);
	return !counts_groups(k, NULL) && !cal_subtree_find(k, counts_groups, NULL, NULL, NULL);
}

/* Is e the work-group's own id: get_group_id(d), or a variable that holds it? */
static int is_group_id(CXCursor e, int depth)
{
	CXCursor var;

	e = cal_strip_casts(e);
	if (is_builtin(e, "get_group_id"))
		return 1;
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr || depth > 4)
		return 0;
	var = clang_getCursorReferenced(e);
	return clang_getCursorKind(var) == CXCursor_VarDecl &&
	       is_group_id(clang_Cursor_getVarDeclInitializer(var), depth + 1);
}

/*
 * 'g / k' or 'g >> k' of the work-group's id pairs neighbouring groups
 * (k != 1, != 0).  A division of a global id ('get_global_id(0) / 64') is
 * no fold: it is the work-group's number when k is the group's size.
 */
static int is_fold(CXCursor c)
{
	CXEvalResult ev;
	int one = 0;

	if (!cal_is_binop(c, CXBinaryOperator_Div) && !cal_is_binop(c, CXBinaryOperator_Shr))
		return 0;
	ev = clang_Cursor_Evaluate(cal_child(c, 1));
	if (ev) {
		one = clang_EvalResult_getKind(ev) == CXEval_Int &&
		      clang_EvalResult_getAsLongLong(ev) ==
		      (cal_is_binop(c, CXBinaryOperator_Div) ? 1 : 0);
		clang_EvalResult_dispose(ev);
	}
	return !one && is_group_id(cal_child(c, 0), 0);
}

static int dep_of(CXCursor e, struct group_dep *d);

static int skip_group(CXCursor c, void *data)
{
	struct group_dep *d = data;

	if (is_load(c) ? d->raw : !is_wrap(c) && !is_fold(c))
		return 0;
	if (clang_Cursor_isNull(d->shared))
		d->shared = c;
	if (!is_load(c) && d->nr_folds < MAX_FOLDS)
		d->folds[d->nr_folds++] = c;
	return 1;
}

/* 'g / n' with 'g % n' of one id: the work-group's own element (scope_address.h). */
static int decomposed(const struct group_dep *d)
{
	return cal_folds_decomposed(d->folds, d->nr_folds);
}

/* Which ids e names (through the initialisers of variables): 1 group, 2 global. */
static int ids_named(CXCursor c, void *data)
{
	int *seen = data;
	CXCursor var, init;

	if (is_builtin(c, "get_group_id"))
		*seen |= 1;
	else if (is_builtin(c, "get_global_id") || is_builtin(c, "get_global_linear_id"))
		*seen |= 2;
	else if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && *seen < 16) {
		var = clang_getCursorReferenced(c);
		init = clang_getCursorKind(var) == CXCursor_VarDecl ?
		       clang_Cursor_getVarDeclInitializer(var) : clang_getNullCursor();
		*seen += 4;	/* a bound on the variables followed */
		if (!clang_Cursor_isNull(init)) {
			ids_named(init, seen);
			cal_subtree_find(init, ids_named, NULL, seen, NULL);
		}
	}
	return 0;
}

/* A load from a per-group table: its index names the work-group, no global id. */
static int per_group_load(CXCursor load)
{
	CXCursor index = clang_getCursorKind(load) == CXCursor_ArraySubscriptExpr ?
			 cal_child(load, 1) : cal_child(load, 0);
	int seen = 0;

	ids_named(index, &seen);
	cal_subtree_find(index, ids_named, NULL, &seen, NULL);
	return (seen & 3) == 1;
}

static int dep_of(CXCursor e, struct group_dep *d)
{
	if (d->depth >= 4)
		return 0;
	if (names_group_id(e, d))
		return 1;
	return !skip_group(e, d) && cal_subtree_find(e, names_group_id, skip_group, d, NULL);
}

static int names_group_id(CXCursor c, void *data)
{
	struct group_dep *d = data;
	CXCursor var, init;
	int r;

	if (is_builtin(c, "get_group_id") || is_builtin(c, "get_global_id") ||
	    is_builtin(c, "get_global_linear_id"))
		return 1;
	if (!d->raw && is_load(c) && per_group_load(c))
		return 1;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	var = clang_getCursorReferenced(c);
	if (clang_getCursorKind(var) != CXCursor_VarDecl)
		return 0;
	init = clang_Cursor_getVarDeclInitializer(var);
	if (clang_Cursor_isNull(init))
		return 0;
	d->depth++;
	r = dep_of(init, d);
	d->depth--;
	return r;
}

/* Does e depend on the work-group by arithmetic (get_group_id, get_global_id, or a variable made from them)? */
static int per_group(CXCursor e, int depth)
{
	struct group_dep d = { .depth = depth, .raw = 1, .shared = clang_getNullCursor() };

	return dep_of(e, &d) || decomposed(&d);
}

/*
 * Does an atomic's address depend on the work-group?  The subscripts and
 * dereferences that make the address are peeled (they are the access, not
 * a load of the index); what is left is judged without loaded values.
 */
static int address_per_group(CXCursor e, CXCursor *shared)
{
	struct group_dep d = { .depth = 0, .raw = 0, .shared = clang_getNullCursor() };
	int guard, r = 0;

	for (guard = 0; guard < 16 && !r; guard++) {
		e = cal_strip_casts(e);
		if (cal_is_unop(e, CXUnaryOperator_AddrOf) || cal_is_unop(e, CXUnaryOperator_Deref))
			e = cal_child(e, 0);
		else if (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) {
			r = dep_of(cal_child(e, 1), &d);
			e = cal_child(e, 0);
		} else
			break;
	}
	r = r || dep_of(e, &d) || decomposed(&d);
	*shared = d.shared;
	return r;
}

/* Does the lvalue's type say __local? */
static int is_local(CXCursor e)
{
	char *s = cal_type_name(clang_getCursorType(e));
	int r = strstr(s, "__local") != NULL;
	free(s);
	return r;
}

/* Does the lvalue or pointer expression's type say __global? */
static int is_global(CXCursor e)
{
	char *s = cal_type_name(clang_getCursorType(e));
	int r = strstr(s, "__global") != NULL;
	free(s);
	return r;
}

/* The address text without spaces, '&*p' and '&a[0]' written as 'p' and 'a'. */
static char *address_text(CXTranslationUnit tu, CXCursor e, int lvalue)
{
	char *text = cal_cursor_text(tu, e, CAL_TEXT_MACRO_USES), *s, *d;
	struct strbuf sb = STRBUF_INIT;
	size_t n;

	if (!text)
		return xstrdup("?");
	if (lvalue)
		strbuf_addch(&sb, '&');
	for (s = text; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n')
			strbuf_addch(&sb, *s);
	free(text);
	d = strbuf_detach(&sb);
	n = strlen(d);
	if (!strncmp(d, "&*", 2))
		memmove(d, d + 2, n - 1);
	else if (d[0] == '&' && n > 4 && !strcmp(d + n - 3, "[0]")) {
		d[n - 3] = '\0';
		memmove(d, d + 1, n - 3);
	}
	return d;
}

static CXCursor base_of(CXCursor e)
{
	CXCursor b;

	e = cal_strip_casts(e);
	if (cal_is_unop(e, CXUnaryOperator_AddrOf))
		e = cal_strip_casts(cal_child(e, 0));
	b = cal_base_variable(e);
	return clang_Cursor_isNull(b) ? b : clang_getCanonicalCursor(b);
}

static int is_group_equality(CXCursor c, void *data)
{
	(void)data;
	return cal_is_binop(c, CXBinaryOperator_EQ) &&
	       (per_group(cal_child(c, 0), 0) || per_group(cal_child(c, 1), 0));
}

/*
 * A test that picks work-groups: an '==' on the work-group (as the CUDA
 * half's 'blockIdx.x == K'), not a bounds check such as 'if (i < n)'.
 */
static int mentions_group(CXCursor cond)
{
	return is_group_equality(cond, NULL) ||
	       cal_subtree_find(cond, is_group_equality, NULL, NULL, NULL);
}

static struct group_branch group_branch_at(const struct cal_walk *w, CXCursor c)
{
	struct group_branch g = { clang_getNullCursor(), 0 };
	int j;

	for (j = w->depth - 1; j >= 0; j--) {
		CXCursor anc = w->stack[j], path = j + 1 < w->depth ? w->stack[j + 1] : c;
		if (clang_getCursorKind(anc) != CXCursor_IfStmt || !mentions_group(cal_child(anc, 0)))
			continue;
		if (clang_equalCursors(path, cal_child(anc, 1)) ||
		    clang_equalCursors(path, cal_child(anc, 2))) {
			g.if_stmt = anc;
			g.then = clang_equalCursors(path, cal_child(anc, 1));
			return g;
		}
	}
	return g;
}

/*
 * Does c name the work-item: a local or global id, or a variable made from
 * one (through its initialiser, a few variables deep)?  *data counts the
 * variables followed.
 */
static int names_item(CXCursor c, void *data)
{
	int *seen = data;
	CXCursor var, init;

	if (is_builtin(c, "get_local_id") || is_builtin(c, "get_global_id") ||
	    is_builtin(c, "get_local_linear_id") || is_builtin(c, "get_global_linear_id") ||
	    is_builtin(c, "get_sub_group_local_id"))
		return 1;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || *seen >= 8)
		return 0;
	var = clang_getCursorReferenced(c);
	init = clang_getCursorKind(var) == CXCursor_VarDecl ?
	       clang_Cursor_getVarDeclInitializer(var) : clang_getNullCursor();
	(*seen)++;
	return !clang_Cursor_isNull(init) &&
	       (names_item(init, seen) || cal_subtree_find(init, names_item, NULL, seen, NULL));
}

/* Does e differ between the work-items of a work-group? */
static int per_item(CXCursor e)
{
	int seen = 0;

	return names_item(e, &seen) || cal_subtree_find(e, names_item, NULL, &seen, NULL);
}

static int is_item_equality(CXCursor c, void *data)
{
	(void)data;
	return cal_is_binop(c, CXBinaryOperator_EQ) &&
	       (per_item(cal_child(c, 0)) || per_item(cal_child(c, 1)));
}

/*
 * The text of the innermost 'if' condition that picks work-items with an
 * '==' on their id ('if (lid == 0)', 'if (get_global_id(0) == 0)'), when c
 * is in its then-branch; NULL when c is under none.  Two accesses under
 * the same test are made by the same work-item.
 */
static char *item_test_at(const struct cal_walk *w, CXCursor c)
{
	int j;

	for (j = w->depth - 1; j >= 0; j--) {
		CXCursor anc = w->stack[j], path = j + 1 < w->depth ? w->stack[j + 1] : c;
		CXCursor cond;
		if (cal_is_function_kind(clang_getCursorKind(anc)))
			break;
		if (clang_getCursorKind(anc) != CXCursor_IfStmt ||
		    !clang_equalCursors(path, cal_child(anc, 1)))
			continue;
		cond = cal_child(anc, 0);
		if (is_item_equality(cal_strip_casts(cond), NULL) ||
		    cal_subtree_find(cond, is_item_equality, NULL, NULL, NULL))
			return address_text(w->parse->tu, cond, 0);
	}
	return NULL;
}

/* The innermost loop around the current cursor, in its function, or null. */
static CXCursor enclosing_loop(const struct cal_walk *w)
{
	int j;

	for (j = w->depth - 1; j >= 0; j--) {
		enum CXCursorKind k = clang_getCursorKind(w->stack[j]);
		if (cal_is_function_kind(k))
			break;
		if (cal_is_loop_kind(k))
			return w->stack[j];
	}
	return clang_getNullCursor();
}

/* Does the call's memory order argument say acquire or seq_cst? */
static int acquires(CXCursor call, const struct cal_atomic_op *op)
{
	CXEvalResult ev;
	long long v = -1;

	if (op->order_arg < 0 || op->order_arg >= clang_Cursor_getNumArguments(call))
		return 0;
	ev = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, (unsigned)op->order_arg));
	if (!ev)
		return 0;
	if (clang_EvalResult_getKind(ev) == CXEval_Int)
		v = clang_EvalResult_getAsLongLong(ev);
	clang_EvalResult_dispose(ev);
	return cal_order_from_value(v) == CAL_ORDER_ACQUIRE ||
	       cal_order_from_value(v) == CAL_ORDER_ACQ_REL ||
	       cal_order_from_value(v) == CAL_ORDER_SEQ_CST;
}

static void record_site(struct cal_scope_cl *st, struct cal_walk *w, CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c);
	struct cl_site *s;
	const struct cal_cl_scope *scope;
	const struct cal_atomic_op *op = NULL;
	CXCursor obj, shared;
	int fence = is_builtin(c, "atomic_work_item_fence");

	/* the scope argument is the last one, where an _explicit form has it */
	if (!fence && (!(op = atomic_builtin(c)) || op->scope_arg != n - 1))
		return;
	if (n < 2 || !(scope = scope_of(clang_Cursor_getArgument(c, n - 1))))
		return;
	/* under the implicit conversion to the built-in's (generic) parameter */
	obj = cal_ignore_wrappers(clang_Cursor_getArgument(c, 0));
	if (!fence && !is_global(obj))
		return;
	GROW(st->sites, st->alloc_sites, st->nr_sites + 1);
	s = &st->sites[st->nr_sites++];
	memset(s, 0, sizeof(*s));
	s->call = c;
	s->function = clang_getCanonicalCursor(w->function);
	s->scope_arg = clang_Cursor_getArgument(c, n - 1);
	s->scope = scope->name;
	s->narrow = scope->within_group;
	s->name = cal_cursor_name(cal_call_callee(c));
	s->fence = fence;
	s->offset = offset_of(clang_getCursorLocation(c));
	s->group = group_branch_at(w, c);
	s->loop = enclosing_loop(w);
	if (fence)
		return;
	s->base = base_of(obj);
	s->addr = address_text(w->parse->tu, obj, 0);
	s->is_load = op->op == CAL_OP_LOAD;
	s->poll = s->is_load && !clang_Cursor_isNull(s->loop);
	s->acquire = s->is_load && !s->narrow && acquires(c, op);
	s->per_group = address_per_group(obj, &shared);
	if (!s->per_group && !clang_Cursor_isNull(shared)) {
		s->shared = cal_cursor_text(w->parse->tu, shared, CAL_TEXT_MACRO_USES);
		s->shared_wrap = is_wrap(shared) ? 1 : is_fold(shared) ? 2 : 0;
	}
}

/* A store: the left side of an assignment, or the operand of ++/--. */
static int is_store(const struct cal_walk *w, CXCursor c)
{
	CXCursor p = cal_walk_parent(w, 0);

	if ((cal_is_binop(p, CXBinaryOperator_Assign) ||
	     clang_getCursorKind(p) == CXCursor_CompoundAssignOperator) &&
	    clang_equalCursors(cal_child(p, 0), c))
		return 1;
	return cal_is_unop(p, CXUnaryOperator_PreInc) || cal_is_unop(p, CXUnaryOperator_PostInc) ||
	       cal_is_unop(p, CXUnaryOperator_PreDec) || cal_is_unop(p, CXUnaryOperator_PostDec);
}

/* Is c in the condition of a while or do loop (a spin-wait)? */
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
			return clang_equalCursors(path, cal_child(anc, 1));
	}
	return 0;
}

static void record_access(struct cal_scope_cl *st, struct cal_walk *w, CXCursor c)
{
	struct cl_access *a;
	CXCursor base;

	if ((clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr &&
	     !cal_is_unop(c, CXUnaryOperator_Deref)) ||
	    cal_is_unop(cal_walk_parent(w, 0), CXUnaryOperator_AddrOf))
		return;
	base = base_of(c);
	if (clang_Cursor_isNull(base))
		return;
	if (is_global(c)) {
		GROW(st->acc, st->alloc_acc, st->nr_acc + 1);
		a = &st->acc[st->nr_acc++];
	} else if (is_local(c)) {
		GROW(st->lacc, st->alloc_lacc, st->nr_lacc + 1);
		a = &st->lacc[st->nr_lacc++];
	} else
		return;
	a->at = c;
	a->function = clang_getCanonicalCursor(w->function);
	a->base = base;
	a->loop = enclosing_loop(w);
	a->addr = address_text(w->parse->tu, c, 1);
	a->store = is_store(w, c);
	a->end = offset_of(clang_getRangeEnd(clang_getCursorExtent(cal_walk_parent(w, 0))));
	a->cond_poll = !a->store && in_loop_condition(w, c);
	a->per_group = per_group(c, 0);
	a->per_item = per_item(c);
	a->item_test = item_test_at(w, c);
	a->group = group_branch_at(w, c);
	a->offset = offset_of(clang_getCursorLocation(c));
}

/* barrier(flags) / work_group_barrier(flags[, scope]): every one, with its flags. */
static void record_barrier(struct cal_scope_cl *st, struct cal_walk *w, CXCursor c)
{
	struct cl_barrier *b;
	CXEvalResult ev;
	long long flags;
	CXCursor loop;

	if ((!is_builtin(c, "barrier") && !is_builtin(c, "work_group_barrier")) ||
	    clang_Cursor_getNumArguments(c) < 1)
		return;
	ev = clang_Cursor_Evaluate(clang_Cursor_getArgument(c, 0));
	if (!ev)
		return;
	flags = clang_EvalResult_getKind(ev) == CXEval_Int ? clang_EvalResult_getAsLongLong(ev) : -1;
	clang_EvalResult_dispose(ev);
	GROW(st->barriers, st->alloc_barriers, st->nr_barriers + 1);
	b = &st->barriers[st->nr_barriers++];
	memset(b, 0, sizeof(*b));
	b->call = c;
	b->function = clang_getCanonicalCursor(w->function);
	b->flags = clang_Cursor_getArgument(c, 0);
	b->flagv = flags;
	b->offset = offset_of(clang_getCursorLocation(c));
	loop = enclosing_loop(w);
	if (!clang_Cursor_isNull(loop)) {
		CXSourceRange r = clang_getCursorExtent(loop);
		b->loop_begin = offset_of(clang_getRangeStart(r));
		b->loop_end = offset_of(clang_getRangeEnd(r));
	}
}

static void record_call(struct cal_scope_cl *st, struct cal_walk *w, CXCursor c)
{
	CXCursor callee = clang_getCursorReferenced(c);
	struct cl_call *k;

	if (clang_getCursorKind(c) != CXCursor_CallExpr ||
	    clang_getCursorKind(callee) != CXCursor_FunctionDecl || cal_ocl_is_builtin_call(c))
		return;
	GROW(st->calls, st->alloc_calls, st->nr_calls + 1);
	k = &st->calls[st->nr_calls++];
	k->call = c;
	k->caller = clang_getCanonicalCursor(w->function);
	k->callee = clang_getCanonicalCursor(callee);
	k->offset = offset_of(clang_getCursorLocation(c));
}

void cal_scope_cl_visit(struct cal_scope_cl *st, struct cal_walk *w, CXCursor c)
{
	if (!cal_walk_in_device_code(w) || clang_Cursor_isNull(w->function))
		return;
	record_call(st, w, c);
	record_site(st, w, c);
	record_access(st, w, c);
	record_barrier(st, w, c);
}

/* ---- reporting ---- */

/*
 * memory_scope_device where every profile has it (one fix suits them all):
 * OpenCL C 2.0 has it always, 3.0 with __opencl_c_atomic_scope_device.
 */
static int device_scope_ok(const struct cal_walk *w)
{
	const struct cal_opencl_front *front = cal_opencl_front();

	return w->parse->opencl < 300 || !front ||
	       front->all_profiles_have("__opencl_c_atomic_scope_device");
}

static void add_widen_fix(struct cal_walk *w, struct cal_finding *f, const struct cl_site *s)
{
	struct cal_edit e;

	if (!device_scope_ok(w)) {
		cal_note_at(w, f, s->call, "no fix: memory_scope_device needs "
			    "__opencl_c_atomic_scope_device, which a device profile lacks");
		return;
	}
	if (cal_edit_replace_cursor(s->scope_arg, "memory_scope_device", &e) < 0) {
		cal_note_at(w, f, s->scope_arg, "no fix: the scope is not written at the call");
		return;
	}
	cal_add_fix_edits(f, WIDEN_FIX, &e, 1);
}

static const char *unit_of(const char *scope)
{
	return !strcmp(scope, "memory_scope_sub_group") ? "sub-group" : "work-group";
}

static int same_branch(const struct group_branch *a, const struct group_branch *b)
{
	return !clang_Cursor_isNull(a->if_stmt) && clang_equalCursors(a->if_stmt, b->if_stmt) &&
	       a->then == b->then;
}

/*
 * The site of the same object in the same kernel that shows work-items of
 * another work-group touch it: a poll of an update's object (or an update
 * of a poll's) at another address.
 */
static const struct cl_site *partner(const struct cal_scope_cl *st, const struct cl_site *s)
{
	size_t i;

	for (i = 0; i < st->nr_sites; i++) {
		const struct cl_site *o = &st->sites[i];
		if (o == s || o->fence || clang_Cursor_isNull(s->base) ||
		    !clang_equalCursors(o->base, s->base) ||
		    !clang_equalCursors(o->function, s->function) || same_branch(&o->group, &s->group))
			continue;
		if (((s->poll && !o->is_load) || (!s->is_load && o->poll)) &&
		    (strcmp(o->addr, s->addr) || !s->per_group))
			return o;
	}
	return NULL;
}

/* Does another site on the object run outside the work-group branch s is in? */
static int outside_branch(const struct cal_scope_cl *st, const struct cl_site *s)
{
	size_t i;

	for (i = 0; i < st->nr_sites; i++) {
		const struct cl_site *o = &st->sites[i];
		if (o != s && !o->fence && clang_equalCursors(o->base, s->base) &&
		    clang_equalCursors(o->function, s->function) && !same_branch(&o->group, &s->group))
			return 1;
	}
	return 0;
}

static void judge_site(struct cal_walk *w, const struct cal_scope_cl *st, const struct cl_site *s)
{
	const struct cl_site *o = partner(st, s);
	struct cal_finding *f;
	char *name;
	int shared = !s->is_load && !s->per_group;

	if (!s->narrow || s->fence || clang_Cursor_isNull(s->base) || (!o && !shared))
		return;
	if (!clang_Cursor_isNull(s->group.if_stmt) && (s->group.then || o) && !outside_branch(st, s))
		return;	/* one work-group runs it, and nothing else touches the object */
	name = cal_cursor_name(s->base);
	f = cal_report(w, s->call, "'%s' at %s is atomic only within one %s, but work-items of "
		       "other work-groups %s the same __global memory through '%s'", s->name,
		       s->scope, unit_of(s->scope), o ? (s->poll ? "update" : "poll")
		       : "update", name);
	if (o)
		cal_note_at(w, f, o->call, "'%s' is %s here, %s", name,
			    o->poll ? "polled" : "updated", strcmp(o->addr, s->addr) ?
			    "at another address" : "at an address that does not depend on the "
			    "work-group");
	else if (s->shared && s->shared_wrap == 2)
		cal_note_at(w, f, s->call, "the index maps several work-groups onto one element "
			    "('%s'): they update it together", s->shared);
	else if (s->shared && s->shared_wrap)
		cal_note_at(w, f, s->call, "the index wraps ('%s'): work-items of several "
			    "work-groups update the same element", s->shared);
	else if (s->shared)
		cal_note_at(w, f, s->call, "the index is loaded from memory ('%s'): any "
			    "work-group may update any element", s->shared);
	else
		cal_note_at(w, f, s->call, "the address does not depend on the work-group "
			    "(get_group_id, get_global_id): every work-group updates the same word");
	add_widen_fix(w, f, s);
	free(name);
}

/*
 * The poll, by work-items of other work-groups, of a flag stored at addr
 * of base in function fn: an atomic load in a loop or a plain load in a
 * while/do condition, of the same object at another address (or at one
 * the store's work-group does not own), or of a parameter of that name in
 * another kernel.  A null cursor when there is none.
 */
struct flag_store {
	CXCursor base, at, function;
	const char *addr;
	int per_group;
};

static int polls_flag(CXCursor base, CXCursor fn, const char *addr, const struct flag_store *fl)
{
	char *name;
	int r;

	if (clang_Cursor_isNull(base) || clang_Cursor_isNull(fl->base))
		return 0;
	if (clang_equalCursors(base, fl->base))
		return clang_equalCursors(fn, fl->function) &&
		       (strcmp(addr, fl->addr) || !fl->per_group);
	if (clang_equalCursors(fn, fl->function) || clang_getCursorKind(base) != CXCursor_ParmDecl ||
	    clang_getCursorKind(fl->base) != CXCursor_ParmDecl)
		return 0;
	name = cal_cursor_name(fl->base);
	r = cal_cursor_name_is(base, name);
	free(name);
	return r;
}

static CXCursor flag_poll(const struct cal_scope_cl *st, const struct flag_store *fl)
{
	size_t i;

	for (i = 0; i < st->nr_sites; i++) {
		const struct cl_site *o = &st->sites[i];
		if (o->poll && polls_flag(o->base, o->function, o->addr, fl))
			return o->call;
	}
	for (i = 0; i < st->nr_acc; i++) {
		const struct cl_access *a = &st->acc[i];
		if (a->cond_poll && polls_flag(a->base, a->function, a->addr, fl))
			return a->at;
	}
	return clang_getNullCursor();
}

/*
 * A store, plain or atomic at any scope, of the word a poll reads (base at
 * addr, in function fn) that work-items of other work-groups make (as
 * polls_flag() judges a flag); two sides in the same branch on the
 * work-group are one work-group.  Its cursor, or a null one.
 */
static CXCursor group_writer_in(const struct cal_scope_cl *st, CXCursor base, CXCursor fn,
				const char *addr, const struct group_branch *group, int same_fn)
{
	size_t i;

	for (i = 0; i < st->nr_sites; i++) {
		const struct cl_site *o = &st->sites[i];
		struct flag_store fl = { o->base, o->call, o->function, o->addr, o->per_group };
		if (!o->fence && !o->is_load && !clang_equalCursors(o->function, fn) == !same_fn &&
		    !same_branch(&o->group, group) && polls_flag(base, fn, addr, &fl))
			return o->call;
	}
	for (i = 0; i < st->nr_acc; i++) {
		const struct cl_access *a = &st->acc[i];
		struct flag_store fl = { a->base, a->at, a->function, a->addr, a->per_group };
		if (a->store && !clang_equalCursors(a->function, fn) == !same_fn &&
		    !same_branch(&a->group, group) && polls_flag(base, fn, addr, &fl))
			return a->at;
	}
	return clang_getNullCursor();
}

/* ... its own kernel's stores first */
static CXCursor other_group_writer(const struct cal_scope_cl *st, CXCursor base, CXCursor fn,
				   const char *addr, const struct group_branch *group)
{
	CXCursor c = group_writer_in(st, base, fn, addr, group, 1);

	return clang_Cursor_isNull(c) ? group_writer_in(st, base, fn, addr, group, 0) : c;
}

/*
 * A work-group-scope atomic load polling a word that work-items of other
 * work-groups store (plainly, or in another kernel: the atomic updates of
 * the same kernel are judge_site's).
 */
static void judge_poll_writer(struct cal_walk *w, const struct cal_scope_cl *st,
			      const struct cl_site *s)
{
	struct cal_finding *f;
	CXCursor writer;
	char *name;

	if (!s->narrow || !s->poll || s->fence || clang_Cursor_isNull(s->base) || partner(st, s))
		return;
	writer = other_group_writer(st, s->base, s->function, s->addr, &s->group);
	if (clang_Cursor_isNull(writer))
		return;
	name = cal_cursor_name(s->base);
	f = cal_report(w, s->call, "'%s' at %s is atomic only within one %s, but work-items of "
		       "other work-groups update the same __global memory through '%s'", s->name,
		       s->scope, unit_of(s->scope), name);
	cal_note_at(w, f, writer, "'%s' is written here, by work-items of other work-groups", name);
	add_widen_fix(w, f, s);
	free(name);
}

/* A fence at device scope or wider after offset in function fn. */
static int wide_fence_after(const struct cal_scope_cl *st, CXCursor fn, unsigned offset)
{
	size_t i;

	for (i = 0; i < st->nr_sites; i++) {
		const struct cl_site *o = &st->sites[i];
		if (o->fence && !o->narrow && o->offset > offset &&
		    clang_equalCursors(o->function, fn))
			return 1;
	}
	return 0;
}

static void report_consumer_fence(struct cal_walk *w, const struct cl_site *fe, CXCursor poll,
				  CXCursor base, CXCursor writer)
{
	char *name = cal_cursor_name(base);
	struct cal_finding *f;

	f = cal_report(w, fe->call, "'%s' at %s orders memory only for the work-items of this %s, "
		       "but the loop around it waits for '%s', which other work-groups write: their "
		       "stores before it are not ordered with this %s's reads after the loop",
		       fe->name, fe->scope, unit_of(fe->scope), name, unit_of(fe->scope));
	cal_note_at(w, f, poll, "'%s' is polled here", name);
	cal_note_at(w, f, writer, "'%s' is written here, by work-items of other work-groups", name);
	cal_note_no_fix(w, f, fe->call, "the read that ends the loop comes after this fence, and "
			"widening it in place leaves that read unordered; a fence at "
			"memory_scope_device belongs after the loop, before the data is read");
	free(name);
}

/*
 * A narrow fence in the spin loop of a consumer: the loop polls a word
 * work-items of other work-groups write, with no acquire at device scope,
 * and no device fence follows the loop in the function.
 */
static int judge_consumer_fence(struct cal_walk *w, const struct cal_scope_cl *st,
				const struct cl_site *fe)
{
	CXCursor writer;
	size_t i;

	if (clang_Cursor_isNull(fe->loop) ||
	    wide_fence_after(st, fe->function, offset_of(clang_getCursorLocation(fe->loop))))
		return 0;
	for (i = 0; i < st->nr_sites; i++) {
		const struct cl_site *o = &st->sites[i];
		if (!o->poll || o->acquire || !clang_equalCursors(o->loop, fe->loop))
			continue;
		writer = other_group_writer(st, o->base, o->function, o->addr, &o->group);
		if (!clang_Cursor_isNull(writer)) {
			report_consumer_fence(w, fe, o->call, o->base, writer);
			return 1;
		}
	}
	for (i = 0; i < st->nr_acc; i++) {
		const struct cl_access *a = &st->acc[i];
		if (!a->cond_poll || !clang_equalCursors(a->loop, fe->loop))
			continue;
		writer = other_group_writer(st, a->base, a->function, a->addr, &a->group);
		if (!clang_Cursor_isNull(writer)) {
			report_consumer_fence(w, fe, a->at, a->base, writer);
			return 1;
		}
	}
	return 0;
}

/* The first store after the fence, plain or atomic at any scope, of a flag other work-groups poll. */
static int find_flag_store(const struct cal_scope_cl *st, const struct cl_site *fe,
			   struct flag_store *fl, CXCursor *poll)
{
	unsigned best = ~0u;
	size_t i;

	for (i = 0; i < st->nr_sites; i++) {
		const struct cl_site *o = &st->sites[i];
		struct flag_store c = { o->base, o->call, o->function, o->addr, o->per_group };
		CXCursor p;
		if (o->fence || o->is_load || o->offset <= fe->offset || o->offset >= best ||
		    !clang_equalCursors(o->function, fe->function) ||
		    clang_Cursor_isNull(p = flag_poll(st, &c)))
			continue;
		*fl = c;
		*poll = p;
		best = o->offset;
	}
	for (i = 0; i < st->nr_acc; i++) {
		const struct cl_access *a = &st->acc[i];
		struct flag_store c = { a->base, a->at, a->function, a->addr, a->per_group };
		CXCursor p;
		if (!a->store || a->offset <= fe->offset || a->offset >= best ||
		    !clang_equalCursors(a->function, fe->function) ||
		    clang_Cursor_isNull(p = flag_poll(st, &c)))
			continue;
		*fl = c;
		*poll = p;
		best = a->offset;
	}
	return best != ~0u;
}

/*
 * A fence at a narrow scope between a __global store and the store of a
 * flag that work-items of other work-groups poll (the OpenCL form of
 * __threadfence_block() before a flag another block waits on).
 */
static struct cal_finding *judge_fence_flag(struct cal_walk *w, const struct cal_scope_cl *st,
					    const struct cl_site *fe, const struct cl_access *before)
{
	struct flag_store fl;
	struct cal_finding *f;
	CXCursor poll;
	char *name;

	if (!before || !find_flag_store(st, fe, &fl, &poll))
		return NULL;
	name = cal_cursor_name(fl.base);
	f = cal_report(w, fe->call, "'%s' at %s orders memory only for the work-items of this "
		       "%s, but the store to '%s' after it publishes data to other work-groups",
		       fe->name, fe->scope, unit_of(fe->scope), name);
	cal_note_at(w, f, before->at, "data stored to __global memory before the fence");
	cal_note_at(w, f, fl.at, "the flag stored after the fence");
	cal_note_at(w, f, poll, "'%s' is polled here, by work-items of other work-groups", name);
	add_widen_fix(w, f, fe);
	free(name);
	return f;
}

/* A fence at a narrow scope between a __global store and a store every work-group makes. */
/* A narrow fence between a __global store and a store every work-group makes, or a polled flag's. */
static struct cal_finding *judge_publication(struct cal_walk *w, const struct cal_scope_cl *st,
					     const struct cl_site *fe)
{
	const struct cl_access *before = NULL, *after = NULL;
	struct cal_finding *f;
	size_t i;
	char *name;

	for (i = 0; i < st->nr_acc; i++) {
		const struct cl_access *a = &st->acc[i];
		if (!a->store || !clang_equalCursors(a->function, fe->function))
			continue;
		if (a->offset < fe->offset && !before)
			before = a;
		else if (a->offset > fe->offset && !a->per_group && !after)
			after = a;
	}
	if (!before || !after)
		return judge_fence_flag(w, st, fe, before);
	name = cal_cursor_name(after->base);
	f = cal_report(w, fe->call, "'%s' at %s orders memory only for the work-items of this "
		       "%s, but the store to '%s' after it publishes data to other work-groups",
		       fe->name, fe->scope, unit_of(fe->scope), name);
	cal_note_at(w, f, before->at, "data stored to __global memory before the fence");
	cal_note_at(w, f, after->at, "the store that other work-groups observe (its address "
		    "does not depend on the work-group)");
	add_widen_fix(w, f, fe);
	free(name);
	return f;
}

/*
 * A fence in a helper that orders no stores of its own: judged at its
 * calls, among the stores around each (the fence reported where it is
 * written, with a note at the call).
 */
static void judge_fence_at_calls(struct cal_walk *w, const struct cal_scope_cl *st,
				 const struct cl_site *fe)
{
	struct cal_finding *f;
	struct cl_site at;
	size_t i;
	char *name;

	for (i = 0; i < st->nr_calls; i++) {
		const struct cl_call *c = &st->calls[i];
		if (!clang_equalCursors(c->callee, fe->function))
			continue;
		at = *fe;
		at.function = c->caller;
		at.offset = c->offset;
		f = judge_publication(w, st, &at);
		if (f) {
			name = cal_cursor_name(fe->function);
			cal_note_at(w, f, c->call, "the fence runs at this call of '%s', between the "
				    "stores around it", name);
			free(name);
			return;
		}
	}
}

static void judge_fence(struct cal_walk *w, const struct cal_scope_cl *st, const struct cl_site *fe)
{
	CXEvalResult ev;
	int global;

	if (!fe->fence || !fe->narrow)
		return;
	ev = clang_Cursor_Evaluate(clang_Cursor_getArgument(fe->call, 0));
	global = ev && clang_EvalResult_getKind(ev) == CXEval_Int &&
		 (clang_EvalResult_getAsLongLong(ev) & 2);
	if (ev)
		clang_EvalResult_dispose(ev);
	if (!global || judge_publication(w, st, fe) || judge_consumer_fence(w, st, fe))
		return;
	judge_fence_at_calls(w, st, fe);
}

/*
 * Does the barrier stand between the access a and the later access x of
 * another work-item?  In straight code, a before it and x after.  In a loop
 * around it, also a in one iteration and x, written before a, in the next
 * one, where the barrier follows a or precedes x in the loop's body.
 */
static int across(const struct cl_barrier *b, const struct cl_access *a, const struct cl_access *x)
{
	if (a->offset < b->offset && x->offset > b->offset)
		return 1;
	return b->loop_end && a->offset >= b->loop_begin && a->offset < b->loop_end &&
	       x->offset >= b->loop_begin && x->offset < b->loop_end && x->offset < a->offset &&
	       (b->offset > a->offset || b->offset < x->offset);
}

/* CLK_LOCAL_MEM_FENCE written at the call: the flags become both fences. */
static void add_global_fence_fix(struct cal_walk *w, struct cal_finding *f, CXCursor flags)
{
	CXTranslationUnit tu = w->parse->tu;
	CXSourceRange r = clang_getCursorExtent(flags);
	char *text = cal_cursor_text(tu, flags, CAL_TEXT_MACRO_USES);
	struct cal_edit e;
	CXFile file;
	unsigned offset;

	clang_getExpansionLocation(clang_getRangeStart(r), &file, NULL, NULL, &offset);
	if (!text || strcmp(text, LOCAL_FENCE) || !file ||
	    cal_edit_replace_bytes(tu, clang_getLocationForOffset(tu, file, offset),
				   (unsigned)strlen(LOCAL_FENCE),
				   LOCAL_FENCE " | CLK_GLOBAL_MEM_FENCE", &e) < 0)
		cal_note_at(w, f, flags, "no fix: the flags are not written as " LOCAL_FENCE);
	else
		cal_add_fix_edits(f, ADD_GLOBAL_FIX, &e, 1);
	free(text);
}

/*
 * Does another barrier with the fence bit (1: __local, 2: __global) order
 * the store s before the load x: between them, or in the loop around b?
 */
static int fenced_by_other(const struct cal_scope_cl *st, const struct cl_barrier *b,
			   const struct cl_access *s, const struct cl_access *x, long long bit)
{
	size_t i;

	for (i = 0; i < st->nr_barriers; i++) {
		const struct cl_barrier *o = &st->barriers[i];
		if (o == b || o->flagv < 0 || !(o->flagv & bit) ||
		    !clang_equalCursors(o->function, b->function))
			continue;
		if (s->offset < o->offset && o->offset < x->offset)
			return 1;
		if (b->loop_end && o->offset >= b->loop_begin && o->offset < b->loop_end)
			return 1;
	}
	return 0;
}

/*
 * How two accesses of one __global object on either side of a barrier
 * conflict between work-items (rule 3).  The first is a before the
 * barrier, the second b after it (or both in the loop around it).
 */
enum cl_conflict {
	CL_NONE,
	CL_RAW,		/* a store, then a load at another address */
	CL_RAW_WORD,	/* one work-item stores a word, the others read it */
	CL_WAW,		/* a store, then a store at a neighbour's address */
	CL_WAR,		/* a load, then a store at a neighbour's address */
	CL_WAR_WORD,	/* every work-item reads a word, one stores it */
};

/*
 * One word all work-items reach (the same text, no work-item id in it),
 * the second access made by work-items the first one's test does not pick
 * (under a test that picks one, a different test or none).  A test on the
 * work-item is what makes the word shared rather than written by all.
 */
static int word_handed_over(const struct cl_access *a, const struct cl_access *b)
{
	const struct cl_access *one = a->store ? a : b;

	if (strcmp(a->addr, b->addr) || a->per_item || b->per_item || !one->item_test)
		return 0;
	/* one work-item of the whole range ('get_global_id(0) == 0') and a word all
	 * work-groups share: the other work-groups race with it too, which no
	 * fence flag orders (rule 4's kind of finding, not this one's fix) */
	if (!clang_Cursor_isNull(one->group.if_stmt) && !one->per_group)
		return 0;
	return !a->item_test || !b->item_test || strcmp(a->item_test, b->item_test);
}

/*
 * An index as a sum: its terms (text, with their sign) and a constant.
 * 'lid + 1', '(l + 1) % n' (a remainder is peeled: a ring) and
 * 'row * w + tx - 1' are each one or two terms and a constant.
 */
#define MAX_TERMS 8

struct index_sum {
	char *term[MAX_TERMS];
	int nr, unit;		/* unit: a term is the work-item's id itself */
	long long konst;
	int ok;
};

static void sum_add(CXTranslationUnit tu, CXCursor e, int sign, struct index_sum *sum)
{
	CXEvalResult ev;
	struct strbuf sb = STRBUF_INIT;
	char *text;

	e = cal_strip_casts(e);
	if (cal_is_binop(e, CXBinaryOperator_Add) || cal_is_binop(e, CXBinaryOperator_Sub)) {
		sum_add(tu, cal_child(e, 0), sign, sum);
		sum_add(tu, cal_child(e, 1), cal_is_binop(e, CXBinaryOperator_Sub) ? -sign : sign, sum);
		return;
	}
	ev = clang_Cursor_Evaluate(e);
	if (ev && clang_EvalResult_getKind(ev) == CXEval_Int) {
		sum->konst += sign * clang_EvalResult_getAsLongLong(ev);
		clang_EvalResult_dispose(ev);
		return;
	}
	if (ev)
		clang_EvalResult_dispose(ev);
	if (sum->nr == MAX_TERMS) {
		sum->ok = 0;
		return;
	}
	text = address_text(tu, e, 0);
	strbuf_addch(&sb, sign > 0 ? '+' : '-');
	strbuf_adds(&sb, text);
	free(text);
	sum->term[sum->nr++] = strbuf_detach(&sb);
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr || clang_getCursorKind(e) == CXCursor_CallExpr)
		sum->unit |= per_item(e);
}

static void index_sum_of(CXTranslationUnit tu, CXCursor index, struct index_sum *sum)
{
	memset(sum, 0, sizeof(*sum));
	sum->ok = 1;
	index = cal_strip_casts(index);
	if (cal_is_binop(index, CXBinaryOperator_Rem))
		index = cal_child(index, 0);
	sum_add(tu, index, 1, sum);
}

static void index_sum_release(struct index_sum *sum)
{
	while (sum->nr)
		free(sum->term[--sum->nr]);
}

static int same_terms(const struct index_sum *a, const struct index_sum *b)
{
	int i, j, used[MAX_TERMS] = { 0 };

	if (a->nr != b->nr)
		return 0;
	for (i = 0; i < a->nr; i++) {
		for (j = 0; j < b->nr && (used[j] || strcmp(a->term[i], b->term[j])); j++)
			;
		if (j == b->nr)
			return 0;
		used[j] = 1;
	}
	return 1;
}

/*
 * Is one work-item's element another's: both subscripts of one array,
 * the same terms with a different constant, and one term the work-item's
 * id itself ('g[lid]' and 'g[lid + 1]', 'g[l]' and 'g[(l + 1) % n]',
 * 'g[ty * w + tx]' and 'g[ty * w + tx - 1]'), so neighbouring work-items'
 * elements are one apart and the constant reaches one of them.  Not
 * 'g[2 * lid]' and 'g[2 * lid + 1]' (no work-item writes the other's), nor
 * tiles at different rows of one matrix (a[(off + ty) * n + tx] read,
 * a[(row + ty) * n + tx] written: Rodinia's lud_internal), nor the pivot
 * a[k*n+k] one work-item reads before a[row*n+k] is written.
 */
static int neighbour(CXTranslationUnit tu, const struct cl_access *a, const struct cl_access *b)
{
	struct index_sum sa, sb;
	char *arr_a, *arr_b;
	int r;

	if (!a->per_item || !b->per_item ||
	    clang_getCursorKind(a->at) != CXCursor_ArraySubscriptExpr ||
	    clang_getCursorKind(b->at) != CXCursor_ArraySubscriptExpr)
		return 0;
	arr_a = address_text(tu, cal_child(a->at, 0), 0);
	arr_b = address_text(tu, cal_child(b->at, 0), 0);
	r = !strcmp(arr_a, arr_b);
	free(arr_a);
	free(arr_b);
	if (!r)
		return 0;
	index_sum_of(tu, cal_child(a->at, 1), &sa);
	index_sum_of(tu, cal_child(b->at, 1), &sb);
	r = sa.ok && sb.ok && (sa.unit || sb.unit) && sa.konst != sb.konst && same_terms(&sa, &sb);
	index_sum_release(&sa);
	index_sum_release(&sb);
	return r;
}

static enum cl_conflict conflict(CXTranslationUnit tu, const struct cl_barrier *b,
				 const struct cl_access *x, const struct cl_access *y)
{
	if (!clang_equalCursors(x->function, b->function) ||
	    !clang_equalCursors(y->function, b->function) ||
	    !clang_equalCursors(x->base, y->base) || (!x->store && !y->store) ||
	    !across(b, x, y))
		return CL_NONE;
	if (x->store && !y->store)
		return strcmp(x->addr, y->addr) ? CL_RAW :
		       word_handed_over(x, y) ? CL_RAW_WORD : CL_NONE;
	if (neighbour(tu, x, y))
		return x->store ? CL_WAW : CL_WAR;
	return !x->store && word_handed_over(x, y) ? CL_WAR_WORD : CL_NONE;
}

/* The notes at the two accesses, by the kind of conflict. */
static void note_conflict(struct cal_walk *w, struct cal_finding *f, enum cl_conflict k,
			  const struct cl_access *x, const struct cl_access *y, const char *name)
{
	static const char *const second[] = {
		[CL_RAW] = "and read here at another address, by another work-item",
		[CL_RAW_WORD] = "and read here by work-items the test before the barrier "
				"does not pick",
		[CL_WAW] = "and stored here at another address, one another work-item "
			   "stored before the barrier",
		[CL_WAR] = "and stored here at another address, one another work-item "
			   "read before the barrier",
		[CL_WAR_WORD] = "and stored here by the work-item the test picks, after "
				"other work-items read it",
	};

	cal_note_at(w, f, x->at, x->store ? "'%s' is stored here" : "'%s' is read here", name);
	cal_note_at(w, f, y->at, "%s", second[k]);
}

/* barrier(CLK_LOCAL_MEM_FENCE) between work-items exchanging __global data. */
static int judge_local_only(struct cal_walk *w, const struct cal_scope_cl *st,
			    const struct cl_barrier *b)
{
	struct cal_finding *f;
	enum cl_conflict k;
	size_t i, j;
	char *name, *fn;

	if (b->flagv < 0 || (b->flagv & 2) || !(b->flagv & 1))
		return 0;	/* CLK_GLOBAL_MEM_FENCE is there, or no __local fence either */
	for (i = 0; i < st->nr_acc; i++)
		for (j = 0; j < st->nr_acc; j++) {
			const struct cl_access *x = &st->acc[i], *y = &st->acc[j];
			k = i == j ? CL_NONE : conflict(w->parse->tu, b, x, y);
			if (k == CL_NONE || fenced_by_other(st, b, x, y, 2))
				continue;
			name = cal_cursor_name(x->base);
			fn = cal_cursor_name(cal_call_callee(b->call));
			f = cal_report(w, b->call, "'%s' with only CLK_LOCAL_MEM_FENCE orders "
				       "__local memory, but the work-items exchange __global data "
				       "through '%s' across it", fn, name);
			note_conflict(w, f, k, x, y, name);
			add_global_fence_fix(w, f, b->flags);
			free(name);
			free(fn);
			return 1;
		}
	return 0;
}

/* A call of a function of the file in fn between the offsets from and to. */
static int calls_between(const struct cal_scope_cl *st, CXCursor fn, unsigned from, unsigned to)
{
	size_t i;

	for (i = 0; i < st->nr_calls; i++)
		if (clang_equalCursors(st->calls[i].caller, fn) && st->calls[i].offset > from &&
		    st->calls[i].offset < to)
			return 1;
	return 0;
}

struct poll_search {
	unsigned from, to;
	int found;
};

/* Does e read a volatile lvalue, or call an atomic? (What a handshake's loop polls.) */
static enum CXChildVisitResult polled_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		name = cal_cursor_name(c);
		*(int *)data = name && (!strncmp(name, "atomic_", 7) || !strncmp(name, "atom_", 5));
		free(name);
	} else if (clang_isExpression(clang_getCursorKind(c)) &&
		   clang_isVolatileQualifiedType(clang_getCursorType(c))) {
		*(int *)data = 1;
	}
	return *(int *)data ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A loop starting between the offsets whose condition polls (a handshake's wait). */
static enum CXChildVisitResult poll_loop_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct poll_search *ps = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned at;
	int polls = 0;

	(void)parent;
	if (k != CXCursor_WhileStmt && k != CXCursor_DoStmt && k != CXCursor_ForStmt)
		return CXChildVisit_Recurse;
	at = offset_of(clang_getCursorLocation(c));
	if (at > ps->from && at < ps->to) {
		clang_visitChildren(k == CXCursor_DoStmt ? cal_child(c, 1) : cal_child(c, 0),
				    polled_visitor, &polls);
		ps->found = polls;
	}
	return ps->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Does a loop polling a volatile or atomic word stand between the offsets
 * in fn: a handshake between work-groups, which orders them (volatile-sync
 * judges the handshake itself)?
 */
static int handshake_between(CXCursor fn, unsigned from, unsigned to)
{
	struct poll_search ps = { from, to, 0 };

	clang_visitChildren(fn, poll_loop_visitor, &ps);
	return ps.found;
}

/*
 * Does the load x after the barrier read what other work-groups stored
 * at s?  Each work-group stores at an address made from the work-group
 * and x's address is not (an element other work-groups store), or the
 * store, at an address not made from the work-group, is under a test
 * that picks work-groups and x is outside it.
 * Returns 1 or 2 for the two shapes, 0 for neither.  Only the store
 * before the barrier and the load after it in straight code are judged,
 * and not where a call of the file's functions stands between them (it may
 * be a handshake between work-groups, a software grid barrier).
 */
static int crosses_groups(const struct cal_scope_cl *st, const struct cl_barrier *b,
			  const struct cl_access *s, const struct cl_access *x)
{
	if (!s->store || x->store || !clang_equalCursors(s->function, b->function) ||
	    !clang_equalCursors(x->function, b->function) ||
	    !clang_equalCursors(x->base, s->base) || s->offset > b->offset ||
	    x->offset < b->offset || calls_between(st, b->function, s->end, x->offset) ||
	    handshake_between(b->function, s->end, x->offset))
		return 0;
	if (s->per_group && !x->per_group && strcmp(x->addr, s->addr))
		return 1;
	return !s->per_group && !clang_Cursor_isNull(s->group.if_stmt) && s->group.then &&
	       !same_branch(&s->group, &x->group) ? 2 : 0;
}

/* A barrier relied on across work-groups: it waits for one work-group only. */
static int judge_across_groups(struct cal_walk *w, const struct cal_scope_cl *st,
			       const struct cl_barrier *b)
{
	struct cal_finding *f;
	size_t i, j;
	char *name, *fn;
	int shape;

	for (i = 0; i < st->nr_acc; i++)
		for (j = 0; j < st->nr_acc; j++) {
			const struct cl_access *s = &st->acc[i], *x = &st->acc[j];
			shape = crosses_groups(st, b, s, x);
			if (!shape)
				continue;
			name = cal_cursor_name(s->base);
			fn = cal_cursor_name(cal_call_callee(b->call));
			f = cal_report(w, b->call, "'%s' synchronizes the work-items of one "
				       "work-group only, but '%s' is read across it where other "
				       "work-groups store", fn, name);
			if (shape == 1)
				cal_note_at(w, f, s->at, "each work-group stores '%s' here, at an "
					    "address made from the work-group", name);
			else
				cal_note_at(w, f, s->at, "'%s' is stored here only by the "
					    "work-group the test picks", name);
			cal_note_at(w, f, x->at, "and read here by %s, which nothing orders",
				    shape == 1 ? "each work-group at an address other work-groups store"
					       : "every work-group");
			cal_note_at(w, f, b->call, "no fix: work-groups are ordered only by a "
				    "second kernel launch or an atomic handshake between them");
			free(name);
			free(fn);
			return 1;
		}
	return 0;
}

/* The flags written at the call (0 or CLK_GLOBAL_MEM_FENCE), with the __local fence added. */
static void add_local_fence_fix(struct cal_walk *w, struct cal_finding *f, CXCursor flags)
{
	CXTranslationUnit tu = w->parse->tu;
	CXSourceRange r = clang_getCursorExtent(flags);
	char *text = cal_cursor_text(tu, flags, CAL_TEXT_MACRO_USES);
	const char *to = NULL;
	struct cal_edit e;
	CXFile file = NULL;
	unsigned offset;

	if (text && !strcmp(text, "0"))
		to = LOCAL_FENCE;
	else if (text && !strcmp(text, "CLK_GLOBAL_MEM_FENCE"))
		to = "CLK_GLOBAL_MEM_FENCE | " LOCAL_FENCE;
	if (to)
		clang_getExpansionLocation(clang_getRangeStart(r), &file, NULL, NULL, &offset);
	if (!to || !file ||
	    cal_edit_replace_bytes(tu, clang_getLocationForOffset(tu, file, offset),
				   (unsigned)strlen(text), to, &e) < 0)
		cal_note_at(w, f, flags, "no fix: the flags are not written as "
			    "CLK_GLOBAL_MEM_FENCE or 0");
	else
		cal_add_fix_edits(f, ADD_LOCAL_FIX, &e, 1);
	free(text);
}

/* A barrier without CLK_LOCAL_MEM_FENCE between work-items exchanging __local data. */
static void judge_no_local_fence(struct cal_walk *w, const struct cal_scope_cl *st,
				 const struct cl_barrier *b)
{
	struct cal_finding *f;
	enum cl_conflict k;
	size_t i, j;
	char *name, *fn;

	if (b->flagv < 0 || (b->flagv & 1))
		return;
	for (i = 0; i < st->nr_lacc; i++)
		for (j = 0; j < st->nr_lacc; j++) {
			const struct cl_access *x = &st->lacc[i], *y = &st->lacc[j];
			k = i == j ? CL_NONE : conflict(w->parse->tu, b, x, y);
			if (k == CL_NONE || fenced_by_other(st, b, x, y, 1))
				continue;
			name = cal_cursor_name(x->base);
			fn = cal_cursor_name(cal_call_callee(b->call));
			f = cal_report(w, b->call, "'%s' without CLK_LOCAL_MEM_FENCE does not "
				       "order __local memory, but the work-items exchange __local "
				       "data through '%s' across it", fn, name);
			note_conflict(w, f, k, x, y, name);
			add_local_fence_fix(w, f, b->flags);
			free(name);
			free(fn);
			return;
		}
}

static void judge_barrier(struct cal_walk *w, const struct cal_scope_cl *st,
			  const struct cl_barrier *b)
{
	/* across work-groups no fence flag helps: that finding replaces the other */
	if (!judge_across_groups(w, st, b))
		judge_local_only(w, st, b);
	judge_no_local_fence(w, st, b);
}

void cal_scope_cl_end(struct cal_scope_cl *st, struct cal_walk *w)
{
	size_t i;

	for (i = 0; i < st->nr_sites; i++) {
		judge_site(w, st, &st->sites[i]);
		judge_poll_writer(w, st, &st->sites[i]);
		judge_fence(w, st, &st->sites[i]);
	}
	for (i = 0; i < st->nr_barriers; i++)
		judge_barrier(w, st, &st->barriers[i]);
	for (i = 0; i < st->nr_sites; i++) {
		free(st->sites[i].addr);
		free(st->sites[i].name);
		free(st->sites[i].shared);
	}
	for (i = 0; i < st->nr_acc; i++) {
		free(st->acc[i].addr);
		free(st->acc[i].item_test);
	}
	for (i = 0; i < st->nr_lacc; i++) {
		free(st->lacc[i].addr);
		free(st->lacc[i].item_test);
	}
	free(st->lacc);
	free(st->sites);
	free(st->calls);
	free(st->acc);
	free(st->barriers);
	free(st);
}
