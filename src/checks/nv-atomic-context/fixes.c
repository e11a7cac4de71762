#include "checks/nv-atomic-context/fixes.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"
#include "atomics/nv_atomic.h"

/* The tokens of a range, with their file offsets, and the file's text. */
struct toks {
	CXTranslationUnit tu;
	CXFile file;
	const char *text;
	size_t size;
	CXToken *t;
	unsigned n;
};

/* clang_tokenize keeps comments; the fixes look at code only. */
static void drop_comments(struct toks *tk)
{
	unsigned i, n = 0;

	for (i = 0; i < tk->n; i++)
		if (clang_getTokenKind(tk->t[i]) != CXToken_Comment)
			tk->t[n++] = tk->t[i];
	tk->n = n;
}

static int toks_get(struct toks *tk, CXTranslationUnit tu, CXSourceLocation from,
		    CXSourceLocation to)
{
	CXFile to_file;
	unsigned b, e;

	memset(tk, 0, sizeof(*tk));
	tk->tu = tu;
	/* in the file, even where a macro (__device__) starts the range */
	clang_getExpansionLocation(from, &tk->file, NULL, NULL, &b);
	clang_getExpansionLocation(to, &to_file, NULL, NULL, &e);
	if (!tk->file || !to_file || !clang_File_isEqual(tk->file, to_file) || e < b)
		return -1;
	tk->text = cal_file_contents(tu, tk->file, &tk->size);
	if (!tk->text)
		return -1;
	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, tk->file, b),
					  clang_getLocationForOffset(tu, tk->file, e)),
		       &tk->t, &tk->n);
	drop_comments(tk);
	return tk->n ? 0 : -1;
}

static void toks_free(struct toks *tk)
{
	if (tk->t)
		clang_disposeTokens(tk->tu, tk->t, tk->n);
	tk->t = NULL;
}

static unsigned tok_begin(const struct toks *tk, unsigned i)
{
	unsigned off;
	clang_getExpansionLocation(clang_getTokenLocation(tk->tu, tk->t[i]), NULL, NULL, NULL, &off);
	return off;
}

static unsigned tok_end(const struct toks *tk, unsigned i)
{
	unsigned off;
	clang_getExpansionLocation(clang_getRangeEnd(clang_getTokenExtent(tk->tu, tk->t[i])),
				   NULL, NULL, NULL, &off);
	return off;
}

static int tok_is(const struct toks *tk, unsigned i, const char *s)
{
	char *sp;
	int r;

	if (i >= tk->n)
		return 0;
	sp = cal_take_string(clang_getTokenSpelling(tk->tu, tk->t[i]));
	r = !strcmp(sp, s);
	free(sp);
	return r;
}

static unsigned tok_index_at(const struct toks *tk, unsigned offset)
{
	unsigned i;
	for (i = 0; i < tk->n; i++)
		if (tok_begin(tk, i) == offset)
			return i;
	return tk->n;
}

/* The token that closes the bracket at open, or tk->n. */
static unsigned matching_close(const struct toks *tk, unsigned open)
{
	int depth = 0;
	unsigned i;

	for (i = open; i < tk->n; i++) {
		if (tok_is(tk, i, "(") || tok_is(tk, i, "{") || tok_is(tk, i, "["))
			depth++;
		else if ((tok_is(tk, i, ")") || tok_is(tk, i, "}") || tok_is(tk, i, "]")) && !--depth)
			return i;
	}
	return tk->n;
}

static unsigned offset_of(CXSourceLocation loc)
{
	unsigned off;
	clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
	return off;
}

static unsigned line_start(const struct toks *tk, unsigned off)
{
	if (off > tk->size)
		return 0;
	while (off > 0 && tk->text[off - 1] != '\n')
		off--;
	return off;
}

/* The blanks that start the line holding off; caller frees. */
static char *indentation_at(const struct toks *tk, unsigned off)
{
	unsigned b = line_start(tk, off), e = b;
	while (e < tk->size && (tk->text[e] == ' ' || tk->text[e] == '\t'))
		e++;
	return xstrndup(tk->text + b, e - b);
}

static int same_line(const struct toks *tk, unsigned a, unsigned b)
{
	return line_start(tk, a) == line_start(tk, b);
}

static CXSourceLocation loc_at(const struct toks *tk, unsigned off)
{
	return clang_getLocationForOffset(tk->tu, tk->file, off);
}

