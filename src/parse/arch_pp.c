#include "parse/arch_pp.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "parse/user_words.h"
#include "util/hash.h"

_Static_assert(CAL_WORDS_ALL == (1u << CAL_PP_NR_WORDS) - 1, "a place for every word");

/* ---- tokens ---- */

enum tok_kind { T_ID, T_NUM, T_PUNCT, T_STR, T_VAL };

/*
 * 32 bytes: a template library's headers lex to millions of tokens.  A
 * file's offsets fit in 32 bits, as they do in clang's source manager.
 */
struct tok {
	const char *s;
	long long v;		/* T_VAL: a value the replay computed */
	unsigned n;
	unsigned offset;
	unsigned line;
	unsigned char kind;	/* enum tok_kind */
	unsigned char bol;	/* first token of a logical line */
	unsigned char unknown;	/* T_VAL: a value it could not (an unreadable macro) */
};

struct toks {
	struct tok *v;
	size_t n, alloc;
};

/* Grown without zeroing (GROW's memset): every slot below n is written. */
static void toks_push(struct toks *t, struct tok x)
{
	if (t->n == t->alloc) {
		t->alloc = t->alloc ? 2 * t->alloc : 64;
		t->v = xrealloc(t->v, t->alloc * sizeof(*t->v));
	}
	t->v[t->n++] = x;
}

static int tok_is(const struct tok *t, const char *s)
{
	return t->n == strlen(s) && !memcmp(t->s, s, t->n);
}

static int is_id_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == '$';
}

static int is_id_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

struct lexer {
	const char *p, *end, *base;
	unsigned line;
	int bol;
	struct toks *out;
};

/* Skip blanks, comments and line splices; a real newline starts a logical line. */
static void skip_space(struct lexer *lx)
{
	while (lx->p < lx->end) {
		char c = *lx->p;
		if (c == '\n') {
			lx->line++;
			lx->bol = 1;
			lx->p++;
		} else if (c == '\\' && lx->p + 1 < lx->end &&
			   (lx->p[1] == '\n' || lx->p[1] == '\r')) {
			lx->p += lx->p[1] == '\r' && lx->p + 2 < lx->end && lx->p[2] == '\n' ? 3 : 2;
			lx->line++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			lx->p++;
		} else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/') {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
		} else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
			lx->p += 2;
			while (lx->p + 1 < lx->end && !(lx->p[0] == '*' && lx->p[1] == '/'))
				lx->line += *lx->p++ == '\n';
			lx->p = lx->p + 1 < lx->end ? lx->p + 2 : lx->end;
		} else {
			return;
		}
	}
}

static const char *skip_quoted(const char *p, const char *end)
{
	char q = *p++;
	while (p < end && *p != q && *p != '\n')
		p += *p == '\\' && p + 1 < end ? 2 : 1;
	return p < end && *p == q ? p + 1 : p;
}

/* R"delim( ... )delim" */
static const char *skip_raw_string(const char *p, const char *end)
{
	const char *d = p + 2, *open = memchr(d, '(', (size_t)(end - d));
	size_t dn;
	if (!open || open - d > 16)
		return skip_quoted(p + 1, end);
	dn = (size_t)(open - d);
	for (p = open + 1; p + dn + 1 < end; p++)
		if (*p == ')' && !memcmp(p + 1, d, dn) && p[1 + dn] == '"')
			return p + dn + 2;
	return end;
}

static const char *const puncts[] = { "...", "##", "&&", "||", "==", "!=", "<=", ">=", "<<",
	">>", "::", "->", NULL };

static size_t punct_len(const char *p, const char *end)
{
	int i;
	for (i = 0; puncts[i]; i++) {
		size_t n = strlen(puncts[i]);
		if ((size_t)(end - p) >= n && !memcmp(p, puncts[i], n))
			return n;
	}
	return 1;
}

static void lex_one(struct lexer *lx)
{
	const char *p = lx->p, *e = lx->end, *q = p;
	struct tok t;

	memset(&t, 0, sizeof(t));
	if (is_id_start(*p)) {
		while (q < e && is_id_char(*q))
			q++;
		t.kind = T_ID;
		if (q < e && *q == '"' && q - p <= 3 && p[q - p - 1] == 'R') {
			t.kind = T_STR;
			q = skip_raw_string(q - 1, e);
		} else if (q < e && (*q == '"' || *q == '\'') && q - p <= 2) {
			t.kind = T_STR;	/* u8"x", L'x' */
			q = skip_quoted(q, e);
		}
	} else if (isdigit((unsigned char)*p) ||
		   (*p == '.' && p + 1 < e && isdigit((unsigned char)p[1]))) {
		t.kind = T_NUM;
		while (q < e && (is_id_char(*q) || *q == '.' || *q == '\'' ||
				 ((*q == '+' || *q == '-') && strchr("eEpP", q[-1]))))
			q++;
	} else if (*p == '"' || *p == '\'') {
		t.kind = T_STR;
		q = skip_quoted(p, e);
	} else {
		t.kind = T_PUNCT;
		q = p + punct_len(p, e);
	}
	t.s = p;
	t.n = (unsigned)(q - p);
	t.offset = (unsigned)(p - lx->base);
	t.line = lx->line;
	t.bol = lx->bol;
	lx->bol = 0;
	lx->p = q;
	toks_push(lx->out, t);
}

/*
 * C++ headers hold a token per 6.5 bytes (CUTLASS's; the densest, 3.6):
 * room for a token per 4 bytes is rarely grown, and what is not used is
 * never touched.  Growing by doubling copied a template library's tokens
 * once more and touched twice the pages.
 */
static void lex_text(const char *text, size_t len, struct toks *out)
{
	struct lexer lx = { text, text + len, text, 1, 1, out };

	if (!out->alloc) {
		out->alloc = len / 4 + 64;
		out->v = xrealloc(NULL, out->alloc * sizeof(*out->v));
	}
	for (skip_space(&lx); lx.p < lx.end; skip_space(&lx))
		lex_one(&lx);
}

/* ---- the replay of one target ---- */

struct umacro {
	const struct tok *name;
	const struct tok *params;	/* NULL: object-like; names and commas */
	size_t nr_params;
	const struct tok *body;
	size_t nr_body;
	int defined;
	int host_only;		/* (un)defined on a line only the host's path reads */
};

struct sysmacro {
	struct toks toks;	/* lexed text, or empty */
	int lexed, readable;
	int redefined;		/* -1: not yet compared with the earlier definitions */
	int undef_asked, undefined;	/* a later system #undef of the name */
	int host_asked, host_differs;	/* tu->host_differs's answer */
	size_t prev;		/* 1 + index of the name's earlier definition, or 0 */
};

struct replay {
	struct cal_pp_tu *tu;
	struct toks *files;		/* lexed user files */
	struct sysmacro *sys;		/* per tu->macros */
	size_t *slot, cap;		/* name -> 1 + index into tu->macros */
	int *visits;			/* per file */
	const struct cal_target *t;
	int is_first;
	int host;			/* the host's path: __CUDA_ARCH__ undefined, no code traced */
	unsigned host_words;		/* ... the words of its lines the first parse skipped */
	unsigned host_define_words;	/* ... of its own #defines, until a system header */
	int line_host_only;		/* ... the line replayed is one of those */
	struct cal_pp_place nv_atomic;	/* ... the first "__nv_atomic_*" it reads */
	struct cal_pp_place word_at[CAL_PP_NR_WORDS];	/* ... where host_words' came from */
	struct cal_pp_place define_at[CAL_PP_NR_WORDS];	/* ... host_define_words' */
	int arch_in_host_code;		/* ... code there names the arch, undefined on the host */
	struct umacro *macros;
	size_t *uslot, ucap;		/* name -> 1 + index of its last #define/#undef */
	size_t nr_macros, alloc_macros;
	unsigned char *once;
	int depth;
	struct strbuf trace;
	/*
	 * Names a quiet chain (un)defines (quiet_chain()): what they expand
	 * to is traced where the code or a system header may read it.
	 */
	const struct tok **arch_names;
	size_t *aslot, acap, nr_arch_names, alloc_arch_names;
	int arch_touched;		/* the expression being evaluated read the arch */
	int diverged;			/* took a branch the first parse did not */
	int failed;			/* a value could not be computed */
	int disagrees;			/* the first target's replay contradicts clang */
	char *why;
	const char *cur_file;
	unsigned cur_line;
	const struct tok *cur_first, *cur_last;	/* the directive or line of code replayed */
	char **owned;			/* texts the expansion made (stringized arguments) */
	size_t nr_owned, alloc_owned;
};

static int host_differs(struct replay *r, size_t index);

/* The replayed line as one line of text, blanks squeezed, at most 120 characters. */
static void line_text(const struct replay *r, struct strbuf *sb)
{
	const char *p, *end;
	int blank = 0;

	if (!r->cur_first)
		return;
	p = r->cur_first->s;
	end = r->cur_last->s + r->cur_last->n;
	for (; p < end && sb->len < 120; p++) {
		if (*p == '\\' && p + 1 < end && (p[1] == '\n' || p[1] == '\r'))
			continue;	/* a line splice */
		if (isspace((unsigned char)*p)) {
			blank = 1;
			continue;
		}
		if (blank)
			strbuf_addch(sb, ' ');
		blank = 0;
		strbuf_addch(sb, *p);
	}
	if (p < end)
		strbuf_adds(sb, "...");
}

