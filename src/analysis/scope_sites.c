#include "analysis/scope_sites.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "ptx/asm_template.h"
#include "atomics/nv_atomic.h"

void cal_scoped_site_release(struct cal_scoped_site *s)
{
	free(s->what);
	cal_object_release(&s->obj);
	cal_edit_clear(&s->widen);
}

static void site_init(struct cal_scoped_site *s, CXCursor c, enum cal_scope scope)
{
	memset(s, 0, sizeof(*s));
	s->site = c;
	s->scope = scope;
	cal_object_init(&s->obj);
}

int cal_scope_eval_int(CXCursor e, long long *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	int ok;

	if (!r)
		return -1;
	ok = clang_EvalResult_getKind(r) == CXEval_Int;
	if (ok)
		*out = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return ok ? 0 : -1;
}

static int is_narrow_scope_ref(CXCursor c, void *data)
{
	CXCursor d;
	(void)data;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	d = clang_getCursorReferenced(c);
	return clang_getCursorKind(d) == CXCursor_EnumConstantDecl &&
	       (cal_cursor_name_is(d, "thread_scope_block") ||
		cal_cursor_name_is(d, "thread_scope_thread") ||
		cal_cursor_name_is(d, "thread_scope_cluster"));
}

/* The edit that turns the cuda::thread_scope_* written in c into device scope. */
static void widen_cuda_scope_in(struct cal_walk *w, CXCursor c, struct cal_edit *out)
{
	CXCursor ref;

	cal_edit_clear(out);
	if (clang_Cursor_isNull(c))
		return;
	if (is_narrow_scope_ref(c, NULL))
		ref = c;
	else if (!cal_subtree_find(c, is_narrow_scope_ref, NULL, NULL, &ref))
		return;
	cal_edit_rename(w->parse->tu, ref, "thread_scope_device", out);
}

/* ---- legacy atomic*() ---- */

static void legacy_site(struct cal_walk *w, const struct cal_atomic *a, struct cal_scoped_site *s)
{
	char *name = cal_cursor_name(a->callee);

	site_init(s, a->call, a->scope);
	s->what = xasprintf("'%s'", name);
	cal_object_of_pointer(w->parse->tu, clang_Cursor_getArgument(a->call, 0), &s->obj);
	if (a->scope == CAL_SCOPE_BLOCK)
		cal_edit_rename(w->parse->tu, cal_callee_ref(a->call),
				cal_legacy_op(a->op, CAL_SCOPE_DEVICE)->name, &s->widen);
	free(name);
}

/* ---- __nv_atomic_* ---- */

static void nv_site(struct cal_walk *w, const struct cal_atomic *a, struct cal_scoped_site *s)
{
	int nargs = clang_Cursor_getNumArguments(a->call);
	CXCursor arg = cal_strip_casts(clang_Cursor_getArgument(a->call, nargs - 1));
	char *name = cal_cursor_name(a->callee);

	site_init(s, a->call, a->scope);
	s->what = xasprintf("'%s' with %s", name, cal_nv_scope_name(a->scope));
	s->is_load = a->op == CAL_OP_LOAD;
	free(name);
	cal_object_of_pointer(w->parse->tu, clang_Cursor_getArgument(a->call, 0), &s->obj);
	if (a->scope < CAL_SCOPE_DEVICE && clang_getCursorKind(arg) == CXCursor_DeclRefExpr)
		cal_edit_rename(w->parse->tu, arg, "__NV_THREAD_SCOPE_DEVICE", &s->widen);
}

/* ---- HIP: __hip_atomic_* and __scoped_atomic_* ---- */

/*
 * The scope argument widened to agent (device) scope, where it is written
 * as the scope constant's macro.  __scoped_atomic_* gets no fix: Debian's
 * hipcc (clang 15) lacks those builtins, so no fixed file could be
 * compiled for gfx90a and gfx1100 here.
 */
static void hip_widen(struct cal_walk *w, const struct cal_atomic *a, struct cal_scoped_site *s)
{
	CXCursor arg = cal_atomic_arg(a, a->row->scope_arg);

	if (a->api == CAL_API_SCOPED) {
		s->no_fix_why = "hipcc of HIP 5.2 (clang 15) has no __scoped_atomic builtins, so the "
				"widened call could not be compiled here: widen the scope argument to "
				"__MEMORY_SCOPE_DEVICE by hand";
		return;
	}
	if (cal_edit_macro_use(w->parse->tu, arg, a->hip_scope->name,
			       cal_hip_scope_name(CAL_SCOPE_DEVICE), &s->widen) < 0)
		s->no_fix_why = "the scope argument is not written as the scope's own macro at the call";
}

