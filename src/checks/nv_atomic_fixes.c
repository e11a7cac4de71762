#include "nv_atomic_fixes.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../ast.h"
#include "../fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "nv_atomic.h"

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
	tk->text = clang_getFileContents(tu, tk->file, &tk->size);
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

/* Remove [rm_b, rm_e) and put ins_text in place of [ins_b, ins_e), as one fix. */
static int add_two_edit_fix(struct cal_finding *f, const char *description, const struct toks *tk,
			    unsigned rm_b, unsigned rm_e, unsigned ins, unsigned ins_e,
			    const char *ins_text)
{
	struct cal_edit e1, e2;
	struct cal_fix *fix;

	if (cal_edit_replace(clang_getRange(loc_at(tk, rm_b), loc_at(tk, rm_e)), "", &e1) < 0)
		return -1;
	if (cal_edit_replace(clang_getRange(loc_at(tk, ins), loc_at(tk, ins_e)), ins_text, &e2) < 0) {
		cal_edit_clear(&e1);
		return -1;
	}
	fix = cal_finding_add_fix(f, description);
	/* in file order, as the rewriter expects */
	cal_fix_add_edit(fix, ins < rm_b ? &e2 : &e1);
	cal_fix_add_edit(fix, ins < rm_b ? &e1 : &e2);
	cal_edit_clear(&e1);
	cal_edit_clear(&e2);
	return 0;
}

struct ctor_parts {
	CXCursor member;	/* MemberRef before the initializer */
	CXCursor body;		/* CompoundStmt */
	CXCursor init;
	int found_init;
};