/* Give up on this target; why names the directive (or code) and its text. */
static void fail(struct replay *r, const char *what)
{
	if (!r->failed && !r->why) {
		struct strbuf text = STRBUF_INIT;
		line_text(r, &text);
		r->why = text.len ? xasprintf("%s:%u: %s: %s", r->cur_file, r->cur_line, what,
					      text.buf)
				  : xasprintf("%s:%u: %s", r->cur_file, r->cur_line, what);
		strbuf_release(&text);
	}
	r->failed = 1;
}

static size_t hash_name(const char *s, size_t n)
{
	return (size_t)cal_fnv1a(s, n);
}

/* tu->macros[i]'s text, read on demand (the text is owned by tu). */
static const char *sys_text(struct replay *r, size_t i)
{
	struct cal_pp_macro *m = &r->tu->macros[i];
	if (!m->text && r->tu->read_macro)
		m->text = r->tu->read_macro(r->tu->ctx, i);
	return m->text;
}

/*
 * Index tu->macros by name: the last definition, chained to the earlier
 * ones.  Their texts are compared on first use (sys_redefined): a CUDA
 * parse defines clang's own macros twice, for the device and for the host
 * as its auxiliary target, with one text: not a redefinition.
 */
static void index_sys(struct replay *r)
{
	size_t i, cap = 16;
	while (cap < 2 * r->tu->nr_macros + 16)
		cap *= 2;
	r->slot = xcalloc(cap, sizeof(*r->slot));
	r->cap = cap;
	for (i = 0; i < r->tu->nr_macros; i++) {
		const struct cal_pp_macro *m = &r->tu->macros[i];
		size_t h = hash_name(m->name, strlen(m->name)) & (cap - 1);
		while (r->slot[h] && strcmp(r->tu->macros[r->slot[h] - 1].name, m->name))
			h = (h + 1) & (cap - 1);
		if (r->slot[h]) {
			r->sys[i].prev = r->slot[h];
			r->sys[i].redefined = -1;
		}
		r->slot[h] = i + 1;
	}
}

/* Does a definition before i give the name another text?  Read on first use. */
static int sys_redefined(struct replay *r, size_t i)
{
	struct sysmacro *s = &r->sys[i];
	size_t k = i;

	if (s->redefined >= 0)
		return s->redefined;
	s->redefined = 0;
	while (r->sys[k].prev && !s->redefined) {
		const char *a = sys_text(r, i), *b;
		k = r->sys[k].prev - 1;
		b = sys_text(r, k);
		s->redefined = !a || !b || strcmp(a, b);
	}
	return s->redefined;
}

/* Is the last definition i of a name #undef'd later by a system header?  Asked once. */
static int sys_undefined(struct replay *r, size_t i)
{
	struct sysmacro *s = &r->sys[i];

	if (!s->undef_asked) {
		s->undef_asked = 1;
		s->undefined = r->tu->undefined_later &&
			       r->tu->undefined_later(r->tu->ctx, i) == 1;
	}
	return s->undefined;
}

static const struct cal_pp_macro *find_sys(struct replay *r, const struct tok *name,
					   size_t *index, int *count)
{
	size_t h = hash_name(name->s, name->n) & (r->cap - 1);
	while (r->slot[h]) {
		const struct cal_pp_macro *m = &r->tu->macros[r->slot[h] - 1];
		if (strlen(m->name) == name->n && !memcmp(m->name, name->s, name->n)) {
			if (sys_undefined(r, r->slot[h] - 1))
				break;
			*index = r->slot[h] - 1;
			*count = sys_redefined(r, *index) ? 2 : 1;
			return m;
		}
		h = (h + 1) & (r->cap - 1);
	}
	*count = 0;
	return NULL;
}

static int same_name(const struct tok *a, const struct tok *b)
{
	return a->n == b->n && !memcmp(a->s, b->s, a->n);
}

/* The slot of name in the user macros' index (empty if none). */
static size_t user_slot(const struct replay *r, const struct tok *name)
{
	size_t h = hash_name(name->s, name->n) & (r->ucap - 1);
	while (r->uslot[h] && !same_name(r->macros[r->uslot[h] - 1].name, name))
		h = (h + 1) & (r->ucap - 1);
	return h;
}

static struct umacro *find_user(struct replay *r, const struct tok *name)
{
	size_t h;
	if (!r->ucap)
		return NULL;
	h = user_slot(r, name);
	return r->uslot[h] ? &r->macros[r->uslot[h] - 1] : NULL;
}

/* A #define or #undef of the user's files: the newest macros[] entry wins. */
static struct umacro *user_add(struct replay *r, const struct tok *name)
{
	struct umacro *u;
	size_t i;

	if (2 * (r->nr_macros + 1) > r->ucap) {
		size_t old = r->ucap;
		r->ucap = old ? 2 * old : 64;
		free(r->uslot);
		r->uslot = xcalloc(r->ucap, sizeof(*r->uslot));
		for (i = 0; i < r->nr_macros; i++)
			r->uslot[user_slot(r, r->macros[i].name)] = i + 1;
	}
	GROW(r->macros, r->alloc_macros, r->nr_macros + 1);
	u = &r->macros[r->nr_macros];
	memset(u, 0, sizeof(*u));
	u->name = name;
	r->uslot[user_slot(r, name)] = ++r->nr_macros;
	return u;
}

/* Is name one a quiet chain (un)defines?  Such a macro means something else per target. */
static int is_arch_name(const struct replay *r, const struct tok *name)
{
	size_t h;

	if (!r->nr_arch_names)
		return 0;
	h = hash_name(name->s, name->n) & (r->acap - 1);
	for (; r->aslot[h]; h = (h + 1) & (r->acap - 1))
		if (same_name(r->arch_names[r->aslot[h] - 1], name))
			return 1;
	return 0;
}

static void add_arch_name(struct replay *r, const struct tok *name)
{
	size_t i, h;

	if (is_arch_name(r, name))
		return;
	if (2 * (r->nr_arch_names + 1) > r->acap) {
		r->acap = r->acap ? 2 * r->acap : 16;
		free(r->aslot);
		r->aslot = xcalloc(r->acap, sizeof(*r->aslot));
		for (i = 0; i < r->nr_arch_names; i++) {
			const struct tok *t = r->arch_names[i];
			for (h = hash_name(t->s, t->n) & (r->acap - 1); r->aslot[h];
			     h = (h + 1) & (r->acap - 1))
				;
			r->aslot[h] = i + 1;
		}
	}
	GROW(r->arch_names, r->alloc_arch_names, r->nr_arch_names + 1);
	r->arch_names[r->nr_arch_names++] = name;
	for (h = hash_name(name->s, name->n) & (r->acap - 1); r->aslot[h];
	     h = (h + 1) & (r->acap - 1))
		;
	r->aslot[h] = r->nr_arch_names;
}

/* ---- arch sources ---- */

/*
 * What the parse defines per target (parse.c): __CUDA_ARCH__, and
 * __CUDA_ARCH_FEAT_SMnn_ALL for a suffixed one.  Other names that begin
 * the same are macros like any: __CUDA_ARCH_LIST__ (-D), the toolkit's
 * __CUDA_ARCH_HAS_FEATURE__(F) (host_defines.h, which pastes the feature
 * macro's name: NCCL's device.h tests it), nvcc's __CUDA_ARCH_SPECIFIC__,
 * which clang 19 does not define.
 */
static int is_arch_macro(const struct tok *t)
{
	return t->kind == T_ID &&
	       (tok_is(t, "__CUDA_ARCH__") ||
		(t->n > 17 && !memcmp(t->s, "__CUDA_ARCH_FEAT_", 17)));
}

/* The value of __CUDA_ARCH__ or __CUDA_ARCH_FEAT_SMnn_ALL; *defined says if it is. */
static long long arch_value(const struct replay *r, const struct tok *t, int *defined)
{
	char feat[48];
	if (r->host) {
		*defined = 0;
		return 0;
	}
	if (tok_is(t, "__CUDA_ARCH__")) {
		*defined = 1;
		return (long long)r->t->sm * 10;
	}
	snprintf(feat, sizeof(feat), "__CUDA_ARCH_FEAT_SM%u_ALL", r->t->sm);
	/* as the parse defines it (parse.c): for sm_90a, and for any suffixed
	 * target newer than clang knows, sm_121f as sm_121a */
	*defined = r->t->suffix && tok_is(t, feat);
	return *defined;
}

/* <nv/target>'s queries; -1 if t is none. */
static int nv_query(const struct replay *r, const struct tok *t)
{
	unsigned sm = 0;
	char rest[8] = "";
	char name[64];

	if (t->kind != T_ID || t->n >= sizeof(name) || t->n < 3 || memcmp(t->s, "NV_", 3))
		return -1;
	memcpy(name, t->s, t->n);
	name[t->n] = '\0';
	if (!strcmp(name, "NV_IS_DEVICE"))
		return !r->host;
	if (!strcmp(name, "NV_IS_HOST"))
		return r->host;
	if (!strcmp(name, "NV_ANY_TARGET"))
		return 1;
	if (!strcmp(name, "NV_NO_TARGET"))
		return 0;
	if (sscanf(name, "NV_PROVIDES_SM_%u%7s", &sm, rest) == 1)
		return r->t->sm >= sm;
	if (sscanf(name, "NV_IS_EXACTLY_SM_%u%7s", &sm, rest) == 1)
		return r->t->sm == sm;
	if (sscanf(name, "NV_HAS_FEATURE_SM_%u%7s", &sm, rest) == 2 && !strcmp(rest, "a"))
		return r->t->sm == sm && r->t->suffix == 'a';
	return -1;
}

