/*
 * relaxed-sync: locks and flags whose synchronization is relaxed while
 * they guard plain data.
 *
 * Legacy atomics (atomicCAS, atomicExch, atomicAdd...) are relaxed, and so
 * are cuda::atomic_ref members, __nv_atomic_* builtins and OpenCL C
 * _explicit functions given memory_order_relaxed.  A spin lock taken and
 * freed that way, with no fence after taking and before freeing it, does
 * not keep the critical section's plain loads and stores inside it; a
 * relaxed poll does not make the data read after the loop the producer's;
 * a relaxed publish does not make the writes before it visible first.
 * The check collects, during the walk, the atomic calls that take, poll or
 * write a word, the fences, and the plain accesses of memory other threads
 * see (collect.c); end() pairs them per function and reports and fixes
 * (match.c).  cuda.c recognizes CUDA's atomics, opencl.c OpenCL C's.
 *
 * Locks released by a volatile store, and volatile polls, are
 * volatile-sync's findings; cuTile's counterpart is cutile-relaxed-sync.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "cuatomlint/strbuf.h"
#include "analysis/volatile_util.h"
#include "atomics/atomics.h"
#include "checks/relaxed-sync/opencl.h"
#include "checks/relaxed-sync/relaxed_sync.h"

/*
 * Does a target of the build (not just this parse) lack cuda::atomic_ref
 * (and the __nv_atomic builtins, from the same sm_60)?  arch-unsupported
 * then rewrites those calls, and an order edit inside them would collide.
 */
static int lacks_atomic_ref(const struct cal_walk *w)
{
	const struct cal_fact *f = cal_facts_find(CAL_API_LIBCUDACXX, CAL_OP_LOAD, CAL_T_ANY, 0);
	unsigned min_sm = f ? cal_fact_min_sm(f, 0) : 0;
	const struct cal_target_set *set = w->parse->targets;
	int i;

	if (w->parse->is_host || cal_walk_targets_below(w, min_sm))
		return !w->parse->is_host;
	for (i = 0; set && i < set->n; i++)
		if (set->t[i].sm < min_sm)
			return 1;
	return 0;
}

static void *rs_begin(struct cal_walk *w)
{
	struct rs_state *st = xcalloc(1, sizeof(*st));

	st->tu = w->parse->tu;
	st->no_fixes = w->parse->partial;
	st->opencl = w->parse->opencl != 0;
	/* HIP's targets are no sm: the builtins it renames exist on every gfx target */
	st->no_order_fix = !st->opencl && !w->parse->hip && lacks_atomic_ref(w);
	return st;
}

/* The lvalue a cuda::atomic_ref is made from: the first plain lvalue inside e. */
static CXCursor atomic_ref_target(CXCursor e, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	int i, n;

	if (depth > 8 || k == CXCursor_TypeRef || k == CXCursor_TemplateRef ||
	    k == CXCursor_NamespaceRef)
		return clang_getNullCursor();
	if (k == CXCursor_DeclRefExpr) {
		enum CXCursorKind dk = clang_getCursorKind(clang_getCursorReferenced(e));
		if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl && dk != CXCursor_FieldDecl)
			return clang_getNullCursor();
	}
	if ((k == CXCursor_DeclRefExpr || k == CXCursor_ArraySubscriptExpr ||
	     k == CXCursor_UnaryOperator || k == CXCursor_MemberRefExpr) &&
	    clang_getCursorKind(clang_getTypeDeclaration(clang_getCanonicalType(
		    cal_type_non_reference(clang_getCursorType(e))))) != CXCursor_ClassDecl)
		return e;
	n = cal_nr_children(e);
	for (i = 0; i < n; i++) {
		CXCursor t = atomic_ref_target(cal_child(e, i), depth + 1);
		if (!clang_Cursor_isNull(t))
			return t;
	}
	return clang_getNullCursor();
}

/* The object a libcu++ member call works on, as a key. */
static char *member_key(CXTranslationUnit tu, const struct cal_atomic *a, char **base)
{
	CXCursor o = cal_ignore_wrappers(a->object), d, target;

	if (clang_getCursorKind(o) == CXCursor_DeclRefExpr) {
		d = clang_getCursorReferenced(o);
		if (clang_getCursorKind(d) == CXCursor_VarDecl && cal_cursor_name_is(a->atomic_class, "atomic_ref") &&
		    !clang_Cursor_hasVarDeclGlobalStorage(d) && cal_nr_children(d) > 0)
			o = cal_child(d, cal_nr_children(d) - 1);	/* atomic_ref<T> r(x): x */
		else
			return cal_rs_lvalue_key(tu, o, base);
	}
	if (!cal_cursor_name_is(a->atomic_class, "atomic_ref"))
		return cal_rs_lvalue_key(tu, o, base);
	target = atomic_ref_target(o, 0);
	return clang_Cursor_isNull(target) ? NULL : cal_rs_lvalue_key(tu, target, base);
}

/*
 * Where the value a CAS or an exchange writes sits: legacy and builtin
 * (pointer first) CAS 2, exchange 1; members (no pointer) one less.
 */