static int member_assignable(CXCursor member)
{
	CXCursor field = clang_getCursorReferenced(member);
	CXType t = clang_getCanonicalType(clang_getCursorType(field));

	if (clang_getCursorKind(field) != CXCursor_FieldDecl || clang_isConstQualifiedType(t))
		return 0;
	switch (t.kind) {
	case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_UShort:
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong: case CXType_Char_S:
	case CXType_SChar: case CXType_Short: case CXType_Int: case CXType_Long:
	case CXType_LongLong: case CXType_Float: case CXType_Double: case CXType_Enum:
	case CXType_Pointer: case CXType_UInt128: case CXType_Int128:
		return 1;
	default:
		return 0;
	}
}

/*
 * One level of indentation: what the constructor has beyond its class (the
 * class is elsewhere for an out-of-line Y::Y()); caller frees.
 */
static char *indent_unit(const struct toks *tk, CXCursor ctor)
{
	CXCursor cls = clang_getCursorSemanticParent(ctor);
	CXFile cls_file;
	unsigned cls_off;
	char *outer, *own, *unit;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(cls)), &cls_file,
				   NULL, NULL, &cls_off);
	outer = cls_file && clang_File_isEqual(cls_file, tk->file) ?
		indentation_at(tk, cls_off) : xstrdup("");
	own = indentation_at(tk, offset_of(clang_getRangeStart(clang_getCursorExtent(ctor))));
	unit = xstrdup(strlen(own) > strlen(outer) ? own + strlen(outer) : "    ");
	free(outer);
	free(own);
	return unit;
}

/*
 * The statements stmts[0, n) go at the start of the body (tokens from open,
 * the body's "{"): where, and with what blanks.
 */
static char *body_insertion(const struct toks *tk, CXCursor ctor, unsigned open,
			    char *const *stmts, size_t n, unsigned *at, unsigned *replace_to)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned o_end = tok_end(tk, open), next;
	char *indent, *unit = NULL;
	size_t i;

	*at = *replace_to = o_end;
	if (open + 1 >= tk->n)
		return NULL;
	next = tok_begin(tk, open + 1);
	if (same_line(tk, o_end, next)) {
		int empty = tok_is(tk, open + 1, "}");
		if (empty)
			*replace_to = next;
		for (i = 0; i < n; i++)
			strbuf_addf(&sb, " %s", stmts[i]);
		if (empty)
			strbuf_adds(&sb, " ");
		return strbuf_detach(&sb);
	}
	indent = indentation_at(tk, next);
	if (tok_is(tk, open + 1, "}"))
		unit = indent_unit(tk, ctor);
	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "\n%s%s%s", indent, unit ? unit : "", stmts[i]);
	free(indent);
	free(unit);
	return strbuf_detach(&sb);
}

/* One entry of a member-initializer list, as tokens. */
struct init_item {
	unsigned first;		/* its first token (the member's or base's name) */
	unsigned open, close;	/* its "(" or "{" and the matching bracket */
	int move;		/* goes into the body */
	CXCursor member;	/* MemberRef, for a member's */
};

#define MAX_INIT_ITEMS 64

struct init_list {
	unsigned colon;		/* the ':' token */
	unsigned body;		/* the body's '{' token */
	struct init_item items[MAX_INIT_ITEMS];
	size_t n;
};

/* Split the tokens between ':' and the body into entries; -1 if unsure. */
static int parse_init_list(const struct toks *tk, struct init_list *l)
{
	unsigned i = l->colon + 1;
	int angle;

	l->n = 0;
	while (i < l->body) {
		struct init_item *it;
		if (l->n == MAX_INIT_ITEMS)
			return -1;
		it = &l->items[l->n++];
		memset(it, 0, sizeof(*it));
		it->first = i;
		for (angle = 0; i < l->body; i++) {
			if (tok_is(tk, i, "<"))
				angle++;
			else if (tok_is(tk, i, ">") && angle > 0)
				angle--;
			else if (!angle && (tok_is(tk, i, "(") || tok_is(tk, i, "{")))
				break;
		}
		if (i >= l->body || (it->close = matching_close(tk, i)) >= l->body)
			return -1;
		it->open = i;
		i = it->close + 1;
		if (i < l->body && !tok_is(tk, i++, ","))
			return -1;	/* "...", or something this reader does not know */
	}
	return l->n ? 0 : -1;
}

