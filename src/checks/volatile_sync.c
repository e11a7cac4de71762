/*
 * volatile-sync: device code that communicates between threads through
 * volatile lvalues.
 *
 * CUDA's volatile gives neither atomicity nor ordering (Programming Guide,
 * "Volatile Qualifier"), so a spin loop on a volatile flag may see the flag
 * before the data it guards, and a volatile store publishes nothing.  The
 * check flags, in device code of a device parse:
 *   - a read through volatile in the condition of a loop that spins on it
 *     (the loop does not change what the operand of '&&'/'||'/'!' holding
 *     the read depends on: a time-out counted in another operand is fine),
 *     or in an 'if (...) break;' that ends such a loop, also through a local
 *     copy, an accessor, or a small helper loading with PTX 'ld.volatile';
 *   - a plain store through volatile to the word that some loop of the
 *     translation unit polls, either through volatile or with
 *     atomicCAS/atomicExch (a lock acquired in a loop and released by a
 *     volatile store), also through a parameter of a function that a call
 *     hands the polled flag.
 * Polls and stores in host code make the other side a CPU-GPU signal: its
 * fix takes system scope.
 * Polled objects are matched by declaration (a global, a __shared__ or a
 * field) or, for pointers held in parameters and locals, by name, since the
 * producer and the consumer are often separate kernels; within an object,
 * by word (constant indexes, or the same index text).  Everything is
 * collected during the walk and decided in end().  Functions that use PTX
 * .mmio instructions are volatile MMIO code and left alone.
 *
 * The fix is an acquire load / release store through cuda::atomic_ref with
 * block scope for __shared__ objects and device (or system) scope
 * otherwise; below sm_60 the legacy atomicAdd/atomicExch + __threadfence
 * form.  A lock release's fix also makes every acquiring loop an acquire,
 * or there is no fix.  volatile is dropped from the declaration when every
 * use of it (and, for a kernel parameter, every declaration of the kernel)
 * is rewritten; otherwise a const_cast strips it at the use.
 */
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

#define ATOMIC_HEADER "cuda/atomic"
enum access_kind { ACC_POLL, ACC_STORE };

/* What a poll and a store must share to be the same flag. */
struct obj_key {
	CXCursor decl;	/* canonical declaration, or null */
	char *name;	/* pointer held in a local or parameter: matched by name */
};

struct access {
	enum access_kind kind;
	CXCursor lvalue;	/* the volatile lvalue read or written */
	CXCursor assign;	/* ACC_STORE: the assignment */
	CXCursor function;
	struct obj_key key;
	CXCursor root;		/* declaration whose type carries the volatile, or null */
	CXCursor root_ref;	/* the reference to root inside lvalue */
	int fix_allowed;	/* not in a type-dependent template instantiation */
	int in_instantiation;
	int host;		/* ACC_POLL in host code: only makes stores polled */
	int via_accessor;	/* ACC_POLL through an accessor call: only makes stores polled */
	int system_scope;	/* ACC_STORE polled by host code */
	CXCursor copy;		/* ACC_POLL: the local the value is copied into, or null */
	int pre_read;		/* ACC_POLL: a copy made before the loop that polls copy */
	int statement;		/* ACC_STORE: a statement of a { } block */
	int value_unused;	/* ACC_STORE: the assignment's value is not used */
	int rmw;		/* ACC_STORE: '++', '--' or 'op=' (OpenCL C): no fix */
	/* decided in end() */
	int flagged, can_fix;
	const CXCursor *polled_at;	/* ACC_STORE: where the object is polled */
	int lock;			/* ACC_STORE: polled by a CAS/exchange loop */
	const char *lock_scope;		/* lock release: the scope of the lock */
	const CXCursor *stored_via;	/* ACC_STORE through a parameter: the call passing the flag */
	const char *no_fix_why;		/* lock release: why the acquiring side has no fix */
	const CXCursor *no_fix_at;
};

/* A loop that acquires a lock with atomicCAS/atomicExch. */
struct lock_site {
	struct obj_key key;
	CXCursor call;
	CXCursor loop;		/* the loop spinning on the call */
	CXCursor block;		/* the { } block holding the loop as a statement, or null */
	int fix_allowed;
};

struct use {
	CXCursor decl;	/* canonical */
	CXCursor ref;
};

/*
 * A spin-wait whose condition calls an accessor that reads through
 * volatile, or a small helper that loads with inline PTX 'ld.volatile'.
 */
struct poll_call {
	CXCursor call;		/* in the loop condition: reported */
	CXCursor read;		/* the volatile read inside the accessor (the asm's operand) */
	CXCursor accessor;	/* its definition */
	CXCursor asm_stmt;	/* the 'ld.volatile' asm statement, or null */
};

struct sync_state {
	CXTranslationUnit tu;
	int legacy;		/* a target of the build lacks cuda::atomic_ref */
	const char *scope;
	int no_fixes;		/* partial parse */
	struct access *acc;
	size_t nr_acc, alloc_acc;
	struct lock_site *locks;
	size_t nr_locks, alloc_locks;
	struct use *uses;
	size_t nr_uses, alloc_uses;
	CXCursor *mmio;
	size_t nr_mmio, alloc_mmio;
	struct poll_call *calls;
	size_t nr_calls, alloc_calls;
	CXCursor *protos;	/* function declarations that are not definitions */
	size_t nr_protos, alloc_protos;
	CXCursor *launches;	/* kernel launches (host or device): their arguments' types */
	size_t nr_launches, alloc_launches;
	CXCursor *arg_calls;	/* calls passing arguments to volatile pointer parameters */
	CXCursor *arg_callees;	/* their callees, canonical (looked up once: poll_through_call) */
	size_t nr_arg_calls, alloc_arg_calls, alloc_arg_callees;
};

/* A call of a kernel: its arguments must still convert once volatile goes. */
static void record_launch(struct sync_state *st, CXCursor call)
{
	CXCursor callee = cal_call_callee(call);

	if (clang_Cursor_isNull(callee) || cal_function_space(callee) != CAL_SPACE_GLOBAL)
		return;
	GROW(st->launches, st->alloc_launches, st->nr_launches + 1);
	st->launches[st->nr_launches++] = call;
}

/* At most this many declarations of a kernel lose volatile together. */
#define MAX_DROPS 8

/* The build's targets, not just this parse's: the fix must compile for all. */
static int needs_legacy_form(const struct cal_walk *w)
{
	const struct cal_fact *f = cal_facts_find(CAL_API_LIBCUDACXX, CAL_OP_LOAD, CAL_T_ANY, 0);
	unsigned min_sm = f ? cal_fact_min_sm(f, 0) : 0;
	const struct cal_target_set *set = w->parse->targets;
	int i;

	if (cal_walk_targets_below(w, min_sm))
		return 1;
	for (i = 0; set && i < set->n; i++)
		if (set->t[i].sm < min_sm)
			return 1;
	return 0;
}

static void *sync_begin(struct cal_walk *w)
{
	struct sync_state *st = xcalloc(1, sizeof(*st));

	st->tu = w->parse->tu;
	st->no_fixes = w->parse->partial;
	st->legacy = !w->parse->is_host && needs_legacy_form(w);
	st->scope = w->parse->scope_system ? "cuda::thread_scope_system" : "cuda::thread_scope_device";
	return st;
}

/* The index of parameter d of function fn, or -1. */
static int parameter_index(CXCursor fn, CXCursor d)
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
static CXCursor strip_address(CXCursor e)
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

