/*
 * volatile-sync, matching: in end(), which store a poll of the same object
 * and word makes a flag, and whether it can be fixed.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/language.h"
#include "fixits/edit.h"
#include "fixits/fallbacks.h"
#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"
#include "fixits/include_insert.h"
#include "analysis/volatile_util.h"
#include "analysis/expr_util.h"
#include "atomics/atomics.h"
#include "ptx/asm_template.h"
#include "analysis/spin_loop.h"
#include "checks/volatile-sync/volatile_sync.h"

/* The index of parameter d of function fn, or -1. */
int cal_vs_parameter_index(CXCursor fn, CXCursor d)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_getCanonicalCursor(clang_Cursor_getArgument(fn, i)), d))
			return i;
	return -1;
}

/* ---- keys: which object an access or a lock call is about ---- */

static int is_cast_kind(enum CXCursorKind k)
{
	return k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
	       k == CXCursor_CXXReinterpretCastExpr || k == CXCursor_CXXConstCastExpr;
}

/* Strip parentheses, casts and '&' off an address expression. */
CXCursor cal_vs_strip_address(CXCursor e)
{
	for (int guard = 0; guard < 32; guard++) {
		e = cal_ignore_wrappers(e);
		if (is_cast_kind(clang_getCursorKind(e)) && cal_nr_children(e) > 0)
			e = cal_child(e, cal_nr_children(e) - 1);
		else if (vol_is_unary(e, CXUnaryOperator_AddrOf))
			e = cal_child(e, 0);
		else
			break;
	}
	return e;
}

void cal_vs_key_of(CXCursor e, struct obj_key *k)
{
	CXCursor base;

	memset(k, 0, sizeof(*k));
	k->decl = clang_getNullCursor();
	e = cal_vs_strip_address(e);
	/* q->slots[3] is about the field slots, not about everything q points to */
	for (int guard = 0; guard < 8 && (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr ||
					  vol_is_unary(e, CXUnaryOperator_Deref)) &&
			    clang_getCursorKind(cal_ignore_wrappers(cal_child(e, 0))) ==
				    CXCursor_MemberRefExpr; guard++)
		e = cal_ignore_wrappers(cal_child(e, 0));
	if (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
		k->decl = clang_getCanonicalCursor(clang_getCursorReferenced(e));
		return;
	}
	base = cal_base_variable(e);
	if (clang_Cursor_isNull(base))
		return;
	k->decl = clang_getCanonicalCursor(base);
	if (!clang_Cursor_hasVarDeclGlobalStorage(base) && !cal_var_is_shared(base))
		k->name = cal_cursor_name(base);
}

int cal_vs_keys_match(const struct obj_key *a, const struct obj_key *b)
{
	if (clang_Cursor_isNull(a->decl) || clang_Cursor_isNull(b->decl))
		return 0;
	if (clang_equalCursors(a->decl, b->decl))
		return 1;
	return a->name && b->name && !strcmp(a->name, b->name);
}

/* The declaration whose type carries the volatile of lvalue x, and its reference. */
CXCursor cal_vs_volatile_root(CXCursor x, CXCursor *ref)
{
	for (int guard = 0; guard < 32; guard++) {
		enum CXCursorKind k;
		CXCursor d;

		x = cal_ignore_wrappers(x);
		k = clang_getCursorKind(x);
		if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
			d = clang_getCursorReferenced(x);
			if (cal_type_is_volatile(clang_getCursorType(d))) {
				*ref = x;
				return clang_getCanonicalCursor(d);
			}
			if (k == CXCursor_DeclRefExpr || cal_nr_children(x) < 1)
				break;
			x = cal_child(x, 0);
		} else if (k == CXCursor_ArraySubscriptExpr || vol_is_unary(x, CXUnaryOperator_Deref)) {
			x = cal_child(x, 0);
		} else {
			break;
		}
	}
	return clang_getNullCursor();
}


/* ---- deciding ---- */

int cal_vs_in_mmio_function(const struct sync_state *st, CXCursor fn)
{
	size_t i;

	for (i = 0; i < st->nr_mmio; i++)
		if (clang_equalCursors(st->mmio[i], fn))
			return 1;
	return 0;
}

/* Is the local that pre-read a copies the flag into polled by a loop of the same function? */
static int copy_is_polled(const struct sync_state *st, const struct access *a)
{
	size_t i;

	for (i = 0; i < st->nr_acc; i++) {
		const struct access *b = &st->acc[i];
		if (b->kind == ACC_POLL && !b->pre_read && !b->host && !b->via_accessor &&
		    !clang_Cursor_isNull(b->copy) &&
		    clang_equalCursors(clang_getCanonicalCursor(b->copy),
				       clang_getCanonicalCursor(a->copy)) &&
		    clang_equalCursors(b->function, a->function))
			return 1;
	}
	return 0;
}


