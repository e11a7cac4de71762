/*
 * cal_atomic_classify(): which atomic operation a call is (atomics.h).
 *
 * The callee comes from clang where it resolved the call; where it did not
 * (a dependent call in a template pattern, "(__nv_atomic_load_n)(p, o)",
 * or the recovery expression clang keeps when no overload matched), from
 * the expression that names it.  The name picks the row; a member call's
 * object type says whether it is a libcu++ atomic.
 */
#include "atomics/atomics.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"

static CXCursor innermost_ref(CXCursor e)
{
	while (clang_getCursorKind(e) == CXCursor_UnexposedExpr && cal_nr_children(e) == 1)
		e = cal_child(e, 0);
	return e;
}

/*
 * A call clang could not resolve: a recovery expression (or a dependent
 * call in a template pattern) whose first child names an overload set or a
 * function and whose other children are the arguments.
 */
static int unresolved_call(CXCursor c, CXCursor *name_ref, CXCursor *first_decl,
			   enum cal_callee_how *how)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ref, target, kids[2];

	/* one visit that stops at the third child: most calls here are none */
	if ((k != CXCursor_UnexposedExpr && k != CXCursor_CallExpr) || cal_children(c, kids, 2) < 2)
		return 0;
	ref = innermost_ref(kids[0]);
	if (clang_getCursorKind(ref) != CXCursor_DeclRefExpr &&
	    clang_getCursorKind(ref) != CXCursor_OverloadedDeclRef)
		return 0;
	target = clang_getCursorReferenced(ref);
	if (clang_getCursorKind(target) == CXCursor_OverloadedDeclRef) {
		if (!clang_getNumOverloadedDecls(target))
			return 0;
		*first_decl = clang_getOverloadedDecl(target, 0);
		*how = CAL_CALLEE_OVERLOAD_SET;
	} else if (cal_is_function_kind(clang_getCursorKind(target))) {
		*first_decl = target;
		*how = CAL_CALLEE_NAMED;
	} else {
		return 0;
	}
	*name_ref = ref;
	return 1;
}

/*
 * The callee of a call libclang names none for: an unresolved call's
 * (unresolved_call), or the one function a name refers to past
 * parentheses, "(__nv_atomic_load_n)(p, o)".  0, or -1 if there is none.
 */
static int named_callee(CXCursor c, CXCursor *name_ref, CXCursor *decl,
			enum cal_callee_how *how)
{
	CXCursor e;

	if (unresolved_call(c, name_ref, decl, how))
		return 0;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return -1;
	e = cal_ignore_wrappers(cal_child(c, 0));
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return -1;
	*decl = clang_getCursorReferenced(e);
	if (!cal_is_function_kind(clang_getCursorKind(*decl)))
		return -1;
	*name_ref = e;
	*how = CAL_CALLEE_WRAPPED;
	return 0;
}

/* The canonical type a pointer of type t points to; invalid if t is no pointer. */
static CXType pointee(CXType t)
{
	CXType invalid = { CXType_Invalid, { NULL, NULL } };

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return invalid;
	return clang_getCanonicalType(clang_getPointeeType(t));
}

static long long constant_arg(CXCursor call, int i, int *known)
{
	CXEvalResult ev;
	long long v = -1;

	*known = 0;
	if (i < 0 || i >= clang_Cursor_getNumArguments(call))
		return -1;
	ev = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, (unsigned)i));
	if (!ev)
		return -1;
	if (clang_EvalResult_getKind(ev) == CXEval_Int) {
		v = clang_EvalResult_getAsLongLong(ev);
		*known = 1;
	}
	clang_EvalResult_dispose(ev);
	return v;
}

/* The order at argument i: def where the call leaves it out, unknown if not constant. */
static enum cal_order order_arg(CXCursor call, int i, enum cal_order def)
{
	int known;
	long long v;

	if (i < 0)
		return CAL_ORDER_UNKNOWN;
	if (i >= clang_Cursor_getNumArguments(call))
		return def;
	v = constant_arg(call, i, &known);
	return known ? cal_order_from_value(v) : CAL_ORDER_UNKNOWN;
}

