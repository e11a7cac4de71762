/*
 * modernize-atomic-ref: a legacy atomic*() call that could be a
 * cuda::atomic_ref member call with an explicit memory order.
 *
 * Legacy atomics are relaxed, so the rewrite spells memory_order_relaxed;
 * the scope follows the variant (_block: thread_scope_block, _system:
 * thread_scope_system, plain: thread_scope_device).  Only operations with
 * a member of the same meaning and return value are flagged: add, sub,
 * exchange, min, max, and, or, xor.  atomicCAS is not: compare_exchange
 * takes the expected value by reference and returns a bool, so keeping
 * atomicCAS's "returns the old value" needs a temporary the rewrite cannot
 * place inside an arbitrary expression.  atomicInc/atomicDec wrap around a
 * bound, which atomic_ref has no member for.
 *
 * cuda::atomic_ref needs sm_60 (facts table): a parse that stands for any
 * older target reports nothing.  The fix also inserts
 * "#include <cuda/atomic>" through the shared inserter (fixits/
 * include_insert.h) unless the file includes it already, so the insertions
 * of all fixes and checks in a file are identical and collapse into one.
 *
 * In an OpenCL C parse the check is opencl.c's: 1.x
 * atomic_add & co. to atomic_fetch_*_explicit.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "fixits/edit.h"
#include "fixits/include_insert.h"
#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"
#include "atomics/atomics.h"
#include "checks/modernize-atomic-ref/opencl.h"

struct modernize_state {
	CXTranslationUnit tu;
};

static void *modernize_begin(struct cal_walk *w)
{
	struct modernize_state *st = xcalloc(1, sizeof(*st));
	st->tu = w->parse->tu;
	return st;
}

/*
 * The atomic_ref member a legacy operation becomes: read-modify-writes and
 * exchange (not compare-and-swap, whose member returns a bool, nor
 * atomicInc/atomicDec, which have none).
 */
static const struct cal_atomic_op *member_for(enum cal_op op)
{
	return op == CAL_OP_CAS ? NULL : cal_member_op(op);
}

/* Floating-point objects: only add and exchange are rewritten. */
static int integer_only(enum cal_op op)
{
	return op != CAL_OP_ADD && op != CAL_OP_EXCH;
}

/* The object type's spelling if atomic_ref supports the operation on it. */
static char *object_type(CXCursor callee, enum cal_op op)
{
	CXType t = clang_getArgType(clang_getCursorType(callee), 0);
	CXType obj = clang_getCanonicalType(clang_getPointeeType(t));

	switch (obj.kind) {
	case CXType_Int: case CXType_UInt: case CXType_Long: case CXType_ULong:
	case CXType_LongLong: case CXType_ULongLong:
		break;
	case CXType_Float: case CXType_Double:
		if (integer_only(op))
			return NULL;
		break;
	default:
		return NULL;
	}
	if (clang_isVolatileQualifiedType(obj) || clang_isConstQualifiedType(obj))
		return NULL;
	return cal_type_name(obj);
}

/* Source text from token first to token last, as parsed. */
static char *tokens_text(CXTranslationUnit tu, CXToken first, CXToken last)
{
	CXSourceRange r = clang_getRange(clang_getRangeStart(clang_getTokenExtent(tu, first)),
					 clang_getRangeEnd(clang_getTokenExtent(tu, last)));
	return cal_range_text(tu, r, CAL_TEXT_MACRO_USES);
}

/*
 * The text of the call's two arguments, split at the top-level comma of
 * the call's tokens.  -1 unless the call is callee ( a , b ).
 */
static int argument_texts(CXTranslationUnit tu, CXCursor call, char **a, char **b)
{
	CXToken *tok;
	unsigned n, i, comma = 0;
	int depth = 0, r = -1;

	clang_tokenize(tu, clang_getCursorExtent(call), &tok, &n);
	for (i = 1; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, tok[i]);
		const char *p = clang_getCString(s);
		if (strchr("([{", p[0]) && p[1] == '\0')
			depth++;
		else if (strchr(")]}", p[0]) && p[1] == '\0')
			depth--;
		else if (!strcmp(p, ",") && depth == 1)
			comma = comma ? (unsigned)-1 : i;
		clang_disposeString(s);
	}
	if (n >= 6 && comma && comma != (unsigned)-1 && comma > 2 && comma + 2 < n) {
		*a = tokens_text(tu, tok[2], tok[comma - 1]);
		*b = tokens_text(tu, tok[comma + 1], tok[n - 2]);
		r = *a && *b ? 0 : -1;
	}
	clang_disposeTokens(tu, tok, n);
	return r;
}