/* ---- words: which word of a keyed object an access is about ---- */

enum word_kind { WORD_UNKNOWN, WORD_WHOLE, WORD_CONST, WORD_EXPR };

struct word {
	enum word_kind kind;
	long long index;	/* WORD_CONST */
	CXCursor expr;		/* WORD_EXPR: the index expression */
};

/* p[k] and *p name word k and 0 of what p points to; a variable or field is one word. */
static struct word word_of(CXCursor e)
{
	struct word w = { WORD_UNKNOWN, 0, clang_getNullCursor() };
	enum CXCursorKind k;
	CXEvalResult r;

	e = cal_ignore_wrappers(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
		w.kind = WORD_WHOLE;
	} else if (vol_is_unary(e, CXUnaryOperator_Deref) || k == CXCursor_ArraySubscriptExpr) {
		enum CXCursorKind base = clang_getCursorKind(cal_ignore_wrappers(cal_child(e, 0)));
		if (base != CXCursor_DeclRefExpr && base != CXCursor_MemberRefExpr)
			return w;
		w.kind = WORD_CONST;
		if (k == CXCursor_ArraySubscriptExpr) {
			w.expr = cal_child(e, 1);
			r = clang_Cursor_Evaluate(w.expr);
			if (r && clang_EvalResult_getKind(r) == CXEval_Int)
				w.index = clang_EvalResult_getAsLongLong(r);
			else
				w.kind = WORD_EXPR;
			if (r)
				clang_EvalResult_dispose(r);
		}
	}
	return w;
}

/* 1: a and b (of one key) name the same word, 0: other words, -1: cannot tell. */
static int same_word(CXTranslationUnit tu, CXCursor a, CXCursor b)
{
	struct word wa = word_of(a), wb = word_of(b);
	char *ta, *tb;
	int same;

	if (wa.kind == WORD_UNKNOWN || wb.kind == WORD_UNKNOWN || wa.kind != wb.kind)
		return -1;
	if (wa.kind == WORD_WHOLE)
		return 1;
	if (wa.kind == WORD_CONST)
		return wa.index == wb.index;
	ta = cal_cursor_text(tu, wa.expr, CAL_TEXT_NO_MACROS);
	tb = cal_cursor_text(tu, wb.expr, CAL_TEXT_NO_MACROS);
	same = ta && tb && !strcmp(ta, tb) ? 1 : -1;
	free(ta);
	free(tb);
	return same;
}

/*
 * Is store a, of the object poll b is about, a store to the polled word?
 * Where the words cannot be told apart, it is, unless a store of its
 * function to the same object is the polled word: then that one is the
 * flag, and a the payload next to it ('buf[i] = x; buf[n] = 1;' with
 * buf[n] polled).
 */
static int stores_polled_word(const struct sync_state *st, const struct access *a,
			      const struct access *b)
{
	size_t i;
	int same = same_word(st->tu, a->lvalue, b->lvalue);

	if (same >= 0)
		return same;
	for (i = 0; i < st->nr_acc; i++) {
		const struct access *c = &st->acc[i];
		if (c != a && c->kind == ACC_STORE && !c->host &&
		    clang_equalCursors(c->function, a->function) && cal_vs_keys_match(&a->key, &c->key) &&
		    same_word(st->tu, c->lvalue, b->lvalue) == 1)
			return 0;
	}
	return 1;
}