/* Where the variable an address "&v" or array "v" names lives. */
static enum cal_atomic_space space_of(CXCursor addr)
{
	CXCursor e = cal_ignore_wrappers(addr), var;
	enum cal_atomic_space s = CAL_ASPACE_UNKNOWN;
	int i, n;

	if (clang_getCursorKind(e) == CXCursor_UnaryOperator && cal_nr_children(e) == 1)
		e = cal_ignore_wrappers(cal_child(e, 0));
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return s;
	var = clang_getCursorReferenced(e);
	if (clang_getCursorKind(var) != CXCursor_VarDecl)
		return s;
	n = cal_nr_children(var);
	for (i = 0; i < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(cal_child(var, i));
		if (k == CXCursor_CUDASharedAttr)
			return CAL_ASPACE_SHARED;
		if (k == CXCursor_CUDADeviceAttr || k == CXCursor_CUDAConstantAttr)
			s = CAL_ASPACE_GLOBAL;
	}
	if (s == CAL_ASPACE_UNKNOWN && !clang_Cursor_hasVarDeclGlobalStorage(var) &&
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) != CXCursor_TranslationUnit)
		s = CAL_ASPACE_LOCAL;
	return s;
}

/* Legacy and builtin calls: the object is the first argument, a pointer. */
static void pointer_operand(struct cal_atomic *a)
{
	int nargs = clang_Cursor_getNumArguments(a->call);

	if (a->api == CAL_API_LEGACY && a->how == CAL_CALLEE_RESOLVED)
		a->operand = pointee(clang_getArgType(clang_getCursorType(a->callee), 0));
	else if (a->api == CAL_API_LEGACY)	/* the children are the callee, then the arguments */
		a->operand = pointee(clang_getCursorType(cal_child(a->call, 1)));
	else if (nargs > 0)
		a->operand = pointee(clang_getCursorType(clang_Cursor_getArgument(a->call, 0)));
	if (nargs > 0)
		a->space = space_of(clang_Cursor_getArgument(a->call, 0));
}

/* The scope argument of a builtin: the default (system) where the call leaves it out. */
static enum cal_scope builtin_scope(const struct cal_atomic *a)
{
	int nparams = clang_Cursor_isNull(a->callee) ? -1 :
		      clang_Cursor_getNumArguments(a->callee);
	int nargs = clang_Cursor_getNumArguments(a->call);	/* -1: a recovery expression */
	int known;
	long long v;

	if (nparams < 1 || nargs < 0 || nargs > nparams)
		return CAL_SCOPE_UNKNOWN;
	if (nargs < nparams)
		return CAL_SCOPE_SYSTEM;
	v = constant_arg(a->call, nparams - 1, &known);
	return known ? cal_scope_from_nv(v) : CAL_SCOPE_UNKNOWN;
}

static int free_function_call(const struct cal_walk *w, CXCursor c, struct cal_atomic *a)
{
	CXCursor decl = cal_call_callee(c);
	char *name;

	a->how = CAL_CALLEE_RESOLVED;
	if (clang_getCursorKind(c) == CXCursor_CallExpr && !clang_Cursor_isNull(decl))
		a->name_ref = innermost_ref(cal_child(c, 0));
	else if (named_callee(c, &a->name_ref, &decl, &a->how) < 0)
		return 0;
	name = cal_cursor_name(decl);
	a->row = cal_atomic_op_find(CAL_API_LEGACY, name);
	if (!a->row)
		a->row = cal_atomic_op_find(CAL_API_NV_BUILTIN, name);
	if (!a->row)	/* a member of some other class: the name alone */
		a->row = cal_atomic_op_find(CAL_API_LIBCUDACXX, name);
	free(name);
	if (!a->row)
		return 0;
	a->callee = decl;
	a->api = a->row->api;
	a->op = a->row->op;
	if (a->api == CAL_API_LEGACY) {
		a->from_cuda = w && cal_walk_decl_from_cuda(w, decl);
		a->scope = a->row->scope;
		a->order = CAL_ORDER_RELAXED;
	} else if (a->api == CAL_API_NV_BUILTIN) {
		/* a specialization's location is its template's: in the prelude */
		a->from_cuda = w && cal_walk_decl_in_prelude(w, decl);
		a->scope = builtin_scope(a);
		a->order = order_arg(c, a->row->order_arg, CAL_ORDER_UNKNOWN);
		a->failure_order = order_arg(c, a->row->failure_order_arg, CAL_ORDER_UNKNOWN);
	} else {
		return 1;
	}
	pointer_operand(a);
	return 1;
}

