/* Host or fine-grained memory behind a kernel parameter (proof.h). */
#include "checks/hip-unsafe-fp-atomic/proof.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/expr_util.h"
#include "analysis/launch.h"
#include "atomics/host_alloc.h"
#include "fixits/edit.h"
#include "parse/ast.h"
#include "cuatomlint/strbuf.h"

struct launch {
	CXCursor kernel;	/* canonical */
	CXCursor call;
	CXCursor host_fn;	/* the launching function */
	int first_arg;		/* where the kernel's arguments start among the call's */
};

struct cal_fine_proof {
	struct launch *launches;
	size_t nr, alloc;
	CXCursor *refs;		/* the kernel names of the launches */
	size_t nr_refs, alloc_refs;
	CXCursor *named;	/* kernels named outside a launch (canonical) */
	size_t nr_named, alloc_named;
};

struct cal_fine_proof *cal_fine_proof_new(void)
{
	return xcalloc(1, sizeof(struct cal_fine_proof));
}

void cal_fine_proof_free(struct cal_fine_proof *p)
{
	if (!p)
		return;
	free(p->launches);
	free(p->refs);
	free(p->named);
	free(p);
}

/* A launch (analysis/launch.h): record it; 1 if it was one. */
static int record_launch(struct cal_fine_proof *p, struct cal_walk *w, CXCursor c)
{
	struct cal_launch l;
	struct launch *r;

	if (!cal_launch_of(c, &l))
		return 0;
	GROW(p->launches, p->alloc, p->nr + 1);
	r = &p->launches[p->nr++];
	r->kernel = clang_getCanonicalCursor(l.kernel);
	r->call = c;
	r->host_fn = w->function;
	r->first_arg = l.first_arg;
	GROW(p->refs, p->alloc_refs, p->nr_refs + 1);
	p->refs[p->nr_refs++] = l.ref;
	return 1;
}

void cal_fine_proof_visit(struct cal_fine_proof *p, struct cal_walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor d;
	size_t i;

	if (k == CXCursor_CallExpr && !cal_walk_in_device_code(w)) {
		record_launch(p, w, c);
		return;
	}
	if (k != CXCursor_DeclRefExpr || !cal_is_kernel(d = clang_getCursorReferenced(c)))
		return;
	for (i = 0; i < p->nr_refs; i++)
		if (clang_equalCursors(p->refs[i], c))
			return;
	GROW(p->named, p->alloc_named, p->nr_named + 1);
	p->named[p->nr_named++] = clang_getCanonicalCursor(d);
}