static void hip_site(struct cal_walk *w, const struct cal_atomic *a, struct cal_scoped_site *s)
{
	site_init(s, a->call, a->scope);
	s->what = xasprintf("'%s' with %s", a->row->name, a->hip_scope->name);
	s->is_load = a->op == CAL_OP_LOAD;
	cal_object_of_pointer(w->parse->tu, cal_atomic_arg(a, 0), &s->obj);
	if (a->scope < CAL_SCOPE_DEVICE)
		hip_widen(w, a, s);
}

/* ---- cuda::atomic_ref and cuda::atomic ---- */

/* Is cls (a class template specialization) cuda::<name><T, S>?  Its scope S. */
static int cuda_class_scope(CXCursor cls, const char *name, enum cal_scope *out)
{
	if (!cal_cursor_name_is(cls, name) || !cal_decl_in_namespace(cls, "cuda") ||
	    clang_Cursor_getNumTemplateArguments(cls) < 2 ||
	    clang_Cursor_getTemplateArgumentKind(cls, 1) != CXTemplateArgumentKind_Integral)
		return 0;
	*out = cal_scope_from_cuda(clang_Cursor_getTemplateArgumentValue(cls, 1));
	return *out != CAL_SCOPE_UNKNOWN;
}

static CXCursor type_class(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	return clang_getTypeDeclaration(t);
}

/* Is the member expression m a member of variable var? */
static int is_member_of(CXCursor m, CXCursor var)
{
	CXCursor obj;

	if (clang_getCursorKind(m) != CXCursor_MemberRefExpr || cal_nr_children(m) < 1)
		return 0;
	obj = cal_ignore_wrappers(cal_child(m, 0));
	return clang_getCursorKind(obj) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(obj), var);
}

struct ref_uses {
	CXCursor var;
	int refs, loads;
};

static enum CXChildVisitResult count_uses(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ref_uses *u = data;

	(void)parent;
	if (is_member_of(c, u->var) && cal_cursor_name_is(c, "load"))
		u->loads++;
	else if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
		 clang_equalCursors(clang_getCursorReferenced(c), u->var))
		u->refs++;
	return CXChildVisit_Recurse;
}

/* Is every use of the atomic_ref variable var in function fn a load()? */
static int ref_only_loads(CXCursor fn, CXCursor var)
{
	struct ref_uses u = { var, 0, 0 };

	if (clang_Cursor_isNull(fn))
		return 0;
	clang_visitChildren(fn, count_uses, &u);
	return u.refs > 0 && u.refs == u.loads;
}

static int is_expr_wrapper(enum CXCursorKind k)
{
	return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
	       k == CXCursor_CXXFunctionalCastExpr;
}

/*
 * The atomic_ref made at c (its construction is the walk's cursor): the
 * member called on a temporary (load() or not), and the spelling of its
 * scope, in a variable's declaration or a functional cast around c.
 */
static void atomic_ref_use(struct cal_walk *w, CXCursor c, struct cal_scoped_site *s)
{
	CXCursor up;
	int n;

	for (n = 0; n < 4; n++) {
		up = cal_walk_parent(w, n);
		if (clang_getCursorKind(up) == CXCursor_VarDecl) {
			if (!s->widen.file && s->scope < CAL_SCOPE_DEVICE)
				widen_cuda_scope_in(w, up, &s->widen);
			s->is_load = ref_only_loads(w->function, up);
			return;
		}
		if (clang_getCursorKind(up) == CXCursor_MemberRefExpr) {
			s->is_load = cal_cursor_name_is(up, "load");
			return;
		}
		if (!is_expr_wrapper(clang_getCursorKind(up)))
			return;
		/* cuda::atomic_ref<T, S>(*p): the scope is spelled in the cast */
		if (!s->widen.file && s->scope < CAL_SCOPE_DEVICE &&
		    clang_getCursorKind(up) == CXCursor_CXXFunctionalCastExpr)
			widen_cuda_scope_in(w, up, &s->widen);
	}
}

