/*
 * volatile-sync: device code that communicates between threads through
 * volatile lvalues.
 *
 * CUDA's volatile gives neither atomicity nor ordering (Programming Guide,
 * "Volatile Qualifier"), so a spin loop on a volatile flag may see the flag
 * before the data it guards, and a volatile store publishes nothing.  The
 * check flags, in device code of a device parse:
 *   - a read through volatile in the condition of a loop that spins on it
 *     (the loop itself does not change what the condition reads), or in an
 *     'if (...) break;' that ends such a loop;
 *   - a plain store through volatile to an object that some loop of the
 *     translation unit polls, either through volatile or with
 *     atomicCAS/atomicExch (a lock acquired in a loop and released by a
 *     volatile store).
 * A loop in host code that polls the object makes a device store a
 * GPU-to-CPU signal too (its fix then takes system scope).
 * Polled objects are matched by declaration (a global, a __shared__ or a
 * field) or, for pointers held in parameters and locals, by name, since the
 * producer and the consumer are often separate kernels.  Everything is
 * collected during the walk and decided in end().  Functions that use PTX
 * .mmio instructions are volatile MMIO code and left alone.
 *
 * The fix is an acquire load / release store through cuda::atomic_ref with
 * block scope for __shared__ objects and device (or, by configuration,
 * system) scope otherwise; below sm_60 the legacy atomicAdd/atomicExch +
 * __threadfence form.  volatile is dropped from the declaration when every
 * use of it is rewritten; otherwise a const_cast strips it at the use.
 */
#include <stdlib.h>
#include <string.h>

#include "../ast.h"
#include "../check.h"
#include "../fixits/edit.h"
#include "../fixits/fallbacks.h"
#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"
#include "volatile_util.h"

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
	int statement;		/* ACC_STORE: a statement of a { } block */
	int value_unused;	/* ACC_STORE: the assignment's value is not used */
	/* decided in end() */
	int flagged, can_fix;
	const CXCursor *polled_at;	/* ACC_STORE: where the object is polled */
	int lock;			/* ACC_STORE: polled by a CAS/exchange loop */
};

struct lock_site {
	struct obj_key key;
	CXCursor call;
};

struct use {
	CXCursor decl;	/* canonical */
	CXCursor ref;
};

/* A spin-wait whose condition calls an accessor that reads through volatile. */
struct poll_call {
	CXCursor call;		/* in the loop condition: reported */
	CXCursor read;		/* the volatile read inside the accessor */
	CXCursor accessor;	/* its definition */
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
	struct vol_top_memo *top_memo;	/* the #include insertions' file scans */
};

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
	st->top_memo = xcalloc(1, sizeof(*st->top_memo));
	st->no_fixes = w->parse->partial;
	st->legacy = !w->parse->is_host && needs_legacy_form(w);
	st->scope = w->parse->scope_system ? "cuda::thread_scope_system" : "cuda::thread_scope_device";
	return st;
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
 * A spin: the loop changes nothing its condition reads except through
 * volatile (and except copy, a local that holds a copy of the volatile
 * value, or a null cursor).
 */
static int is_spin_except(CXCursor loop, CXCursor cond, CXCursor copy)
{
	struct var_set read = { .nr = 0 }, written = { .nr = 0 };
	int i;

	read_vars_visitor(cond, cond, &read);
	clang_visitChildren(cond, read_vars_visitor, &read);
	clang_visitChildren(loop, written_vars_visitor, &written);
	for (i = 0; i < read.nr; i++)
		if (var_set_has(&written, read.items[i]) &&
		    (clang_Cursor_isNull(copy) || !clang_equalCursors(read.items[i], copy)))
			return 0;
	return 1;
}

