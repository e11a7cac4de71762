/*
 * atomic-local-memory: an atomic operation on thread-local memory.
 *
 * Automatic variables of a device function live in the thread's local
 * memory: no other thread can see them, so an atomic on them synchronizes
 * nothing, and the PTX ISA leaves atom/red on the local state space
 * undefined.  It is nearly always a histogram or counter that was meant
 * to be __shared__.
 *
 * The check runs in device parses and looks at every atomic: the legacy
 * atomic* functions (with their _block/_system variants), the
 * __nv_atomic_* builtins, the construction of a cuda::atomic_ref, and
 * inline PTX atom/red, whose address operand is then traced by
 * local_origin.h.  Where the atomic is a statement of its own and maps to a
 * plain operator, the fix is that operator; otherwise a note says the
 * object was probably meant to be __shared__.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "analysis/local_origin.h"
#include "atomics/nv_atomic.h"
#include "checks/atomic-local-memory/asm.h"

/* How an atomic maps to a plain operation when its result is unused. */
enum plain_op {
	PLAIN_NONE,
	PLAIN_COMPOUND,		/* x OP= v */
	PLAIN_ASSIGN,		/* x = v */
	PLAIN_MINMAX,		/* x = min(x, v) */
};

struct op_map {
	enum plain_op kind;
	const char *text;	/* "+=", "min" ... */
};

/*
 * The plain operation of an atomic: read-modify-writes and the by-value
 * store and exchange (the generic forms take the value through a pointer).
 */
static const struct op_map *plain_op_of(const struct cal_atomic_op *row)
{
	static const struct op_map none = { PLAIN_NONE, NULL }, assign = { PLAIN_ASSIGN, "=" };
	static const struct { enum cal_op op; struct op_map map; } ops[] = {
		{ CAL_OP_ADD, { PLAIN_COMPOUND, "+=" } }, { CAL_OP_SUB, { PLAIN_COMPOUND, "-=" } },
		{ CAL_OP_AND, { PLAIN_COMPOUND, "&=" } }, { CAL_OP_OR, { PLAIN_COMPOUND, "|=" } },
		{ CAL_OP_XOR, { PLAIN_COMPOUND, "^=" } }, { CAL_OP_MIN, { PLAIN_MINMAX, "min" } },
		{ CAL_OP_MAX, { PLAIN_MINMAX, "max" } },
	};
	size_t i;

	if ((row->op == CAL_OP_EXCH || row->op == CAL_OP_STORE) && !row->generic)
		return &assign;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (ops[i].op == row->op)
			return &ops[i].map;
	return &none;
}

/* --- source text for the fix --- */

/* The text of cursor c as written, or NULL if any of it comes from a macro. */
static char *cursor_text(const struct cal_walk *w, CXCursor c)
{
	return cal_cursor_text(w->parse->tu, c, CAL_TEXT_NO_MACROS);
}

/* The lvalue an address expression denotes: &x -> x, a + i -> a[i], p -> *p. */
static char *lvalue_text(const struct cal_walk *w, CXCursor addr)
{
	struct strbuf sb = STRBUF_INIT;
	char *a = NULL, *b = NULL;

	addr = cal_ignore_wrappers(addr);
	switch (clang_getCursorKind(addr)) {
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(addr) == CXUnaryOperator_AddrOf)
			return cursor_text(w, cal_child(addr, 0));
		break;
	case CXCursor_BinaryOperator:
		if (clang_getCursorBinaryOperatorKind(addr) != CXBinaryOperator_Add)
			break;
		a = cursor_text(w, cal_child(addr, 0));
		b = cursor_text(w, cal_child(addr, 1));
		if (a && b)
			strbuf_addf(&sb, "%s[%s]", a, b);
		free(a);
		free(b);
		return sb.len ? strbuf_detach(&sb) : NULL;
	case CXCursor_DeclRefExpr:
		a = cursor_text(w, addr);
		if (a)
			strbuf_addf(&sb, "*%s", a);
		free(a);
		return sb.len ? strbuf_detach(&sb) : NULL;
	default:
		break;
	}
	return NULL;
}

/* x = min(x, v) evaluates x twice: only for text without side effects. */
static int side_effect_free(const char *s)
{
	return !strstr(s, "++") && !strstr(s, "--") && !strchr(s, '(') && !strchr(s, '=');
}