/* The object the pointer argument points at: "x" for "&x", "*p", "*(p + i)". */
static char *object_text(CXCursor arg, const char *text)
{
	CXCursor e = cal_ignore_wrappers(arg);
	enum CXCursorKind k = clang_getCursorKind(e);

	if (k == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf && text[0] == '&') {
		text++;
		while (*text == ' ' || *text == '\t')
			text++;
		return xstrdup(text);
	}
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	    k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr || k == CXCursor_ParenExpr)
		return xasprintf("*%s", text);
	return xasprintf("*(%s)", text);
}

static void add_fix(struct modernize_state *st, struct cal_finding *f, CXCursor call,
		    const char *type, const char *scope, const struct cal_atomic_op *op)
{
	struct cal_edit e;
	char *ptr = NULL, *val = NULL, *obj;
	struct cal_fix *fix;

	if (cal_edit_replace_cursor(call, "", &e) < 0)
		return;		/* written through a macro: report only */
	if (argument_texts(st->tu, call, &ptr, &val) == 0) {
		obj = object_text(clang_Cursor_getArgument(call, 0), ptr);
		free(e.replacement);
		e.replacement = xasprintf("cuda::atomic_ref<%s, %s>{%s}.%s(%s, "
					  "cuda::memory_order_relaxed)", type, scope, obj,
					  op->name, val);
		free(obj);
		fix = cal_finding_add_fix(f, "use cuda::atomic_ref with an explicit memory order");
		cal_fix_add_edit(fix, &e);
		cal_add_include(fix, st->tu, clang_getCursorLocation(call), "cuda/atomic");
	}
	free(ptr);
	free(val);
	cal_edit_clear(&e);
}

static unsigned atomic_ref_min_sm(void)
{
	const struct cal_fact *fact = cal_facts_find(CAL_API_LIBCUDACXX, CAL_OP_ANY, CAL_T_ANY, 0);
	return fact ? fact->min_sm : 0;
}

static void modernize_visit(struct cal_walk *w, CXCursor c, void *state)
{
	const struct cal_atomic_op *op;
	struct cal_atomic a;
	char *name, *type, *scope_name;
	struct cal_finding *f;

	if (w->parse->opencl) {
		cal_modernize_cl_visit(w, c);	/* OpenCL C's 1.x functions */
		return;
	}
	if (!cal_walk_in_device_code(w) || w->in_instantiation || clang_Cursor_getNumArguments(c) != 2 ||
	    cal_walk_targets_below(w, atomic_ref_min_sm()))
		return;
	if (!cal_atomic_classify(w, c, &a) || a.api != CAL_API_LEGACY ||
	    a.how != CAL_CALLEE_RESOLVED || !a.from_cuda)
		return;
	name = cal_cursor_name(a.callee);
	op = member_for(a.op);
	type = op ? object_type(a.callee, a.op) : NULL;
	if (type) {
		scope_name = xasprintf("cuda::thread_scope_%s", cal_scope_name(a.scope));
		f = cal_report(w, c, "'%s' can be written as cuda::atomic_ref<%s, %s>::%s with an "
			       "explicit memory order", name, type, scope_name, op->name);
		add_fix(state, f, c, type, scope_name, op);
		free(scope_name);
	}
	free(type);
	free(name);
}

static void modernize_end(struct cal_walk *w, void *state)
{
	struct modernize_state *st = state;
	(void)w;
	free(st);
}

const struct cal_check cal_check_modernize_atomic_ref = {
	.id = "modernize-atomic-ref",
	.severity = CAL_SEV_NOTE,
	.enabled_by_default = 0,
	.summary = "legacy atomic call that could be a cuda::atomic_ref member call with an explicit memory order",
	.doc = "modernize-atomic-ref.md",
	.languages = CAL_LANG_CUDA | CAL_LANG_OPENCL,
	.kinds = CAL_KINDS(CXCursor_CallExpr),
	.needs_words = CAL_WORD_ATOMIC,
	.device_only = 1,	/* modernize_visit judges device code only */
	.begin = modernize_begin,
	.visit = modernize_visit,
	.end = modernize_end,
};