static int is_managed(CXTranslationUnit tu, CXCursor var)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;
	int found = 0;

	if (clang_getCursorKind(var) != CXCursor_VarDecl)
		return 0;
	clang_tokenize(tu, vol_file_extent(tu, var), &toks, &n);
	for (i = 0; i < n && !found; i++) {
		char *t = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		found = !strcmp(t, "__managed__") || !strcmp(t, "managed");
		free(t);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

/*
 * Does the host write what poll a reads: a store in host code to it, or a
 * __managed__ variable?  Then the acquire must be system-scope: a
 * device-scope one does not synchronize with the CPU's store.
 */
static int host_writes(const struct sync_state *st, const struct access *a)
{
	size_t i;

	if (!clang_Cursor_isNull(a->key.decl) && !a->key.name && is_managed(st->tu, a->key.decl))
		return 1;
	for (i = 0; i < st->nr_acc; i++) {
		const struct access *b = &st->acc[i];
		if (b->kind == ACC_STORE && b->host && cal_vs_keys_match(&a->key, &b->key) &&
		    same_word(st->tu, b->lvalue, a->lvalue) != 0)
			return 1;
	}
	return 0;
}

/* The poll of the flag that a store through a parameter of its function is handed, or NULL. */
const struct access *cal_vs_poll_through_call(const struct sync_state *st, struct access *a)
{
	CXCursor base = cal_base_variable(a->lvalue), function;
	int index;
	size_t i, j;

	if (clang_getCursorKind(base) != CXCursor_ParmDecl ||
	    (index = cal_vs_parameter_index(a->function, clang_getCanonicalCursor(base))) < 0)
		return NULL;
	function = clang_getCanonicalCursor(a->function);
	for (i = 0; i < st->nr_arg_calls; i++) {
		CXCursor call = st->arg_calls[i], arg;
		struct obj_key key;
		int as_is;
		if (!clang_equalCursors(st->arg_callees[i], function) ||
		    index >= clang_Cursor_getNumArguments(call))
			continue;
		arg = cal_ignore_wrappers(clang_Cursor_getArgument(call, index));
		/* the pointer handed on as it is: its words are the parameter's words */
		as_is = clang_getCursorKind(arg) == CXCursor_DeclRefExpr ||
			clang_getCursorKind(arg) == CXCursor_MemberRefExpr;
		cal_vs_key_of(arg, &key);
		for (j = 0; j < st->nr_acc; j++) {
			const struct access *b = &st->acc[j];
			if (b->kind == ACC_POLL && !b->pre_read && !b->host &&
			    !cal_vs_in_mmio_function(st, b->function) && cal_vs_keys_match(&key, &b->key) &&
			    (!as_is || stores_polled_word(st, a, b))) {
				free(key.name);
				a->stored_via = &st->arg_calls[i];
				return b;
			}
		}
		free(key.name);
	}
	return NULL;
}

/* The integer constant e folds to, in *v; 0 if it is none. */
static int integer_constant(CXCursor e, long long *v)
{
	CXEvalResult r;
	int ok;

	if (clang_Cursor_isNull(e) || !(r = clang_Cursor_Evaluate(e)))
		return 0;
	ok = clang_EvalResult_getKind(r) == CXEval_Int;
	if (ok)
		*v = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return ok;
}

/*
 * Does every word of a global variable (not __shared__, defined in this
 * translation unit) start out holding v?  No initializer (a __device__
 * variable is zero-initialized) or '= v'; for an array, '{}' or '{0, ...}'
 * all zeros, with v 0.
 */
static int starts_as(CXCursor var, long long v)
{
	CXCursor init;
	long long w;
	int i, n;

	if (clang_getCursorKind(var) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(var) != 1 ||
	    cal_var_is_shared(var))
		return 0;
	var = clang_getCursorDefinition(var);	/* 'extern' here, defined elsewhere: unknown */
	if (clang_Cursor_isNull(var))
		return 0;
	init = clang_Cursor_getVarDeclInitializer(var);
	if (clang_Cursor_isNull(init))
		return v == 0;
	init = cal_ignore_wrappers(init);
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return integer_constant(init, &w) && w == v;
	n = cal_nr_children(init);
	for (i = 0; i < n; i++)
		if (!integer_constant(cal_child(init, i), &w) || w != 0)
			return 0;
	return v == 0;
}

static enum CXChildVisitResult user_call_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	CXCursor callee;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	callee = clang_getCursorReferenced(c);
	/* OpenCL C: a function with no body in the program is a built-in (get_global_id) */
	if (*(int *)data == 2 && cal_ocl_is_builtin_call(c))
		return CXChildVisit_Recurse;
	if (clang_Cursor_isNull(callee) ||
	    !clang_Location_isInSystemHeader(clang_getCursorLocation(callee))) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does fn call anything but the toolkit's (OpenCL C's) functions, or a call it cannot name? */
static int calls_user_code(CXCursor fn, int opencl)
{
	int found = opencl ? 2 : 0;

	clang_visitChildren(fn, user_call_visitor, &found);
	return found == 1;
}

struct wait_value {
	CXCursor lvalue;
	long long v;
};

static int is_lvalue(CXCursor e, CXCursor lvalue)
{
	return clang_equalCursors(cal_strip_casts(e), lvalue);
}