static int is_nv_internal(const struct tok *t)
{
	return (t->n > 10 && !memcmp(t->s, "_NV_TARGET", 10)) ||
	       (t->n > 5 && !memcmp(t->s, "__NV_", 5));
}

static int is_nv_selector(const struct tok *t)
{
	return tok_is(t, "NV_IF_TARGET") || tok_is(t, "NV_IF_ELSE_TARGET") ||
	       tok_is(t, "NV_DISPATCH_TARGET");
}

/* ---- macro expansion into an expression ---- */

#define MAX_DEPTH 64
#define MAX_WORK 100000	/* tokens an expansion may make before its value is unknown */

struct expand {
	struct replay *r;
	int in_if;		/* defined and unknown identifiers count */
	int unknown;
	int depth;
	const struct tok *hide[MAX_DEPTH];
	int nr_hide;
	size_t work;		/* tokens substituted: macros that double at each level stop */
};

static void expand_list(struct expand *x, const struct tok *in, size_t n, struct toks *out);

static void push_val(struct toks *out, long long v)
{
	struct tok t;
	memset(&t, 0, sizeof(t));
	t.kind = T_VAL;
	t.v = v;
	toks_push(out, t);
}

/*
 * A value the replay cannot know: it stays one operand, so that the rest
 * of the expression may still decide it (KNOWN || __clang_major__ >= 15).
 */
static void push_unknown(struct toks *out)
{
	push_val(out, 0);
	out->v[out->n - 1].unknown = 1;
}

static int hidden(const struct expand *x, const struct tok *name)
{
	int i;
	for (i = 0; i < x->nr_hide; i++)
		if (x->hide[i]->n == name->n && !memcmp(x->hide[i]->s, name->s, name->n))
			return 1;
	return 0;
}

/* Is name defined here?  -1: cannot tell. */
static int defined_here(struct expand *x, const struct tok *name)
{
	struct umacro *u = find_user(x->r, name);
	size_t index;
	int count, d;

	if (is_arch_macro(name)) {
		x->r->arch_touched = 1;
		arch_value(x->r, name, &d);
		return d;
	}
	if (u)
		return u->defined;
	if (find_sys(x->r, name, &index, &count)) {
		if (!host_differs(x->r, index))
			return is_nv_internal(name) ? -1 : 1;
		x->r->arch_touched = 1;
		return -1;
	}
	if (x->r->host && cal_pp_host_predefine(name->s, name->n)) {	/* the host's own */
		x->r->arch_touched = 1;
		return -1;
	}
	return 0;
}

/* defined X / defined ( X ); returns tokens used. */
static size_t expand_defined(struct expand *x, const struct tok *in, size_t n, struct toks *out)
{
	size_t i = 1, used;
	int paren = i < n && tok_is(&in[i], "("), d;

	i += paren;
	if (i >= n || in[i].kind != T_ID) {
		x->unknown = 1;
		return n;
	}
	d = defined_here(x, &in[i]);
	used = i + 1 + (paren && i + 1 < n && tok_is(&in[i + 1], ")"));
	if (d < 0)
		push_unknown(out);
	else
		push_val(out, d > 0);
	return used;
}

struct args {
	size_t start[MAX_DEPTH + 1], end[MAX_DEPTH + 1];
	size_t nr;
};

/* The arguments of a call at in[0] == "("; returns tokens used, 0 if unclosed. */
static size_t collect_args(const struct tok *in, size_t n, struct args *a)
{
	size_t i;
	int level = 0;

	a->nr = 0;
	a->start[0] = 1;
	for (i = 0; i < n; i++) {
		if (tok_is(&in[i], "(") || tok_is(&in[i], "[") || tok_is(&in[i], "{"))
			level++;
		else if (tok_is(&in[i], ")") || tok_is(&in[i], "]") || tok_is(&in[i], "}"))
			level--;
		if (level == 0) {
			a->end[a->nr++] = i;
			return i + 1;
		}
		if (level == 1 && tok_is(&in[i], ",")) {
			if (a->nr >= MAX_DEPTH)
				return 0;
			a->end[a->nr++] = i;
			a->start[a->nr] = i + 1;
		}
	}
	return 0;
}

struct mdef {
	const struct tok *params;
	size_t nr_params;
	const struct tok *body;
	size_t nr_body;
	int function_like;
};

/*
 * The ordinal of parameter t; params holds names and commas.  A variadic
 * macro's last parameter is "..." (named __VA_ARGS__ in the body) or
 * "NAME..." (GNU); *variadic says t is that one.
 */
static int param_index(const struct mdef *d, const struct tok *t, int *variadic)
{
	size_t i;
	int k = -1;

	*variadic = 0;
	for (i = 0; t->kind == T_ID && i < d->nr_params; i++) {
		const struct tok *p = &d->params[i];
		int dots = tok_is(p, "...");
		if (tok_is(p, ","))
			continue;
		if (dots && i > 0 && !tok_is(&d->params[i - 1], ","))
			continue;	/* NAME... : counted at NAME */
		k++;
		if (dots ? tok_is(t, "__VA_ARGS__")
			 : p->n == t->n && !memcmp(p->s, t->s, t->n)) {
			*variadic = dots || (i + 1 < d->nr_params && tok_is(&d->params[i + 1], "..."));
			return k;
		}
	}
	return -1;
}

/* The tokens of argument p of a call (a variadic one runs to the last). */
static void arg_span(const struct args *a, int p, int variadic, size_t *from, size_t *to)
{
	*from = *to = 0;
	if (p < 0 || (size_t)p >= a->nr)
		return;
	*from = a->start[p];
	*to = variadic ? a->end[a->nr - 1] : a->end[p];
}

/* A text the expansion made; freed with the replay. */
static const char *own_text(struct replay *r, struct strbuf *sb)
{
	GROW(r->owned, r->alloc_owned, r->nr_owned + 1);
	r->owned[r->nr_owned] = strbuf_detach(sb);
	return r->owned[r->nr_owned++];
}

/* #param: the argument's spelling as one string literal token. */
static void stringize(struct expand *x, const struct tok *arg, size_t n, struct toks *out)
{
	struct strbuf sb = STRBUF_INIT;
	struct tok t;
	size_t k;

	strbuf_addch(&sb, '"');
	for (k = 0; k < n; k++) {
		if (k)
			strbuf_addch(&sb, ' ');
		if (arg[k].kind == T_VAL)
			strbuf_addf(&sb, "%lld", arg[k].v);
		else
			strbuf_add(&sb, arg[k].s, arg[k].n);
	}
	strbuf_addch(&sb, '"');
	memset(&t, 0, sizeof(t));
	t.kind = T_STR;
	t.n = sb.len;
	t.s = own_text(x->r, &sb);
	toks_push(out, t);
}

/*
 * a ## b: one token of the two spellings.  An identifier or a number with
 * what continues one (CAT(STDGPU_, CUDA) -> STDGPU_CUDA, X ## 1 -> X1);
 * anything else (a computed value, punctuation, a string) is not replayed.
 */
static int paste(struct expand *x, struct tok *a, const struct tok *b)
{
	struct strbuf sb = STRBUF_INIT;
	size_t k;

	if ((a->kind != T_ID && a->kind != T_NUM) || (b->kind != T_ID && b->kind != T_NUM))
		return -1;
	for (k = 0; k < b->n; k++)
		if (!is_id_char(b->s[k]) && (a->kind != T_NUM || b->s[k] != '.'))
			return -1;
	strbuf_add(&sb, a->s, a->n);
	strbuf_add(&sb, b->s, b->n);
	a->n = sb.len;
	a->s = own_text(x->r, &sb);
	return 0;
}

/* Is body[i] an operand of '##' (whose argument is then taken as written)? */
static int paste_operand(const struct mdef *d, size_t i)
{
	return (i + 1 < d->nr_body && tok_is(&d->body[i + 1], "##")) ||
	       (i > 0 && tok_is(&d->body[i - 1], "##"));
}

/*
 * After the right operand of a '##' went into sub from index right: paste
 * its first token onto the token before it (an empty operand pastes
 * nothing).  left: whether the left operand gave a token.
 */
static void paste_into(struct expand *x, struct toks *sub, size_t right, int left)
{
	if (!left || right >= sub->n)
		return;
	if (paste(x, &sub->v[right - 1], &sub->v[right]) < 0) {
		x->unknown = 1;
		return;
	}
	memmove(&sub->v[right], &sub->v[right + 1], (sub->n - right - 1) * sizeof(*sub->v));
	sub->n--;
}

/*
 * Body element d->body[*i] of a call with arguments a (of in) into sub:
 * a parameter expanded (as written beside '##' or after '#'), or the
 * token itself.  Advances *i past a '#' and its parameter.
 */