static void key_of(CXCursor e, struct obj_key *k)
{
	CXCursor base;

	memset(k, 0, sizeof(*k));
	k->decl = clang_getNullCursor();
	e = strip_address(e);
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

static int keys_match(const struct obj_key *a, const struct obj_key *b)
{
	if (clang_Cursor_isNull(a->decl) || clang_Cursor_isNull(b->decl))
		return 0;
	if (clang_equalCursors(a->decl, b->decl))
		return 1;
	return a->name && b->name && !strcmp(a->name, b->name);
}

/* The declaration whose type carries the volatile of lvalue x, and its reference. */
static CXCursor volatile_root(CXCursor x, CXCursor *ref)
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

static int is_scalar(CXType t);

/* ---- loops ---- */

static int is_loop_kind(enum CXCursorKind k)
{
	return k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_ForStmt;
}

static unsigned start_offset(CXCursor c)
{
	unsigned off = 0;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL,
				   NULL, &off);
	return off;
}

/* Does child of a for statement lie between the two ';' of its header? */
static int is_for_condition(CXTranslationUnit tu, CXCursor loop, CXCursor child)
{
	CXToken *toks = NULL;
	unsigned n = 0, i, semi[2] = { 0, 0 }, off = start_offset(child);
	int depth = 0, nr_semi = 0;

	clang_tokenize(tu, vol_file_extent(tu, loop), &toks, &n);
	for (i = 0; i < n && nr_semi < 2; i++) {
		char *s = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		if (!strcmp(s, "("))
			depth++;
		else if (!strcmp(s, ")") && --depth == 0)
			i = n;
		else if (!strcmp(s, ";") && depth == 1)
			clang_getExpansionLocation(clang_getTokenLocation(tu, toks[i]), NULL, NULL,
						   NULL, &semi[nr_semi++]);
		free(s);
	}
	clang_disposeTokens(tu, toks, n);
	return nr_semi == 2 && off > semi[0] && off < semi[1];
}

static int is_loop_condition(CXTranslationUnit tu, CXCursor loop, CXCursor child)
{
	switch (clang_getCursorKind(loop)) {
	case CXCursor_WhileStmt:
		return !clang_equalCursors(child, cal_child(loop, cal_nr_children(loop) - 1));
	case CXCursor_DoStmt:
		return clang_equalCursors(child, cal_child(loop, 1));
	case CXCursor_ForStmt:
		return is_for_condition(tu, loop, child);
	default:
		return 0;
	}
}

struct var_set {
	CXCursor items[32];
	int nr;
};

static void var_set_add(struct var_set *s, CXCursor v)
{
	if (!clang_Cursor_isNull(v) && s->nr < 32)
		s->items[s->nr++] = clang_getCanonicalCursor(v);
}

static enum CXChildVisitResult read_vars_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);
		enum CXCursorKind k = clang_getCursorKind(d);
		if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl)
			var_set_add(data, d);
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult written_vars_visitor(CXCursor c, CXCursor parent,
						    CXClientData data)
{
	int compound;

	(void)parent;
	if (vol_is_assignment(c, &compound) || vol_is_unary(c, CXUnaryOperator_PreInc) ||
	    vol_is_unary(c, CXUnaryOperator_PostInc) || vol_is_unary(c, CXUnaryOperator_PreDec) ||
	    vol_is_unary(c, CXUnaryOperator_PostDec))
		var_set_add(data, cal_base_variable(cal_child(c, 0)));
	return CXChildVisit_Recurse;
}

static int var_set_has(const struct var_set *s, CXCursor v)
{
	int i;

	for (i = 0; i < s->nr; i++)
		if (clang_equalCursors(s->items[i], clang_getCanonicalCursor(v)))
			return 1;
	return 0;
}

/*
 * A spin: the loop changes nothing that operand (of its condition) reads
 * except through volatile (and except copy, a local that holds a copy of
 * the volatile value, or a null cursor).
 */
static int is_spin_except(CXCursor loop, CXCursor operand, CXCursor copy)
{
	struct var_set read = { .nr = 0 }, written = { .nr = 0 };
	int i;

	read_vars_visitor(operand, operand, &read);
	clang_visitChildren(operand, read_vars_visitor, &read);
	clang_visitChildren(loop, written_vars_visitor, &written);
	for (i = 0; i < read.nr; i++)
		if (var_set_has(&written, read.items[i]) &&
		    (clang_Cursor_isNull(copy) || !clang_equalCursors(read.items[i], copy)))
			return 0;
	return 1;
}

static unsigned end_offset(CXCursor c)
{
	unsigned off = 0;
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, NULL, NULL,
				   &off);
	return off;
}

/* e (under parentheses and implicit casts) if it is a '&&', '||' or '!', else null. */
static CXCursor logical_operand(CXCursor e)
{
	e = cal_ignore_wrappers(e);
	if (vol_is_unary(e, CXUnaryOperator_LNot))
		return e;
	if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
	    (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_LAnd ||
	     clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_LOr))
		return e;
	return clang_getNullCursor();
}

/*
 * The operand of condition cond that holds offset off, splitting it at
 * '&&', '||' and '!': in 'budget > 0 && !*go' the spin is on '*go', and
 * the loop counting budget down only bounds it.
 */
static CXCursor operand_at(CXCursor cond, unsigned off)
{
	CXCursor e = cond, op;
	int guard, i, n;

	for (guard = 0; guard < 64 && !clang_Cursor_isNull(op = logical_operand(e)); guard++) {
		CXCursor next = clang_getNullCursor();
		n = cal_nr_children(op);
		for (i = 0; i < n; i++) {
			CXCursor ch = cal_child(op, i);
			if (start_offset(ch) <= off && off < end_offset(ch))
				next = ch;
		}
		if (clang_Cursor_isNull(next))
			break;
		e = next;
	}
	return e;
}

/* Does the loop spin on what c (in cond) reads, whatever else its condition counts? */
static int is_spin(CXCursor loop, CXCursor cond, CXCursor c)
{
	return is_spin_except(loop, operand_at(cond, start_offset(c)), clang_getNullCursor());
}

/* Does expression e read variable v? */
static int reads_var(CXCursor e, CXCursor v)
{
	struct var_set read = { .nr = 0 };

	read_vars_visitor(e, e, &read);
	clang_visitChildren(e, read_vars_visitor, &read);
	return var_set_has(&read, v);
}

static int is_break_branch(CXCursor s)
{
	if (clang_getCursorKind(s) == CXCursor_CompoundStmt && cal_nr_children(s) == 1)
		s = cal_child(s, 0);
	return clang_getCursorKind(s) == CXCursor_BreakStmt;
}

/*
 * The spinning loop whose condition holds the current cursor c, or whose
 * body holds c in the condition of an 'if (...) break;' directly in it;
 * null if none.  *level gets the walk level of the loop.
 */
static CXCursor spin_loop(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c, int *level)
{
	CXCursor child = c, cond = clang_getNullCursor(), none = clang_getNullCursor();
	int n;

	for (n = 0; n < w->depth; n++) {
		CXCursor p = cal_walk_parent(w, n);
		enum CXCursorKind k = clang_getCursorKind(p);

		if (cal_is_function_kind(k) || k == CXCursor_LambdaExpr ||
		    (k == CXCursor_CallExpr && clang_getCursorKind(child) == CXCursor_CompoundStmt))
			return none;
		if (is_loop_kind(k)) {
			int spins = !clang_Cursor_isNull(cond) ? is_spin(p, cond, c)
				    : is_loop_condition(tu, p, child) && is_spin(p, child, c);
			*level = n;
			return spins ? p : none;
		}
		if (k == CXCursor_IfStmt && clang_Cursor_isNull(cond) &&
		    clang_equalCursors(child, cal_child(p, 0)) && cal_nr_children(p) == 2 &&
		    is_break_branch(cal_child(p, 1))) {
			cond = child;
		} else if (!clang_Cursor_isNull(cond) && k != CXCursor_CompoundStmt) {
			return none;
		}
		child = p;
	}
	return none;
}

