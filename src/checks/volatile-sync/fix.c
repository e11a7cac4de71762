/*
 * volatile-sync, fixing: the atomic_ref (or legacy) replacement of a flagged
 * access, and the acquire edits of a lock release.
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
#include "atomics/atomics.h"
#include "ptx/asm_template.h"
#include "analysis/spin_loop.h"
#include "analysis/template_pattern.h"
#include "checks/volatile-sync/volatile_sync.h"

/* ---- fixing ---- */

/* Is t a pointer type (what an operand must be for '->', '*' or a subscript to leave storage)? */
static int is_pointer(CXCursor e)
{
	return clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Pointer;
}

/*
 * Does e (an lvalue, or a pointer value: an array that decays, '&x')
 * designate storage inside a __shared__ variable?  Only through members,
 * subscripts of arrays and casts: a step through a pointer ('->', '*', a
 * subscript of a pointer) leaves the variable, whatever the pointer is
 * stored in ('ncclShmem.conns[i]->flag' is wherever that pointer points).
 */
static int storage_in_shared(CXCursor e, int guard)
{
	enum CXCursorKind k;
	CXCursor d;

	e = cal_ignore_wrappers(e);
	k = clang_getCursorKind(e);
	if (guard > 32)
		return 0;
	if (k == CXCursor_DeclRefExpr) {
		d = clang_getCursorReferenced(e);
		return clang_getCursorKind(d) == CXCursor_VarDecl && cal_var_is_shared(d);
	}
	if (k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr)
		return cal_nr_children(e) >= 1 && !is_pointer(cal_ignore_wrappers(cal_child(e, 0))) &&
		       storage_in_shared(cal_child(e, 0), guard + 1);
	if (vol_is_unary(e, CXUnaryOperator_AddrOf))
		return storage_in_shared(cal_child(e, 0), guard + 1);
	if (cal_is_cast_kind(k) && cal_nr_children(e) >= 1)
		return storage_in_shared(cal_child(e, cal_nr_children(e) - 1), guard + 1);
	return 0;
}

/* The local pointer p that lvalue dereferences ('*p', 'p[i]', 'p->x'), or null. */
static CXCursor dereferenced_local(CXCursor lvalue)
{
	CXCursor e = cal_ignore_wrappers(lvalue), p, d;
	enum CXCursorKind k = clang_getCursorKind(e);

	if (!(vol_is_unary(e, CXUnaryOperator_Deref) || k == CXCursor_ArraySubscriptExpr ||
	      k == CXCursor_MemberRefExpr) || cal_nr_children(e) < 1)
		return clang_getNullCursor();
	p = cal_ignore_wrappers(cal_child(e, 0));
	if (clang_getCursorKind(p) != CXCursor_DeclRefExpr || !is_pointer(p))
		return clang_getNullCursor();
	d = clang_getCursorReferenced(p);
	if (clang_getCursorKind(d) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(d))
		return clang_getNullCursor();
	return d;
}