static int is_spin(CXCursor loop, CXCursor cond)
{
	return is_spin_except(loop, cond, clang_getNullCursor());
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
 * Is the current cursor c inside a spinning loop's condition, or in the
 * condition of an 'if (...) break;' directly in such a loop's body?
 */
static int in_spin_condition(const struct cal_walk *w, CXTranslationUnit tu, CXCursor c)
{
	CXCursor child = c, cond = clang_getNullCursor();
	int n;

	for (n = 0; n < w->depth; n++) {
		CXCursor p = cal_walk_parent(w, n);
		enum CXCursorKind k = clang_getCursorKind(p);

		if (cal_is_function_kind(k) || k == CXCursor_LambdaExpr ||
		    (k == CXCursor_CallExpr && clang_getCursorKind(child) == CXCursor_CompoundStmt))
			return 0;
		if (is_loop_kind(k)) {
			if (!clang_Cursor_isNull(cond))
				return is_spin(p, cond);
			return is_loop_condition(tu, p, child) && is_spin(p, child);
		}
		if (k == CXCursor_IfStmt && clang_Cursor_isNull(cond) &&
		    clang_equalCursors(child, cal_child(p, 0)) && cal_nr_children(p) == 2 &&
		    is_break_branch(cal_child(p, 1))) {
			cond = child;
		} else if (!clang_Cursor_isNull(cond) && k != CXCursor_CompoundStmt) {
			return 0;
		}
		child = p;
	}
	return 0;
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

/* The local that the read conversion at walk level 'level' is copied into, or null. */
static CXCursor copy_target(const struct cal_walk *w, int level)
{
	CXCursor conversion = cal_walk_parent(w, level), below, p, lhs, d;
	int compound;

	level++;
	p = vol_parent(w, conversion, &level, &below);

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

/*
 * A poll through a local copy: 'do { v = *flag; } while (v == 0);' or
 * 'for (;;) { int v = *flag; if (v) break; }'.  level is the walk level of
 * the implicit read conversion above the current cursor.
 */
static int in_copied_poll(const struct cal_walk *w, CXTranslationUnit tu, int level)
{
	CXCursor copy = copy_target(w, level), loop = clang_getNullCursor(), cond;
	struct break_search bs;
	int n;

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
	       is_spin_except(loop, cond, clang_getCanonicalCursor(copy));
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

static int asm_uses_mmio(CXTranslationUnit tu, CXCursor c)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;
	int found = 0;

	clang_tokenize(tu, vol_file_extent(tu, c), &toks, &n);
	for (i = 0; i < n && !found; i++) {
		char *s;
		if (clang_getTokenKind(toks[i]) != CXToken_Literal)
			continue;
		s = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		found = strstr(s, ".mmio") != NULL;
		free(s);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

static void record_mmio(struct sync_state *st, struct cal_walk *w, CXCursor c)
{
	if (clang_Cursor_isNull(w->function) || !asm_uses_mmio(st->tu, c))
		return;
	GROW(st->mmio, st->alloc_mmio, st->nr_mmio + 1);
	st->mmio[st->nr_mmio++] = w->function;
}

static int is_lock_call(CXCursor call)
{
	static const char *const names[] = {
		"atomicCAS", "atomicCAS_block", "atomicCAS_system",
		"atomicExch", "atomicExch_block", "atomicExch_system",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (vol_call_named(call, names[i]))
			return 1;
	return 0;
}

static void record_lock(struct sync_state *st, struct cal_walk *w, CXCursor call)
{
	struct lock_site *l;

	if (!is_lock_call(call) || clang_Cursor_getNumArguments(call) < 1 ||
	    !in_spin_condition(w, st->tu, call))
		return;
	GROW(st->locks, st->alloc_locks, st->nr_locks + 1);
	l = &st->locks[st->nr_locks++];
	key_of(clang_Cursor_getArgument(call, 0), &l->key);
	l->call = call;
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
	a->fix_allowed = vol_fix_allowed(w);
	a->in_instantiation = w->in_instantiation;
	return a;
}

static void record_access(struct sync_state *st, struct cal_walk *w, CXCursor c, int host)
{
	int level = 0, compound;
	CXCursor below, p = vol_parent(w, c, &level, &below);
	enum CXCursorKind pk = clang_getCursorKind(p);

	if (!is_scalar(clang_getCursorType(c)))
		return;
	if (pk == CXCursor_UnexposedExpr && !vol_type_is_volatile(clang_getCursorType(p))) {
		if (in_spin_condition(w, st->tu, c) || in_copied_poll(w, st->tu, level))
			new_access(st, w, c, ACC_POLL)->host = host;
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
	}
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

/*
 * 'while (!is_ready(flag))' where is_ready is a device function of the
 * user's whose body is one return statement reading through volatile: the
 * poll is the call.  Deeper helpers are not followed.
 */
static void record_poll_call(struct sync_state *st, struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call), def, read;
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
	if (clang_Cursor_isNull(read) || !in_spin_condition(w, st->tu, call))
		return;
	GROW(st->calls, st->alloc_calls, st->nr_calls + 1);
	pc = &st->calls[st->nr_calls++];
	pc->call = call;
	pc->read = read;
	pc->accessor = def;
	record_accessor_poll(st, w, call, def, read);
}

static void sync_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct sync_state *st = state;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (w->parse->is_host)
		return;
	record_use(st, c);
	if (k == CXCursor_GCCAsmStmt) {
		record_mmio(st, w, c);
		return;
	}
	if (vol_in_template_pattern(w))
		return;
	if (!cal_walk_in_device_code(w)) {
		/* host code polling what the device stores: the GPU-to-CPU signal */
		if ((w->space & CAL_SPACE_HOST) && vol_is_volatile_lvalue(c))
			record_access(st, w, c, 1);
		return;
	}
	if (k == CXCursor_CallExpr) {
		record_lock(st, w, c);
		record_poll_call(st, w, c);
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

static void decide_flag(struct sync_state *st, struct access *a)
{
	size_t i;

	if (in_mmio_function(st, a->function))
		return;
	if (a->kind == ACC_POLL) {
		a->flagged = !a->host && !a->via_accessor;
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
		if (b->kind != ACC_POLL || in_mmio_function(st, b->function) ||
		    !keys_match(&a->key, &b->key) || (a->flagged && !b->host))
			continue;
		a->flagged = 1;
		a->polled_at = &b->lvalue;
		a->system_scope = b->host;
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

	if (st->no_fixes || !a->fix_allowed || !type_fits(clang_getCursorType(a->lvalue), st->legacy))
		return 0;
	if (a->kind == ACC_STORE && !a->value_unused)
		return 0;
	text = vol_cursor_text(st->tu, a->kind == ACC_STORE ? a->assign : a->lvalue);
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

/* May volatile go from the declaration d itself without breaking other code? */
static int declaration_may_lose_volatile(CXCursor d)
{
	enum CXCursorKind k = clang_getCursorKind(d);

	if (k == CXCursor_FieldDecl)
		return 1;
	if (k == CXCursor_ParmDecl) {
		/* a kernel's parameter: no device caller passes a volatile pointer */
		CXCursor fn = clang_getCursorSemanticParent(d);
		return cal_function_space(fn) == CAL_SPACE_GLOBAL &&
		       clang_equalCursors(clang_getCanonicalCursor(fn), clang_getCursorDefinition(fn));
	}
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

/* The edit dropping volatile from root, or -1 if volatile must stay. */
static int drop_volatile_edit(const struct sync_state *st, CXCursor root, struct cal_edit *e)
{
	CXSourceRange r;
	size_t i;

	if (clang_Cursor_isNull(root) || !declaration_may_lose_volatile(root))
		return -1;
	for (i = 0; i < st->nr_uses; i++)
		if (clang_equalCursors(st->uses[i].decl, root) && !use_is_rewritten(st, &st->uses[i]))
			return -1;
	r = volatile_token_range(st->tu, root);
	if (clang_Range_isNull(r))
		return -1;
	return cal_edit_replace(r, "", e);
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
	char *text = vol_cursor_text(st->tu, deref ? cal_child(a->lvalue, 0) : a->lvalue);

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
	const char *scope = object_is_shared(a->lvalue) ? "cuda::thread_scope_block"
			    : a->system_scope ? "cuda::thread_scope_system" : st->scope;
	char *value = NULL, *out;

	if (a->kind == ACC_POLL)
		return st->legacy ? xasprintf("cuatomlint_acquire_load(%s)", ptr)
				  : xasprintf("cuda::atomic_ref<%s, %s>{%s}.load(cuda::memory_order_acquire)",
					      type, scope, obj);
	value = vol_cursor_text(st->tu, cal_child(a->assign, 1));
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

static void add_fix(const struct sync_state *st, struct cal_finding *f, const struct access *a)
{
	struct cal_edit main_edit, drop;
	int dropped = drop_volatile_edit(st, a->root, &drop) == 0;
	char *type = vol_value_type(clang_getCursorType(a->lvalue)), *text = NULL;
	struct strbuf obj = STRBUF_INIT, ptr = STRBUF_INIT;
	CXCursor target = a->kind == ACC_STORE ? a->assign : a->lvalue;
	struct cal_fix *fix;

	if (object_texts(st, a, type, dropped, &obj, &ptr) < 0 ||
	    !(text = replacement_text(st, a, type, obj.buf, ptr.buf)) ||
	    cal_edit_replace_cursor(target, text, &main_edit) < 0)
		goto out;
	fix = cal_finding_add_fix(f, a->kind == ACC_POLL ? "use an atomic acquire load"
							 : "use an atomic release store");
	cal_fix_add_edit(fix, &main_edit);
	cal_edit_clear(&main_edit);
	if (dropped)
		cal_fix_add_edit(fix, &drop);
	if (!st->legacy)
		vol_add_top_insert(fix, st->tu, st->top_memo, clang_getCursorLocation(target),
				   "#include <" ATOMIC_HEADER ">", ATOMIC_HEADER);
	else if (a->kind == ACC_POLL)
		vol_add_top_insert(fix, st->tu, st->top_memo, clang_getCursorLocation(target),
				   cal_acquire_load_helper, NULL);
out:
	if (dropped)
		cal_edit_clear(&drop);
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
	if (a->polled_at)
		cal_note_at(w, f, *a->polled_at, a->lock ? "the lock is acquired here"
							 : "'%s' is polled here", subject);
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

	f = cal_report(w, pc->call, "spin-wait on volatile '%s' through '%s()': volatile reads "
		       "neither synchronize threads nor order memory, use a cuda::atomic_ref "
		       "acquire load in '%s'", subject, name, name);
	cal_note_at(w, f, pc->read, "the volatile read of '%s' is here", subject);
	free(subject);
	free(name);
}

static void sync_end(struct cal_walk *w, void *state)
{
	struct sync_state *st = state;
	size_t i;

	for (i = 0; i < st->nr_acc; i++)
		decide_flag(st, &st->acc[i]);
	for (i = 0; i < st->nr_acc; i++)
		st->acc[i].can_fix = st->acc[i].flagged && decide_can_fix(st, &st->acc[i]);
	for (i = 0; i < st->nr_acc; i++)
		if (st->acc[i].flagged)
			report_access(w, st, &st->acc[i]);
	for (i = 0; i < st->nr_calls; i++)
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
	vol_top_memo_release(st->top_memo);
	free(st->top_memo);
	free(st);
}

const struct cal_check cal_check_volatile_sync = {
	.id = "volatile-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "threads communicating through volatile (spin-waits, flags, locks), "
		   "which gives no atomicity or ordering",
	.begin = sync_begin,
	.visit = sync_visit,
	.end = sync_end,
};