static int atomic_ref_site(struct cal_walk *w, CXCursor c, struct cal_scoped_site *s)
{
	CXCursor ctor = clang_getCursorReferenced(c), arg;
	enum cal_scope scope, ignored;

	if (clang_getCursorKind(ctor) != CXCursor_Constructor ||
	    !cuda_class_scope(clang_getCursorSemanticParent(ctor), "atomic_ref", &scope) ||
	    clang_Cursor_getNumArguments(c) < 1)
		return 0;
	arg = clang_Cursor_getArgument(c, 0);
	if (cuda_class_scope(type_class(clang_getCursorType(arg)), "atomic_ref", &ignored))
		return 0;	/* a copy of an atomic_ref judged where it was made */
	site_init(s, c, scope);
	s->what = xasprintf("'cuda::atomic_ref' with cuda::thread_scope_%s",
			    cal_scope_name(scope));
	cal_object_of_lvalue(w->parse->tu, arg, &s->obj);
	if (scope < CAL_SCOPE_DEVICE)
		widen_cuda_scope_in(w, c, &s->widen);
	atomic_ref_use(w, c, s);
	return 1;
}

int cal_atomic_ref_var_object(CXTranslationUnit tu, CXCursor var, struct cal_object *o)
{
	CXCursor init, ctor;
	enum cal_scope ignored;

	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    !cuda_class_scope(type_class(clang_getCursorType(var)), "atomic_ref", &ignored))
		return 0;
	init = cal_ignore_wrappers(clang_Cursor_getVarDeclInitializer(var));
	if (cal_is_cast_kind(clang_getCursorKind(init)) && cal_nr_children(init) > 0)
		init = cal_ignore_wrappers(cal_child(init, cal_nr_children(init) - 1));
	ctor = clang_getCursorReferenced(init);
	if (clang_getCursorKind(init) != CXCursor_CallExpr ||
	    clang_getCursorKind(ctor) != CXCursor_Constructor ||
	    clang_Cursor_getNumArguments(init) < 1)
		return 0;
	cal_object_of_lvalue(tu, clang_Cursor_getArgument(init, 0), o);
	return !clang_Cursor_isNull(o->base);
}

/* A member call on a cuda::atomic<T, S> (atomic_ref is judged where it is made). */
static int cuda_atomic_site(struct cal_walk *w, const struct cal_atomic *a,
			    struct cal_scoped_site *s)
{
	enum cal_scope scope;
	CXType t;

	if (!cuda_class_scope(a->atomic_class, "atomic", &scope))
		return 0;
	site_init(s, a->call, scope);
	s->what = xasprintf("'cuda::atomic' with cuda::thread_scope_%s", cal_scope_name(scope));
	s->is_load = a->op == CAL_OP_LOAD;
	t = clang_getCanonicalType(clang_getCursorType(a->object));
	if (t.kind == CXType_Pointer)
		cal_object_of_pointer(w->parse->tu, a->object, &s->obj);
	else
		cal_object_of_lvalue(w->parse->tu, a->object, &s->obj);
	if (scope < CAL_SCOPE_DEVICE && !clang_Cursor_isNull(s->obj.base))
		widen_cuda_scope_in(w, s->obj.base, &s->widen);
	return 1;
}

/*
 * The atomic call c as a site: CUDA's legacy atomics, the prelude's
 * builtins with a constant (or the default) scope, member calls on a
 * cuda::atomic.
 */
static int atomic_call_site(struct cal_walk *w, CXCursor c, struct cal_scoped_site *s)
{
	struct cal_atomic a;

	if (!cal_atomic_classify(w, c, &a))
		return 0;
	switch (a.api) {
	case CAL_API_LEGACY:
		if (a.how != CAL_CALLEE_RESOLVED || !a.from_cuda ||
		    clang_Cursor_getNumArguments(c) < 1)
			return 0;
		legacy_site(w, &a, s);
		return 1;
	case CAL_API_NV_BUILTIN:
		if (!cal_nv_atomic_is_builtin_call(&a) || clang_Cursor_getNumArguments(c) < 1 ||
		    a.scope == CAL_SCOPE_UNKNOWN)
			return 0;
		nv_site(w, &a, s);
		return 1;
	case CAL_API_LIBCUDACXX:
		return cuda_atomic_site(w, &a, s);
	case CAL_API_HIP_BUILTIN:
	case CAL_API_SCOPED:
		if (!a.hip_scope)
			return 0;
		hip_site(w, &a, s);
		return 1;
	default:
		return 0;
	}
}

/* ---- inline PTX (read by the shared reader, asm_template.h) ---- */

static enum cal_scope ptx_scope(const struct ptx_insn *in)
{
	int q = in->first[PTX_QK_SCOPE];

