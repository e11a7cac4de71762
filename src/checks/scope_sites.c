#include "scope_sites.h"

#include <stdlib.h>
#include <string.h>

#include "../ast.h"
#include "../fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "expr_util.h"
#include "nv_atomic.h"

const char *cal_mem_scope_name(enum cal_mem_scope s)
{
	static const char *const names[] = { "thread", "block", "cluster", "device", "system" };
	return names[s];
}

void cal_scoped_site_release(struct cal_scoped_site *s)
{
	free(s->what);
	cal_object_release(&s->obj);
	cal_edit_clear(&s->widen);
}

static void site_init(struct cal_scoped_site *s, CXCursor c, enum cal_mem_scope scope)
{
	memset(s, 0, sizeof(*s));
	s->site = c;
	s->scope = scope;
	cal_object_init(&s->obj);
}

static int eval_int(CXCursor e, long long *out)
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

/*
 * cuda::thread_scope values: libcu++ has system 0, device 1, block 2,
 * thread 10; the built-in environment adds cluster 4 and uses 3 for thread.
 */
static int cuda_scope_value(long long v, enum cal_mem_scope *out)
{
	switch (v) {
	case 0: *out = CAL_MS_SYSTEM; return 0;
	case 1: *out = CAL_MS_DEVICE; return 0;
	case 2: *out = CAL_MS_BLOCK; return 0;
	case 3: case 10: *out = CAL_MS_THREAD; return 0;
	case 4: *out = CAL_MS_CLUSTER; return 0;
	default: return -1;
	}
}

/* __NV_THREAD_SCOPE_* in the order of the enum nvcc (and the prelude) declares. */
static const char *const nv_scope_names[] = {
	"__NV_THREAD_SCOPE_THREAD", "__NV_THREAD_SCOPE_BLOCK", "__NV_THREAD_SCOPE_CLUSTER",
	"__NV_THREAD_SCOPE_DEVICE", "__NV_THREAD_SCOPE_SYSTEM",
};

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

static const char *const legacy_ops[] = {
	"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc",
	"atomicDec", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor",
};

size_t cal_legacy_atomic_scope(const char *name, enum cal_mem_scope *scope)
{
	static const struct { const char *suffix; enum cal_mem_scope scope; } suffixes[] = {
		{ "_block", CAL_MS_BLOCK }, { "_system", CAL_MS_SYSTEM },
	};
	size_t i, len = strlen(name), slen;

	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		slen = strlen(suffixes[i].suffix);
		if (len > slen && !strcmp(name + len - slen, suffixes[i].suffix)) {
			*scope = suffixes[i].scope;
			return len - slen;
		}
	}
	*scope = CAL_MS_DEVICE;
	return len;
}

static int legacy_scope(const char *name, enum cal_mem_scope *scope, const char **op)
{
	size_t i, len = cal_legacy_atomic_scope(name, scope);

	for (i = 0; i < sizeof(legacy_ops) / sizeof(legacy_ops[0]); i++) {
		if (strlen(legacy_ops[i]) == len && !strncmp(name, legacy_ops[i], len)) {
			*op = legacy_ops[i];
			return 1;
		}
	}
	return 0;
}

static int legacy_site(struct cal_walk *w, CXCursor c, struct cal_scoped_site *s)
{
	CXCursor callee = cal_call_callee(c);
	enum cal_mem_scope scope;
	const char *op;
	char *name;

	if (clang_Cursor_isNull(callee) || !cal_walk_decl_from_cuda(w, callee) ||
	    clang_Cursor_getNumArguments(c) < 1)
		return 0;
	name = cal_cursor_name(callee);
	if (!legacy_scope(name, &scope, &op)) {
		free(name);
		return 0;
	}
	site_init(s, c, scope);
	s->what = xasprintf("'%s'", name);
	cal_object_of_pointer(w->parse->tu, clang_Cursor_getArgument(c, 0), &s->obj);
	if (scope == CAL_MS_BLOCK)
		cal_edit_rename(w->parse->tu, cal_callee_ref(c), op, &s->widen);
	free(name);
	return 1;
}

/* ---- __nv_atomic_* ---- */