int cal_vs_object_is_shared(CXCursor lvalue)
{
	CXCursor local;

	if (storage_in_shared(lvalue, 0))
		return 1;
	/* a local pointer set from a __shared__ array: volatile int *s = sdata; */
	local = dereferenced_local(lvalue);
	return !clang_Cursor_isNull(local) && cal_nr_children(local) >= 1 &&
	       storage_in_shared(cal_child(local, cal_nr_children(local) - 1), 0);
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

/* HIP's scope for the CUDA scope a fix would use. */
static const char *hip_scope(const char *cuda_scope)
{
	return !strcmp(cuda_scope, "cuda::thread_scope_block") ? "__HIP_MEMORY_SCOPE_WORKGROUP"
	       : !strcmp(cuda_scope, "cuda::thread_scope_system") ? "__HIP_MEMORY_SCOPE_SYSTEM"
	       : "__HIP_MEMORY_SCOPE_AGENT";
}

/* HIP: clang's __hip_atomic_load/_store builtins, no header (cuda.c offers no lock form). */
static char *hip_replacement_text(const struct sync_state *st, const struct access *a,
				  const char *ptr, const char *scope)
{
	char *value, *out;

	if (a->kind == ACC_POLL)
		return xasprintf("__hip_atomic_load(%s, __ATOMIC_ACQUIRE, %s)", ptr, hip_scope(scope));
	if (a->lock)
		return NULL;
	value = cal_cursor_text(st->tu, cal_child(a->assign, 1), CAL_TEXT_NO_MACROS);
	if (!value)
		return NULL;
	out = xasprintf("__hip_atomic_store(%s, %s, __ATOMIC_RELEASE, %s)", ptr, value,
			hip_scope(scope));
	free(value);
	return out;
}

static char *replacement_text(const struct sync_state *st, const struct access *a,
			      const char *type, const char *obj, const char *ptr)
{
	const char *scope = a->lock_scope ? a->lock_scope
			    : cal_vs_object_is_shared(a->lvalue) ? "cuda::thread_scope_block"
			    : a->system_scope ? "cuda::thread_scope_system" : st->scope;
	char *value = NULL, *out;

	if (st->hip)
		return hip_replacement_text(st, a, ptr, scope);
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

	if (cal_vs_legacy_lock_op(l->call, &a) && a.scope == CAL_SCOPE_BLOCK)
		return "cuda::thread_scope_block";
	if (cal_vs_legacy_lock_op(l->call, &a) && a.scope == CAL_SCOPE_SYSTEM)
		return "cuda::thread_scope_system";
	return cal_vs_object_is_shared(lvalue) ? "cuda::thread_scope_block" : st->scope;
}

/* The widest scope over the loops acquiring the lock that a releases. */
const char *cal_vs_lock_scope(const struct sync_state *st, const struct access *a)
{
	const char *scope = NULL;
	size_t i;

	for (i = 0; i < st->nr_locks; i++) {
		const char *s;
		if (!cal_vs_keys_match(&a->key, &st->locks[i].key))
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
	if (pointee.kind == CXType_Invalid || vol_type_is_volatile(pointee) || !cal_vs_type_fits(pointee, 0))
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
	int cas = cal_vs_legacy_lock_op(l->call, &a) && a.op == CAL_OP_CAS;
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
		rc = cal_edit_line_after(st->tu, cal_loop_statement_range(st->tu, l->loop),
					 !strcmp(scope, "cuda::thread_scope_system")
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
int cal_vs_lock_acquires_fixable(const struct sync_state *st, struct access *a)
{
	size_t i;

	for (i = 0; i < st->nr_locks; i++) {
		const struct lock_site *l = &st->locks[i];
		if (!cal_vs_keys_match(&a->key, &l->key))
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
		if (cal_vs_keys_match(&a->key, &st->locks[i].key))
			acquire_problem(st, &st->locks[i],
					acquire_scope(st, &st->locks[i], a->lvalue), fix);
}

void cal_vs_add_fix(const struct sync_state *st, struct cal_finding *f, const struct access *a)
{
	struct cal_edit main_edit, drop[MAX_DROPS];
	/* statements other instantiations keep may use the declaration unseen */
	int i, nr_drops = a->dependent && cal_pattern_discards_statements(st->tu, a->function)
				  ? -1 : cal_vs_drop_volatile_edits(st, a->root, drop),
	       dropped = nr_drops > 0;
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
	if (st->hip)	/* clang's builtins: no header */
		;
	else if (!st->legacy)
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

/* The byte size the load's PTX type reads ('.u32': 4), 0 if none; *fp: a floating type. */
static long long ptx_load_width(const struct ptx_insn *insn, const char *text, int *fp)
{
	static const struct { const char *q; long long size; int fp; } types[] = {
		{ ".u32", 4, 0 }, { ".s32", 4, 0 }, { ".b32", 4, 0 }, { ".f32", 4, 1 },
		{ ".u64", 8, 0 }, { ".s64", 8, 0 }, { ".b64", 8, 0 }, { ".f64", 8, 1 },
	};
	size_t i;
	int k;

	for (k = 0; k < insn->nr_quals; k++)
		for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
			if (insn->quals[k].len == 4 && !memcmp(text + insn->quals[k].pos, types[i].q, 4)) {
				*fp = types[i].fp;
				return types[i].size;
			}
	return 0;
}

static int is_floating(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_Float || k == CXType_Double;
}

/*
 * Why the asm statement of a direct poll can't be read as "copy = *addr"
 * with the pointee type T, or NULL: one load and nothing else, written in
 * the statement itself, '[%1]' with %0 the copy, T neither const nor
 * volatile, of the load's width, and the copy of type T.
 */
static const char *asm_poll_shape_problem(const struct poll_call *pc, const struct access *a)
{
	struct cal_asm_template at;
	struct ptx_insn insn;
	unsigned nr = 0;
	char name[32];
	const char *why = NULL;
	CXType ptr = clang_getCanonicalType(clang_getCursorType(pc->read)), t;
	int fp = 0;

	memset(&at, 0, sizeof(at));
	if (cal_asm_template_load(&at, pc->asm_stmt) < 0 ||
	    !cal_vs_weak_load(&at, &insn, &nr, name, sizeof(name)))
		why = "its template cannot be read";
	else if (at.place != CAL_TEMPLATE_DIRECT)
		why = "the asm statement is written in a macro";
	else if (nr != 1 || cal_nr_children(pc->asm_stmt) != 2 ||
		 ptx_operand_index(&insn, 0, at.text.buf, &at.operands) != 0 ||
		 ptx_operand_index(&insn, 1, at.text.buf, &at.operands) != 1 ||
		 insn.predicated || insn.nr_operands != 2)
		why = "the asm statement is not one load into its one output from '[%1]'";
	else if (clang_getCursorKind(cal_ignore_wrappers(pc->read)) != CXCursor_DeclRefExpr ||
		 ptr.kind != CXType_Pointer)
		why = "the address operand is not a pointer variable";
	if (why)
		goto out;
	t = clang_getPointeeType(ptr);
	if (clang_isVolatileQualifiedType(t))
		why = "the pointer points to volatile data, which cuda::atomic_ref does not take";
	else if (clang_Type_getSizeOf(t) != ptx_load_width(&insn, at.text.buf, &fp) ||
		 is_floating(t) != fp ||
		 !clang_equalTypes(clang_getCanonicalType(clang_getCursorType(a->copy)),
				   clang_getCanonicalType(cal_type_unqualified(t))))
		why = "the load's PTX type, the pointed-to type and the output's type differ";
out:
	cal_asm_template_release(&at);
	return why;
}

const char *cal_vs_add_asm_fix(const struct sync_state *st, struct cal_finding *f,
			       const struct poll_call *pc, const struct access *a)
{
	const char *why = asm_poll_shape_problem(pc, a);
	char *type = NULL, *ptr = NULL, *copy = NULL;
	struct strbuf text = STRBUF_INIT;
	struct cal_edit e;
	struct cal_fix *fix;

	if (why)
		return why;
	if (st->legacy)
		return "a target of the build lacks cuda::atomic_ref";
	type = vol_value_type(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(pc->read))));
	ptr = cal_cursor_text(st->tu, pc->read, CAL_TEXT_NO_MACROS);
	copy = cal_cursor_name(a->copy);
	if (!type || !ptr || !copy) {
		why = "the operands are written in a macro";
		goto out;
	}
	strbuf_addf(&text, "%s = cuda::atomic_ref<%s, %s>{*", copy, type,
		    a->system_scope ? "cuda::thread_scope_system" : st->scope);
	/* a poll through a pointer to const: cuda::atomic_ref takes the word as non-const */
	if (clang_isConstQualifiedType(clang_getPointeeType(
		    clang_getCanonicalType(clang_getCursorType(pc->read)))))
		strbuf_addf(&text, "const_cast<%s *>(%s)", type, ptr);
	else
		strbuf_addf(&text, "%s", ptr);
	strbuf_addf(&text, "}.load(cuda::memory_order_acquire)");
	if (cal_edit_replace_cursor(pc->asm_stmt, text.buf, &e) < 0) {
		why = "the asm statement is written in a macro";
		goto out;
	}
	fix = cal_finding_add_fix(f, "use an atomic acquire load");
	cal_fix_add_edit(fix, &e);
	cal_edit_clear(&e);
	cal_add_top_insert(fix, st->tu, clang_getCursorLocation(pc->asm_stmt),
			   "#include <" ATOMIC_HEADER ">", ATOMIC_HEADER);
out:
	free(type);
	free(ptr);
	free(copy);
	strbuf_release(&text);
	return why;
}