struct builtin_search {
	struct cal_walk *w;
	int found;
};

static enum CXChildVisitResult find_builtin_call(CXCursor c, CXCursor parent, CXClientData d)
{
	struct builtin_search *s = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr &&
	    !clang_Cursor_isNull(cal_nv_atomic_callee(s->w, c))) {
		s->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static int calls_builtin(struct cal_walk *w, CXCursor e)
{
	struct builtin_search s = { w, 0 };

	if (clang_getCursorKind(e) == CXCursor_CallExpr &&
	    !clang_Cursor_isNull(cal_nv_atomic_callee(w, e)))
		return 1;
	clang_visitChildren(e, find_builtin_call, &s);
	return s.found;
}

/* The constructor's children: its initializers come as (MemberRef, expression) pairs. */
struct ctor_children {
	CXCursor c[2 * MAX_INIT_ITEMS + 16];
	int n;
	CXCursor body;
};

static enum CXChildVisitResult ctor_child(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ctor_children *cc = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		cc->body = c;
	else if (cc->n < (int)(sizeof(cc->c) / sizeof(cc->c[0])))
		cc->c[cc->n++] = c;
	return CXChildVisit_Continue;
}

static struct init_item *item_at(const struct toks *tk, struct init_list *l, unsigned offset)
{
	size_t i;
	for (i = 0; i < l->n; i++)
		if (tok_begin(tk, l->items[i].first) == offset)
			return &l->items[i];
	return NULL;
}

/*
 * Mark the entries to move: every member initializer that calls a builtin
 * and whose member can be assigned.  *why tells about init's own entry;
 * -1 if it cannot move.
 */
static int mark_moves(struct cal_walk *w, const struct toks *tk, struct init_list *l,
		      const struct ctor_children *cc, CXCursor init, const char **why)
{
	int i, own = -1;

	*why = "only a member's initializer can move into the body";
	for (i = 1; i < cc->n; i++) {
		CXCursor m = cc->c[i - 1], e = cc->c[i];
		struct init_item *it;
		int is_own = clang_equalCursors(e, init);
		if (clang_getCursorKind(m) != CXCursor_MemberRef || !clang_isExpression(clang_getCursorKind(e)))
			continue;
		it = item_at(tk, l, offset_of(clang_getRangeStart(clang_getCursorExtent(m))));
		if (!it || it->close < it->open + 2 || !calls_builtin(w, e))
			continue;
		if (!member_assignable(m)) {
			if (is_own)
				*why = "the member is not assignable (const, reference or class type); "
				       "initialize it from a __device__ helper function that makes the call";
			if (is_own)
				return -1;
			continue;
		}
		it->move = 1;
		it->member = m;
		if (is_own)
			own = 0;
	}
	return own;
}

/* The next offset after off that is not a blank. */
static unsigned skip_blanks(const struct toks *tk, unsigned off)
{
	while (off < tk->size && (tk->text[off] == ' ' || tk->text[off] == '\t'))
		off++;
	return off;
}

/* The edit removing entries [a, b] (consecutive, all moving). */
static int removal_edit(const struct toks *tk, const struct init_list *l, size_t a, size_t b,
			struct cal_edit *e)
{
	unsigned rb, re;

	if (a == 0 && b == l->n - 1) {
		rb = tok_end(tk, l->colon - 1);	/* all of them: ": a(x), b(y)" goes */
		re = tok_end(tk, l->items[b].close);
	} else if (a == 0) {
		/* the first ones: "a(x), " goes, or "a(x)," and the blanks around it at a line end */
		rb = tok_begin(tk, l->items[0].first);
		re = skip_blanks(tk, tok_end(tk, l->items[b].close + 1));
		while (re < tk->size && tk->text[re] == '\n' && rb > 0 &&
		       (tk->text[rb - 1] == ' ' || tk->text[rb - 1] == '\t'))
			rb--;
	} else {
		rb = tok_end(tk, l->items[a - 1].close);	/* later ones: ", b(y)" goes */
		re = tok_end(tk, l->items[b].close);
	}
	return cal_edit_replace(clang_getRange(loc_at(tk, rb), loc_at(tk, re)), "", e);
}

/* "m = init;" for every moving entry, in list order. */
static size_t moved_statements(const struct toks *tk, const struct init_list *l, char **stmts)
{
	size_t i, n = 0;

	for (i = 0; i < l->n; i++) {
		const struct init_item *it = &l->items[i];
		char *name;
		if (!it->move)
			continue;
		name = cal_cursor_name(it->member);
		stmts[n++] = xasprintf("%s = %.*s;", name,
				       (int)(tok_end(tk, it->close - 1) - tok_begin(tk, it->open + 1)),
				       tk->text + tok_begin(tk, it->open + 1));
		free(name);
	}
	return n;
}

/*
 * The fix: the removals, then the statements at the start of the body, as
 * one fix that every finding of the list carries (identical, so the
 * rewriter applies it once; two fixes would overlap and both be refused).
 */
static int build_move_fix(struct cal_finding *f, const struct toks *tk, CXCursor ctor,
			  const struct init_list *l)
{
	char *stmts[MAX_INIT_ITEMS], *text;
	size_t i, j, n = moved_statements(tk, l, stmts);
	struct cal_edit edits[MAX_INIT_ITEMS + 1];
	unsigned at, to;
	int ne = 0, r = -1;

	text = body_insertion(tk, ctor, l->body, stmts, n, &at, &to);
	for (i = 0; text && i < l->n; i = j) {
		for (j = i + 1; l->items[i].move && j < l->n && l->items[j].move; j++)
			;
		if (l->items[i].move && removal_edit(tk, l, i, j - 1, &edits[ne++]) < 0)
			goto out;
	}
	/* "{}" becomes "{ m = x; }": then the replacement covers the body's inside */
	if (!text || cal_edit_replace(clang_getRange(loc_at(tk, at), loc_at(tk, to)), text,
				      &edits[ne++]) < 0)
		goto out;
	r = cal_add_fix_edits(f, n > 1 ? "move the calls into the constructor body"
				       : "move the call into the constructor body", edits, ne);
	ne = 0;
out:
	while (ne > 0)
		cal_edit_clear(&edits[--ne]);
	for (i = 0; i < n; i++)
		free(stmts[i]);
	free(text);
	return r;
}

/* The ':' after the parameter list, or tk->n. */
static unsigned list_colon(const struct toks *tk, unsigned body)
{
	unsigned i, close;

	for (i = 0; i < body && !tok_is(tk, i, "("); i++)
		;
	close = i < body ? matching_close(tk, i) : tk->n;
	return close + 1 < body && tok_is(tk, close + 1, ":") ? close + 1 : tk->n;
}

int cal_nv_fix_move_initializer(struct cal_walk *w, struct cal_finding *f, CXCursor ctor,
				CXCursor init, const char **why)
{
	struct ctor_children cc;
	struct init_list *l;
	struct toks tk;
	int r = -1;

	memset(&cc, 0, sizeof(cc));
	clang_visitChildren(ctor, ctor_child, &cc);
	if (clang_Cursor_isNull(cc.body)) {
		*why = "only a member's initializer can move into the body";
		return -1;
	}
	if (toks_get(&tk, w->parse->tu, clang_getRangeStart(clang_getCursorExtent(ctor)),
		     clang_getRangeEnd(clang_getCursorExtent(cc.body))) < 0) {
		*why = "the initializer could not be moved";
		return -1;
	}
	l = xcalloc(1, sizeof(*l));
	l->body = tok_index_at(&tk, offset_of(clang_getRangeStart(clang_getCursorExtent(cc.body))));
	l->colon = list_colon(&tk, l->body);
	*why = "the initializer could not be moved";
	if (l->body < tk.n && l->colon < tk.n && l->colon > 0 &&
	    parse_init_list(&tk, l) == 0 && mark_moves(w, &tk, l, &cc, init, why) == 0)
		r = build_move_fix(f, &tk, ctor, l);
	free(l);
	toks_free(&tk);
	return r;
}

/* "unsigned long long" -> "unsigned_long_long"; caller frees. */
static char *type_word(CXType t)
{
	char *s = cal_type_name(clang_getCanonicalType(t)), *p, *q;

	for (p = q = s; *p; p++) {
		if (isalnum((unsigned char)*p))
			*q++ = *p;
		else if (q > s && q[-1] != '_')
			*q++ = '_';
	}
	while (q > s && q[-1] == '_')
		q--;
	*q = 0;
	return s;
}

/* "T *" + "p" -> "T *p", "int" + "p" -> "int p". */
static void add_param(struct strbuf *sb, CXType t, const char *name)
{
	char *s = cal_type_name(t);
	size_t n = strlen(s);
	strbuf_addf(sb, "%s%s%s", s, n && s[n - 1] == '*' ? "" : " ", name);
	free(s);
}

static void add_wrapper_body(struct strbuf *sb, const struct cal_atomic_op *b,
			     const char *name, const char *unit)
{
	const char *value = b->nr_args == 4 ? "v, " : "";
	int o, s;

	strbuf_addf(sb, "{\n%sswitch (order * 8 + scope) {\n", unit);
	for (o = 0; o < CAL_NR_ORDERS; o++) {
		if (!cal_order_valid_for(b->op, o))
			continue;
		for (s = 0; s < CAL_NR_SCOPES; s++)
			strbuf_addf(sb, "%scase %s * 8 + %s: return %s(p, %s%s, %s);\n", unit,
				    cal_nv_order_name(o), cal_nv_scope_name(s), name, value,
				    cal_nv_order_name(o), cal_nv_scope_name(s));
	}
	strbuf_addf(sb, "%s}\n%sreturn %s(p, %s__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);\n}\n",
		    unit, unit, name, value);
}

/* The wrapper's definition, guarded so that several insertions define it once. */
static char *wrapper_text(const struct cal_atomic_op *b, CXType fty, const char *wname,
			  const char *unit)
{
	static const char *const params[] = { "p", "v", "order", "scope" };
	struct strbuf sb = STRBUF_INIT;
	int i, n = clang_getNumArgTypes(fty);
	char *ret = cal_type_name(clang_getResultType(fty));

	strbuf_addf(&sb, "#ifndef CUATOMLINT_HAVE_%s\n#define CUATOMLINT_HAVE_%s\n", wname, wname);
	strbuf_addf(&sb, "/* %s cannot have its address taken, and wants literal orders and "
		    "scopes: this wrapper dispatches on them */\n", b->name);
	strbuf_addf(&sb, "__device__ inline %s %s(", ret, wname);
	for (i = 0; i < n; i++) {
		if (i)
			strbuf_adds(&sb, ", ");
		add_param(&sb, clang_getArgType(fty, i), params[n == 3 && i ? i + 1 : i]);
	}
	strbuf_adds(&sb, ")\n");
	add_wrapper_body(&sb, b, b->name, unit);
	strbuf_adds(&sb, "#endif\n");
	free(ret);
	return strbuf_detach(&sb);
}

int cal_nv_fix_wrapper(struct cal_walk *w, struct cal_finding *f, CXCursor ref,
		       CXType fty, const char *name, CXCursor top, const char **why)
{
	const struct cal_atomic_op *b = cal_nv_builtin_find(name);
	struct toks tk;
	char *word, *wname, *text;
	struct cal_edit e1, e2;
	struct cal_fix *fix;
	int r = -1;

	if (!b || b->generic || b->op == CAL_OP_CAS) {
		*why = "no wrapper is offered for the generic and compare-exchange builtins; "
		       "call the builtin directly where the pointer is called";
		return -1;
	}
	*why = "the builtin's argument types are not known here; call it directly instead";
	if (fty.kind != CXType_FunctionProto || clang_getNumArgTypes(fty) != b->nr_args ||
	    toks_get(&tk, w->parse->tu, clang_getRangeStart(clang_getCursorExtent(top)),
		     clang_getRangeStart(clang_getCursorExtent(top))) < 0)
		return -1;
	*why = "the name is spelled in a macro, where a fix would change every use of it";
	word = type_word(clang_getPointeeType(clang_getArgType(fty, 0)));
	wname = xasprintf("cuatomlint_%s_%s", name + 2, word);
	text = wrapper_text(b, fty, wname, strstr(tk.text, "\n\t") ? "\t" : "  ");
	if (cal_edit_insert(loc_at(&tk, line_start(&tk, tok_begin(&tk, 0))), text, &e1) == 0) {
		if (cal_edit_replace_cursor(ref, wname, &e2) == 0) {
			fix = cal_finding_add_fix(f, "call a __device__ wrapper instead");
			cal_fix_add_edit(fix, &e1);
			cal_fix_add_edit(fix, &e2);
			cal_edit_clear(&e2);
			r = 0;
		}
		cal_edit_clear(&e1);
	}
	toks_free(&tk);
	free(word);
	free(wname);
	free(text);
	return r;
}