/* The variable or parameter a pointer expression is based on (p, p + i, &p[i]), or null. */
static CXCursor pointer_base(CXCursor e)
{
	int guard;

	for (guard = 0; guard < 16; guard++) {
		CXType t;

		e = cal_strip_casts(e);
		t = clang_getCanonicalType(clang_getCursorType(e));
		if ((cal_is_binop(e, CXBinaryOperator_Add) || cal_is_binop(e, CXBinaryOperator_Sub)) &&
		    t.kind == CXType_Pointer) {
			CXCursor lhs = cal_child(e, 0);
			CXType lt = clang_getCanonicalType(clang_getCursorType(lhs));
			e = lt.kind == CXType_Pointer ? lhs : cal_child(e, 1);
		} else if (cal_is_unop(e, CXUnaryOperator_AddrOf) &&
			   clang_getCursorKind(cal_strip_casts(cal_child(e, 0))) ==
				   CXCursor_ArraySubscriptExpr) {
			e = cal_child(cal_strip_casts(cal_child(e, 0)), 0);
		} else {
			break;
		}
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	e = clang_getCursorReferenced(e);
	return clang_getCursorKind(e) == CXCursor_ParmDecl ||
	       (clang_getCursorKind(e) == CXCursor_VarDecl &&
		!clang_Cursor_hasVarDeclGlobalStorage(e)) ? e : clang_getNullCursor();
}

/* How a function's code uses one local pointer variable. */
struct var_uses {
	CXTranslationUnit tu;
	CXCursor var;
	CXCursor stack[64];	/* ancestors of the cursor visited */
	int depth;
	int allocated;		/* its address handed to an allocator of host_alloc.h */
	int changed;		/* stored to, or its address taken otherwise */
	const char *alloc;
};

/*
 * The flags argument of an allocator call (its third), where it is a
 * constant: read by value, since the call is often written inside a
 * checking macro (HIP_CHECK(hipHostMalloc(&p, n, hipHostMallocCoherent)))
 * whose text the call's own extent does not show.
 */
static int flags_value(CXCursor call, unsigned long long *v)
{
	CXEvalResult r;
	int ok = 0;

	if (clang_Cursor_getNumArguments(call) < 3 ||
	    !(r = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, 2))))
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*v = clang_EvalResult_getAsUnsigned(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

static int text_names(CXTranslationUnit tu, CXCursor call, const char *word)
{
	char *text = cal_cursor_text(tu, call, CAL_TEXT_MACRO_USES);
	int found = text && strstr(text, word) != NULL;

	free(text);
	return found;
}

/* HIP's flag values (hip_runtime_api.h, unchanged since ROCm 3) */
#define HIP_DEVICE_MALLOC_FINEGRAINED 0x1ULL	/* hipDeviceMallocUncached (0x3) holds it too */
#define HIP_HOST_MALLOC_MAPPED 0x2ULL
#define HIP_HOST_MALLOC_COHERENT 0x40000000ULL

int cal_fine_flag_named(CXTranslationUnit tu, CXCursor call)
{
	unsigned long long v;

	if (text_names(tu, call, "Finegrained") || text_names(tu, call, "Uncached"))
		return 1;
	return flags_value(call, &v) && (v & HIP_DEVICE_MALLOC_FINEGRAINED);
}

/*
 * ROCm's coherence table: hipHostMalloc with no flags, or with
 * hipHostMallocCoherent or hipHostMallocMapped, is fine-grained;
 * hipHostMallocNonCoherent (without Mapped) is coarse-grained, and so are
 * other flags alone (Portable, WriteCombined, NumaUser) unless the
 * HIP_HOST_COHERENT environment variable, unset by default, says otherwise.
 */
int cal_coarse_flag_named(CXTranslationUnit tu, CXCursor call)
{
	CXCursor callee = cal_call_callee(call);
	unsigned long long v;

	if (clang_Cursor_isNull(callee) ||
	    !(cal_cursor_name_is(callee, "hipHostMalloc") ||
	      cal_cursor_name_is(callee, "hipHostAlloc") ||
	      cal_cursor_name_is(callee, "hipExtHostAlloc")))
		return 0;
	if (flags_value(call, &v))
		return v != 0 && !(v & (HIP_HOST_MALLOC_COHERENT | HIP_HOST_MALLOC_MAPPED));
	return text_names(tu, call, "NonCoherent") && !text_names(tu, call, "Mapped");
}

/* The allocator row of a call handed the address of the variable as its first argument. */
static const struct cal_host_alloc *allocator_of(struct var_uses *u, CXCursor call,
						 CXCursor addr_of)
{
	CXCursor callee = cal_call_callee(call);
	const struct cal_host_alloc *a;
	CXString s;

	if (clang_Cursor_isNull(callee) || clang_Cursor_getNumArguments(call) < 1 ||
	    !clang_equalCursors(cal_strip_casts(clang_Cursor_getArgument(call, 0)), addr_of))
		return NULL;
	s = clang_getCursorSpelling(callee);
	a = cal_host_alloc_find(clang_getCString(s), strlen(clang_getCString(s)));
	clang_disposeString(s);
	if (!a || !a->hip || a->kind == CAL_ALLOC_PEER ||
	    (a->kind == CAL_ALLOC_FLAGGED && !cal_fine_flag_named(u->tu, call)) ||
	    cal_coarse_flag_named(u->tu, call) ||
	    !strcmp(a->name, "hipHostRegister"))	/* registers memory the variable already points to */
		return NULL;
	return a;
}

/* One reference to the variable, with u->stack its ancestors. */
static void judge_reference(struct var_uses *u)
{
	int i = u->depth - 1;
	CXCursor parent, child = u->stack[u->depth];
	const struct cal_host_alloc *a;

	while (i >= 0 && cal_is_cast_kind(clang_getCursorKind(u->stack[i])))
		child = u->stack[i--];
	if (i < 0)
		return;
	parent = u->stack[i];
	if (cal_is_unop(parent, CXUnaryOperator_AddrOf)) {
		int j = i - 1;
		while (j >= 0 && (cal_is_cast_kind(clang_getCursorKind(u->stack[j])) ||
				  clang_getCursorKind(u->stack[j]) == CXCursor_ParenExpr))
			j--;
		a = j >= 0 && clang_getCursorKind(u->stack[j]) == CXCursor_CallExpr ?
			    allocator_of(u, u->stack[j], parent) : NULL;
		if (a) {
			u->allocated++;
			if (!u->alloc)
				u->alloc = a->name;
		} else {
			u->changed = 1;
		}
		return;
	}
	if (clang_getCursorKind(parent) == CXCursor_BinaryOperator ||
	    clang_getCursorKind(parent) == CXCursor_CompoundAssignOperator) {
		enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(parent);
		if (k >= CXBinaryOperator_Assign && k <= CXBinaryOperator_OrAssign &&
		    clang_equalCursors(cal_child(parent, 0), child))
			u->changed = 1;
	}
	if (cal_is_unop(parent, CXUnaryOperator_PreInc) || cal_is_unop(parent, CXUnaryOperator_PreDec) ||
	    cal_is_unop(parent, CXUnaryOperator_PostInc) || cal_is_unop(parent, CXUnaryOperator_PostDec))
		u->changed = 1;
}

static enum CXChildVisitResult use_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct var_uses *u = data;
	int depth;

	(void)parent;
	if (u->depth >= 63)
		return CXChildVisit_Continue;
	u->stack[u->depth] = c;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), u->var))
		judge_reference(u);
	depth = u->depth++;
	clang_visitChildren(c, use_visitor, u);
	u->depth = depth;
	return CXChildVisit_Continue;
}