static char *plain_text(const struct op_map *op, const char *lv, const char *v)
{
	struct strbuf sb = STRBUF_INIT;

	switch (op->kind) {
	case PLAIN_COMPOUND: strbuf_addf(&sb, "%s %s %s", lv, op->text, v); break;
	case PLAIN_ASSIGN: strbuf_addf(&sb, "%s = %s", lv, v); break;
	case PLAIN_MINMAX:
		if (!side_effect_free(lv))
			return NULL;
		strbuf_addf(&sb, "%s = %s(%s, %s)", lv, op->text, lv, v);
		break;
	default:
		return NULL;
	}
	return strbuf_detach(&sb);
}

/* --- is the result used? --- */

/*
 * The range a plain statement may replace: the call itself when it is a
 * statement of its own, or the (void) cast around it; a null range when
 * its value is used.
 */
static CXSourceRange statement_range(const struct cal_walk *w, CXCursor call)
{
	CXCursor parent = cal_walk_parent(w, 0);
	enum CXCursorKind k = clang_getCursorKind(parent);

	if (k == CXCursor_CStyleCastExpr &&
	    clang_getCursorType(parent).kind == CXType_Void) {
		enum CXCursorKind pk = clang_getCursorKind(cal_walk_parent(w, 1));
		if (clang_isStatement(pk) && pk != CXCursor_ReturnStmt)
			return clang_getCursorExtent(parent);
		return clang_getNullRange();
	}
	if (!clang_isStatement(k) || k == CXCursor_ReturnStmt || k == CXCursor_SwitchStmt)
		return clang_getNullRange();
	return clang_getCursorExtent(call);
}

/* --- reporting --- */

static void describe_origin(struct cal_walk *w, struct cal_finding *f,
			    const struct cal_local_origin *o, int fixed)
{
	char *obj = cal_cursor_name(o->object);

	if (!clang_Cursor_isNull(o->pointer)) {
		char *ptr = cal_cursor_name(o->pointer);
		cal_note_at(w, f, o->pointer,
			    "'%s' is only ever given addresses of thread-local memory", ptr);
		free(ptr);
	}
	if (fixed)
		cal_note_at(w, f, o->object,
			    "'%s' is private to each thread: a plain operation does the same",
			    obj);
	else
		cal_note_at(w, f, o->object,
			    "'%s' is private to each thread; it was probably meant to be __shared__",
			    obj);
	free(obj);
}

static struct cal_finding *report(struct cal_walk *w, CXCursor at, const char *what,
				  const struct cal_local_origin *o)
{
	char *obj = cal_cursor_name(o->object);
	char *ptr = clang_Cursor_isNull(o->pointer) ? NULL : cal_cursor_name(o->pointer);
	struct cal_finding *f;

	f = cal_report(w, at,
		       "%s on thread-local variable '%s'%s%s%s: each thread has its own copy, "
		       "and atomics on local memory are undefined in PTX",
		       what, obj, ptr ? " through pointer '" : "", ptr ? ptr : "",
		       ptr ? "'" : "");
	free(obj);
	free(ptr);
	return f;
}

/* Try the plain-operation fix; 1 if one was attached. */
static int add_plain_fix(struct cal_walk *w, struct cal_finding *f, CXCursor call,
			 const struct op_map *op)
{
	CXSourceRange r = statement_range(w, call);
	char *lv = NULL, *v = NULL, *text = NULL;
	int ok = 0;

	if (clang_Range_isNull(r) || !op || op->kind == PLAIN_NONE ||
	    clang_Cursor_getNumArguments(call) < 2)
		return 0;
	lv = lvalue_text(w, clang_Cursor_getArgument(call, 0));
	v = cursor_text(w, clang_Cursor_getArgument(call, 1));
	if (lv && v)
		text = plain_text(op, lv, v);
	if (text)
		ok = !cal_add_simple_fix(f, "replace the atomic with a plain operation on the "
					 "thread's own copy", r, text);
	free(lv);
	free(v);
	free(text);
	return ok;
}

static void check_call_address(struct cal_walk *w, CXCursor call, const char *name,
			       const struct op_map *op)
{
	struct cal_local_origin o;
	struct cal_finding *f;
	char what[96];
	int fixed;

	if (clang_Cursor_getNumArguments(call) < 1 ||
	    !cal_addr_is_local(clang_Cursor_getArgument(call, 0), &o))
		return;
	snprintf(what, sizeof(what), "'%.80s'", name);
	f = report(w, call, what, &o);
	/*
	 * Whether a pointer holds only local addresses can differ between
	 * instantiations (if constexpr): rewriting the shared template text
	 * would break the others.  A direct &local is local in all of them.
	 */
	fixed = (!w->in_instantiation || clang_Cursor_isNull(o.pointer)) &&
		add_plain_fix(w, f, call, op);
	describe_origin(w, f, &o, fixed);
}