/* 'x == v', 'v == x' or, for 0, '!x', where x is the polled lvalue. */
static int compares_to(CXCursor c, void *data)
{
	const struct wait_value *wv = data;
	long long k;
	int side;

	if (vol_is_unary(c, CXUnaryOperator_LNot))
		return wv->v == 0 && is_lvalue(cal_child(c, 0), wv->lvalue);
	if (!cal_is_binop(c, CXBinaryOperator_EQ))
		return 0;
	for (side = 0; side < 2; side++)
		if (is_lvalue(cal_child(c, side), wv->lvalue) &&
		    integer_constant(cal_child(c, 1 - side), &k) && k == wv->v)
			return 1;
	return 0;
}

/* Is the store's word polled, and does every poll of it spin while it holds v? */
static int every_poll_waits_on(const struct sync_state *st, const struct access *a, long long v)
{
	size_t i, polls = 0;

	for (i = 0; i < st->nr_acc; i++) {
		const struct access *b = &st->acc[i];
		struct wait_value wv = { b->lvalue, v };
		if (b->kind != ACC_POLL || !cal_vs_keys_match(&a->key, &b->key))
			continue;
		if (b->pre_read || !clang_isCursorDefinition(b->function) ||
		    !cal_subtree_find(b->function, compares_to, NULL, &wv, NULL))
			return 0;
		polls++;
	}
	return polls > 0;
}

/*
 * Is store a a reset in a kernel of its own: 'g_mutex = 0;' in a kernel
 * that neither polls the word nor calls any code that could, storing the
 * value the global starts with?  The kernel that polls it ran before or runs
 * after, and a kernel launch boundary orders the store: it publishes
 * nothing and needs no ordering (shoc's Reset_kernel_parameters).  A store
 * of another value in such a kernel may be a signal to a kernel running
 * beside it on another stream, and stays a finding; so does a reset polled
 * by host code, which runs beside the kernel.
 */
static int is_reset_between_kernels(const struct sync_state *st, const struct access *a)
{
	CXCursor rhs;
	long long v;
	int compound;
	size_t i;

	/* a __global__ kernel, or an OpenCL __kernel */
	if ((cal_function_space(a->function) != CAL_SPACE_GLOBAL &&
	     (!a->key.name || cal_ocl_function_space(a->function) != CAL_SPACE_GLOBAL)) ||
	    (!a->key.name && clang_Cursor_isNull(a->key.decl)) ||
	    !vol_is_assignment(a->assign, &compound) || compound ||
	    cal_nr_children(a->assign) != 2)
		return 0;
	rhs = cal_child(a->assign, 1);
	/*
	 * The value the word starts with: a global's initializer; for a word
	 * behind a pointer (an OpenCL kernel's status words), the value every
	 * poll waits on ('while (status[g - 1] == 0)'), which ends no wait.
	 */
	if (!integer_constant(rhs, &v) ||
	    (a->key.name ? !every_poll_waits_on(st, a, v) : !starts_as(a->key.decl, v)))
		return 0;
	for (i = 0; i < st->nr_acc; i++) {
		const struct access *b = &st->acc[i];
		if (b->kind == ACC_POLL && cal_vs_keys_match(&a->key, &b->key) &&
		    (b->host || clang_equalCursors(b->function, a->function)))
			return 0;
	}
	/* a lock's word: the store releases it, whatever value it writes */
	for (i = 0; i < st->nr_locks; i++)
		if (cal_vs_keys_match(&a->key, &st->locks[i].key))
			return 0;
	return !calls_user_code(a->function, cal_function_space(a->function) != CAL_SPACE_GLOBAL);
}

/* ---- a store the block's barrier orders before every poll ---- */

#define MAX_PATH 64

struct path_search {
	CXCursor target;
	CXCursor path[MAX_PATH];	/* from the searched cursor's child down to target */
	int depth, found;
};

static enum CXChildVisitResult path_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct path_search *ps = data;

	(void)parent;
	if (ps->depth == MAX_PATH)
		return CXChildVisit_Break;
	ps->path[ps->depth++] = c;
	if (clang_equalCursors(c, ps->target)) {
		ps->found = 1;
		return CXChildVisit_Break;
	}
	clang_visitChildren(c, path_visitor, ps);
	if (ps->found)
		return CXChildVisit_Break;
	ps->depth--;
	return CXChildVisit_Continue;
}

static unsigned offset_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
	return off;
}

/* A statement that is a call to __syncthreads() (or its _count/_and/_or forms). */
static int is_block_barrier(CXCursor s)
{
	CXCursor e = cal_ignore_wrappers(s);

	return vol_call_named(e, "__syncthreads") || vol_call_named(e, "__syncthreads_count") ||
	       vol_call_named(e, "__syncthreads_and") || vol_call_named(e, "__syncthreads_or");
}