static void substitute(struct expand *x, const struct tok *in, const struct args *a,
		       const struct mdef *d, size_t *i, struct toks *sub)
{
	int variadic = 0, p = d->function_like ? param_index(d, &d->body[*i], &variadic) : -1;
	size_t from, to;

	if (p < 0 && tok_is(&d->body[*i], "__VA_ARGS__")) {
		x->unknown = 1;
	} else if (p >= 0 && paste_operand(d, *i)) {
		arg_span(a, p, variadic, &from, &to);
		for (; from < to; from++)
			toks_push(sub, in[1 + from]);
	} else if (d->function_like && tok_is(&d->body[*i], "#") && *i + 1 < d->nr_body &&
		   (p = param_index(d, &d->body[*i + 1], &variadic)) >= 0) {
		arg_span(a, p, variadic, &from, &to);
		stringize(x, in + 1 + from, to - from, sub);
		(*i)++;
	} else if (tok_is(&d->body[*i], "#") && d->function_like) {
		x->unknown = 1;
	} else if (p >= 0) {
		arg_span(a, p, variadic, &from, &to);
		if (x->depth >= MAX_DEPTH || x->work > MAX_WORK)
			x->unknown = 1;
		else if (to > from)
			expand_list(x, in + 1 + from, to - from, sub);
	} else {
		toks_push(sub, d->body[*i]);
	}
}

/*
 * Expand the macro named in[0] with definition d; returns tokens used.
 * An argument is macro-expanded before it replaces its parameter, except
 * after '#' (spelled as written): STRINGIZE(__CUDA_ARCH__) through a
 * helper macro spells the arch's value, as in clang; and beside '##',
 * where the two operands, as written, make one token before the rescan
 * (stdgpu's STDGPU_DETAIL_CAT3(STDGPU_, CUDA, _IS_DEVICE_CODE)).
 */
static size_t expand_macro(struct expand *x, const struct tok *in, size_t n,
			   const struct mdef *d, struct toks *out)
{
	struct toks sub = { 0 };
	struct args a;
	size_t used = 1, i, start;
	int pasting = 0, left = 0;

	a.nr = 0;
	if (d->function_like) {
		/* a name alone: the rescan may find its '(' (an argument F in "F(1)") */
		if (n < 2 || !tok_is(&in[1], "(")) {
			toks_push(out, in[0]);
			return 1;
		}
		used = 1 + collect_args(in + 1, n - 1, &a);
		if (used == 1) {
			x->unknown = 1;
			return n;
		}
	}
	/* each use of a parameter expands its argument: nested calls grow exponentially */
	if (x->work > MAX_WORK) {
		x->unknown = 1;
		return used;
	}
	for (i = 0; i < d->nr_body; i++) {
		if (tok_is(&d->body[i], "##")) {
			/* at either end of the body, or after ',' (GNU's comma before __VA_ARGS__) */
			if (!i || i + 1 == d->nr_body || pasting ||
			    (left && sub.v[sub.n - 1].kind == T_PUNCT))
				x->unknown = 1;
			pasting = 1;
			continue;
		}
		start = sub.n;
		substitute(x, in, &a, d, &i, &sub);
		if (pasting)
			paste_into(x, &sub, start, left);
		/* the next '##' pastes onto the last token, this operand's or the left one's */
		left = sub.n > start || (pasting && left);
		pasting = 0;
	}
	x->work += sub.n;
	if (x->depth >= MAX_DEPTH || x->nr_hide >= MAX_DEPTH || x->work > MAX_WORK) {
		x->unknown = 1;
	} else {
		x->depth++;
		x->hide[x->nr_hide++] = &in[0];
		expand_list(x, sub.v, sub.n, out);
		x->nr_hide--;
		x->depth--;
	}
	free(sub.v);
	return used;
}

static void user_def(const struct umacro *u, struct mdef *d)
{
	d->params = u->params;
	d->nr_params = u->nr_params;
	d->function_like = u->params != NULL;
	d->body = u->body;
	d->nr_body = u->nr_body;
}

/* Split "NAME(a, b) body" / "NAME body" tokens into a definition. */
static int split_define(const struct tok *t, size_t n, struct mdef *d)
{
	size_t i = 1;
	memset(d, 0, sizeof(*d));
	if (!n || t[0].kind != T_ID)
		return -1;
	if (n > 1 && tok_is(&t[1], "(") && t[1].offset == t[0].offset + t[0].n) {
		d->function_like = 1;
		d->params = &t[2];
		for (i = 2; i < n && !tok_is(&t[i], ")"); i++)
			d->nr_params++;
		if (i >= n)
			return -1;
		i++;
	}
	d->body = &t[i];
	d->nr_body = n - i;
	return 0;
}

static struct sysmacro *sys_lexed(struct replay *r, size_t index)
{
	struct sysmacro *s = &r->sys[index];
	if (!s->lexed) {
		const char *text = sys_text(r, index);
		s->lexed = 1;
		s->readable = text != NULL;
		if (text)
			lex_text(text, strlen(text), &s->toks);
	}
	return s;
}

/*
 * Macros whose text the first parse holds for its own target only:
 * <nv/target>'s internals, defined per target.
 */
static int sys_is_arch_specific(const struct tok *name, const struct sysmacro *s)
{
	size_t i;
	if (is_nv_internal(name))
		return 1;
	for (i = 0; i < s->toks.n; i++)
		if (s->toks.v[i].kind == T_ID && is_nv_internal(&s->toks.v[i]))
			return 1;
	return 0;
}

/*
 * On the host's path: may the system macro index be defined otherwise, or
 * not at all, for the host (its definition hangs on the arch)?  Asked once.
 */
static int host_differs(struct replay *r, size_t index)
{
	struct sysmacro *s = &r->sys[index];

	if (!r->host || !r->tu->host_differs)
		return 0;
	if (!s->host_asked) {
		s->host_asked = 1;
		s->host_differs = r->tu->host_differs(r->tu->ctx, index);
	}
	return s->host_differs;
}

/* A macro defined outside the user's files; returns tokens used. */
static size_t expand_sys(struct expand *x, const struct tok *in, size_t n, size_t index,
			 struct toks *out)
{
	struct sysmacro *s = sys_lexed(x->r, index);
	struct mdef d;

	if (!s->readable || sys_is_arch_specific(&in[0], s) ||
	    split_define(s->toks.v, s->toks.n, &d) < 0) {
		push_unknown(out);
		return 1;
	}
	return expand_macro(x, in, n, &d, out);
}

static int is_has_operator(const struct tok *t)
{
	return t->n > 6 && (!memcmp(t->s, "__has_", 6) || tok_is(t, "__is_identifier"));
}

/* One identifier; returns tokens used. */
static size_t expand_id(struct expand *x, const struct tok *in, size_t n, struct toks *out)
{
	struct umacro *u;
	size_t index;
	int count, q, d;
	struct mdef def;

	if (x->in_if && tok_is(&in[0], "defined"))
		return expand_defined(x, in, n, out);
	if (is_arch_macro(&in[0])) {
		long long v = arch_value(x->r, &in[0], &d);
		x->r->arch_touched = 1;
		x->r->arch_in_host_code |= x->r->host && !x->in_if;
		push_val(out, d ? v : 0);
		return 1;
	}
	if ((q = nv_query(x->r, &in[0])) >= 0) {
		x->r->arch_touched = 1;
		push_val(out, q);
		return 1;
	}
	if (hidden(x, &in[0])) {
		toks_push(out, in[0]);
		return 1;
	}
	if (is_arch_name(x->r, &in[0]))	/* defined per target by a quiet chain */
		x->r->arch_touched = 1;
	u = find_user(x->r, &in[0]);
	if (u && u->host_only)	/* the host's own definition: its value differs there */
		x->r->arch_touched = 1;
	if (u && u->defined) {
		user_def(u, &def);
		return expand_macro(x, in, n, &def, out);
	}
	if (!u && find_sys(x->r, &in[0], &index, &count)) {
		if (host_differs(x->r, index)) {	/* a value of the device side's */
			x->r->arch_touched = 1;
			push_unknown(out);
			return 1;
		}
		if (count > 1) {
			push_unknown(out);
			return 1;
		}
		return expand_sys(x, in, n, index, out);
	}
	if (!u && x->r->host && cal_pp_host_predefine(in[0].s, in[0].n)) {	/* the host's own */
		x->r->arch_touched = 1;
		push_unknown(out);
		return 1;
	}
	if (x->in_if && is_has_operator(&in[0])) {
		struct args a;
		size_t used = n > 1 && tok_is(&in[1], "(") ? collect_args(in + 1, n - 1, &a) : 0;
		push_unknown(out);
		return 1 + used;
	}
	/* an identifier no macro names: in #if it counts 0 once expanded (evaluate()), not
	 * before: an argument may yet be pasted into a macro's name */
	toks_push(out, in[0]);
	return 1;
}

static void expand_list(struct expand *x, const struct tok *in, size_t n, struct toks *out)
{
	size_t i = 0;
	while (i < n) {
		if (in[i].kind == T_ID)
			i += expand_id(x, in + i, n - i, out);
		else
			toks_push(out, in[i++]);
	}
}

/* ---- integer expressions (#if) ---- */

struct value {
	long long v;
	int known;
};

struct parser {
	const struct tok *t;
	size_t n, i;
	int bad;
	int depth;		/* of nested primaries: a hostile line cannot overflow the stack */
};

static struct value expr(struct parser *p, int min_prec);
static struct value literal(struct parser *p);

static int accept(struct parser *p, const char *s)
{
	if (p->i < p->n && p->t[p->i].kind == T_PUNCT && tok_is(&p->t[p->i], s)) {
		p->i++;
		return 1;
	}
	return 0;
}

static long long number_value(const struct tok *t, int *ok)
{
	char buf[64];
	size_t i, k = 0;
	char *end;
	unsigned long long v;

	for (i = 0; i < t->n && k + 1 < sizeof(buf); i++)
		if (t->s[i] != '\'')
			buf[k++] = t->s[i];
	buf[k] = '\0';
	v = strtoull(buf, &end, 0);
	while (*end && strchr("uUlLzZ", *end))
		end++;
	*ok = !*end;
	return (long long)v;
}