static int in_spin_condition(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c)
{
	int level;

	return !clang_Cursor_isNull(spin_loop(w, tu, c, &level));
}

/* The condition of a loop, or a null cursor (for (;;)). */
static CXCursor loop_condition(CXTranslationUnit tu, CXCursor loop)
{
	int i, n = cal_nr_children(loop);

	switch (clang_getCursorKind(loop)) {
	case CXCursor_WhileStmt:
		return n >= 2 ? cal_child(loop, n - 2) : clang_getNullCursor();
	case CXCursor_DoStmt:
		return cal_child(loop, 1);
	case CXCursor_ForStmt:
		for (i = 0; i + 1 < n; i++)
			if (is_for_condition(tu, loop, cal_child(loop, i)))
				return cal_child(loop, i);
		return clang_getNullCursor();
	default:
		return clang_getNullCursor();
	}
}

struct break_search {
	CXCursor var;
	CXCursor cond;	/* found: the if's condition */
};

static enum CXChildVisitResult break_if_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct break_search *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_IfStmt && cal_nr_children(c) == 2 &&
	    is_break_branch(cal_child(c, 1)) && reads_var(cal_child(c, 0), s->var)) {
		s->cond = cal_child(c, 0);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/*
 * The local that value (whose parent is at walk level 'level') is copied
 * into, or null; implicit conversions on the way are seen through ('bool
 * seen = *flag;' with an int flag).
 */
static CXCursor copy_target(const struct cal_walk *w, CXCursor value, int level)
{
	CXCursor below, p, lhs, d;
	int compound, guard;

	p = vol_parent(w, value, &level, &below);
	for (guard = 0; guard < 8 && clang_getCursorKind(p) == CXCursor_UnexposedExpr &&
			cal_nr_children(p) == 1 && is_scalar(clang_getCursorType(p)); guard++) {
		level++;
		p = vol_parent(w, p, &level, &below);
	}
	if (clang_getCursorKind(p) == CXCursor_VarDecl)
		return clang_Cursor_hasVarDeclGlobalStorage(p) ? clang_getNullCursor() : p;
	if (!vol_is_assignment(p, &compound) || compound ||
	    !clang_equalCursors(cal_child(p, 1), below))
		return clang_getNullCursor();
	lhs = cal_ignore_wrappers(cal_child(p, 0));
	if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	d = clang_getCursorReferenced(lhs);
	if (clang_getCursorKind(d) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(d))
		return clang_getNullCursor();
	return d;
}

struct ref_search {
	CXCursor var;
	unsigned offset;
	int found;
};

static enum CXChildVisitResult ref_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ref_search *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), s->var)) {
		s->offset = start_offset(c);
		s->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* The operand of cond that reads var (see operand_at). */
static CXCursor operand_reading(CXCursor cond, CXCursor var)
{
	struct ref_search s = { clang_getCanonicalCursor(var), 0, 0 };

	clang_visitChildren(cond, ref_visitor, &s);
	return s.found ? operand_at(cond, s.offset) : cond;
}

/*
 * A poll through a local copy: 'do { v = *flag; } while (v == 0);' or
 * 'for (;;) { int v = *flag; if (v) break; }'.  value is the value read
 * (the implicit read conversion, or a call), level the walk level of its
 * parent.  *copy gets the local (also when the read is not in such a loop:
 * 'int v = *flag;' before 'while (!v) v = *flag;' reads the flag first).
 */
static int in_copied_poll(const struct cal_walk *w, CXTranslationUnit tu, CXCursor value,
			  int level, CXCursor *copy_out)
{
	CXCursor copy = copy_target(w, value, level), loop = clang_getNullCursor(), cond;
	struct break_search bs;
	int n;

	*copy_out = copy;
	if (clang_Cursor_isNull(copy))
		return 0;
	for (n = level; n < w->depth && clang_Cursor_isNull(loop); n++) {
		enum CXCursorKind k = clang_getCursorKind(cal_walk_parent(w, n));
		if (cal_is_function_kind(k) || k == CXCursor_LambdaExpr || k == CXCursor_CallExpr)
			return 0;
		if (is_loop_kind(k))
			loop = cal_walk_parent(w, n);
	}
	if (clang_Cursor_isNull(loop))
		return 0;
	cond = loop_condition(tu, loop);
	if (clang_Cursor_isNull(cond) || !reads_var(cond, copy)) {
		bs.var = clang_getCanonicalCursor(copy);
		bs.cond = clang_getNullCursor();
		clang_visitChildren(clang_getCursorKind(loop) == CXCursor_DoStmt ?
				    cal_child(loop, 0) : cal_child(loop, cal_nr_children(loop) - 1),
				    break_if_visitor, &bs);
		cond = bs.cond;
	}
	return !clang_Cursor_isNull(cond) &&
	       is_spin_except(loop, operand_reading(cond, copy), clang_getCanonicalCursor(copy));
}

/* ---- collecting ---- */

static int in_mmio_function(const struct sync_state *st, CXCursor fn);

static void record_use(struct sync_state *st, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c), dk;
	CXCursor d;

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return;
	d = clang_getCursorReferenced(c);
	dk = clang_getCursorKind(d);
	if ((dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl && dk != CXCursor_FieldDecl) ||
	    !cal_type_is_volatile(clang_getCursorType(d)))
		return;
	GROW(st->uses, st->alloc_uses, st->nr_uses + 1);
	st->uses[st->nr_uses].decl = clang_getCanonicalCursor(d);
	st->uses[st->nr_uses++].ref = c;
}

static void record_mmio(struct sync_state *st, struct cal_walk *w, CXCursor c)
{
	if (clang_Cursor_isNull(w->function) || !cal_asm_has_statement(c, NULL, ".mmio"))
		return;
	GROW(st->mmio, st->alloc_mmio, st->nr_mmio + 1);
	st->mmio[st->nr_mmio++] = w->function;
}

/*
 * The legacy atomicCAS / atomicExch (any scope) that takes a lock, by name;
 * resolved calls only (a template pattern's is judged in its instantiations).
 */
static int legacy_lock_op(CXCursor call, struct cal_atomic *a)
{
	return clang_getCursorKind(call) == CXCursor_CallExpr &&
	       cal_atomic_classify(NULL, call, a) && a->how == CAL_CALLEE_RESOLVED &&
	       a->api == CAL_API_LEGACY && (a->op == CAL_OP_CAS || a->op == CAL_OP_EXCH);
}

static int is_lock_call(CXCursor call)
{
	struct cal_atomic a;

	return legacy_lock_op(call, &a);
}