/*
 * The __syncthreads() every thread of fn runs after store: a statement
 * of a { } block around the store, after the store's statement, with no
 * loop around the store (a second iteration's store would follow the
 * first one's polls).  Null if there is none.
 */
static CXCursor barrier_after(CXCursor fn, CXCursor store)
{
	struct path_search ps;
	int i, j, n;

	memset(&ps, 0, sizeof(ps));
	ps.target = store;
	clang_visitChildren(fn, path_visitor, &ps);
	if (!ps.found)
		return clang_getNullCursor();
	for (i = 0; i < ps.depth; i++) {
		enum CXCursorKind k = clang_getCursorKind(ps.path[i]);
		if (cal_is_loop_kind(k) || k == CXCursor_LambdaExpr)
			return clang_getNullCursor();
	}
	for (i = ps.depth - 2; i >= 0; i--) {
		if (clang_getCursorKind(ps.path[i]) != CXCursor_CompoundStmt)
			continue;
		n = cal_nr_children(ps.path[i]);
		for (j = 0; j < n; j++) {
			CXCursor s = cal_child(ps.path[i], j);
			if (offset_of(s) > offset_of(ps.path[i + 1]) && is_block_barrier(s))
				return s;
		}
	}
	return clang_getNullCursor();
}

struct before_barrier {
	const struct sync_state *st;
	const struct access *store;
	unsigned limit;		/* the barrier's offset */
	int depth;		/* of callees looked into */
	int found;
};

static int may_poll(struct before_barrier *bb, CXCursor fn);