/* Is cls a class atomic or atomic_ref whose outermost namespace is cuda? */
static int is_cuda_atomic_class(CXCursor cls, int *in_std)
{
	CXCursor p;
	int cuda = 0;

	if (!cal_cursor_name_is(cls, "atomic_ref") && !cal_cursor_name_is(cls, "atomic"))
		return 0;
	*in_std = 0;
	for (p = clang_getCursorSemanticParent(cls); !clang_Cursor_isNull(p) &&
	     clang_getCursorKind(p) == CXCursor_Namespace; p = clang_getCursorSemanticParent(p)) {
		*in_std |= cal_cursor_name_is(p, "std");
		cuda = cal_cursor_name_is(p, "cuda");
	}
	return cuda;
}

/* cuda::atomic<T, S>: S; cuda::std::atomic<T>: system. */
static enum cal_scope class_scope(CXCursor cls, int in_std)
{
	if (clang_Cursor_getNumTemplateArguments(cls) >= 2 &&
	    clang_Cursor_getTemplateArgumentKind(cls, 1) == CXTemplateArgumentKind_Integral)
		return cal_scope_from_cuda(clang_Cursor_getTemplateArgumentValue(cls, 1));
	return in_std ? CAL_SCOPE_SYSTEM : CAL_SCOPE_UNKNOWN;
}

/* The memory orders of a member call; compare-exchange derives its failure order. */
static void member_orders(struct cal_atomic *a)
{
	if (!a->row)
		return;
	a->order = order_arg(a->call, a->row->order_arg, CAL_ORDER_SEQ_CST);
	if (a->row->failure_order_arg < 0)
		return;
	if (a->row->failure_order_arg < clang_Cursor_getNumArguments(a->call))
		a->failure_order = order_arg(a->call, a->row->failure_order_arg, CAL_ORDER_UNKNOWN);
	else if (a->order == CAL_ORDER_RELEASE)
		a->failure_order = CAL_ORDER_RELAXED;
	else if (a->order == CAL_ORDER_ACQ_REL)
		a->failure_order = CAL_ORDER_ACQUIRE;
	else
		a->failure_order = a->order;
}

static int member_call(CXCursor c, struct cal_atomic *a)
{
	CXCursor member = cal_ignore_wrappers(cal_child(c, 0)), cls;
	CXType t;
	char *name;
	int in_std;

	if (clang_getCursorKind(c) != CXCursor_CallExpr ||
	    clang_getCursorKind(member) != CXCursor_MemberRefExpr || cal_nr_children(member) < 1)
		return 0;
	/* past the implicit cast to a base, which would hide the atomic's type */
	a->object = cal_ignore_wrappers(cal_child(member, 0));
	t = clang_getCanonicalType(clang_getCursorType(a->object));
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	cls = clang_getTypeDeclaration(t);
	if (!is_cuda_atomic_class(cls, &in_std))
		return 0;
	a->callee = cal_call_callee(c);
	a->how = clang_Cursor_isNull(a->callee) ? CAL_CALLEE_NAMED : CAL_CALLEE_RESOLVED;
	name = cal_cursor_name(member);
	a->row = cal_atomic_op_find(CAL_API_LIBCUDACXX, name);
	free(name);
	a->api = CAL_API_LIBCUDACXX;
	a->op = a->row ? a->row->op : CAL_OP_ANY;
	a->from_cuda = 1;
	a->atomic_class = cls;
	a->atomic_type = cal_type_unqualified(t);
	if (clang_Cursor_getNumTemplateArguments(cls) >= 1 &&
	    clang_Cursor_getTemplateArgumentKind(cls, 0) == CXTemplateArgumentKind_Type)
		a->operand = clang_getCanonicalType(clang_Cursor_getTemplateArgumentType(cls, 0));
	a->scope = class_scope(cls, in_std);
	member_orders(a);
	return 1;
}