static struct value primary(struct parser *p)
{
	struct value v = { 0, 0 };

	if (p->i >= p->n || p->depth > 200) {
		p->bad = 1;
		return v;
	}
	p->depth++;
	if (accept(p, "(")) {
		v = expr(p, 0);
		if (!accept(p, ")"))
			p->bad = 1;
	} else if (accept(p, "!")) {
		v = primary(p);
		v.v = !v.v;
	} else if (accept(p, "-") || accept(p, "~") || accept(p, "+")) {
		char op = p->t[p->i - 1].s[0];
		v = primary(p);
		v.v = op == '-' ? (long long)(0 - (unsigned long long)v.v) : op == '~' ? ~v.v : v.v;
	} else {
		v = literal(p);
	}
	p->depth--;
	return v;
}

static struct value literal(struct parser *p)
{
	struct value v = { 0, 0 };
	const struct tok *t;

	t = &p->t[p->i++];
	if (t->kind == T_VAL) {
		v.v = t->v;
		v.known = !t->unknown;
	} else if (t->kind == T_NUM) {
		v.v = number_value(t, &v.known);
	} else {
		p->bad = 1;
	}
	return v;
}

static const struct {
	const char *op;
	int prec;
} binops[] = {
	{ "||", 1 }, { "&&", 2 }, { "|", 3 }, { "^", 4 }, { "&", 5 }, { "==", 6 }, { "!=", 6 },
	{ "<", 7 }, { ">", 7 }, { "<=", 7 }, { ">=", 7 }, { "<<", 8 }, { ">>", 8 },
	{ "+", 9 }, { "-", 9 }, { "*", 10 }, { "/", 10 }, { "%", 10 }, { NULL, 0 }
};

static int binop_at(const struct parser *p)
{
	int k;
	if (p->i >= p->n || p->t[p->i].kind != T_PUNCT)
		return -1;
	for (k = 0; binops[k].op; k++)
		if (tok_is(&p->t[p->i], binops[k].op))
			return k;
	return -1;
}

static long long apply(const char *op, long long a, long long b, int *ok)
{
	*ok = 1;
	switch (op[0]) {
	case '|': return op[1] ? (a || b) : (a | b);
	case '&': return op[1] ? (a && b) : (a & b);
	case '^': return a ^ b;
	case '=': return a == b;
	case '!': return a != b;
	case '<': return op[1] == '<' ? (b >= 0 && b < 63 ?
					 (long long)((unsigned long long)a << b) : (*ok = 0)) :
			 op[1] ? a <= b : a < b;
	case '>': return op[1] == '>' ? (b >= 0 && b < 63 && a >= 0 ? a >> b : (*ok = 0)) :
			 op[1] ? a >= b : a > b;
	case '+': return (long long)((unsigned long long)a + (unsigned long long)b);
	case '-': return (long long)((unsigned long long)a - (unsigned long long)b);
	case '*': return (long long)((unsigned long long)a * (unsigned long long)b);
	case '/': return b && b != -1 ? a / b : (*ok = 0);
	case '%': return b && b != -1 ? a % b : (*ok = 0);
	}
	*ok = 0;
	return 0;
}

/* a && b and a || b are known when the known side decides them. */
static struct value combine(const char *op, struct value a, struct value b)
{
	struct value r = { 0, 0 };
	int ok;
	if (!strcmp(op, "&&") && ((a.known && !a.v) || (b.known && !b.v)))
		return r.known = 1, r;
	if (!strcmp(op, "||") && ((a.known && a.v) || (b.known && b.v)))
		return r.known = 1, r.v = 1, r;
	if (!a.known || !b.known)
		return r;
	r.v = apply(op, a.v, b.v, &ok);
	r.known = ok;
	return r;
}

static struct value expr(struct parser *p, int min_prec)
{
	struct value lhs = primary(p);
	int k;

	while (!p->bad && (k = binop_at(p)) >= 0 && binops[k].prec >= min_prec) {
		struct value rhs;
		p->i++;
		rhs = expr(p, binops[k].prec + 1);
		lhs = combine(binops[k].op, lhs, rhs);
	}
	if (min_prec == 0 && !p->bad && accept(p, "?")) {
		struct value a = expr(p, 0), b;
		if (!accept(p, ":"))
			p->bad = 1;
		b = expr(p, 0);
		if (lhs.known)
			lhs = lhs.v ? a : b;
		else
			lhs.known = a.known && b.known && a.v == b.v, lhs.v = a.v;
	}
	return lhs;
}

/* Evaluate tokens as a #if condition (in_if) or as a code expression. */
static struct value evaluate(struct replay *r, const struct tok *in, size_t n, int in_if)
{
	struct expand x;
	struct toks out = { 0 };
	struct parser p;
	struct value v;
	size_t i;

	memset(&x, 0, sizeof(x));
	x.r = r;
	x.in_if = in_if;
	expand_list(&x, in, n, &out);
	for (i = 0; in_if && i < out.n; i++) {
		/* what is left of identifiers after expansion counts 0 in #if */
		if (out.v[i].kind == T_ID) {
			out.v[i].kind = T_VAL;
			out.v[i].v = tok_is(&out.v[i], "true");
		}
	}
	memset(&p, 0, sizeof(p));
	p.t = out.v;
	p.n = out.n;
	v = expr(&p, 0);
	if (p.bad || p.i != p.n || x.unknown)
		v.known = 0;
	free(out.v);
	return v;
}

/* ---- directives ---- */

struct cond {
	int active, parent, taken;
	int quiet;		/* a quiet chain whose choice read the arch: not traced */
};

struct conds {
	struct cond *v;
	size_t n, alloc;
};

static size_t line_end(const struct toks *f, size_t i)
{
	for (i++; i < f->n && !f->v[i].bol; i++)
		;
	return i;
}

/* Is offset in a range the first parse skipped (in any of its entries of the file)? */
static int first_skipped(const struct cal_pp_file *file, size_t offset)
{
	size_t k;

	for (k = 0; k < file->nr_skipped; k++)
		if (offset >= file->skipped[k][0] && offset <= file->skipped[k][1])
			return 1;
	return 0;
}

/*
 * Did the first parse enter the block after the directive ending before
 * next?  clang's skipped range of a block runs from the '#' of the
 * directive that was false (or of the #else/#elif that closes a taken
 * block) to the end of the directive it resumes at, so the test is on the
 * end of the directive's own last token: the first token after it may be
 * the '#' of a nested directive whose own block was skipped.
 */
static int first_entered(const struct cal_pp_file *file, const struct toks *f, size_t next)
{
	const struct tok *last = &f->v[next - 1];

	return !first_skipped(file, last->offset + last->n);
}

static void trace_add(struct replay *r, long long v)
{
	strbuf_addf(&r->trace, "%s:%u=%lld;", r->cur_file, r->cur_line, v);
}

/*
 * Decide a condition; compares with the first parse while on its path.
 * Traced unless quiet says not to (QUIET_IF_ARCH: where it read the arch).
 */
enum quiet { TRACED, QUIET_IF_ARCH, QUIET };

static int decide(struct replay *r, const struct cal_pp_file *file, const struct toks *f,
		  const struct tok *c, size_t nc, size_t next, enum quiet quiet)
{
	int first, d;
	struct value v;

	r->arch_touched = 0;
	v = evaluate(r, c, nc, 1);
	first = r->tu->have_skipped && r->visits[file - r->tu->files] == 1 ?
		first_entered(file, f, next) : -1;
	if (!v.known) {
		if (!r->arch_touched && !r->diverged && first >= 0) {
			d = first;
		} else {
			fail(r, r->arch_touched ? "arch-dependent condition the replay cannot evaluate"
						 : "condition the replay cannot evaluate");
			d = 0;
		}
	} else {
		d = v.v != 0;
	}
	if (first >= 0 && !r->diverged && d != first) {
		if (r->is_first || !r->arch_touched) {
			r->disagrees = 1;
			fail(r, "replay disagrees with clang");
		}
		r->diverged = 1;
	}
	if (quiet == TRACED || (quiet == QUIET_IF_ARCH && !r->arch_touched))
		trace_add(r, d);
	return d;
}

static void define(struct replay *r, const struct tok *t, size_t n)
{
	struct umacro *u;
	struct mdef d;

	if (split_define(t, n, &d) < 0) {
		fail(r, "malformed #define");
		return;
	}
	u = user_add(r, &t[0]);
	u->params = d.function_like ? d.params : NULL;
	u->nr_params = d.nr_params;
	u->body = d.body;
	u->nr_body = d.nr_body;
	u->defined = 1;
	u->host_only = r->line_host_only;
}

static void undefine(struct replay *r, const struct tok *t, size_t n)
{
	if (!n)
		return;
	user_add(r, &t[0])->host_only = r->line_host_only;
}

static void replay_file(struct replay *r, int index);
static void trace_arch_names(struct replay *r);

static void include(struct replay *r, const struct cal_pp_file *file, unsigned line)
{
	size_t k;
	int b;
	for (k = 0; k < file->nr_incs; k++) {
		if (file->incs[k].line != line)
			continue;
		if (r->tu->files[file->incs[k].file].user)
			replay_file(r, file->incs[k].file);
		else if (r->nr_arch_names && file->incs[k].entered)
			trace_arch_names(r);
		else if (r->host && file->incs[k].entered) {	/* it may test the host's macros */
			for (b = 0; b < CAL_PP_NR_WORDS; b++)
				if ((r->host_define_words & ~r->host_words) & (1u << b))
					r->word_at[b] = r->define_at[b];
			r->host_words |= r->host_define_words;
			r->host_define_words = 0;
		}
		return;
	}
	if (r->diverged)
		fail(r, "#include the first parse did not follow");
}