static int nv_site(struct cal_walk *w, CXCursor c, struct cal_scoped_site *s)
{
	CXCursor callee = cal_nv_atomic_callee(w, c), arg;
	int nargs = clang_Cursor_getNumArguments(c);
	enum cal_mem_scope scope = CAL_MS_SYSTEM;	/* the builtins' default */
	long long v;
	char *name;

	if (clang_Cursor_isNull(callee) || nargs < 1)
		return 0;
	arg = clang_Cursor_getArgument(c, nargs - 1);
	if (nargs == clang_Cursor_getNumArguments(callee)) {
		if (eval_int(arg, &v) < 0 || v < 0 || v > CAL_MS_SYSTEM)
			return 0;
		scope = (enum cal_mem_scope)v;
	}
	name = cal_cursor_name(callee);
	site_init(s, c, scope);
	s->what = xasprintf("'%s' with %s", name, nv_scope_names[scope]);
	free(name);
	cal_object_of_pointer(w->parse->tu, clang_Cursor_getArgument(c, 0), &s->obj);
	arg = cal_strip_casts(arg);
	if (scope < CAL_MS_DEVICE && clang_getCursorKind(arg) == CXCursor_DeclRefExpr)
		cal_edit_rename(w->parse->tu, arg, "__NV_THREAD_SCOPE_DEVICE", &s->widen);
	return 1;
}

/* ---- cuda::atomic_ref and cuda::atomic ---- */

/* Is cls (a class template specialization) cuda::<name><T, S>?  Its scope S. */
static int cuda_class_scope(CXCursor cls, const char *name, enum cal_mem_scope *out)
{
	if (!cal_cursor_name_is(cls, name) || !cal_decl_in_namespace(cls, "cuda") ||
	    clang_Cursor_getNumTemplateArguments(cls) < 2 ||
	    clang_Cursor_getTemplateArgumentKind(cls, 1) != CXTemplateArgumentKind_Integral)
		return 0;
	return cuda_scope_value(clang_Cursor_getTemplateArgumentValue(cls, 1), out) == 0;
}

static CXCursor type_class(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	return clang_getTypeDeclaration(t);
}

static int atomic_ref_site(struct cal_walk *w, CXCursor c, struct cal_scoped_site *s)
{
	CXCursor ctor = clang_getCursorReferenced(c), arg, decl;
	enum cal_mem_scope scope, ignored;
	int n;

	if (clang_getCursorKind(ctor) != CXCursor_Constructor ||
	    !cuda_class_scope(clang_getCursorSemanticParent(ctor), "atomic_ref", &scope) ||
	    clang_Cursor_getNumArguments(c) < 1)
		return 0;
	arg = clang_Cursor_getArgument(c, 0);
	if (cuda_class_scope(type_class(clang_getCursorType(arg)), "atomic_ref", &ignored))
		return 0;	/* a copy of an atomic_ref judged where it was made */
	site_init(s, c, scope);
	s->what = xasprintf("'cuda::atomic_ref' with cuda::thread_scope_%s",
			    cal_mem_scope_name(scope));
	cal_object_of_lvalue(w->parse->tu, arg, &s->obj);
	if (scope >= CAL_MS_DEVICE)
		return 1;
	widen_cuda_scope_in(w, c, &s->widen);
	for (n = 0; !s->widen.file && n < 3; n++) {
		decl = cal_walk_parent(w, n);
		if (clang_getCursorKind(decl) == CXCursor_VarDecl) {
			widen_cuda_scope_in(w, decl, &s->widen);
			break;
		}
	}
	return 1;
}

static int cuda_atomic_site(struct cal_walk *w, CXCursor c, struct cal_scoped_site *s)
{
	CXCursor member = cal_ignore_wrappers(cal_child(c, 0)), object;
	enum cal_mem_scope scope;
	CXType t;

	if (clang_getCursorKind(member) != CXCursor_MemberRefExpr || cal_nr_children(member) < 1)
		return 0;
	/* the implicit derived-to-base cast would hide the cuda::atomic type */
	object = cal_ignore_wrappers(cal_child(member, 0));
	t = clang_getCanonicalType(clang_getCursorType(object));
	if (!cuda_class_scope(type_class(t), "atomic", &scope))
		return 0;
	site_init(s, c, scope);
	s->what = xasprintf("'cuda::atomic' with cuda::thread_scope_%s", cal_mem_scope_name(scope));
	if (t.kind == CXType_Pointer)
		cal_object_of_pointer(w->parse->tu, object, &s->obj);
	else
		cal_object_of_lvalue(w->parse->tu, object, &s->obj);
	if (scope < CAL_MS_DEVICE && !clang_Cursor_isNull(s->obj.base))
		widen_cuda_scope_in(w, s->obj.base, &s->widen);
	return 1;
}