/* --- the kinds of atomics --- */

static int is_cuda_namespace_member(CXCursor c)
{
	for (c = clang_getCursorSemanticParent(c); !clang_Cursor_isNull(c) &&
	     clang_getCursorKind(c) != CXCursor_TranslationUnit;
	     c = clang_getCursorSemanticParent(c))
		if (clang_getCursorKind(c) == CXCursor_Namespace && cal_cursor_name_is(c, "cuda"))
			return 1;
	return 0;
}

/* A constructor of cuda::atomic_ref (or cuda::std::atomic_ref) binding an object. */
static int is_atomic_ref_binding(CXCursor ctor)
{
	CXCursor cls = clang_getCursorSemanticParent(ctor);
	CXType pt;

	if (clang_getCursorKind(ctor) != CXCursor_Constructor ||
	    !cal_cursor_name_is(cls, "atomic_ref") || !is_cuda_namespace_member(cls) ||
	    clang_Cursor_getNumArguments(ctor) != 1)
		return 0;
	/* not the copy constructor */
	pt = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(ctor, 0)));
	return pt.kind == CXType_LValueReference &&
	       clang_getCanonicalType(clang_getPointeeType(pt)).kind != CXType_Record;
}

static void check_atomic_ref(struct cal_walk *w, CXCursor call)
{
	struct cal_local_origin o;
	struct cal_finding *f;

	if (clang_Cursor_getNumArguments(call) != 1 ||
	    !cal_lvalue_is_local(clang_Cursor_getArgument(call, 0), &o))
		return;
	f = report(w, call, "'cuda::atomic_ref'", &o);
	describe_origin(w, f, &o, 0);
}

static void check_call(struct cal_walk *w, CXCursor call)
{
	CXCursor callee = cal_call_callee(call);
	struct cal_atomic a;
	char *name;

	if (clang_Cursor_isNull(callee))
		return;
	if (is_atomic_ref_binding(callee)) {
		check_atomic_ref(w, call);
		return;
	}
	if (!cal_atomic_classify(w, call, &a) || !a.row || a.how != CAL_CALLEE_RESOLVED ||
	    (a.api == CAL_API_NV_BUILTIN && !cal_nv_atomic_is_builtin_call(&a)) ||
	    (a.api == CAL_API_LEGACY && !cal_cursor_in_system_header(callee)) ||
	    a.api == CAL_API_LIBCUDACXX)
		return;
	name = cal_cursor_name(callee);
	check_call_address(w, call, name, plain_op_of(a.row));
	free(name);
}

static void check_asm(struct cal_walk *w, CXCursor stmt)
{
	struct cal_ptx_atomic atoms[8];
	int i, n = cal_ptx_atomics(w->parse->tu, stmt, atoms, 8);

	for (i = 0; i < n; i++) {
		struct cal_local_origin o;
		struct cal_finding *f;
		char what[96];
		CXCursor operand = cal_child(stmt, atoms[i].operand);

		if (clang_Cursor_isNull(operand) || !cal_addr_is_local(operand, &o))
			continue;
		snprintf(what, sizeof(what), "inline PTX '%.63s'", atoms[i].opcode);
		f = report(w, stmt, what, &o);
		describe_origin(w, f, &o, 0);
	}
}

static void local_visit(struct cal_walk *w, CXCursor c, void *state)
{
	(void)state;
	if (!cal_walk_in_device_code(w))
		return;
	switch (clang_getCursorKind(c)) {
	case CXCursor_CallExpr:
		check_call(w, c);
		break;
	case CXCursor_AsmStmt:
		check_asm(w, c);
		break;
	default:
		break;
	}
}

const struct cal_check cal_check_atomic_local_memory = {
	.id = "atomic-local-memory",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "atomic operation on thread-local memory, which no other thread can see",
	.doc = "atomic-local-memory.md",
	.languages = CAL_LANG_CUDA | CAL_LANG_HIP,
	.hip_fixes = 1,
	.kinds = CAL_KINDS(CXCursor_CallExpr, CXCursor_AsmStmt),
	.needs_words = CAL_WORD_ATOMIC,
	.device_only = 1,	/* local_visit judges device code only */
	.visit = local_visit,
};