	/* .gpu is the default; the reader gives a .scope qualifier as enum cal_scope */
	return q < 0 ? CAL_SCOPE_DEVICE : (enum cal_scope)in->quals[q].value;
}

static int ptx_on_shared(const struct ptx_insn *in)
{
	int q = in->first[PTX_QK_SPACE];
	int v = q < 0 ? 0 : in->quals[q].value;

	return v == PTX_SPACE_SHARED || v == PTX_SPACE_SHARED_CTA ||
	       v == PTX_SPACE_SHARED_CLUSTER;
}

/* The edit of the .cta / .cluster qualifier to .gpu, where it is spelled as one piece. */
static void ptx_widen(struct cal_walk *w, const struct cal_asm_template *at,
		      const struct ptx_insn *in, struct cal_edit *out)
{
	const struct ptx_qual *q;
	CXSourceLocation loc;

	if (in->first[PTX_QK_SCOPE] < 0 || at->place != CAL_TEMPLATE_DIRECT)
		return;
	q = &in->quals[in->first[PTX_QK_SCOPE]];
	if (at->text.origin[q->pos + q->len - 1] - at->text.origin[q->pos] != q->len - 1)
		return;	/* split across literals or escapes */
	loc = clang_getLocationForOffset(w->parse->tu, at->file, at->text.origin[q->pos]);
	cal_edit_replace_bytes(w->parse->tu, loc, q->len, ".gpu", out);
}

static void ptx_sites(struct cal_walk *w, CXCursor c, cal_site_found found, void *data)
{
	struct cal_asm_template at;
	struct cal_scoped_site s;
	CXCursor address;
	size_t i;

	memset(&at, 0, sizeof(at));
	if (cal_asm_template_load(&at, c) < 0) {
		cal_asm_template_release(&at);
		return;
	}
	for (i = 0; i < at.insns.nr; i++) {
		const struct ptx_insn *in = &at.insns.items[i];
		site_init(&s, c, ptx_scope(in));
		s.what = xasprintf("PTX '%.*s'", (int)in->mnemonic_len, at.text.buf + in->pos);
		address = cal_asm_address_operand(&at, c, in);
		if (ptx_on_shared(in))
			s.obj.origin = CAL_ORIGIN_SHARED;
		else if (!clang_Cursor_isNull(address))
			cal_object_of_pointer(w->parse->tu, address, &s.obj);
		if (s.scope < CAL_SCOPE_DEVICE)
			ptx_widen(w, &at, in, &s.widen);
		found(&s, data);
	}
	cal_asm_template_release(&at);
}

void cal_scoped_sites_at(struct cal_walk *w, CXCursor c, cal_site_found found, void *data)
{
	struct cal_scoped_site s;

	enum CXCursorKind k = clang_getCursorKind(c);

	/* AMD's inline assembly is no PTX */
	if (k == CXCursor_AsmStmt) {
		if (!w->parse->hip)
			ptx_sites(w, c, found, data);
		return;
	}
	/* clang's atomic builtins are unexposed expressions (atomics.h) */
	if (k != CXCursor_CallExpr && (k != CXCursor_UnexposedExpr || !w->parse->hip))
		return;
	if (atomic_call_site(w, c, &s) || atomic_ref_site(w, c, &s))
		found(&s, data);
}

int cal_block_fence_at(struct cal_walk *w, CXCursor c, struct cal_edit *widen,
		       const char **what)
{
	CXCursor callee = cal_call_callee(c);
	long long v;

	memset(widen, 0, sizeof(*widen));
	if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_isNull(callee) ||
	    !cal_walk_decl_from_cuda(w, callee))
		return 0;
	if (cal_cursor_name_is(callee, "__threadfence_block")) {
		*what = "'__threadfence_block()'";
		cal_edit_rename(w->parse->tu, cal_callee_ref(c), "__threadfence", widen);
		return 1;
	}
	if (!cal_cursor_name_is(callee, "atomic_thread_fence") ||
	    !cal_decl_in_namespace(callee, "cuda") || clang_Cursor_getNumArguments(c) < 2 ||
	    cal_scope_eval_int(clang_Cursor_getArgument(c, 1), &v) < 0 ||
	    cal_scope_from_cuda(v) != CAL_SCOPE_BLOCK)
		return 0;
	*what = "'cuda::atomic_thread_fence' with cuda::thread_scope_block";
	widen_cuda_scope_in(w, clang_Cursor_getArgument(c, 1), widen);
	return 1;
}