/* Could a call before the barrier poll the word: one to user code that polls it or calls more? */
static enum CXChildVisitResult early_call_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct before_barrier *bb = data;
	CXCursor callee;

	(void)parent;
	if (offset_of(c) >= bb->limit)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		callee = clang_getCursorReferenced(c);
		if (clang_Cursor_isNull(callee) ||
		    (!clang_Location_isInSystemHeader(clang_getCursorLocation(callee)) &&
		     may_poll(bb, callee))) {
			bb->found = 1;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* Does fn (called before the barrier) poll the store's word, or call user code? */
static int may_poll(struct before_barrier *bb, CXCursor fn)
{
	struct before_barrier inner = { bb->st, bb->store, UINT_MAX, bb->depth + 1, 0 };
	CXCursor def = clang_getCursorDefinition(fn);
	size_t i;

	if (clang_Cursor_isNull(def) || bb->depth > 0)
		return 1;	/* unknown, or a callee's callee */
	for (i = 0; i < bb->st->nr_acc; i++) {
		const struct access *b = &bb->st->acc[i];
		if (b->kind == ACC_POLL && cal_vs_keys_match(&b->key, &bb->store->key) &&
		    clang_equalCursors(clang_getCanonicalCursor(b->function),
				       clang_getCanonicalCursor(def)))
			return 1;
	}
	clang_visitChildren(def, early_call_visitor, &inner);
	return inner.found;
}

/* Does a poll (or lock loop) of a's word in fn come before offset limit? */
static int polled_before(const struct sync_state *st, const struct access *a, CXCursor fn,
			 unsigned limit)
{
	CXCursor canon = clang_getCanonicalCursor(fn);
	size_t i;

	for (i = 0; i < st->nr_acc; i++) {
		const struct access *b = &st->acc[i];
		if (b->kind == ACC_POLL && cal_vs_keys_match(&a->key, &b->key) &&
		    clang_equalCursors(clang_getCanonicalCursor(b->function), canon) &&
		    offset_of(b->lvalue) < limit)
			return 1;
	}
	for (i = 0; i < st->nr_locks; i++)
		if (cal_vs_keys_match(&a->key, &st->locks[i].key) &&
		    offset_of(st->locks[i].call) < limit)
			return 1;
	return 0;
}

/*
 * Is store a an initialisation the block's barrier orders: a store to
 * __shared__ memory in a kernel's own code, outside loops, followed by a
 * __syncthreads() that every poll of the word comes after ('if (t == 0)
 * ready = 0; __syncthreads();' then helpers that poll ready)?  Only the
 * block's threads reach its shared memory, all of them through this
 * kernel, and nothing before the barrier polls the word (no poll or lock
 * loop of the kernel, no call of user code that polls it or calls more):
 * the barrier orders the store before every poll, so it publishes
 * nothing and needs no release.
 */
static int is_init_before_barrier(const struct sync_state *st, const struct access *a)
{
	struct before_barrier bb = { st, a, 0, 0, 0 };
	CXCursor fn = a->function, barrier;

	if (st->opencl || cal_function_space(fn) != CAL_SPACE_GLOBAL ||
	    !cal_vs_object_is_shared(a->lvalue) || !clang_isCursorDefinition(fn))
		return 0;
	barrier = barrier_after(fn, a->assign);
	if (clang_Cursor_isNull(barrier))
		return 0;
	bb.limit = offset_of(barrier);
	if (polled_before(st, a, fn, bb.limit))
		return 0;
	clang_visitChildren(fn, early_call_visitor, &bb);
	return !bb.found;
}

/*
 * Does volatile store b write what poll a reads: the same object, or
 * through a parameter of a helper some call hands a's flag
 * ('set_ready(ready, 1)', whose store the check pairs with a's poll)?
 */
static int store_writes(const struct sync_state *st, const struct access *b, const struct access *a)
{
	struct access copy = *b; /* cal_vs_poll_through_call notes the call in it */
	const struct access *polled;

	if (b->kind != ACC_STORE || b->host)
		return 0;
	if (cal_vs_keys_match(&a->key, &b->key))
		return 1;
	polled = cal_vs_poll_through_call(st, &copy);
	return polled && cal_vs_keys_match(&a->key, &polled->key);
}

/* Does device code of the translation unit write what poll a reads (any store or atomic)? */
static int writer_seen(const struct sync_state *st, const struct access *a)
{
	size_t i;

	for (i = 0; i < st->nr_acc; i++)
		if (store_writes(st, &st->acc[i], a))
			return 1;
	for (i = 0; i < st->nr_writes; i++)
		if (cal_vs_keys_match(&a->key, &st->writes[i]))
			return 1;
	return 0;
}

/*
 * Must the fix of poll a keep the system scope of the volatile load (a
 * relaxed load at system scope in the PTX memory model)?  When the host
 * writes the word, when the run allocates host-pinned or managed memory
 * (the CPU may write it), or when no code of this translation unit writes
 * it (the writer may be the CPU, or another device): a device-scope
 * acquire would not synchronize with such a writer.
 */
static void decide_poll_scope(const struct sync_state *st, struct access *a)
{
	if (!a->flagged || cal_vs_object_is_shared(a->lvalue))
		return;
	a->system_scope = host_writes(st, a);
	if (a->system_scope || st->opencl)
		return;
	if (st->host_memory)
		a->system_why = st->host_memory;
	else if (!writer_seen(st, a))
		a->system_why = "";
	a->system_scope = a->system_why != NULL;
}

/*
 * Does a fence of rank fence_rank right after the loop make the poll a's
 * read an acquire, or right before the store a make it a release (the PTX
 * memory model's acquire and release patterns)?  Its scope must cover the
 * other side's, as the fix's would: block for __shared__, system where the
 * other side may be the CPU or another GPU, device otherwise.
 */
int cal_vs_fence_orders(const struct sync_state *st, const struct access *a, int fence_rank)
{
	int needed = cal_vs_object_is_shared(a->lvalue) ? 1 : a->system_scope ? 3 : 2;

	return fence_rank > 0 && fence_rank >= needed;
}

void cal_vs_decide_flag(struct sync_state *st, struct access *a)
{
	size_t i;

	if (cal_vs_in_mmio_function(st, a->function) || (a->kind == ACC_STORE && a->host))
		return;
	if (a->kind == ACC_STORE &&
	    (is_reset_between_kernels(st, a) || is_init_before_barrier(st, a)))
		return;
	if (a->kind == ACC_POLL && a->pre_read) {
		a->flagged = copy_is_polled(st, a);
		decide_poll_scope(st, a);
		return;
	}
	if (a->kind == ACC_POLL) {
		/* the scope also judges the fence after an accessor's poll (report_poll_call) */
		a->flagged = 1;
		decide_poll_scope(st, a);
		a->flagged = !a->host && !a->via_accessor &&
			     !cal_vs_fence_orders(st, a, a->fence_after);
		return;
	}
	for (i = 0; i < st->nr_locks; i++) {
		if (cal_vs_keys_match(&a->key, &st->locks[i].key)) {
			a->flagged = a->lock = 1;
			a->polled_at = &st->locks[i].call;
			return;
		}
	}
	/* any poll makes the store a signal; a poll in host code makes it a system-scope one */
	for (i = 0; i < st->nr_acc; i++) {
		const struct access *b = &st->acc[i];
		if (b->kind != ACC_POLL || b->pre_read || cal_vs_in_mmio_function(st, b->function) ||
		    !cal_vs_keys_match(&a->key, &b->key) || (a->flagged && !b->host) ||
		    !stores_polled_word(st, a, b))
			continue;
		a->flagged = 1;
		a->polled_at = &b->lvalue;
		a->system_scope = b->host;
	}
	/* a producer accessor: 'set_ready(flag)' with set_ready storing through its parameter */
	if (!a->flagged) {
		const struct access *b = cal_vs_poll_through_call(st, a);
		if (b) {
			a->flagged = 1;
			a->polled_at = &b->lvalue;
		}
	}
	/* the CPU may read what the store publishes: keep the volatile store's system scope */
	if (a->flagged && !a->lock && !a->system_scope && st->host_memory && !st->opencl &&
	    !cal_vs_object_is_shared(a->lvalue)) {
		a->system_scope = 1;
		a->system_why = st->host_memory;
	}
	/* the release pattern: a fence, then the (relaxed) volatile store */
	if (a->flagged && !a->lock && cal_vs_fence_orders(st, a, a->fence_before))
		a->flagged = 0;
}

/* Types the fix can hand to cuda::atomic_ref (any scalar) or to atomicAdd/atomicExch. */
int cal_vs_type_fits(CXType t, int legacy)
{
	CXType u = clang_getCanonicalType(cal_type_unqualified(t));

	switch (u.kind) {
	case CXType_Int: case CXType_UInt: case CXType_ULongLong: case CXType_Float:
		return 1;
	case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_UShort:
	case CXType_ULong: case CXType_Char_S: case CXType_SChar: case CXType_Short:
	case CXType_Long: case CXType_LongLong: case CXType_Double: case CXType_Pointer:
	case CXType_Enum:
		return !legacy;
	default:
		return 0;
	}
}

int cal_vs_decide_can_fix(const struct sync_state *st, const struct access *a)
{
	char *text;
	int ok;

	/* the legacy form's __threadfence() orders at device scope only */
	if (st->legacy && a->system_scope)
		return 0;
	if (st->no_fixes || !a->fix_allowed || a->rmw ||
	    !cal_vs_type_fits(clang_getCursorType(a->lvalue), st->legacy))
		return 0;
	if (a->kind == ACC_STORE && !a->value_unused)
		return 0;
	text = cal_cursor_text(st->tu, a->kind == ACC_STORE ? a->assign : a->lvalue,
			       CAL_TEXT_NO_MACROS);
	ok = text != NULL;
	free(text);
	return ok;
}

/* The token range of the one 'volatile' of declaration d (up to the next token). */
static CXSourceRange volatile_token_range(CXTranslationUnit tu, CXCursor d)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;
	int count = 0;
	CXSourceRange r = clang_getNullRange();

	clang_tokenize(tu, vol_file_extent(tu, d), &toks, &n);
	for (i = 0; i + 1 < n; i++) {
		char *s = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		if (!strcmp(s, "volatile")) {
			count++;
			r = clang_getRange(clang_getTokenLocation(tu, toks[i]),
					   clang_getTokenLocation(tu, toks[i + 1]));
		}
		free(s);
	}
	clang_disposeTokens(tu, toks, n);
	return count == 1 ? r : clang_getNullRange();
}

