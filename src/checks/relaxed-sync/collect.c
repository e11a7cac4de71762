/*
 * relaxed-sync, collecting: the events of the walk (relaxed_sync.h) that
 * do not depend on the language: where a waiting call stands, fences, an
 * atomic's role, and the plain accesses of memory other threads see.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "fixits/edit.h"
#include "analysis/expr_util.h"
#include "analysis/spin_loop.h"
#include "analysis/volatile_util.h"
#include "atomics/atomics.h"
#include "checks/relaxed-sync/relaxed_sync.h"

static unsigned offset_of(CXSourceLocation loc)
{
	unsigned offset = 0;

	clang_getExpansionLocation(loc, NULL, NULL, NULL, &offset);
	return offset;
}

struct rs_event *cal_rs_add(struct rs_state *st, struct cal_walk *w, enum rs_kind kind,
			    CXCursor c)
{
	struct rs_event *e;
	CXSourceRange r = clang_getCursorExtent(c);

	GROW(st->ev, st->alloc_ev, st->nr_ev + 1);
	e = &st->ev[st->nr_ev++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->function = w->function;
	e->cursor = c;
	e->begin = offset_of(clang_getRangeStart(r));
	e->end = offset_of(clang_getRangeEnd(r));
	e->limit = UINT_MAX;
	e->loop = e->then = e->order_ref = e->assign = e->stmt = e->callee = clang_getNullCursor();
	e->order = CAL_ORDER_UNKNOWN;
	e->scope = CAL_SCOPE_UNKNOWN;
	e->opencl = st->opencl;
	e->fix_allowed = !st->no_fixes && vol_fix_allowed(w);
	return e;
}

/* The text of c with blanks dropped, "X[0]" read as "*X", "(X)" as X. */
static char *normalized(CXTranslationUnit tu, CXCursor c)
{
	char *text = cal_cursor_text(tu, c, CAL_TEXT_MACRO_USES), *out, *p;
	size_t n;

	if (!text)
		return NULL;
	for (p = out = text; *p; p++)
		if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
			*out++ = *p;
	*out = '\0';
	n = strlen(text);
	while (n >= 2 && text[0] == '(' && text[n - 1] == ')' && !strchr(text + 1, '(')) {
		memmove(text, text + 1, n - 2);
		text[n -= 2] = '\0';
	}
	if (n > 3 && !strcmp(text + n - 3, "[0]")) {
		text[n - 3] = '\0';
		out = xasprintf("*%s", text);
		free(text);
		return out;
	}
	return text;
}

static char *base_name(CXCursor e)
{
	CXCursor v = cal_base_variable(e);

	return clang_Cursor_isNull(v) ? NULL : cal_cursor_name(v);
}

char *cal_rs_lvalue_key(CXTranslationUnit tu, CXCursor lvalue, char **base)
{
	lvalue = cal_ignore_wrappers(lvalue);
	if (base)
		*base = base_name(lvalue);
	return normalized(tu, lvalue);
}

char *cal_rs_address_key(CXTranslationUnit tu, CXCursor addr, char **base)
{
	CXCursor e = cal_strip_casts(addr);
	char *text, *out;

	if (vol_is_unary(e, CXUnaryOperator_AddrOf))
		return cal_rs_lvalue_key(tu, cal_child(e, 0), base);
	if (base)
		*base = base_name(e);
	text = normalized(tu, e);
	if (!text)
		return NULL;
	out = xasprintf("*%s", text);
	free(text);
	return out;
}

/* The if whose condition holds the current cursor (through expressions only), or null. */
static CXCursor condition_of_if(struct cal_walk *w, CXCursor c)
{
	CXCursor below = c, p;
	int n;

	for (n = 0; !clang_Cursor_isNull(p = cal_walk_parent(w, n)); n++) {
		if (clang_getCursorKind(p) == CXCursor_IfStmt)
			return cal_nr_children(p) >= 2 &&
			       clang_equalCursors(cal_child(p, 0), below) ? p : clang_getNullCursor();
		if (!clang_isExpression(clang_getCursorKind(p)))
			break;
		below = p;
	}
	return clang_getNullCursor();
}