/* Declared without a value, or with a null one. */
static int starts_null(CXCursor var)
{
	int n = cal_nr_children(var);
	CXCursor init;
	long long v;

	if (n == 0)
		return 1;
	init = cal_strip_casts(cal_child(var, n - 1));
	switch (clang_getCursorKind(init)) {
	case CXCursor_TypeRef:
		return 1;
	case CXCursor_CXXNullPtrLiteralExpr:
	case CXCursor_GNUNullExpr:
		return 1;
	case CXCursor_IntegerLiteral: {
		CXEvalResult r = clang_Cursor_Evaluate(init);
		v = r && clang_EvalResult_getKind(r) == CXEval_Int ? clang_EvalResult_getAsLongLong(r) : 1;
		if (r)
			clang_EvalResult_dispose(r);
		return v == 0;
	}
	default:
		return 0;
	}
}

/* The variable var of function fn: set only by allocators?  *alloc: the first. */
static int only_allocated(CXTranslationUnit tu, CXCursor fn, CXCursor var, const char **alloc)
{
	struct var_uses u;

	if (clang_getCursorKind(var) != CXCursor_VarDecl || !starts_null(var))
		return 0;
	memset(&u, 0, sizeof(u));
	u.tu = tu;
	u.var = var;
	clang_visitChildren(fn, use_visitor, &u);
	*alloc = u.alloc;
	return u.allocated > 0 && !u.changed;
}

/* Is the parameter never stored to in its kernel (so what a launch passes is what it holds)? */
static int parameter_kept(CXTranslationUnit tu, CXCursor fn, CXCursor parm)
{
	struct var_uses u;

	memset(&u, 0, sizeof(u));
	u.tu = tu;
	u.var = parm;
	clang_visitChildren(fn, use_visitor, &u);
	return !u.changed && !u.allocated;
}

static int parameter_index(CXCursor fn, CXCursor parm)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, i), parm))
			return i;
	return -1;
}

/* Does this launch pass host or fine-grained memory as argument index? */
static int launch_passes_fine(CXTranslationUnit tu, const struct launch *l, int index,
			      const char **alloc)
{
	CXCursor var;

	if (clang_Cursor_isNull(l->host_fn) ||
	    clang_Cursor_getNumArguments(l->call) <= l->first_arg + index)
		return 0;
	var = pointer_base(clang_Cursor_getArgument(l->call, l->first_arg + index));
	return !clang_Cursor_isNull(var) &&
	       clang_equalCursors(clang_getCursorSemanticParent(var), l->host_fn) &&
	       only_allocated(tu, l->host_fn, var, alloc);
}

int cal_fine_proof_holds(struct cal_fine_proof *p, CXTranslationUnit tu, CXCursor fn,
			 CXCursor ptr, const char **alloc)
{
	CXCursor parm = pointer_base(ptr), canon = clang_getCanonicalCursor(fn);
	const char *first = NULL, *a;
	int index, launched = 0;
	size_t i;

	if (!cal_is_kernel(fn) || clang_getCursorKind(parm) != CXCursor_ParmDecl ||
	    !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)) ||
	    (index = parameter_index(fn, parm)) < 0 || !parameter_kept(tu, fn, parm))
		return 0;
	for (i = 0; i < p->nr_named; i++)
		if (clang_equalCursors(p->named[i], canon))
			return 0;
	for (i = 0; i < p->nr; i++) {
		if (!clang_equalCursors(p->launches[i].kernel, canon))
			continue;
		if (!launch_passes_fine(tu, &p->launches[i], index, &a))
			return 0;
		if (!first)
			first = a;
		launched = 1;
	}
	*alloc = first;
	return launched;
}