static void record_lock(struct sync_state *st, struct cal_walk *w, CXCursor call)
{
	struct lock_site *l;
	CXCursor loop, parent;
	int level = 0;

	if (!is_lock_call(call) || clang_Cursor_getNumArguments(call) < 1)
		return;
	loop = spin_loop(w, st->tu, call, &level);
	if (clang_Cursor_isNull(loop))
		return;
	parent = cal_walk_parent(w, level + 1);
	GROW(st->locks, st->alloc_locks, st->nr_locks + 1);
	l = &st->locks[st->nr_locks++];
	key_of(clang_Cursor_getArgument(call, 0), &l->key);
	l->call = call;
	l->loop = loop;
	l->block = clang_getCursorKind(parent) == CXCursor_CompoundStmt ? parent
									 : clang_getNullCursor();
	l->fix_allowed = vol_fix_allowed(w);
}

static int is_scalar(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind != CXType_Record && t.kind != CXType_Elaborated &&
	       t.kind != CXType_Invalid && t.kind != CXType_Unexposed;
}

static struct access *new_access(struct sync_state *st, struct cal_walk *w, CXCursor lvalue,
				 enum access_kind kind)
{
	struct access *a;

	GROW(st->acc, st->alloc_acc, st->nr_acc + 1);
	a = &st->acc[st->nr_acc++];
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->lvalue = lvalue;
	a->assign = clang_getNullCursor();
	a->function = w->function;
	key_of(lvalue, &a->key);
	a->root_ref = clang_getNullCursor();
	a->root = volatile_root(lvalue, &a->root_ref);
	a->copy = clang_getNullCursor();
	a->fix_allowed = vol_fix_allowed(w);
	a->in_instantiation = w->in_instantiation;
	return a;
}

/* Is p '++x', 'x--' or 'x op= v' with below (the volatile lvalue's wrapper) as x? */
static int is_rmw_of(CXCursor p, CXCursor below)
{
	int compound = 0;

	if (vol_is_assignment(p, &compound) && compound)
		return clang_equalCursors(cal_child(p, 0), below);
	return (vol_is_unary(p, CXUnaryOperator_PreInc) || vol_is_unary(p, CXUnaryOperator_PostInc) ||
		vol_is_unary(p, CXUnaryOperator_PreDec) || vol_is_unary(p, CXUnaryOperator_PostDec)) &&
	       clang_equalCursors(cal_child(p, 0), below);
}

static void record_access(struct sync_state *st, struct cal_walk *w, CXCursor c, int host)
{
	int level = 0, compound;
	CXCursor below, p = vol_parent(w, c, &level, &below);
	enum CXCursorKind pk = clang_getCursorKind(p);

	if (!is_scalar(clang_getCursorType(c)))
		return;
	if (pk == CXCursor_UnexposedExpr && !vol_type_is_volatile(clang_getCursorType(p))) {
		CXCursor copy = clang_getNullCursor();
		struct access *a;

		if (in_spin_condition(w, st->tu, c) || in_copied_poll(w, st->tu, p, level + 1, &copy)) {
			a = new_access(st, w, c, ACC_POLL);
			a->host = host;
			a->copy = copy;
		} else if (!clang_Cursor_isNull(copy) && !host) {
			/* 'int v = *flag;' before 'while (!v) v = *flag;': a poll if that loop is one */
			a = new_access(st, w, c, ACC_POLL);
			a->copy = copy;
			a->pre_read = 1;
		}
	} else if (!host && vol_is_assignment(p, &compound) && !compound &&
		   clang_equalCursors(cal_child(p, 0), below)) {
		struct access *a = new_access(st, w, c, ACC_STORE);
		CXCursor pp;
		enum CXCursorKind ppk;

		level++;
		pp = vol_parent(w, p, &level, &below);
		ppk = clang_getCursorKind(pp);
		a->assign = p;
		a->statement = ppk == CXCursor_CompoundStmt;
		a->value_unused = !clang_isExpression(ppk) && ppk != CXCursor_DeclStmt &&
				  ppk != CXCursor_VarDecl && ppk != CXCursor_ReturnStmt;
	} else if (!host && w->parse->opencl && is_rmw_of(p, below)) {
		/* an epoch bumped with '(*epoch)++' publishes as a store does */
		struct access *a = new_access(st, w, c, ACC_STORE);
		a->assign = p;
		a->rmw = 1;
	}
}

/*
 * A store in host code to an object device code may poll ('*h_flag = 1;'
 * on mapped memory, 'flag = 1;' on a __managed__ variable): it never is a
 * finding, but makes the device's polls of that object system-scope ones.
 */
static void record_host_store(struct sync_state *st, struct cal_walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	int level = 0, compound;
	CXCursor below, p;

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
	    k != CXCursor_ArraySubscriptExpr && !vol_is_unary(c, CXUnaryOperator_Deref))
		return;
	p = vol_parent(w, c, &level, &below);
	if (!vol_is_assignment(p, &compound) || !clang_equalCursors(cal_child(p, 0), below) ||
	    !is_scalar(clang_getCursorType(c)))
		return;
	if (k == CXCursor_DeclRefExpr &&
	    !clang_Cursor_hasVarDeclGlobalStorage(clang_getCursorReferenced(c)) &&
	    !vol_type_is_volatile(clang_getCursorType(c)))
		return;	/* a host local */
	new_access(st, w, c, ACC_STORE)->host = 1;
}

/*
 * The poll behind an accessor call, so that stores to the same flag are
 * reported: keyed by the argument the accessor reads through ('flag' in
 * is_ready(flag)), or by the read itself when it reads a global.
 */
static void record_accessor_poll(struct sync_state *st, struct cal_walk *w, CXCursor call,
				 CXCursor accessor, CXCursor read)
{
	CXCursor base = cal_base_variable(strip_address(read));
	struct access *a = new_access(st, w, read, ACC_POLL);
	int i, n = clang_Cursor_getNumArguments(accessor);

	a->via_accessor = 1;
	a->lvalue = call;
	if (clang_getCursorKind(base) != CXCursor_ParmDecl)
		return;
	for (i = 0; i < n && i < clang_Cursor_getNumArguments(call); i++) {
		if (clang_equalCursors(clang_Cursor_getArgument(accessor, i), base)) {
			free(a->key.name);
			key_of(clang_Cursor_getArgument(call, i), &a->key);
			return;
		}
	}
	free(a->key.name);	/* a parameter not passed here (a default argument) */
	a->key.name = NULL;
	a->key.decl = clang_getNullCursor();
}

struct param_ref_search {
	CXCursor fn;
	CXCursor ref;
};