/*
 * The while or do loop whose condition holds the current cursor (through
 * expressions only), or null: a CAS taking a lock may spin on a condition
 * whose 'expected' the body resets, which cal_spin_loop does not count.
 */
static CXCursor condition_of_loop(struct cal_walk *w, CXCursor c)
{
	CXCursor below = c, p;
	int n;

	for (n = 0; !clang_Cursor_isNull(p = cal_walk_parent(w, n)); n++) {
		enum CXCursorKind k = clang_getCursorKind(p);
		int nc = cal_nr_children(p);
		if (k == CXCursor_WhileStmt)
			return nc == 2 && clang_equalCursors(cal_child(p, 0), below) ? p : clang_getNullCursor();
		if (k == CXCursor_DoStmt)
			return nc == 2 && clang_equalCursors(cal_child(p, 1), below) ? p : clang_getNullCursor();
		if (!clang_isExpression(k))
			break;
		below = p;
	}
	return clang_getNullCursor();
}

int cal_rs_wait_site(struct cal_walk *w, struct rs_state *st, CXCursor call, struct rs_event *e,
		     int if_too)
{
	int level = 0;
	CXCursor loop = cal_spin_loop(w, st->tu, call, &level), ifs;

	if (clang_Cursor_isNull(loop) && if_too)
		loop = condition_of_loop(w, call);

	if (!clang_Cursor_isNull(loop)) {
		e->loop = loop;
		e->after = offset_of(clang_getRangeEnd(cal_loop_statement_range(st->tu, loop)));
		return 1;
	}
	if (!if_too || clang_Cursor_isNull(ifs = condition_of_if(w, call)))
		return 0;
	e->then = cal_child(ifs, 1);
	e->after = e->end;
	e->limit = offset_of(clang_getRangeEnd(clang_getCursorExtent(ifs)));
	return 1;
}

int cal_rs_copy_wait_site(struct cal_walk *w, struct rs_state *st, CXCursor stmt, CXCursor copy,
			  struct rs_event *e)
{
	int level = cal_output_polled(w, st->tu, stmt, copy);

	if (level < 0)
		return 0;
	e->loop = cal_walk_parent(w, level);
	e->after = offset_of(clang_getRangeEnd(cal_loop_statement_range(st->tu, e->loop)));
	return 1;
}

CXCursor cal_rs_statement(struct cal_walk *w, CXCursor c)
{
	CXCursor below = c, p;
	int n;

	for (n = 0; !clang_Cursor_isNull(p = cal_walk_parent(w, n)); n++) {
		enum CXCursorKind k = clang_getCursorKind(p);
		if (k == CXCursor_CompoundStmt)
			return below;
		if (!clang_isExpression(k) && !clang_isStatement(k))
			break;
		below = p;
	}
	return clang_getNullCursor();
}

enum cal_order cal_rs_order_arg(CXCursor call, int i, enum cal_order def, CXCursor *ref)
{
	CXEvalResult ev;
	CXCursor arg;
	enum cal_order o = CAL_ORDER_UNKNOWN;

	*ref = clang_getNullCursor();
	if (i < 0)
		return CAL_ORDER_UNKNOWN;
	if (i >= clang_Cursor_getNumArguments(call))
		return def;
	arg = clang_Cursor_getArgument(call, (unsigned)i);
	ev = clang_Cursor_Evaluate(arg);
	if (ev && clang_EvalResult_getKind(ev) == CXEval_Int)
		o = cal_order_from_value(clang_EvalResult_getAsLongLong(ev));
	if (ev)
		clang_EvalResult_dispose(ev);
	arg = cal_strip_casts(arg);
	if (clang_getCursorKind(arg) == CXCursor_DeclRefExpr)
		*ref = arg;
	return o;
}

