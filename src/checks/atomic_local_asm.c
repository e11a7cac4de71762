#include "atomic_local_asm.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ast.h"
#include "cuatomlint/strbuf.h"

#define MAX_OPERANDS 64
#define MAX_NAME 32

struct asm_parts {
	struct strbuf tmpl;			/* the template, escapes decoded */
	char names[MAX_OPERANDS][MAX_NAME];	/* symbolic operand names, or "" */
	int nr_operands;
};

static char *token_text(CXTranslationUnit tu, CXToken t)
{
	return cal_take_string(clang_getTokenSpelling(tu, t));
}

static int is_punct(CXTranslationUnit tu, CXToken t, const char *p)
{
	char *s;
	int r;

	if (clang_getTokenKind(t) != CXToken_Punctuation)
		return 0;
	s = token_text(tu, t);
	r = !strcmp(s, p);
	free(s);
	return r;
}

static char unescape(char c)
{
	switch (c) {
	case 'n': return '\n';
	case 't': return '\t';
	default: return c;
	}
}

/* Append a string literal's contents ("..." only) to sb. */
static void add_literal(struct strbuf *sb, const char *lit)
{
	const char *p = strchr(lit, '"');

	if (!p)
		return;
	for (p++; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1])
			strbuf_addch(sb, unescape(*++p));
		else
			strbuf_addch(sb, *p);
	}
}

/* Index of the token after the parenthesis group that starts at i. */
static unsigned skip_group(CXTranslationUnit tu, CXToken *t, unsigned n, unsigned i)
{
	int depth = 0;

	for (; i < n; i++) {
		if (is_punct(tu, t[i], "("))
			depth++;
		else if (is_punct(tu, t[i], ")") && --depth == 0)
			return i + 1;
	}
	return n;
}

/* One operand: [name] "constraint" (expr) */
static unsigned parse_operand(CXTranslationUnit tu, CXToken *t, unsigned n, unsigned i,
			      struct asm_parts *a)
{
	char *name = NULL;

	if (i + 2 < n && is_punct(tu, t[i], "[")) {
		name = token_text(tu, t[i + 1]);
		i += 3;
	}
	if (a->nr_operands < MAX_OPERANDS) {
		snprintf(a->names[a->nr_operands], MAX_NAME, "%s", name ? name : "");
		a->nr_operands++;
	}
	free(name);
	while (i < n && !is_punct(tu, t[i], "("))
		i++;
	return skip_group(tu, t, n, i);
}

/* Outputs and inputs, up to the clobbers; i is just after the template. */
static void parse_operands(CXTranslationUnit tu, CXToken *t, unsigned n, unsigned i,
			   struct asm_parts *a)
{
	int section = 0;

	while (i < n && section < 3) {
		if (is_punct(tu, t[i], ")"))
			return;
		if (is_punct(tu, t[i], ":")) {
			section++;
			i++;
		} else if (is_punct(tu, t[i], "::")) {
			section += 2;
			i++;
		} else if (is_punct(tu, t[i], ",")) {
			i++;
		} else if (section >= 1 && section <= 2) {
			i = parse_operand(tu, t, n, i, a);
		} else {
			return;
		}
	}
}

static int split_asm(CXTranslationUnit tu, CXToken *t, unsigned n, struct asm_parts *a)
{
	unsigned i = 0;

	while (i < n && !is_punct(tu, t[i], "("))
		i++;
	for (i++; i < n && clang_getTokenKind(t[i]) == CXToken_Literal; i++) {
		char *s = token_text(tu, t[i]);
		add_literal(&a->tmpl, s);
		free(s);
	}
	if (!a->tmpl.len)
		return -1;
	parse_operands(tu, t, n, i, a);
	return 0;
}

/* --- the template --- */

/* The operand an address like [%1], [%1+8] or [%[addr]] names, or -1. */
static int address_operand(const char *op, size_t len, const struct asm_parts *a)
{
	const char *p = memchr(op, '[', len), *end = op + len;
	int i;

	if (!p || p + 2 >= end || p[1] != '%')
		return -1;
	p += 2;
	if (isdigit((unsigned char)*p))
		return (int)strtol(p, NULL, 10);
	if (*p != '[')
		return -1;
	for (i = 0; i < a->nr_operands; i++) {
		size_t l = strlen(a->names[i]);
		if (l && p + 1 + l < end && !strncmp(p + 1, a->names[i], l) && p[1 + l] == ']')
			return i;
	}
	return -1;
}