static enum CXChildVisitResult param_ref_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct param_ref_search *s = data;
	CXCursor d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	d = clang_getCursorReferenced(c);
	if (clang_getCursorKind(d) == CXCursor_ParmDecl && parameter_index(s->fn, d) >= 0 &&
	    clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_Pointer) {
		s->ref = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/*
 * A small helper (a body of at most four statements) that loads through
 * one of its pointer parameters with inline PTX 'ld.volatile', the way
 * communication libraries poll: its asm statement, and in *ref the
 * parameter's use in the asm operands; null if fn is not one.
 */
static CXCursor asm_volatile_poll(CXTranslationUnit tu, CXCursor fn, CXCursor *ref)
{
	CXCursor body = clang_getNullCursor();
	struct param_ref_search s;
	int i, n = cal_nr_children(fn);

	for (i = 0; i < n; i++)
		if (clang_getCursorKind(cal_child(fn, i)) == CXCursor_CompoundStmt)
			body = cal_child(fn, i);
	if (clang_Cursor_isNull(body) || cal_nr_children(body) > 4)
		return clang_getNullCursor();
	for (i = 0; i < cal_nr_children(body); i++) {
		CXCursor stmt = cal_child(body, i);
		if (clang_getCursorKind(stmt) != CXCursor_GCCAsmStmt ||
		    !cal_asm_has_statement(stmt, "ld", ".volatile"))
			continue;
		s.fn = fn;
		s.ref = clang_getNullCursor();
		clang_visitChildren(stmt, param_ref_visitor, &s);
		if (!clang_Cursor_isNull(s.ref)) {
			*ref = s.ref;
			return stmt;
		}
	}
	return clang_getNullCursor();
}

/* Is the value of call (the current cursor) what a spin-wait tests? */
static int call_is_polled(const struct cal_walk *w, CXTranslationUnit tu, CXCursor call)
{
	CXCursor copy;

	return in_spin_condition(w, tu, call) || in_copied_poll(w, tu, call, 0, &copy);
}

/*
 * 'while (!is_ready(flag))' where is_ready is a device function of the
 * user's whose body is one return statement reading through volatile, or
 * a small helper loading with inline PTX 'ld.volatile': the poll is the
 * call.  Deeper helpers are not followed.
 */
static void record_poll_call(struct sync_state *st, struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call), def, read, asm_stmt = clang_getNullCursor();
	struct poll_call *pc;

	/* a template's body is walked from the call, and its read reported there */
	if (clang_Cursor_isNull(callee) || cal_walk_decl_from_cuda(w, callee) ||
	    !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(callee)))
		return;
	def = clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(def) || !(cal_function_space(def) & CAL_SPACE_DEVICE) ||
	    in_mmio_function(st, def))
		return;
	read = vol_accessor_read(def);
	if (clang_Cursor_isNull(read))
		asm_stmt = asm_volatile_poll(st->tu, def, &read);
	if (clang_Cursor_isNull(read) || !call_is_polled(w, st->tu, call))
		return;
	GROW(st->calls, st->alloc_calls, st->nr_calls + 1);
	pc = &st->calls[st->nr_calls++];
	pc->call = call;
	pc->read = read;
	pc->accessor = def;
	pc->asm_stmt = asm_stmt;
	record_accessor_poll(st, w, call, def, read);
}

/* Does fn have a parameter that points to volatile (a store through it may publish)? */
static int has_volatile_pointer_parameter(CXCursor fn)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++) {
		CXType t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, i)));
		if (t.kind == CXType_Pointer && vol_type_is_volatile(clang_getPointeeType(t)))
			return 1;
	}
	return 0;
}

/* A call that hands a producer function the flag it stores to: 'set_ready(flag)'. */
static void record_arg_call(struct sync_state *st, struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call);

	if (clang_Cursor_isNull(callee) || cal_walk_decl_from_cuda(w, callee) ||
	    !has_volatile_pointer_parameter(callee))
		return;
	GROW(st->arg_calls, st->alloc_arg_calls, st->nr_arg_calls + 1);
	GROW(st->arg_callees, st->alloc_arg_callees, st->nr_arg_calls + 1);
	st->arg_callees[st->nr_arg_calls] = clang_getCanonicalCursor(callee);
	st->arg_calls[st->nr_arg_calls++] = call;
}

static void sync_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct sync_state *st = state;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (w->parse->is_host)
		return;
	record_use(st, c);
	if (k == CXCursor_FunctionDecl && !clang_isCursorDefinition(c)) {
		GROW(st->protos, st->alloc_protos, st->nr_protos + 1);
		st->protos[st->nr_protos++] = c;
		return;
	}
	if (k == CXCursor_GCCAsmStmt) {
		record_mmio(st, w, c);
		return;
	}
	if (vol_in_template_pattern(w))
		return;
	if (k == CXCursor_CallExpr)
		record_launch(st, c);
	if (!cal_walk_in_device_code(w)) {
		/* host code polling what the device stores: the GPU-to-CPU signal */
		if ((w->space & CAL_SPACE_HOST) && vol_is_volatile_lvalue(c))
			record_access(st, w, c, 1);
		/* host code setting what the device polls: the CPU-to-GPU signal */
		if (w->space & CAL_SPACE_HOST)
			record_host_store(st, w, c);
		return;
	}
	if (k == CXCursor_CallExpr) {
		record_lock(st, w, c);
		record_poll_call(st, w, c);
		record_arg_call(st, w, c);
	} else if (vol_is_volatile_lvalue(c))
		record_access(st, w, c, 0);
}

/* ---- deciding ---- */

static int in_mmio_function(const struct sync_state *st, CXCursor fn)
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
		    clang_equalCursors(c->function, a->function) && keys_match(&a->key, &c->key) &&
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
		if (b->kind == ACC_STORE && b->host && keys_match(&a->key, &b->key) &&
		    same_word(st->tu, b->lvalue, a->lvalue) != 0)
			return 1;
	}
	return 0;
}