void cal_rs_fence(struct rs_state *st, struct cal_walk *w, CXCursor call,
		  const struct cal_fence_op *f)
{
	CXCursor ref;
	enum cal_order o = f->order_arg < 0 ? CAL_ORDER_SEQ_CST
			   : cal_rs_order_arg(call, f->order_arg, CAL_ORDER_UNKNOWN, &ref);
	struct rs_event *e;

	if (o == CAL_ORDER_RELAXED || o == CAL_ORDER_UNKNOWN)
		return;
	e = cal_rs_add(st, w, RS_FENCE, call);
	e->acquires = o != CAL_ORDER_RELEASE;
	e->releases = o != CAL_ORDER_ACQUIRE && o != CAL_ORDER_CONSUME;
}

int cal_rs_constant_arg(CXCursor call, int i, long long *value)
{
	if (i < 0 || i >= clang_Cursor_getNumArguments(call))
		return 0;
	return cal_rs_constant(clang_Cursor_getArgument(call, (unsigned)i), value);
}

int cal_rs_constant(CXCursor arg, long long *value)
{
	CXEvalResult ev;
	int known;

	if (clang_Cursor_isNull(arg))
		return 0;
	ev = clang_Cursor_Evaluate(arg);
	known = ev && clang_EvalResult_getKind(ev) == CXEval_Int;
	if (known && value)
		*value = clang_EvalResult_getAsLongLong(ev);
	if (ev)
		clang_EvalResult_dispose(ev);
	return known;
}

/* An operation that reads the word and leaves it as it is: a load, an add of 0. */
static int reads_only(enum cal_op op, CXCursor value)
{
	long long v = -1;

	if (op == CAL_OP_LOAD)
		return 1;
	return (op == CAL_OP_ADD || op == CAL_OP_SUB || op == CAL_OP_OR || op == CAL_OP_XOR) &&
	       cal_rs_constant(value, &v) && v == 0;
}

void cal_rs_atomic(struct rs_state *st, struct cal_walk *w, CXCursor call, enum cal_op op,
		   const struct rs_event *proto, CXCursor value)
{
	struct rs_event *e;
	int keep = 1;

	if (!proto->key) {
		free(proto->base);
		free(proto->name);
		return;
	}
	e = cal_rs_add(st, w, RS_WRITE, call);
	e->key = proto->key;
	e->base = proto->base;
	e->name = proto->name;
	e->order = proto->order;
	e->order_ref = proto->order_ref;
	e->api = proto->api;
	e->scope = proto->scope;
	e->legacy = proto->legacy;
	e->const_desired = proto->const_desired;
	e->stmt = cal_rs_statement(w, e->cursor);
	if (op == CAL_OP_CAS || op == CAL_OP_EXCH) {
		if (cal_rs_wait_site(w, st, call, e, e->const_desired))
			e->kind = RS_TAKE;
	} else if (reads_only(op, value)) {
		e->kind = RS_POLL;
		keep = cal_rs_wait_site(w, st, call, e, 0);
	}
	if (keep)
		return;
	free(e->key);
	free(e->base);
	free(e->name);
	st->nr_ev--;
}

/* ---- plain accesses ---- */