static int desired_arg(const struct cal_atomic *a)
{
	int i = a->op == CAL_OP_CAS ? 2 : 1;

	if (a->api != CAL_API_LEGACY && a->api != CAL_API_LIBCUDACXX && a->row->generic)
		return -1;	/* through a pointer */
	return a->api == CAL_API_LIBCUDACXX ? i - 1 : i;
}

/* clang's atomic builtins of HIP (atomics.h): AtomicExprs, orders written as __ATOMIC_* macros. */
static int is_clang_builtin(const struct cal_atomic *a)
{
	return a->api == CAL_API_HIP_BUILTIN || a->api == CAL_API_SCOPED || a->api == CAL_API_GNU;
}

static void cuda_atomic(struct rs_state *st, struct cal_walk *w, CXCursor c)
{
	struct cal_atomic a;
	struct rs_event proto;
	int value_arg = 1;

	if (!cal_atomic_classify(w, c, &a) || !a.row) {
		if (clang_getCursorKind(c) == CXCursor_CallExpr && !cal_rs_helper_poll(st, w, c))
			cal_rs_call(st, w, c);
		return;
	}
	if (!a.from_cuda)
		return;
	memset(&proto, 0, sizeof(proto));
	proto.name = xstrdup(a.row->name);
	proto.scope = a.scope;
	proto.api = a.api;
	if (a.api == CAL_API_LEGACY) {
		proto.legacy = 1;
		proto.order = CAL_ORDER_RELAXED;
		proto.order_ref = clang_getNullCursor();
	} else if (is_clang_builtin(&a)) {
		/* HIP: an __ATOMIC_* macro, read by the classifier */
		proto.order = a.order;
		proto.order_ref = cal_atomic_arg(&a, a.row->order_arg);
	} else {
		proto.order = cal_rs_order_arg(c, a.row->order_arg, a.api == CAL_API_LIBCUDACXX
					       ? CAL_ORDER_SEQ_CST : CAL_ORDER_UNKNOWN, &proto.order_ref);
	}
	proto.const_desired = cal_rs_constant(cal_atomic_arg(&a, desired_arg(&a)), NULL);
	if (a.api == CAL_API_LIBCUDACXX) {
		proto.key = member_key(st->tu, &a, &proto.base);
		value_arg = 0;
	} else if (a.nr_args > 0) {
		proto.key = cal_rs_address_key(st->tu, cal_atomic_arg(&a, 0), &proto.base);
	}
	cal_rs_atomic(st, w, c, a.op, &proto, cal_atomic_arg(&a, value_arg));
}

int cal_rs_is_atomic_expr(struct cal_walk *w, struct rs_state *st, CXCursor c)
{
	struct cal_atomic a;

	if (st->opencl)
		return cal_relaxed_sync_cl_atomic(c) != NULL;
	return cal_atomic_classify(w, c, &a) && a.row;
}

static void rs_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct rs_state *st = state;
	const struct cal_fence_op *fence;
	char *name;

	/* implicit casts are unexposed too: only HIP's clang builtins are wanted (atomics.h) */
	if ((clang_getCursorKind(c) == CXCursor_UnexposedExpr && !w->parse->hip) ||
	    clang_Cursor_isNull(w->function) || vol_in_template_pattern(w) ||
	    (!st->opencl && !cal_walk_in_device_code(w)))
		return;
	if (clang_getCursorKind(c) == CXCursor_GCCAsmStmt) {
		if (!st->opencl && !w->parse->hip)	/* AMD's inline assembly is no PTX */
			cal_rs_asm_poll(st, w, c);
		return;
	}
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
		cuda_atomic(st, w, c);
		return;
	}
	if (clang_getCursorKind(c) != CXCursor_CallExpr) {
		cal_rs_data(st, w, c);
		return;
	}
	if (st->opencl) {
		cal_relaxed_sync_opencl_visit(st, w, c);	/* OpenCL C: opencl.c */
		return;
	}
	name = cal_cursor_name(cal_call_callee(c));
	fence = cal_fence_op_find(0, name);
	free(name);
	if (fence)
		cal_rs_fence(st, w, c, fence);
	else
		cuda_atomic(st, w, c);
}

static void rs_end(struct cal_walk *w, void *state)
{
	struct rs_state *st = state;

	cal_rs_match(w, st);
	cal_rs_free(st);
}

const struct cal_check cal_check_relaxed_sync = {
	.id = "relaxed-sync",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "a lock or flag synchronized with relaxed atomics (no acquire when taken or "
		   "polled, no release when freed or published) while it guards plain data",
	.doc = "relaxed-sync.md",
	.languages = CAL_LANG_CUDA | CAL_LANG_OPENCL | CAL_LANG_HIP,
	/* HIP: fences and __ATOMIC_* orders of clang's builtins, no cuda::atomic_ref */
	.hip_fixes = 1,
	.kinds = CAL_KINDS(CXCursor_CallExpr, CXCursor_DeclRefExpr, CXCursor_ArraySubscriptExpr,
			   CXCursor_UnaryOperator, CXCursor_MemberRefExpr, CXCursor_AsmStmt,
			   CXCursor_UnexposedExpr),
	.needs_words = CAL_WORD_ATOMIC,
	.device_only = 1,	/* rs_visit judges device code only (OpenCL has no host parse) */
	.begin = rs_begin,
	.visit = rs_visit,
	.end = rs_end,
};