/* ---- clang's atomic builtins (AtomicExpr), in HIP parses ---- */

/*
 * The name an AtomicExpr is written with, into buf: the identifier at its
 * location's spelling (in a macro's definition when a macro expands to the
 * builtin).  0, or -1 if there is none.
 */
static int builtin_name(CXCursor e, char *buf, size_t size)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
	CXFile file = NULL;
	unsigned off = 0;
	size_t n = 0, len = 0;
	const char *text;

	clang_getSpellingLocation(clang_getCursorLocation(e), &file, NULL, NULL, &off);
	text = file ? cal_file_contents(tu, file, &n) : NULL;
	if (!text || off >= n || text[off] != '_')
		return -1;
	while (off + len < n && len + 1 < size &&
	       (isalnum((unsigned char)text[off + len]) || text[off + len] == '_'))
		len++;
	memcpy(buf, text + off, len);
	buf[len] = '\0';
	return 0;
}

/*
 * The arguments of an AtomicExpr in source order.  clang keeps its
 * sub-expressions as pointer, order, first value, [failure order, second
 * value, [weak]], [scope] (Sema::BuildAtomicExpr), and libclang shows them
 * in that order: the row's positions say which argument each child is.
 */
static int atomic_expr_args(CXCursor e, const struct cal_atomic_op *row, struct cal_atomic *a)
{
	int child_arg[CAL_ATOMIC_MAX_ARGS], n = 0, i;

	if (row->nr_args > CAL_ATOMIC_MAX_ARGS || row->order_arg < 1 ||
	    cal_nr_children(e) != row->nr_args)
		return -1;
	child_arg[n++] = 0;
	child_arg[n++] = row->order_arg;
	for (i = 1; i < row->nr_args; i++) {
		if (i == row->order_arg || i == row->failure_order_arg || i == row->scope_arg)
			continue;
		child_arg[n++] = i;
		if (n == 3 && row->failure_order_arg >= 0)
			child_arg[n++] = row->failure_order_arg;
	}
	if (row->scope_arg >= 0)
		child_arg[n++] = row->scope_arg;
	if (n != row->nr_args)
		return -1;
	for (i = 0; i < n; i++)
		a->args[child_arg[i]] = cal_child(e, i);
	a->nr_args = n;
	return 0;
}

static enum cal_order order_of(CXCursor arg)
{
	CXEvalResult ev = clang_Cursor_isNull(arg) ? NULL : clang_Cursor_Evaluate(arg);
	enum cal_order o = CAL_ORDER_UNKNOWN;

	if (!ev)
		return o;
	if (clang_EvalResult_getKind(ev) == CXEval_Int)
		o = cal_order_from_value(clang_EvalResult_getAsLongLong(ev));
	clang_EvalResult_dispose(ev);
	return o;
}

/* The scope of a builtin: its constant argument's (unknown if not constant), GNU's system. */
static void builtin_expr_scope(struct cal_atomic *a)
{
	CXEvalResult ev;

	if (a->api == CAL_API_GNU) {
		a->scope = CAL_SCOPE_SYSTEM;
		return;
	}
	ev = clang_Cursor_Evaluate(a->args[a->row->scope_arg]);
	if (!ev)
		return;
	if (clang_EvalResult_getKind(ev) == CXEval_Int)
		a->hip_scope = cal_hip_scope_find(a->api, clang_EvalResult_getAsLongLong(ev));
	clang_EvalResult_dispose(ev);
	if (a->hip_scope)
		a->scope = a->hip_scope->scope;
}