static enum CXChildVisitResult ctor_part(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ctor_parts *cp = data;

	(void)parent;
	if (clang_equalCursors(c, cp->init))
		cp->found_init = 1;
	else if (!cp->found_init)
		cp->member = c;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		cp->body = c;
	return CXChildVisit_Continue;
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
 * The text "m = init;" goes at the start of the body (tokens from open, the
 * body's "{"): where, and with what blanks.
 */
static char *body_insertion(const struct toks *tk, CXCursor ctor, unsigned open,
			    const char *stmt, unsigned *at, unsigned *replace_to)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned o_end = tok_end(tk, open), next;
	char *indent;

	*at = *replace_to = o_end;
	if (open + 1 >= tk->n)
		return NULL;
	next = tok_begin(tk, open + 1);
	if (same_line(tk, o_end, next)) {
		int empty = tok_is(tk, open + 1, "}");
		if (empty)
			*replace_to = next;
		strbuf_addf(&sb, " %s%s", stmt, empty ? " " : "");
	} else if (!tok_is(tk, open + 1, "}")) {
		indent = indentation_at(tk, next);
		strbuf_addf(&sb, "\n%s%s", indent, stmt);
		free(indent);
	} else {
		char *unit = indent_unit(tk, ctor);
		indent = indentation_at(tk, next);
		strbuf_addf(&sb, "\n%s%s%s", indent, unit, stmt);
		free(indent);
		free(unit);
	}
	return strbuf_detach(&sb);
}

/* Offsets of the text to remove for the initializer at tokens [k, close]. */
static int removal_range(const struct toks *tk, unsigned k, unsigned close, unsigned open,
			 unsigned *b, unsigned *e)
{
	if (k < 2)
		return -1;
	if (tok_is(tk, k - 1, ":") && close + 1 == open) {
		*b = tok_end(tk, k - 2);	/* the only one: ": m(x)" goes */
		*e = tok_end(tk, close);
	} else if (tok_is(tk, k - 1, ":") && tok_is(tk, close + 1, ",")) {
		/* the first: "m(x), " goes, or "m(x)," and the blanks around it at a line end */
		*b = tok_begin(tk, k);
		*e = tok_end(tk, close + 1);
		while (*e < tk->size && (tk->text[*e] == ' ' || tk->text[*e] == '\t'))
			(*e)++;
		while (*e < tk->size && tk->text[*e] == '\n' && *b > 0 &&
		       (tk->text[*b - 1] == ' ' || tk->text[*b - 1] == '\t'))
			(*b)--;
	} else if (tok_is(tk, k - 1, ",")) {
		*b = tok_end(tk, k - 2);	/* a later one: ", m(x)" goes */
		*e = tok_end(tk, close);
	} else {
		return -1;
	}
	return 0;
}

int cal_nv_fix_move_initializer(struct cal_walk *w, struct cal_finding *f, CXCursor ctor,
				CXCursor init, const char **why)
{
	struct ctor_parts cp = { clang_getNullCursor(), clang_getNullCursor(), init, 0 };
	struct toks tk;
	unsigned k, open, close, rm_b, rm_e, at, to;
	char *name = NULL, *stmt = NULL, *text = NULL;
	int r = -1;

	*why = "the initializer could not be moved";
	clang_visitChildren(ctor, ctor_part, &cp);
	if (clang_getCursorKind(cp.member) != CXCursor_MemberRef || clang_Cursor_isNull(cp.body)) {
		*why = "only a member's initializer can move into the body";
		return -1;
	}
	if (!member_assignable(cp.member)) {
		*why = "the member is not assignable (const, reference or class type); "
		       "initialize it from a __device__ helper function that makes the call";
		return -1;
	}
	if (toks_get(&tk, w->parse->tu, clang_getRangeStart(clang_getCursorExtent(ctor)),
		     clang_getRangeEnd(clang_getCursorExtent(cp.body))) < 0)
		goto out;
	k = tok_index_at(&tk, offset_of(clang_getRangeStart(clang_getCursorExtent(cp.member))));
	open = tok_index_at(&tk, offset_of(clang_getRangeStart(clang_getCursorExtent(cp.body))));
	close = k + 1 < open ? matching_close(&tk, k + 1) : tk.n;
	if (open >= tk.n || close >= open || close < k + 3 ||
	    removal_range(&tk, k, close, open, &rm_b, &rm_e) < 0)
		goto out;
	name = cal_cursor_name(cp.member);
	text = xstrndup(tk.text + tok_begin(&tk, k + 2), tok_end(&tk, close - 1) - tok_begin(&tk, k + 2));
	stmt = xasprintf("%s = %s;", name, text);
	free(text);
	text = body_insertion(&tk, ctor, open, stmt, &at, &to);
	if (!text)
		goto out;
	/* "{}" becomes "{ m = x; }": then the replacement covers the body's inside */
	r = add_two_edit_fix(f, "move the call into the constructor body", &tk, rm_b, rm_e, at, to,
			     text);
out:
	toks_free(&tk);
	free(name);
	free(stmt);
	free(text);
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

static void add_wrapper_body(struct strbuf *sb, const struct cal_nv_builtin *b,
			     const char *name, const char *unit)
{
	const char *value = b->nr_args == 4 ? "v, " : "";
	int o, s;

	strbuf_addf(sb, "{\n%sswitch (order * 8 + scope) {\n", unit);
	for (o = 0; o < CAL_NV_NR_ORDERS; o++) {
		if (!cal_nv_order_valid_for(b->op, o))
			continue;
		for (s = 0; s < CAL_NV_NR_SCOPES; s++)
			strbuf_addf(sb, "%scase %s * 8 + %s: return %s(p, %s%s, %s);\n", unit,
				    cal_nv_order_name(o), cal_nv_scope_name(s), name, value,
				    cal_nv_order_name(o), cal_nv_scope_name(s));
	}
	strbuf_addf(sb, "%s}\n%sreturn %s(p, %s__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);\n}\n",
		    unit, unit, name, value);
}

/* The wrapper's definition, guarded so that several insertions define it once. */
static char *wrapper_text(const struct cal_nv_builtin *b, CXType fty, const char *wname,
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
	const struct cal_nv_builtin *b = cal_nv_builtin_find(name);
	struct toks tk;
	char *word, *wname, *text;
	struct cal_edit e1, e2;
	struct cal_fix *fix;
	int r = -1;

	if (!b || b->generic || b->op == CAL_NV_CAS) {
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