static int is_array_type(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
	       t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

/* A cuda::atomic / atomic_ref object, or an OpenCL C _Atomic one: never a plain access. */
static int is_atomic_type(CXType t)
{
	CXCursor d;

	t = clang_getCanonicalType(cal_type_non_reference(t));
	if (t.kind == CXType_Atomic)
		return 1;
	d = clang_getTypeDeclaration(t);
	return !clang_Cursor_isNull(d) && (cal_cursor_name_is(d, "atomic_ref") ||
					   cal_cursor_name_is(d, "atomic"));
}

static int is_pointer_like(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Pointer || t.kind == CXType_LValueReference ||
	       t.kind == CXType_RValueReference;
}

/* An OpenCL C __local variable of a kernel (its type says so: clang has no accessor that is safe). */
static int is_cl_local(CXCursor var)
{
	char *t = cal_type_name(clang_getCursorType(var));
	int local = t && strstr(t, "__local") != NULL;

	free(t);
	return local;
}

/* Memory other threads may see: a global, __shared__ or __local variable, or through a pointer. */
static int shared_memory_lvalue(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor v;

	if (k == CXCursor_UnaryOperator && !vol_is_unary(c, CXUnaryOperator_Deref))
		return 0;
	if (k != CXCursor_DeclRefExpr && k != CXCursor_ArraySubscriptExpr &&
	    k != CXCursor_UnaryOperator && k != CXCursor_MemberRefExpr)
		return 0;
	v = cal_base_variable(c);
	if (clang_Cursor_isNull(v))
		return k != CXCursor_DeclRefExpr;	/* through a call's result, a cast... */
	if (clang_getCursorKind(v) == CXCursor_VarDecl &&
	    (clang_Cursor_hasVarDeclGlobalStorage(v) || cal_var_is_shared(v) || is_cl_local(v)))
		return 1;
	return k != CXCursor_DeclRefExpr && is_pointer_like(clang_getCursorType(v));
}

/* Is the current cursor part of an atomic call's operands or an atomic object? */
static int under_atomic(struct cal_walk *w, struct rs_state *st)
{
	CXCursor p;
	int n;

	for (n = 0; !clang_Cursor_isNull(p = cal_walk_parent(w, n)); n++) {
		enum CXCursorKind k = clang_getCursorKind(p);
		if (k == CXCursor_VarDecl && is_atomic_type(clang_getCursorType(p)))
			return 1;
		if (!clang_isExpression(k))
			return 0;
		if (is_atomic_type(clang_getCursorType(p)) || cal_rs_is_atomic_expr(w, st, p))
			return 1;
	}
	return 0;
}

void cal_rs_data(struct rs_state *st, struct cal_walk *w, CXCursor c)
{
	CXType t = clang_getCursorType(c);
	CXCursor p, below;
	int level = 0, compound = 0, rd = 1, wr = 0;
	struct rs_event *e;

	/* const data through a pointer counts: the consumer's view of what a producer wrote */
	if (!cal_is_scalar(t) || is_array_type(t) || is_atomic_type(t) ||
	    (clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_isConstQualifiedType(t)) ||
	    !shared_memory_lvalue(c))
		return;
	p = vol_parent(w, c, &level, &below);
	if (vol_is_unary(p, CXUnaryOperator_AddrOf))
		return;
	if (vol_is_assignment(p, &compound) && clang_equalCursors(cal_child(p, 0), below)) {
		wr = 1;
		rd = compound;
	} else if (vol_is_unary(p, CXUnaryOperator_PostInc) || vol_is_unary(p, CXUnaryOperator_PreInc) ||
		   vol_is_unary(p, CXUnaryOperator_PostDec) || vol_is_unary(p, CXUnaryOperator_PreDec)) {
		wr = 1;
	}
	if (under_atomic(w, st))
		return;
	e = cal_rs_add(st, w, RS_DATA, c);
	e->key = cal_rs_lvalue_key(st->tu, c, &e->base);
	e->is_read = rd;
	e->is_write = wr;
	e->is_volatile = vol_type_is_volatile(t);
	e->stmt = cal_rs_statement(w, e->cursor);
	if (wr && !compound && !rd)
		e->assign = p;
}

void cal_rs_call(struct rs_state *st, struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call), def;
	struct rs_event *e;
	int i, n = clang_Cursor_getNumArguments(call), any = 0;

	if (clang_Cursor_isNull(callee) || cal_walk_decl_from_cuda(w, callee))
		return;
	def = clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(def) || (!st->opencl && !(cal_function_space(def) & CAL_SPACE_DEVICE)))
		return;
	e = cal_rs_add(st, w, RS_CALL, call);
	e->callee = clang_getCanonicalCursor(def);
	for (i = 0; i < n && i < RS_MAX_ARGS; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		if (clang_getCanonicalType(clang_getCursorType(arg)).kind != CXType_Pointer)
			continue;
		e->arg_keys[i] = cal_rs_address_key(st->tu, arg, NULL);
		any |= e->arg_keys[i] != NULL;
	}
	if (!any)
		st->nr_ev--;
}