static int in_main_file(CXCursor c)
{
	return clang_Location_isFromMainFile(clang_getCursorLocation(c));
}

/*
 * Does a launch of fn pass a pointer to volatile as argument index?  It
 * would not convert to the parameter once volatile goes from it.
 */
static int launch_passes_volatile(const struct sync_state *st, CXCursor fn, int index)
{
	CXCursor canonical = clang_getCanonicalCursor(fn), arg;
	CXType t;
	size_t i;

	for (i = 0; i < st->nr_launches; i++) {
		CXCursor call = st->launches[i];
		if (!clang_equalCursors(clang_getCanonicalCursor(cal_call_callee(call)), canonical))
			continue;
		if (clang_Cursor_getNumArguments(call) <= index)
			return 1;
		arg = cal_ignore_wrappers(clang_Cursor_getArgument(call, index));
		t = clang_getCanonicalType(clang_getCursorType(arg));
		if (t.kind == CXType_Invalid ||
		    ((t.kind == CXType_Pointer || t.kind == CXType_IncompleteArray ||
		      t.kind == CXType_ConstantArray) &&
		     vol_type_is_volatile(t.kind == CXType_Pointer ? clang_getPointeeType(t)
								  : clang_getArrayElementType(t))))
			return 1;
	}
	return 0;
}