/* The nth comma-separated operand of an instruction (braces group vectors). */
static const char *nth_operand(const char *ops, int nth, size_t *len)
{
	const char *start = ops, *p;
	int depth = 0, k = 0;

	for (p = ops;; p++) {
		if (*p == '{' || *p == '[')
			depth++;
		else if (*p == '}' || *p == ']')
			depth--;
		if ((*p == ',' && depth == 0) || !*p) {
			if (k++ == nth) {
				*len = (size_t)(p - start);
				return start;
			}
			if (!*p)
				return NULL;
			start = p + 1;
		}
	}
}

static int is_atomic_opcode(const char *op, size_t len, int *is_red)
{
	*is_red = len >= 3 && !strncmp(op, "red", 3) && (len == 3 || op[3] == '.');
	return *is_red || (len >= 4 && !strncmp(op, "atom", 4) && (len == 4 || op[4] == '.'));
}

static void scan_instruction(char *insn, const struct asm_parts *a,
			     struct cal_ptx_atomic *out, int max, int *n)
{
	const char *p = insn, *op, *addr;
	size_t len, alen;
	int is_red, idx;

	while (isspace((unsigned char)*p) || *p == '{' || *p == '}')
		p++;
	if (*p == '@') {	/* a guard predicate */
		while (*p && !isspace((unsigned char)*p))
			p++;
		while (isspace((unsigned char)*p))
			p++;
	}
	op = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	len = (size_t)(p - op);
	if (!is_atomic_opcode(op, len, &is_red) || *n >= max)
		return;
	addr = nth_operand(p, is_red ? 0 : 1, &alen);
	idx = addr ? address_operand(addr, alen, a) : -1;
	if (idx < 0 || idx >= a->nr_operands)
		return;
	snprintf(out[*n].opcode, sizeof(out[*n].opcode), "%.*s", (int)len, op);
	out[*n].operand = idx;
	(*n)++;
}

static int scan_template(char *tmpl, const struct asm_parts *a, struct cal_ptx_atomic *out,
			 int max)
{
	char *insn = tmpl, *p;
	int n = 0;

	for (p = tmpl;; p++) {
		int last = !*p;
		if (*p == ';' || *p == '\n' || last) {
			*p = '\0';
			scan_instruction(insn, a, out, max, &n);
			insn = p + 1;
		}
		if (last)
			return n;
	}
}

/*
 * The range whose tokens spell the statement: its own text, or, for an asm
 * statement written in a macro definition, its text there.  A null range
 * when the statement is pieced together from macro arguments.
 */
static CXSourceRange spelled_range(CXTranslationUnit tu, CXSourceRange r)
{
	CXFile bf, ef;
	unsigned bl, bc, bo, el, ec, eo;

	clang_getSpellingLocation(clang_getRangeStart(r), &bf, &bl, &bc, &bo);
	clang_getSpellingLocation(clang_getRangeEnd(r), &ef, &el, &ec, &eo);
	if (!bf || !ef || !clang_File_isEqual(bf, ef) || eo <= bo)
		return clang_getNullRange();
	return clang_getRange(clang_getLocation(tu, bf, bl, bc), clang_getLocation(tu, ef, el, ec));
}

int cal_ptx_atomics(CXTranslationUnit tu, CXCursor stmt, struct cal_ptx_atomic *out, int max)
{
	CXSourceRange r = spelled_range(tu, clang_getCursorExtent(stmt));
	struct asm_parts *a;
	CXToken *tokens = NULL;
	unsigned nr = 0;
	int n = 0;

	if (clang_Range_isNull(r))
		return 0;
	a = xcalloc(1, sizeof(*a));
	strbuf_init(&a->tmpl);
	clang_tokenize(tu, r, &tokens, &nr);
	if (split_asm(tu, tokens, nr, a) == 0)
		n = scan_template(a->tmpl.buf, a, out, max);
	clang_disposeTokens(tu, tokens, nr);
	strbuf_release(&a->tmpl);
	free(a);
	return n;
}