static int atomic_expr(const struct cal_walk *w, CXCursor e, struct cal_atomic *a)
{
	char name[64];

	if (!w || !w->parse->hip || clang_getCursorKind(e) != CXCursor_UnexposedExpr ||
	    cal_nr_children(e) < 2 || builtin_name(e, name, sizeof(name)) < 0)
		return 0;
	a->row = cal_atomic_op_hip_find(name);
	if (!a->row || a->row->api == CAL_API_HIP || atomic_expr_args(e, a->row, a) < 0) {
		a->row = NULL;
		return 0;
	}
	a->api = a->row->api;
	a->op = a->row->op;
	a->from_cuda = 1;
	a->how = CAL_CALLEE_RESOLVED;
	a->order = order_of(a->args[a->row->order_arg]);
	if (a->row->failure_order_arg >= 0)
		a->failure_order = order_of(a->args[a->row->failure_order_arg]);
	builtin_expr_scope(a);
	a->operand = pointee(clang_getCursorType(a->args[0]));
	a->space = space_of(a->args[0]);
	return 1;
}

/* A call's arguments as clang numbers them (none for a recovery expression). */
static void call_args(struct cal_atomic *a)
{
	int i, n = clang_Cursor_getNumArguments(a->call);

	a->nr_args = n < CAL_ATOMIC_MAX_ARGS ? n : CAL_ATOMIC_MAX_ARGS;
	for (i = 0; i < a->nr_args; i++)
		a->args[i] = clang_Cursor_getArgument(a->call, (unsigned)i);
}

CXCursor cal_atomic_arg(const struct cal_atomic *a, int i)
{
	return i >= 0 && i < a->nr_args ? a->args[i] : clang_getNullCursor();
}

static struct cal_atomic blank_atomic;

static void make_blank_atomic(void)
{
	struct cal_atomic *a = &blank_atomic;
	int i;

	memset(a, 0, sizeof(*a));
	a->callee = a->name_ref = a->object = a->atomic_class = clang_getNullCursor();
	a->atomic_type.kind = CXType_Invalid;
	a->operand.kind = CXType_Invalid;
	a->op = CAL_OP_ANY;
	a->scope = CAL_SCOPE_UNKNOWN;
	a->order = a->failure_order = CAL_ORDER_UNKNOWN;
	a->space = CAL_ASPACE_UNKNOWN;
	a->nr_args = -1;
	for (i = 0; i < CAL_ATOMIC_MAX_ARGS; i++)
		a->args[i] = clang_getNullCursor();
}

/* Nothing known of call yet: a copy of one blank answer (each call's, up to three times). */
static void atomic_init(struct cal_atomic *a, CXCursor call)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, make_blank_atomic);
	*a = blank_atomic;
	a->call = call;
}

static int classify(const struct cal_walk *w, CXCursor call, struct cal_atomic *out)
{
	enum CXCursorKind k = clang_getCursorKind(call);

	atomic_init(out, call);
	if (k != CXCursor_CallExpr && k != CXCursor_UnexposedExpr)
		return 0;
	if (member_call(call, out) || free_function_call(w, call, out)) {
		call_args(out);
		return 1;
	}
	atomic_init(out, call);
	if (atomic_expr(w, call, out))
		return 1;
	atomic_init(out, call);
	return 0;
}

/*
 * The last call classified, per thread: the checks ask of the same call in
 * turn, and the answer depends on the call and the walk's parse only.  Keyed
 * on the walk's serial, as a later walk's cursors may reuse a disposed
 * parse's addresses.
 */
static _Thread_local struct {
	unsigned long serial;	/* 0: none */
	CXCursor call;
	int result;
	struct cal_atomic atomic;
} last;

int cal_atomic_classify(const struct cal_walk *w, CXCursor call, struct cal_atomic *out)
{
	int result;

	if (w && w->serial && last.serial == w->serial && clang_equalCursors(last.call, call)) {
		*out = last.atomic;
		return last.result;
	}
	result = classify(w, call, out);
	if (w && w->serial) {
		last.serial = w->serial;
		last.call = call;
		last.result = result;
		last.atomic = *out;
	}
	return result;
}