static int directive_is(const struct tok *t, size_t n, const char *name)
{
	return n && tok_is(t, name);
}

/*
 * Is the #if chain whose first directive ends at end quiet: do its blocks
 * hold #define and #undef lines only, up to its #endif?  All such a chain
 * does is define macros, so where its choice reads the arch the choice is
 * not traced: the names it (un)defines are (quiet_names()), and each use
 * of them (in code, in a condition, before the #include of a system
 * header, which the replay does not read) traces what they mean on the
 * target.  Targets that choose otherwise there (bitsandbytes' per-arch
 * BNB_MAX_THREADS_PER_SM) but read the same tokens share a parse.  The
 * host's path traces nothing.
 */
static int quiet_chain(const struct replay *r, const struct toks *f, size_t end)
{
	size_t i, e, nd;

	if (r->host)
		return 0;
	for (i = end; i < f->n; i = e) {
		const struct tok *d = &f->v[i + 1];
		e = line_end(f, i);
		nd = e - i - 1;
		if (!f->v[i].bol || !tok_is(&f->v[i], "#") || !nd)
			return 0;
		if (directive_is(d, nd, "endif"))
			return 1;
		if (!directive_is(d, nd, "define") && !directive_is(d, nd, "undef") &&
		    !directive_is(d, nd, "elif") && !directive_is(d, nd, "else"))
			return 0;
	}
	return 0;
}

/* The names a quiet chain (un)defines, in any of its blocks: every target's replay knows them. */
static void quiet_names(struct replay *r, const struct toks *f, size_t end)
{
	size_t i, e;

	for (i = end; i < f->n; i = e) {
		const struct tok *d = &f->v[i + 1];
		e = line_end(f, i);
		if (directive_is(d, e - i - 1, "endif"))
			return;
		if ((tok_is(d, "define") || tok_is(d, "undef")) && e - i > 2 &&
		    d[1].kind == T_ID)
			add_arch_name(r, &d[1]);
	}
}

/*
 * "file:line={NAME=tokens;NAME-;...}": what the quiet chains' names mean
 * where a system header is entered: it may test them, and the replay does
 * not read it.
 */
static void trace_arch_names(struct replay *r)
{
	size_t i, k;

	strbuf_addf(&r->trace, "%s:%u={", r->cur_file, r->cur_line);
	for (i = 0; i < r->nr_arch_names; i++) {
		const struct tok *name = r->arch_names[i];
		struct umacro *u = find_user(r, name);
		strbuf_add(&r->trace, name->s, name->n);
		if (!u) {
			strbuf_adds(&r->trace, "?;");
			continue;
		}
		if (!u->defined) {
			strbuf_adds(&r->trace, "-;");
			continue;
		}
		strbuf_addch(&r->trace, u->params ? '(' : '=');
		for (k = 0; u->params && k < u->nr_params; k++)
			strbuf_add(&r->trace, u->params[k].s, u->params[k].n);
		if (u->params)
			strbuf_adds(&r->trace, ")=");
		for (k = 0; k < u->nr_body; k++) {
			strbuf_addch(&r->trace, ' ');
			strbuf_add(&r->trace, u->body[k].s, u->body[k].n);
		}
		strbuf_addch(&r->trace, ';');
	}
	strbuf_adds(&r->trace, "};");
}

/* A conditional directive; returns 1 if it was one. */
static int conditional(struct replay *r, const struct cal_pp_file *file, const struct toks *f,
		       size_t i, size_t end, struct conds *cs)
{
	const struct tok *d = &f->v[i + 1], *c = d + 1;
	size_t nd = end - i - 1, nc = nd ? nd - 1 : 0;
	struct cond *top = cs->n ? &cs->v[cs->n - 1] : NULL;
	int active = top ? top->active : 1;

	if (directive_is(d, nd, "if") || directive_is(d, nd, "ifdef") ||
	    directive_is(d, nd, "ifndef")) {
		struct cond nw = { 0, active, 0, 0 };
		int quiet = active && quiet_chain(r, f, end);
		if (active && tok_is(d, "if")) {
			nw.active = decide(r, file, f, c, nc, end, quiet ? QUIET_IF_ARCH : TRACED);
		} else if (active) {
			/* #ifdef X is "defined X", #ifndef X is "!defined X" */
			struct tok def[3];
			int neg = tok_is(d, "ifndef");
			memset(def, 0, sizeof(def));
			def[0] = *d;
			def[0].kind = T_PUNCT;
			def[0].s = "!";
			def[0].n = 1;
			def[1] = def[0];
			def[1].kind = T_ID;
			def[1].s = "defined";
			def[1].n = 7;
			def[2] = nc ? c[0] : def[1];
			nw.active = decide(r, file, f, def + !neg, 3 - !neg, end,
					   quiet ? QUIET_IF_ARCH : TRACED);
		}
		nw.quiet = quiet && r->arch_touched;
		if (nw.quiet)
			quiet_names(r, f, end);
		nw.taken = nw.active;
		GROW(cs->v, cs->alloc, cs->n + 1);
		cs->v[cs->n++] = nw;
		return 1;
	}
	if (!top)
		return directive_is(d, nd, "else") || directive_is(d, nd, "elif") ||
		       directive_is(d, nd, "endif");
	if (directive_is(d, nd, "elif") || directive_is(d, nd, "elifdef") ||
	    directive_is(d, nd, "elifndef")) {
		if (!top->parent || top->taken || !tok_is(d, "elif")) {
			top->active = 0;
			if (top->parent && !top->taken && !tok_is(d, "elif"))
				fail(r, "#elifdef");
		} else {
			top->active = decide(r, file, f, c, nc, end, top->quiet ? QUIET : TRACED);
			top->taken = top->active;
		}
		return 1;
	}
	if (directive_is(d, nd, "else")) {
		top->active = top->parent && !top->taken;
		top->taken = 1;
		return 1;
	}
	if (directive_is(d, nd, "endif")) {
		cs->n--;
		return 1;
	}
	return 0;
}

static void directive(struct replay *r, const struct cal_pp_file *file, int index,
		      const struct toks *f, size_t i, size_t end, struct conds *cs)
{
	const struct tok *d = &f->v[i + 1];
	size_t nd = end - i - 1;
	int active = cs->n ? cs->v[cs->n - 1].active : 1;

	r->cur_line = f->v[i].line;
	r->cur_first = &f->v[i];
	r->cur_last = &f->v[end - 1];
	if (conditional(r, file, f, i, end, cs) || !active || !nd)
		return;
	if (tok_is(d, "define") && nd > 1)
		define(r, d + 1, nd - 1);
	else if (tok_is(d, "undef"))
		undefine(r, d + 1, nd - 1);
	else if (tok_is(d, "include") || tok_is(d, "include_next") || tok_is(d, "import"))
		include(r, file, f->v[i].line);
	else if (tok_is(d, "pragma") && nd > 1 && tok_is(d + 1, "once"))
		r->once[index] = 1;
}

/* ---- code ---- */

/* The queries of NV_IF_TARGET(q, ...) / NV_DISPATCH_TARGET(q1, b1, q2, b2...). */
static void nv_selector(struct replay *r, const struct tok *in, size_t n)
{
	struct args a;
	size_t k, step = tok_is(&in[0], "NV_DISPATCH_TARGET") ? 2 : 1;

	if (n < 2 || !tok_is(&in[1], "(") || !collect_args(in + 1, n - 1, &a)) {
		fail(r, "NV_ target macro without arguments");
		return;
	}
	for (k = 0; k < a.nr; k += step) {
		struct value v;
		r->arch_touched = 0;
		v = evaluate(r, in + 1 + a.start[k], a.end[k] - a.start[k], 1);
		if (!v.known) {
			fail(r, "NV_ target query the replay cannot evaluate");
			return;
		}
		trace_add(r, v.v);
		if (step == 1)
			return;
	}
}

static int has_unknown(const struct toks *t)
{
	size_t i;
	for (i = 0; i < t->n; i++)
		if (t->v[i].kind == T_VAL && t->v[i].unknown)
			return 1;
	return 0;
}

/* "file:line=[tokens];": the code an arch-dependent macro became on this target. */
static void trace_tokens(struct replay *r, const struct toks *t)
{
	size_t i;
	strbuf_addf(&r->trace, "%s:%u=[", r->cur_file, r->cur_line);
	for (i = 0; i < t->n; i++) {
		if (i)
			strbuf_addch(&r->trace, ' ');
		if (t->v[i].kind == T_VAL)
			strbuf_addf(&r->trace, "%lld", t->v[i].v);
		else
			strbuf_add(&r->trace, t->v[i].s, t->v[i].n);
	}
	strbuf_adds(&r->trace, "];");
}

/*
 * An identifier of active code: a macro whose expansion reads the arch
 * adds to the trace the value it computes (ARCH_AT_LEAST(80): targets
 * that agree on it share a parse), else the tokens it expands to
 * (no_device_code(__FILE__, ..., 750, "750, 900")): targets that see the
 * same tokens see the same code.
 */