/*
 * A kernel's parameter: dropping volatile changes the kernel's signature.
 * It may go only where every declaration the parse sees is rewritten too
 * (the definition and any prototype, all in the main file: a header's
 * prototype or definition is shared with other files and keeps it) and
 * no launch the parse sees passes a pointer to volatile there (host code
 * launching k<<<...>>>(flag) with 'volatile int *flag' would no longer
 * compile).  parms gets the parameter in each prototype; returns their
 * number or -1.
 */
static int kernel_parameter_decls(const struct sync_state *st, CXCursor d, CXCursor *parms)
{
	CXCursor fn = clang_getCursorSemanticParent(d), def = clang_getCursorDefinition(fn);
	int index, n = 0;
	size_t i;

	/* a template's declarations are not all FunctionDecls: keep volatile there */
	if (cal_function_space(fn) != CAL_SPACE_GLOBAL || clang_Cursor_isNull(def) ||
	    clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
	    !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)) ||
	    !in_main_file(def) || (index = cal_vs_parameter_index(def, d)) < 0 ||
	    launch_passes_volatile(st, fn, index))
		return -1;
	for (i = 0; i < st->nr_protos; i++) {
		CXCursor p = st->protos[i];
		if (!clang_equalCursors(clang_getCanonicalCursor(p), clang_getCanonicalCursor(fn)))
			continue;
		if (!in_main_file(p) || n == MAX_DROPS - 1 ||
		    clang_Cursor_getNumArguments(p) <= index)
			return -1;
		parms[n++] = clang_Cursor_getArgument(p, index);
	}
	return n;
}

/* A member of a class template: member functions this TU does not instantiate use it unseen. */
static int is_class_template_member(CXCursor d)
{
	CXCursor parent = clang_getCursorSemanticParent(d);
	enum CXCursorKind k = clang_getCursorKind(parent);

	return k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization ||
	       !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(parent));
}

/*
 * May volatile go from the declaration d itself without breaking other
 * code?  parms gets other declarations of it that lose volatile too (a
 * kernel's prototypes), *nr_parms their number.
 */
static int declaration_may_lose_volatile(const struct sync_state *st, CXCursor d,
					 CXCursor *parms, int *nr_parms)
{
	enum CXCursorKind k = clang_getCursorKind(d);

	*nr_parms = 0;
	/* a field of a header's struct: other translation units' uses are not seen */
	if (k == CXCursor_FieldDecl)
		return in_main_file(d) && !is_class_template_member(d);
	if (k == CXCursor_ParmDecl)
		return (*nr_parms = kernel_parameter_decls(st, d, parms)) >= 0;
	if (k != CXCursor_VarDecl)
		return 0;
	if (clang_Cursor_hasVarDeclGlobalStorage(d))
		return clang_equalCursors(d, clang_getCursorDefinition(d));
	if (cal_nr_children(d) > 0) {
		/* the initializer as written, under the implicit conversion to volatile */
		CXCursor init = cal_ignore_wrappers(cal_child(d, cal_nr_children(d) - 1));
		if (clang_isExpression(clang_getCursorKind(init)) &&
		    cal_type_is_volatile(clang_getCursorType(init)))
			return 0;
	}
	return 1;
}

static int use_is_rewritten(const struct sync_state *st, const struct use *u)
{
	size_t i;

	for (i = 0; i < st->nr_acc; i++)
		if (st->acc[i].can_fix && clang_equalCursors(st->acc[i].root_ref, u->ref))
			return 1;
	return 0;
}

/*
 * The edits dropping volatile from root (and from the same parameter of a
 * kernel's prototypes): their number, or -1 if volatile must stay.
 */
int cal_vs_drop_volatile_edits(const struct sync_state *st, CXCursor root, struct cal_edit *e)
{
	CXCursor decls[MAX_DROPS];
	int i, n = 0;
	size_t u;

	if (clang_Cursor_isNull(root) || !declaration_may_lose_volatile(st, root, decls + 1, &n))
		return -1;
	for (u = 0; u < st->nr_uses; u++)
		if (clang_equalCursors(st->uses[u].decl, root) && !use_is_rewritten(st, &st->uses[u]))
			return -1;
	decls[0] = root;
	for (i = 0; i <= n; i++) {
		CXSourceRange r = volatile_token_range(st->tu, decls[i]);
		if (clang_Range_isNull(r) || cal_edit_replace(r, "", &e[i]) < 0) {
			while (i-- > 0)
				cal_edit_clear(&e[i]);
			return -1;
		}
	}
	return n + 1;
}