/* ---- inline PTX ---- */

struct ptx_text {
	struct strbuf text;	/* the asm template, escapes decoded */
	unsigned *offset;	/* file offset of each byte of text */
	size_t alloc;
	CXFile file;
};

static void ptx_add(struct ptx_text *p, char ch, unsigned offset)
{
	GROW(p->offset, p->alloc, p->text.len + 1);
	p->offset[p->text.len] = offset;
	strbuf_addch(&p->text, ch);
}

static char unescape(char c)
{
	return c == 'n' ? '\n' : c == 't' ? '\t' : c;
}

static void ptx_add_literal(struct ptx_text *p, const char *lit, unsigned offset)
{
	const char *q = strchr(lit, '"');
	const char *end = strrchr(lit, '"');

	if (!q || end == q)
		return;
	for (q++; q < end; q++) {
		unsigned at = offset + (unsigned)(q - lit);
		if (*q == '\\' && q + 1 < end)
			ptx_add(p, unescape(*++q), at);
		else
			ptx_add(p, *q, at);
	}
}

/* The asm template: the string literals right after the asm's '('. */
static void ptx_collect(CXTranslationUnit tu, CXCursor asm_stmt, struct ptx_text *p)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;
	int open = 0;

	clang_tokenize(tu, clang_getCursorExtent(asm_stmt), &toks, &n);
	for (i = 0; i < n; i++) {
		char *spell = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		int lit = clang_getTokenKind(toks[i]) == CXToken_Literal && strchr(spell, '"');
		if (open && lit) {
			unsigned offset;
			clang_getExpansionLocation(clang_getTokenLocation(tu, toks[i]), &p->file,
						   NULL, NULL, &offset);
			ptx_add_literal(p, spell, offset);
		} else if (open) {
			i = n;
		} else if (!strcmp(spell, "(")) {
			open = 1;
		}
		free(spell);
	}
	clang_disposeTokens(tu, toks, n);
}

/* Blank out PTX comments so they are never read as instructions. */
static void ptx_blank_comments(char *s)
{
	char *end;
	for (; *s; s++) {
		if (s[0] == '/' && s[1] == '/') {
			for (; *s && *s != '\n'; s++)
				*s = ' ';
			if (!*s)
				return;
		} else if (s[0] == '/' && s[1] == '*') {
			end = strstr(s + 2, "*/");
			end = end ? end + 2 : s + strlen(s);
			memset(s, ' ', (size_t)(end - s));
			s = end - 1;
		}
	}
}