static void code_id(struct replay *r, const struct tok *in, size_t n)
{
	struct umacro *u = find_user(r, &in[0]);
	struct expand x;
	struct toks out = { 0 };
	size_t index, used;
	int count;
	struct value v;

	if (!(u && u->defined) && (u || !find_sys(r, &in[0], &index, &count)) &&
	    !is_arch_name(r, &in[0]))
		return;
	memset(&x, 0, sizeof(x));
	x.r = r;
	r->arch_touched = 0;
	used = expand_id(&x, in, n, &out);
	if (!r->arch_touched) {
		free(out.v);
		return;
	}
	v = evaluate(r, in, used, 0);
	if (v.known)
		trace_add(r, v.v);
	else if (x.unknown || has_unknown(&out))
		fail(r, "arch-dependent macro in code the replay cannot expand");
	else
		trace_tokens(r, &out);
	free(out.v);
}

static void replay_code(struct replay *r, const struct toks *f, size_t i, size_t end)
{
	r->cur_first = &f->v[i];
	r->cur_last = &f->v[end - 1];
	for (; i < end && !r->failed; i++) {
		if (f->v[i].kind != T_ID)
			continue;
		r->cur_line = f->v[i].line;
		if (is_arch_macro(&f->v[i])) {
			int d;
			long long v = arch_value(r, &f->v[i], &d);
			trace_add(r, d ? v : -1);
		} else if (is_nv_selector(&f->v[i])) {
			nv_selector(r, &f->v[i], f->n - i);
		} else if (nv_query(r, &f->v[i]) >= 0) {
			trace_add(r, nv_query(r, &f->v[i]));
		} else {
			code_id(r, &f->v[i], f->n - i);
		}
	}
}

/* The words of tokens [i, end) of f, for the host's path. */
/* The device function (cal_pp_body) whose head or body holds offset, or NULL; *in_head: which. */
static struct cal_pp_body *body_at(const struct cal_pp_file *file, size_t offset, int *in_head)
{
	size_t k;

	for (k = 0; k < file->nr_bodies; k++) {
		struct cal_pp_body *b = &file->bodies[k];
		if (offset >= b->head && offset <= b->end) {
			*in_head = offset < b->start;
			return b;
		}
	}
	return NULL;
}

/* --verbose: where each of words (user_words.h's bits) was first read, if not yet known. */
static void note_places(struct cal_pp_place *places, unsigned words, const char *at, int file)
{
	int b;

	for (b = 0; b < CAL_PP_NR_WORDS; b++)
		if ((words & (1u << b)) && !places[b].at) {
			places[b].at = at;
			places[b].file = file;
		}
}

/*
 * The host's words (cal_text_host_words) of the text of toks [i, end),
 * string literals left out: on the host's side a string is never an
 * atomic, a fence, a volatile access or shared memory (a PTX string is
 * device code; CUTE_INVALID_CONTROL_PATH's message "Attempting to use
 * wgmma.fence ..." is neither).
 */
static unsigned words_outside_strings(const struct toks *f, size_t i, size_t end)
{
	const char *run = f->v[i].s, *to = f->v[end - 1].s + f->v[end - 1].n;
	unsigned words = 0;
	size_t k;

	for (k = i; k < end; k++) {
		if (f->v[k].kind != T_STR)
			continue;
		words |= cal_text_host_words(run, (size_t)(f->v[k].s - run));
		run = f->v[k].s + f->v[k].n;
	}
	return words | cal_text_host_words(run, (size_t)(to - run));
}

/*
 * The words of [i, end) of f, a line of file the host reads otherwise:
 * none in the body of a function the first parse saw as __device__ or
 * __global__, whose head the host reads the same (device code for the host
 * too, which no check of host code judges: NCCL's `#if __CUDA_ARCH__ >=
 * 700` fences inside device functions); a #define's or #undef's only once
 * a system header is entered after it (include()): the user's files count
 * each use of the macro where it is.
 */
static void add_host_words(struct replay *r, const struct cal_pp_file *file,
			   const struct toks *f, size_t i, size_t end)
{
	const char *from = f->v[i].s;
	int in_head = 0;
	struct cal_pp_body *b = body_at(file, f->v[i].offset, &in_head);
	unsigned words;

	if (b && in_head)
		b->host_differs = 1;
	else if (b && !b->host_differs)
		return;
	words = words_outside_strings(f, i, end);
	if (f->v[i].bol && tok_is(&f->v[i], "#") && end > i + 1 &&
	    (tok_is(&f->v[i + 1], "define") || tok_is(&f->v[i + 1], "undef"))) {
		note_places(r->define_at, words & ~r->host_define_words, from,
			    (int)(file - r->tu->files));
		r->host_define_words |= words;
	} else {
		note_places(r->word_at, words & ~r->host_words, from, (int)(file - r->tu->files));
		r->host_words |= words;
	}
}

/*
 * On the host's path: a line it reads (code, or a directive under taken
 * conditions) that the first parse skipped adds its words: there the
 * host's text differs from what the first parse read.  Returns whether it
 * is such a line.
 */
static int note_host_line(struct replay *r, const struct cal_pp_file *file,
			  const struct toks *f, size_t i, size_t end)
{
	if (!r->tu->have_skipped || !first_skipped(file, f->v[i].offset))
		return 0;
	add_host_words(r, file, f, i, end);
	return 1;
}

static size_t expand_id(struct expand *x, const struct tok *in, size_t n, struct toks *out);

/*
 * Does the identifier at f->v[k] mean something else on the host's path:
 * the arch, <nv/target>'s selectors and queries, or a macro whose
 * expansion reaches one of those, a system macro defined otherwise for the
 * host, or a macro the host's own lines define?  *last: the end of what it
 * spans (a macro call's arguments, over several lines).
 */
static int differs_on_host(struct replay *r, const struct toks *f, size_t k, size_t *last)
{
	const struct tok *t = &f->v[k];
	struct umacro *u = find_user(r, t);
	struct expand x;
	struct toks out = { 0 };
	struct args a;
	size_t index, used;
	int count;

	*last = k + 1;
	r->arch_in_host_code |= is_arch_macro(t);
	if (is_arch_macro(t) || is_nv_selector(t) || nv_query(r, t) >= 0) {
		if (k + 1 < f->n && tok_is(&f->v[k + 1], "("))
			*last = k + 1 + collect_args(&f->v[k + 1], f->n - k - 1, &a);
		return 1;
	}
	if (!(u && (u->defined || u->host_only)) && (u || !find_sys(r, t, &index, &count)))
		return 0;
	memset(&x, 0, sizeof(x));
	x.r = r;
	r->arch_touched = 0;
	used = expand_id(&x, t, f->n - k, &out);
	free(out.v);
	*last = k + (used ? used : 1);
	return r->arch_touched || x.unknown;
}

/*
 * A line of code on the host's path that the first parse read too: its
 * words count where something on it means otherwise for the host (the
 * text is the same, what it expands to is not).
 */
static void host_code(struct replay *r, const struct cal_pp_file *file, const struct toks *f,
		      size_t i, size_t end)
{
	size_t k, last;

	for (k = i; k < end; k++) {
		if (f->v[k].kind != T_ID || !differs_on_host(r, f, k, &last))
			continue;
		add_host_words(r, file, f, i, last > end ? last : end);
		/* clang's host parse, as nvcc's host pass, finds the arch undeclared there */
		if (r->arch_in_host_code) {
			note_places(r->word_at, CAL_WORDS_ALL & ~r->host_words, f->v[i].s,
				    (int)(file - r->tu->files));
			r->host_words = CAL_WORDS_ALL;
		}
		return;
	}
}

/* On the host's path: the first __nv_atomic_* builtin named on a line it reads. */
static void note_nv_atomic(struct replay *r, int index, const struct toks *f, size_t i, size_t end)
{
	static const char prefix[] = "__nv_atomic_";
	size_t k;

	for (k = i; k < end && !r->nv_atomic.at; k++)
		if (f->v[k].kind == T_ID && f->v[k].n >= sizeof(prefix) - 1 &&
		    !memcmp(f->v[k].s, prefix, sizeof(prefix) - 1)) {
			r->nv_atomic.at = f->v[k].s;
			r->nv_atomic.file = index;
		}
}

static void replay_file(struct replay *r, int index)
{
	const struct cal_pp_file *file = &r->tu->files[index];
	const struct toks *f = &r->files[index];
	struct conds cs = { 0 };
	const char *outer = r->cur_file;
	size_t i = 0;

	if (r->once[index] || r->depth > 200)
		return;
	r->depth++;
	r->visits[index]++;
	r->cur_file = file->name;
	while (i < f->n && !r->failed) {
		size_t end = line_end(f, i);
		int active = !cs.n || cs.v[cs.n - 1].active;
		r->line_host_only = r->host && active && note_host_line(r, file, f, i, end);
		if (r->host && active && !r->nv_atomic.at)
			note_nv_atomic(r, index, f, i, end);
		if (f->v[i].bol && tok_is(&f->v[i], "#")) {
			directive(r, file, index, f, i, end, &cs);
			r->cur_file = file->name;
		} else if (!r->host && active) {
			replay_code(r, f, i, end);
		} else if (r->host && active && !r->line_host_only) {
			host_code(r, file, f, i, end);
		}
		r->line_host_only = 0;
		i = end;
	}
	free(cs.v);
	r->cur_file = outer;
	r->depth--;
}

/* ---- the host's view of system macros ---- */