/* The poll of the flag that a store through a parameter of its function is handed, or NULL. */
static const struct access *poll_through_call(const struct sync_state *st, struct access *a)
{
	CXCursor base = cal_base_variable(a->lvalue), function;
	int index;
	size_t i, j;

	if (clang_getCursorKind(base) != CXCursor_ParmDecl ||
	    (index = parameter_index(a->function, clang_getCanonicalCursor(base))) < 0)
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
		key_of(arg, &key);
		for (j = 0; j < st->nr_acc; j++) {
			const struct access *b = &st->acc[j];
			if (b->kind == ACC_POLL && !b->pre_read && !b->host &&
			    !in_mmio_function(st, b->function) && keys_match(&key, &b->key) &&
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
		if (b->kind != ACC_POLL || !keys_match(&a->key, &b->key))
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
		if (b->kind == ACC_POLL && keys_match(&a->key, &b->key) &&
		    (b->host || clang_equalCursors(b->function, a->function)))
			return 0;
	}
	/* a lock's word: the store releases it, whatever value it writes */
	for (i = 0; i < st->nr_locks; i++)
		if (keys_match(&a->key, &st->locks[i].key))
			return 0;
	return !calls_user_code(a->function, cal_function_space(a->function) != CAL_SPACE_GLOBAL);
}

static void decide_flag(struct sync_state *st, struct access *a)
{
	size_t i;

	if (in_mmio_function(st, a->function) || (a->kind == ACC_STORE && a->host))
		return;
	if (a->kind == ACC_STORE && is_reset_between_kernels(st, a))
		return;
	if (a->kind == ACC_POLL && a->pre_read) {
		a->flagged = copy_is_polled(st, a);
		a->system_scope = a->flagged && host_writes(st, a);
		return;
	}
	if (a->kind == ACC_POLL) {
		a->flagged = !a->host && !a->via_accessor;
		a->system_scope = a->flagged && host_writes(st, a);
		return;
	}
	for (i = 0; i < st->nr_locks; i++) {
		if (keys_match(&a->key, &st->locks[i].key)) {
			a->flagged = a->lock = 1;
			a->polled_at = &st->locks[i].call;
			return;
		}
	}
	/* any poll makes the store a signal; a poll in host code makes it a system-scope one */
	for (i = 0; i < st->nr_acc; i++) {
		const struct access *b = &st->acc[i];
		if (b->kind != ACC_POLL || b->pre_read || in_mmio_function(st, b->function) ||
		    !keys_match(&a->key, &b->key) || (a->flagged && !b->host) ||
		    !stores_polled_word(st, a, b))
			continue;
		a->flagged = 1;
		a->polled_at = &b->lvalue;
		a->system_scope = b->host;
	}
	/* a producer accessor: 'set_ready(flag)' with set_ready storing through its parameter */
	if (!a->flagged) {
		const struct access *b = poll_through_call(st, a);
		if (b) {
			a->flagged = 1;
			a->polled_at = &b->lvalue;
		}
	}
}

/* Types the fix can hand to cuda::atomic_ref (any scalar) or to atomicAdd/atomicExch. */
static int type_fits(CXType t, int legacy)
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

static int decide_can_fix(const struct sync_state *st, const struct access *a)
{
	char *text;
	int ok;

	if (st->no_fixes || !a->fix_allowed || a->rmw ||
	    !type_fits(clang_getCursorType(a->lvalue), st->legacy))
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
	    !in_main_file(def) || (index = parameter_index(def, d)) < 0 ||
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
	if (k == CXCursor_FieldDecl)
		return 1;
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
static int drop_volatile_edits(const struct sync_state *st, CXCursor root, struct cal_edit *e)
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

/* ---- fixing ---- */

static int object_is_shared(CXCursor lvalue)
{
	CXCursor base = cal_base_variable(lvalue), init;

	if (clang_Cursor_isNull(base))
		return 0;
	if (cal_var_is_shared(base))
		return 1;
	/* a local pointer set from a __shared__ array: volatile int *s = sdata; */
	if (clang_getCursorKind(base) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(base) || cal_nr_children(base) < 1)
		return 0;
	init = cal_child(base, cal_nr_children(base) - 1);
	base = cal_base_variable(init);
	return !clang_Cursor_isNull(base) && cal_var_is_shared(base);
}

/*
 * The object (as an lvalue of type T) and its address, as text: as written
 * when volatile goes from the declaration, through a const_cast otherwise.
 */
static int object_texts(const struct sync_state *st, const struct access *a, const char *type,
			int dropped, struct strbuf *obj, struct strbuf *ptr)
{
	int deref = vol_is_unary(a->lvalue, CXUnaryOperator_Deref);
	char *text = cal_cursor_text(st->tu, deref ? cal_child(a->lvalue, 0) : a->lvalue,
				     CAL_TEXT_NO_MACROS);

	if (!text)
		return -1;
	if (dropped) {
		strbuf_addf(obj, "%s%s", deref ? "*" : "", text);
		strbuf_addf(ptr, "%s%s", deref ? "" : "&", text);
	} else {
		strbuf_addf(ptr, "const_cast<%s *>(%s%s)", type, deref ? "" : "&", text);
		strbuf_addf(obj, "*%s", ptr->buf);
	}
	free(text);
	return 0;
}

static char *replacement_text(const struct sync_state *st, const struct access *a,
			      const char *type, const char *obj, const char *ptr)
{
	const char *scope = a->lock_scope ? a->lock_scope
			    : object_is_shared(a->lvalue) ? "cuda::thread_scope_block"
			    : a->system_scope ? "cuda::thread_scope_system" : st->scope;
	char *value = NULL, *out;

	if (a->kind == ACC_POLL)
		return st->legacy ? xasprintf("cuatomlint_acquire_load(%s)", ptr)
				  : xasprintf("cuda::atomic_ref<%s, %s>{%s}.load(cuda::memory_order_acquire)",
					      type, scope, obj);
	value = cal_cursor_text(st->tu, cal_child(a->assign, 1), CAL_TEXT_NO_MACROS);
	if (!value)
		return NULL;
	if (!st->legacy)
		out = xasprintf("cuda::atomic_ref<%s, %s>{%s}.store(%s, cuda::memory_order_release)",
				type, scope, obj, value);
	else if (a->statement)
		out = xasprintf("__threadfence(); atomicExch(%s, %s)", ptr, value);
	else
		out = xasprintf("(__threadfence(), atomicExch(%s, %s))", ptr, value);
	free(value);
	return out;
}

/* ---- lock acquisitions: a release store orders nothing without an acquire ---- */

static int scope_rank(const char *scope)
{
	return !strcmp(scope, "cuda::thread_scope_system") ? 2
	       : !strcmp(scope, "cuda::thread_scope_device") ? 1 : 0;
}

/* The scope of the call acquiring a lock: its suffix, block for a __shared__ word. */
static const char *acquire_scope(const struct sync_state *st, const struct lock_site *l,
				 CXCursor lvalue)
{
	struct cal_atomic a;

	if (legacy_lock_op(l->call, &a) && a.scope == CAL_SCOPE_BLOCK)
		return "cuda::thread_scope_block";
	if (legacy_lock_op(l->call, &a) && a.scope == CAL_SCOPE_SYSTEM)
		return "cuda::thread_scope_system";
	return object_is_shared(lvalue) ? "cuda::thread_scope_block" : st->scope;
}

/* The widest scope over the loops acquiring the lock that a releases. */
static const char *lock_scope(const struct sync_state *st, const struct access *a)
{
	const char *scope = NULL;
	size_t i;

	for (i = 0; i < st->nr_locks; i++) {
		const char *s;
		if (!keys_match(&a->key, &st->locks[i].key))
			continue;
		s = acquire_scope(st, &st->locks[i], a->lvalue);
		if (!scope || scope_rank(s) > scope_rank(scope))
			scope = s;
	}
	return scope;
}

/* A fence that makes the relaxed read before it an acquire (at device scope or wider). */
static int is_fence_call(CXTranslationUnit tu, CXCursor c)
{
	char *order;
	int acquires;

	c = cal_ignore_wrappers(c);
	if (vol_call_named(c, "__threadfence") || vol_call_named(c, "__threadfence_system"))
		return 1;
	if (!vol_call_named(c, "atomic_thread_fence") || clang_Cursor_getNumArguments(c) < 1)
		return 0;
	order = cal_cursor_text(tu, clang_Cursor_getArgument(c, 0), CAL_TEXT_NO_MACROS);
	acquires = order && (strstr(order, "acquire") || strstr(order, "acq_rel") ||
			     strstr(order, "seq_cst"));
	free(order);
	return acquires;
}

/* Is the statement right after the acquiring loop a fence (the legacy acquire, already there)? */
static int fence_follows(CXTranslationUnit tu, const struct lock_site *l)
{
	int i, n;

	if (clang_Cursor_isNull(l->block))
		return 0;
	n = cal_nr_children(l->block);
	for (i = 0; i + 1 < n; i++)
		if (clang_equalCursors(cal_child(l->block, i), l->loop))
			return is_fence_call(tu, cal_child(l->block, i + 1));
	return 0;
}

/* The pointee type of the lock call's address argument, if cuda::atomic_ref takes it. */
static char *lock_value_type(CXCursor ptr)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(ptr)), pointee;

	if (t.kind != CXType_Pointer)
		return NULL;
	pointee = clang_getPointeeType(t);
	if (pointee.kind == CXType_Invalid || vol_type_is_volatile(pointee) || !type_fits(pointee, 0))
		return NULL;
	return vol_value_type(pointee);
}

/* The lock object as an lvalue, from the call's address argument: 'lock' from '&lock'. */
static char *lock_object_text(CXTranslationUnit tu, CXCursor ptr)
{
	CXCursor e = cal_ignore_wrappers(ptr);
	enum CXCursorKind k = clang_getCursorKind(e);
	char *text, *out;

	if (vol_is_unary(e, CXUnaryOperator_AddrOf))
		return cal_cursor_text(tu, cal_child(e, 0), CAL_TEXT_NO_MACROS);
	text = cal_cursor_text(tu, ptr, CAL_TEXT_NO_MACROS);
	if (!text)
		return NULL;
	if (k == CXCursor_DeclRefExpr || k == CXCursor_ParenExpr || k == CXCursor_MemberRefExpr ||
	    k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr || cal_is_cast_kind(k))
		out = xasprintf("*%s", text);
	else
		out = xasprintf("*(%s)", text);
	free(text);
	return out;
}