struct ptx_insn {
	size_t op, op_len;		/* the opcode with its qualifiers */
	enum cal_mem_scope scope;
	size_t scope_at, scope_len;	/* ".cta" / ".cluster", or 0 */
	int shared;
	int address;			/* operand number in [%N], or -1 */
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void ptx_qualifier(const char *q, size_t len, size_t at, struct ptx_insn *in)
{
	static const struct { const char *name; enum cal_mem_scope scope; } scopes[] = {
		{ "cta", CAL_MS_BLOCK }, { "cluster", CAL_MS_CLUSTER },
		{ "gpu", CAL_MS_DEVICE }, { "sys", CAL_MS_SYSTEM },
	};
	size_t i;

	if (len >= 6 && !strncmp(q, "shared", 6))
		in->shared = 1;
	for (i = 0; i < sizeof(scopes) / sizeof(scopes[0]); i++) {
		if (len == strlen(scopes[i].name) && !strncmp(q, scopes[i].name, len)) {
			in->scope = scopes[i].scope;
			in->scope_at = at - 1;	/* the dot */
			in->scope_len = len + 1;
		}
	}
}

/* Parse one statement s[0..len) if it is atom/red; 0 if it is not. */
static int ptx_parse_insn(const char *text, size_t start, size_t len, struct ptx_insn *in)
{
	const char *s = text + start, *end = s + len, *q, *op;

	while (s < end && is_blank(*s))
		s++;
	if (s < end && *s == '@')	/* predicate guard */
		while (s < end && !is_blank(*s))
			s++;
	while (s < end && is_blank(*s))
		s++;
	op = s;
	while (s < end && !is_blank(*s))
		s++;
	if (!((s - op > 5 && !strncmp(op, "atom.", 5)) || (s - op > 4 && !strncmp(op, "red.", 4))))
		return 0;
	memset(in, 0, sizeof(*in));
	in->op = (size_t)(op - text);
	in->op_len = (size_t)(s - op);
	in->scope = CAL_MS_DEVICE;	/* .gpu is the default */
	in->address = -1;
	for (q = strchr(op, '.') + 1; q < s;) {
		const char *dot = memchr(q, '.', (size_t)(s - q));
		size_t qlen = dot ? (size_t)(dot - q) : (size_t)(s - q);
		ptx_qualifier(q, qlen, (size_t)(q - text), in);
		q += qlen + 1;
	}
	q = memchr(s, '[', (size_t)(end - s));
	if (q && q + 2 < end && q[1] == '%' && q[2] >= '0' && q[2] <= '9')
		in->address = (int)strtol(q + 2, NULL, 10);
	return 1;
}

static void ptx_site(struct cal_walk *w, CXCursor c, const struct ptx_text *p,
		     const struct ptx_insn *in, cal_site_found found, void *data)
{
	struct cal_scoped_site s;
	const char *text = p->text.buf;

	site_init(&s, c, in->scope);
	s.what = xasprintf("PTX '%.*s'", (int)in->op_len, text + in->op);
	if (in->shared)
		s.obj.origin = CAL_ORIGIN_SHARED;
	else if (in->address >= 0 && in->address < cal_nr_children(c))
		cal_object_of_pointer(w->parse->tu, cal_child(c, in->address), &s.obj);
	if (in->scope < CAL_MS_DEVICE && in->scope_len &&
	    p->offset[in->scope_at + in->scope_len - 1] - p->offset[in->scope_at] ==
		    in->scope_len - 1) {
		CXSourceLocation loc = clang_getLocationForOffset(w->parse->tu, p->file,
								  p->offset[in->scope_at]);
		cal_edit_replace_bytes(w->parse->tu, loc, (unsigned)in->scope_len, ".gpu",
				       &s.widen);
	}
	found(&s, data);
}

static void ptx_sites(struct cal_walk *w, CXCursor c, cal_site_found found, void *data)
{
	struct ptx_text p = { STRBUF_INIT, NULL, 0, NULL };
	struct ptx_insn in;
	size_t start = 0, i;

	ptx_collect(w->parse->tu, c, &p);
	ptx_blank_comments(p.text.buf);
	for (i = 0; i <= p.text.len; i++) {
		char ch = p.text.buf[i];
		if (ch && ch != ';' && ch != '{' && ch != '}')
			continue;
		if (ptx_parse_insn(p.text.buf, start, i - start, &in))
			ptx_site(w, c, &p, &in, found, data);
		start = i + 1;
	}
	strbuf_release(&p.text);
	free(p.offset);
}

void cal_scoped_sites_at(struct cal_walk *w, CXCursor c, cal_site_found found, void *data)
{
	struct cal_scoped_site s;

	if (clang_getCursorKind(c) == CXCursor_AsmStmt) {
		ptx_sites(w, c, found, data);
		return;
	}
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return;
	if (legacy_site(w, c, &s) || nv_site(w, c, &s) || atomic_ref_site(w, c, &s) ||
	    cuda_atomic_site(w, c, &s))
		found(&s, data);
}

int cal_block_fence_at(struct cal_walk *w, CXCursor c, struct cal_edit *widen,
		       const char **what)
{
	CXCursor callee = cal_call_callee(c);
	long long v;
	enum cal_mem_scope scope;

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
	    eval_int(clang_Cursor_getArgument(c, 1), &v) < 0 ||
	    cuda_scope_value(v, &scope) < 0 || scope != CAL_MS_BLOCK)
		return 0;
	*what = "'cuda::atomic_thread_fence' with cuda::thread_scope_block";
	widen_cuda_scope_in(w, clang_Cursor_getArgument(c, 1), widen);
	return 1;
}