/*
 * Macros clang 19 predefines with another value, or only, for the device
 * side of a CUDA parse than for its host side, __CUDA_ARCH__ aside
 * (test/lit/arch-groups/host-predefines.test compares both sides' -dM -E).
 */
static const char *const host_predefines[] = {
	"__BIGGEST_ALIGNMENT__", "__BITINT_MAXWIDTH__", "__NO_MATH_ERRNO__", "__PIC__", "__PIE__",
	"__pic__", "__pie__", "__SIZEOF_LONG_DOUBLE__", "__LDBL_*", "__code_model_*", NULL,
};

int cal_pp_host_predefine(const char *name, size_t n)
{
	size_t i, k;

	for (i = 0; host_predefines[i]; i++) {
		k = strlen(host_predefines[i]);
		if (host_predefines[i][k - 1] == '*' ? n >= k - 1 && !memcmp(name, host_predefines[i], k - 1)
						      : n == k && !memcmp(name, host_predefines[i], k))
			return 1;
	}
	return 0;
}

/* Does the condition [c, c + n) read the arch, <nv/target>'s macros or a host predefine? */
static int cond_is_per_side(const struct tok *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i].kind == T_ID &&
		    (is_arch_macro(&c[i]) || is_nv_internal(&c[i]) || tok_is(&c[i], "NV_IS_HOST") ||
		     tok_is(&c[i], "NV_IS_DEVICE") || cal_pp_host_predefine(c[i].s, c[i].n)))
			return 1;
	return 0;
}

int cal_pp_defined_per_side(const char *text, size_t len, size_t offset)
{
	struct toks f = { 0 };
	int *open = NULL, per_side = 0;
	size_t i = 0, depth = 0, alloc = 0, k;

	lex_text(text, offset < len ? offset : len, &f);
	while (i < f.n) {
		size_t end = line_end(&f, i);
		const struct tok *d = &f.v[i + 1];
		size_t nd = end - i - 1;

		if (f.v[i].bol && tok_is(&f.v[i], "#") && nd) {
			if (tok_is(d, "if") || tok_is(d, "ifdef") || tok_is(d, "ifndef")) {
				GROW(open, alloc, depth + 1);
				open[depth++] = cond_is_per_side(d + 1, nd - 1);
			} else if (depth && (tok_is(d, "elif") || tok_is(d, "elifdef") ||
					     tok_is(d, "elifndef"))) {
				open[depth - 1] |= cond_is_per_side(d + 1, nd - 1);
			} else if (depth && tok_is(d, "endif")) {
				depth--;
			}
		}
		i = end;
	}
	for (k = 0; k < depth && !per_side; k++)
		per_side = open[k];
	free(open);
	free(f.v);
	return per_side;
}

/* ---- the plan ---- */

struct shared_lex {
	struct toks *files;
	struct sysmacro *sys;
	size_t *slot, cap;
};

static void replay_target(struct cal_pp_tu *tu, struct shared_lex *lx,
			  const struct cal_target *t, int is_first, int host, struct replay *r)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	r->tu = tu;
	r->files = lx->files;
	r->sys = lx->sys;
	r->slot = lx->slot;
	r->cap = lx->cap;
	r->t = t;
	r->is_first = is_first;
	r->host = host;
	r->once = xcalloc(tu->nr_files + 1, 1);
	r->visits = xcalloc(tu->nr_files + 1, sizeof(*r->visits));
	r->cur_file = tu->files[0].name;
	strbuf_init(&r->trace);
	for (i = 0; i < tu->nr_forced; i++)
		replay_file(r, tu->forced[i]);
	replay_file(r, 0);
	free(r->once);
	free(r->visits);
	free(r->macros);
	free(r->uslot);
	free(r->arch_names);
	free(r->aslot);
	for (i = 0; i < r->nr_owned; i++)
		free(r->owned[i]);
	free(r->owned);
}

static void plan_add(struct cal_arch_plan *plan, uint64_t bits)
{
	plan->groups[plan->nr_groups++] = bits;
}

void cal_arch_plan_each(const struct cal_target_set *set, int first, struct cal_arch_plan *plan)
{
	int i;
	memset(plan, 0, sizeof(*plan));
	plan_add(plan, (uint64_t)1 << first);
	for (i = 0; i < set->n; i++)
		if (i != first)
			plan_add(plan, (uint64_t)1 << i);
	plan->alone = set->n < 64 ? ((uint64_t)1 << set->n) - 1 : ~(uint64_t)0;
}

static void group_traces(struct replay *rs, int n, int first, struct cal_arch_plan *plan)
{
	int i, j, order[CAL_MAX_TARGETS], k = 0;
	uint64_t placed = 0;

	order[k++] = first;
	for (i = 0; i < n; i++)
		if (i != first)
			order[k++] = i;
	for (i = 0; i < n; i++) {
		int a = order[i];
		uint64_t bits = (uint64_t)1 << a;
		if (placed & bits)
			continue;
		if (rs[a].failed) {
			plan->nr_fallback++;
			plan->alone |= bits;
		} else {
			for (j = i + 1; j < n; j++) {
				int b = order[j];
				if (!rs[b].failed && !strcmp(rs[a].trace.buf, rs[b].trace.buf))
					bits |= (uint64_t)1 << b;
			}
		}
		placed |= bits;
		plan_add(plan, bits);
	}
}

/*
 * The host's path (host_why given): it may open a file no device parse
 * read only through an #include the first parse did not follow, which the
 * replay meets on a path that left the first parse's (include()); a
 * condition it cannot decide there fails it too.
 */
static void replay_host(struct cal_pp_tu *tu, struct shared_lex *lx, char **host_why,
			unsigned *host_words)
{
	static const struct cal_target host = { 0, 0 };
	struct replay r;
	size_t i, k;

	for (i = 0; i < tu->nr_files; i++)
		for (k = 0; k < tu->files[i].nr_bodies; k++)
			tu->files[i].bodies[k].host_differs = 0;
	replay_target(tu, lx, &host, 0, 1, &r);
	*host_why = r.failed ? (r.why ? r.why : xstrdup("the host's path")) : NULL;
	tu->host_nv_atomic = r.nv_atomic;
	memcpy(tu->host_word_at, r.word_at, sizeof(r.word_at));
	/* where the first parse's skipped ranges are not known, nor is what it read */
	if (host_words)
		*host_words = r.failed || !tu->have_skipped ? CAL_WORDS_ALL : r.host_words;
	if (!r.failed)
		free(r.why);
	strbuf_release(&r.trace);
}

void cal_arch_plan_from_pp(struct cal_pp_tu *tu, const struct cal_target_set *set,
			   int first, struct cal_arch_plan *plan, char **host_why,
			   unsigned *host_words)
{
	struct shared_lex lx;
	struct replay rs[CAL_MAX_TARGETS], probe;
	size_t i;
	int t, disagree = 0;

	memset(plan, 0, sizeof(*plan));
	memset(&lx, 0, sizeof(lx));
	lx.files = xcalloc(tu->nr_files + 1, sizeof(*lx.files));
	lx.sys = xcalloc(tu->nr_macros + 1, sizeof(*lx.sys));
	for (i = 0; i < tu->nr_files; i++)
		if (tu->files[i].user)
			lex_text(tu->files[i].text, tu->files[i].len, &lx.files[i]);
	memset(&probe, 0, sizeof(probe));
	probe.tu = tu;
	probe.sys = lx.sys;
	index_sys(&probe);
	lx.slot = probe.slot;
	lx.cap = probe.cap;
	for (t = 0; t < set->n; t++) {
		replay_target(tu, &lx, &set->t[t], t == first, 0, &rs[t]);
		disagree |= rs[t].disagrees;
	}
	if (disagree) {
		cal_arch_plan_each(set, first, plan);
		plan->nr_fallback = set->n;
		for (t = 0; t < set->n && !plan->why; t++)
			if (rs[t].disagrees)
				plan->why = xstrdup(rs[t].why);
	} else {
		group_traces(rs, set->n, first, plan);
		for (t = 0; t < set->n && !plan->why; t++)
			if (rs[t].failed && rs[t].why)
				plan->why = xstrdup(rs[t].why);
	}
	if (host_words)
		*host_words = CAL_WORDS_ALL;
	if (host_why && disagree)	/* the replay does not read these files as clang did */
		*host_why = xstrdup(plan->why);
	else if (host_why)
		replay_host(tu, &lx, host_why, host_words);
	for (t = 0; t < set->n; t++) {
		strbuf_release(&rs[t].trace);
		free(rs[t].why);
	}
	for (i = 0; i < tu->nr_files; i++)
		free(lx.files[i].v);
	for (i = 0; i < tu->nr_macros; i++)
		free(lx.sys[i].toks.v);
	free(lx.files);
	free(lx.sys);
	free(lx.slot);
}

void cal_arch_plan_release(struct cal_arch_plan *plan)
{
	free(plan->why);
	memset(plan, 0, sizeof(*plan));
}

void cal_pp_tu_release(struct cal_pp_tu *tu)
{
	size_t i;
	for (i = 0; i < tu->nr_files; i++) {
		free(tu->files[i].bodies);
		free(tu->files[i].name);
		free(tu->files[i].skipped);
		free(tu->files[i].incs);
	}
	for (i = 0; i < tu->nr_macros; i++) {
		free(tu->macros[i].name);
		free(tu->macros[i].text);
	}
	free(tu->files);
	free(tu->macros);
	free(tu->forced);
	memset(tu, 0, sizeof(*tu));
}