/*
 * The acquiring call as an acquire: atomicExch(p, v) becomes an acquire
 * exchange; atomicCAS(p, c, v), whose value is the old word, an acquire
 * compare_exchange_strong in a lambda called at once (it needs an lvalue
 * for the expected value and returns it, so the call's value is kept).
 */
static char *acquire_call_text(const struct sync_state *st, const struct lock_site *l,
			       const char *scope)
{
	int nargs = clang_Cursor_getNumArguments(l->call);
	struct cal_atomic a;
	int cas = legacy_lock_op(l->call, &a) && a.op == CAL_OP_CAS;
	char *type = NULL, *obj = NULL, *a1 = NULL, *a2 = NULL, *out = NULL;

	if (nargs != (cas ? 3 : 2))
		return NULL;
	type = lock_value_type(clang_Cursor_getArgument(l->call, 0));
	obj = lock_object_text(st->tu, clang_Cursor_getArgument(l->call, 0));
	a1 = cal_cursor_text(st->tu, clang_Cursor_getArgument(l->call, 1), CAL_TEXT_NO_MACROS);
	if (cas)
		a2 = cal_cursor_text(st->tu, clang_Cursor_getArgument(l->call, 2), CAL_TEXT_NO_MACROS);
	if (!type || !obj || !a1 || (cas && !a2))
		goto out;
	if (cas)
		out = xasprintf("[&] { %s cuatomlint_old = %s; cuda::atomic_ref<%s, %s>{%s}"
				".compare_exchange_strong(cuatomlint_old, %s, cuda::memory_order_acquire); "
				"return cuatomlint_old; }()", type, a1, type, scope, obj, a2);
	else
		out = xasprintf("cuda::atomic_ref<%s, %s>{%s}.exchange(%s, cuda::memory_order_acquire)",
				type, scope, obj, a1);
out:
	free(type);
	free(obj);
	free(a1);
	free(a2);
	return out;
}

/* The range after which the legacy fence goes: the loop, with a do-while's ';'. */
static CXSourceRange loop_statement_range(CXTranslationUnit tu, CXCursor loop)
{
	if (clang_getCursorKind(loop) == CXCursor_DoStmt)
		return vol_statement_range(tu, loop);
	return clang_getCursorExtent(loop);
}

/* The legacy acquire: 'fence' on a new line after the loop, indented like it. */
static int fence_after_loop_edit(CXTranslationUnit tu, const struct lock_site *l,
				 const char *fence, struct cal_edit *e)
{
	CXSourceRange r = loop_statement_range(tu, l->loop);
	CXFile file, end_file;
	unsigned begin, end, line;
	size_t size;
	const char *buf;
	char *text, *written = cal_range_text(tu, r, CAL_TEXT_NO_MACROS);
	int rc, direct = written != NULL;

	free(written);
	if (!direct || clang_Range_isNull(r) ||
	    cal_direct_position(clang_getRangeStart(r), &file, NULL, NULL, &begin) < 0 ||
	    cal_direct_position(clang_getRangeEnd(r), &end_file, NULL, NULL, &end) < 0 ||
	    !clang_File_isEqual(file, end_file) ||
	    !(buf = clang_getFileContents(tu, file, &size)) || end > size)
		return -1;
	for (line = begin; line > 0 && buf[line - 1] != '\n'; line--)
		;
	for (; line < begin && (buf[line] == ' ' || buf[line] == '\t'); )
		line++;
	if (line != begin)	/* something else on the line before the loop */
		return -1;
	for (line = begin; line > 0 && buf[line - 1] != '\n'; line--)
		;
	text = xasprintf("%s%.*s%s", line >= 2 && buf[line - 2] == '\r' ? "\r\n" : "\n",
			 (int)(begin - line), buf + line, fence);
	rc = cal_edit_insert(clang_getLocationForOffset(tu, file, end), text, e);
	free(text);
	return rc;
}

/*
 * Why the loop acquiring lock l cannot be given acquire ordering, or NULL;
 * with fix set, the edit that gives it is added there.  Nothing is needed
 * where a fence already follows the loop.
 */
static const char *acquire_problem(const struct sync_state *st, const struct lock_site *l,
				   const char *scope, struct cal_fix *fix)
{
	struct cal_edit e;
	char *text = NULL;
	int rc;

	if (fence_follows(st->tu, l))
		return NULL;
	if (!l->fix_allowed)
		return "it is in a template instantiation whose types depend on its parameters";
	if (st->legacy) {
		if (clang_Cursor_isNull(l->block))
			return "its loop is not a statement of a { } block, so no fence can follow it";
		rc = fence_after_loop_edit(st->tu, l, !strcmp(scope, "cuda::thread_scope_system")
					   ? "__threadfence_system();" : "__threadfence();", &e);
		if (rc < 0)
			return "its loop is written in a macro or shares its line, so no fence can follow it";
	} else {
		text = lock_value_type(clang_Cursor_getArgument(l->call, 0));
		free(text);
		if (!text)
			return "its type is not one cuda::atomic_ref takes";
		text = acquire_call_text(st, l, scope);
		if (!text)
			return "the call is written in a macro";
		rc = cal_edit_replace_cursor(l->call, text, &e);
		free(text);
		if (rc < 0)
			return "the call is written in a macro";
	}
	if (fix)
		cal_fix_add_edit(fix, &e);
	cal_edit_clear(&e);
	return NULL;
}

/* Can every loop acquiring the lock that a releases be made an acquire? Sets a's reason if not. */
static int lock_acquires_fixable(const struct sync_state *st, struct access *a)
{
	size_t i;

	for (i = 0; i < st->nr_locks; i++) {
		const struct lock_site *l = &st->locks[i];
		if (!keys_match(&a->key, &l->key))
			continue;
		a->no_fix_why = acquire_problem(st, l, acquire_scope(st, l, a->lvalue), NULL);
		if (a->no_fix_why) {
			a->no_fix_at = &l->call;
			return 0;
		}
	}
	return 1;
}

static void add_acquire_edits(const struct sync_state *st, struct cal_fix *fix,
			      const struct access *a)
{
	size_t i;

	for (i = 0; i < st->nr_locks; i++)
		if (keys_match(&a->key, &st->locks[i].key))
			acquire_problem(st, &st->locks[i],
					acquire_scope(st, &st->locks[i], a->lvalue), fix);
}

static void add_fix(const struct sync_state *st, struct cal_finding *f, const struct access *a)
{
	struct cal_edit main_edit, drop[MAX_DROPS];
	int i, nr_drops = drop_volatile_edits(st, a->root, drop), dropped = nr_drops > 0;
	char *type = vol_value_type(clang_getCursorType(a->lvalue)), *text = NULL;
	struct strbuf obj = STRBUF_INIT, ptr = STRBUF_INIT;
	CXCursor target = a->kind == ACC_STORE ? a->assign : a->lvalue;
	struct cal_fix *fix;

	if (object_texts(st, a, type, dropped, &obj, &ptr) < 0 ||
	    !(text = replacement_text(st, a, type, obj.buf, ptr.buf)) ||
	    cal_edit_replace_cursor(target, text, &main_edit) < 0)
		goto out;
	fix = cal_finding_add_fix(f, a->kind == ACC_POLL ? "use an atomic acquire load"
				  : a->lock ? "use an atomic release store, and acquire the lock with acquire ordering"
				  : "use an atomic release store");
	cal_fix_add_edit(fix, &main_edit);
	cal_edit_clear(&main_edit);
	for (i = 0; i < nr_drops; i++)
		cal_fix_add_edit(fix, &drop[i]);
	if (a->lock)
		add_acquire_edits(st, fix, a);
	if (!st->legacy)
		cal_add_top_insert(fix, st->tu, clang_getCursorLocation(target),
				   "#include <" ATOMIC_HEADER ">", ATOMIC_HEADER);
	else if (a->kind == ACC_POLL)
		cal_add_top_insert(fix, st->tu, clang_getCursorLocation(target), cal_acquire_load_helper,
				   NULL);
out:
	for (i = 0; i < nr_drops; i++)
		cal_edit_clear(&drop[i]);
	free(text);
	free(type);
	strbuf_release(&obj);
	strbuf_release(&ptr);
}

static void report_access(struct cal_walk *w, const struct sync_state *st, const struct access *a)
{
	char *subject = vol_subject(st->tu, a->lvalue);
	struct cal_finding *f;

	if (a->kind == ACC_POLL)
		f = cal_report(w, a->lvalue,
			       "spin-wait on volatile '%s': volatile reads neither synchronize "
			       "threads nor order memory, use a cuda::atomic_ref acquire load", subject);
	else if (a->lock)
		f = cal_report(w, a->assign,
			       "lock '%s' released by a volatile store, which does not order the "
			       "critical section's writes; use a cuda::atomic_ref release store", subject);
	else
		f = cal_report(w, a->assign,
			       "store to volatile '%s', which another thread polls, publishes nothing: "
			       "volatile writes are not ordered, use a cuda::atomic_ref release store",
			       subject);
	if (a->polled_at && a->stored_via) {
		/* the caller's name for the flag, not the parameter's */
		char *polled = vol_subject(st->tu, *a->polled_at);
		cal_note_at(w, f, *a->polled_at, "'%s' is polled here", polled);
		free(polled);
	} else if (a->polled_at) {
		cal_note_at(w, f, *a->polled_at, a->lock ? "the lock is acquired here"
							 : "'%s' is polled here", subject);
	}
	if (a->stored_via) {
		char *fn = cal_cursor_name(a->function);
		cal_note_at(w, f, *a->stored_via, "'%s' is handed the polled flag here", fn);
		free(fn);
	}
	if (a->no_fix_why)
		cal_note_at(w, f, *a->no_fix_at,
			    "no fix: a release store alone leaves the critical section unordered, and "
			    "this acquisition cannot be made an acquire (%s)", a->no_fix_why);
	if (a->in_instantiation) {
		char *fn = cal_take_string(clang_getCursorDisplayName(a->function));
		cal_note_at(w, f, a->function, "in instantiation '%s'", fn);
		free(fn);
	}
	if (a->can_fix)
		add_fix(st, f, a);
	free(subject);
}

static void report_poll_call(struct cal_walk *w, const struct sync_state *st,
			     const struct poll_call *pc)
{
	char *subject = vol_subject(st->tu, pc->read), *name = cal_cursor_name(pc->accessor);
	struct cal_finding *f;

	if (!clang_Cursor_isNull(pc->asm_stmt)) {
		f = cal_report(w, pc->call, "spin-wait through '%s()', whose inline PTX 'ld.volatile' "
			       "load neither synchronizes threads nor orders memory; load with "
			       "'ld.acquire' (or a cuda::atomic_ref acquire load) in '%s'", name, name);
		cal_note_at(w, f, pc->asm_stmt, "the ld.volatile load is here; no automatic fix: an "
			    "'ld.acquire.gpu' load there also needs a \"memory\" clobber, so that the "
			    "compiler keeps the loads after it");
		free(subject);
		free(name);
		return;
	}
	f = cal_report(w, pc->call, "spin-wait on volatile '%s' through '%s()': volatile reads "
		       "neither synchronize threads nor order memory, use a cuda::atomic_ref "
		       "acquire load in '%s'", subject, name, name);
	cal_note_at(w, f, pc->read, "the volatile read of '%s' is here", subject);
	free(subject);
	free(name);
}

/* OpenCL C: the same finding in OpenCL's words, with OpenCL's fix (src/opencl/, through parse/language.h). */
static void report_access_cl(struct cal_walk *w, const struct sync_state *st,
			     const struct access *a)
{
	struct cal_ocl_volatile v = { a->kind == ACC_POLL, a->lvalue, a->assign, a->polled_at,
				      !st->no_fixes && a->fix_allowed, NULL };

	if (a->kind == ACC_STORE && a->rmw) {
		v.fix_allowed = 0;
		v.why_not = "the store is a read-modify-write ('++', '+='): make it an "
			    "atomic_fetch_add_explicit (or atomic_fetch_*) with memory_order_release";
	} else if (a->kind == ACC_STORE && !a->value_unused) {
		v.fix_allowed = 0;
		v.why_not = "the store's value is used";
	}
	if (cal_opencl_front())
		cal_opencl_front()->report_volatile(w, st->tu, &v);
}

static void sync_end(struct cal_walk *w, void *state)
{
	struct sync_state *st = state;
	size_t i;

	for (i = 0; i < st->nr_acc; i++)
		decide_flag(st, &st->acc[i]);
	for (i = 0; i < st->nr_acc; i++) {
		struct access *a = &st->acc[i];
		if (a->flagged && a->lock)
			a->lock_scope = lock_scope(st, a);
		a->can_fix = a->flagged && decide_can_fix(st, a) &&
			     (!a->lock || lock_acquires_fixable(st, a));
	}
	for (i = 0; i < st->nr_acc; i++)
		if (st->acc[i].flagged && w->parse->opencl)
			report_access_cl(w, st, &st->acc[i]);
		else if (st->acc[i].flagged)
			report_access(w, st, &st->acc[i]);
	for (i = 0; i < st->nr_calls && !w->parse->opencl; i++)
		if (!in_mmio_function(st, st->calls[i].accessor))
			report_poll_call(w, st, &st->calls[i]);
	for (i = 0; i < st->nr_acc; i++)
		free(st->acc[i].key.name);
	for (i = 0; i < st->nr_locks; i++)
		free(st->locks[i].key.name);
	free(st->acc);
	free(st->locks);
	free(st->uses);
	free(st->mmio);
	free(st->calls);
	free(st->protos);
	free(st->launches);
	free(st->arg_calls);
	free(st->arg_callees);
	free(st);
}

const struct cal_check cal_check_volatile_sync = {
	.id = "volatile-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "threads communicating through volatile (spin-waits, flags, locks), "
		   "which gives no atomicity or ordering",
	.doc = "volatile-sync.md",
	.languages = CAL_LANG_CUDA | CAL_LANG_OPENCL,
	/* uses, prototypes, MMIO asm, volatile lvalues (sync_visit's helpers test these) */
	.kinds = CAL_KINDS(CXCursor_DeclRefExpr, CXCursor_MemberRefExpr, CXCursor_FunctionDecl,
			   CXCursor_AsmStmt, CXCursor_ArraySubscriptExpr, CXCursor_UnaryOperator,
			   CXCursor_CallExpr),
	.begin = sync_begin,
	.visit = sync_visit,
	.end = sync_end,
};
