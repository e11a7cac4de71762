/*
 * PTX text from C string literals, and the statement splitter that finds
 * atom / red instructions in it.  See ptx_atom.h.
 */
#include "ptx/ptx_atom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"

void ptx_text_init(struct ptx_text *t)
{
	memset(t, 0, sizeof(*t));
}

void ptx_text_release(struct ptx_text *t)
{
	free(t->buf);
	free(t->origin);
	ptx_text_init(t);
}

static int text_put(struct ptx_text *t, char c, unsigned origin)
{
	size_t alloc;

	if (t->len + 1 >= PTX_TEXT_MAX)
		return -1;
	if (t->len + 2 > t->alloc) {
		alloc = t->alloc ? t->alloc * 2 : 256;
		t->buf = xrealloc(t->buf, alloc);
		t->origin = xrealloc(t->origin, alloc * sizeof(*t->origin));
		t->alloc = alloc;
	}
	t->buf[t->len] = c;
	t->origin[t->len++] = origin;
	t->buf[t->len] = '\0';
	return 0;
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static char simple_escape(char c)
{
	switch (c) {
	case 'n': return '\n';
	case 't': return '\t';
	case 'r': return '\r';
	case 'a': return '\a';
	case 'b': return '\b';
	case 'f': return '\f';
	case 'v': return '\v';
	default: return c;	/* \" \' \\ \? and unknown escapes */
	}
}

/*
 * Decode the escape sequence at s[i] (s[i] == '\\', i + 1 < end); store the
 * character in *c and return the index after the sequence.
 */
static size_t decode_escape(const char *s, size_t i, size_t end, char *c)
{
	unsigned v = 0;
	size_t j = i + 1;
	int n;

	if (s[j] >= '0' && s[j] <= '7') {
		for (n = 0; n < 3 && j < end && s[j] >= '0' && s[j] <= '7'; n++, j++)
			v = v * 8 + (unsigned)(s[j] - '0');
		*c = (char)(v & 0xff);
		return j;
	}
	if (s[j] == 'x') {
		for (j++; j < end && hex_value(s[j]) >= 0; j++)
			v = (v * 16 + (unsigned)hex_value(s[j])) & 0xff;
		*c = (char)v;
		return j;
	}
	if (s[j] == 'u' || s[j] == 'U') {
		/* a universal character name: never part of PTX syntax */
		for (n = s[j] == 'u' ? 4 : 8, j++; n > 0 && j < end && hex_value(s[j]) >= 0; n--)
			j++;
		*c = '?';
		return j;
	}
	*c = simple_escape(s[j]);
	return j + 1;
}

/* Length of an encoding prefix (u8, u, U, L) before '"' or 'R"'. */
static size_t prefix_len(const char *tok, size_t len)
{
	if (len >= 2 && tok[0] == 'u' && tok[1] == '8')
		return 2;
	if (len >= 1 && (tok[0] == 'u' || tok[0] == 'U' || tok[0] == 'L'))
		return 1;
	return 0;
}

/* R"delim( ... )delim": the body maps byte for byte. */
static int add_raw(struct ptx_text *t, const char *tok, size_t len, size_t i, unsigned offset)
{
	size_t open = i + 2, close, dlen;

	while (open < len && tok[open] != '(')
		open++;
	dlen = open - (i + 2);
	if (open >= len || len < open + dlen + 3 || tok[len - 1] != '"')
		return -1;
	close = len - 2 - dlen;	/* index of ')' */
	if (tok[close] != ')' || close < open + 1)
		return -1;
	for (i = open + 1; i < close; i++)
		if (text_put(t, tok[i], offset + (unsigned)i) < 0)
			break;
	return 0;
}

int ptx_text_add_literal(struct ptx_text *t, const char *tok, size_t len, unsigned offset)
{
	size_t i = prefix_len(tok, len), end;
	char c;

	if (i < len && tok[i] == 'R' && i + 1 < len && tok[i + 1] == '"')
		return add_raw(t, tok, len, i, offset);
	if (i >= len || tok[i] != '"' || len < i + 2 || tok[len - 1] != '"')
		return -1;
	end = len - 1;
	for (i++; i < end;) {
		size_t at = i;
		if (tok[i] == '\\' && i + 1 < end && (tok[i + 1] == '\n' || tok[i + 1] == '\r')) {
			/* line splice, \n or \r\n */
			i += i + 2 < end && tok[i + 1] == '\r' && tok[i + 2] == '\n' ? 3 : 2;
			continue;
		}
		if (tok[i] == '\\' && i + 1 < end)
			i = decode_escape(tok, i, end, &c);
		else
			c = tok[i++];
		if (text_put(t, c, offset + (unsigned)at) < 0)
			break;
	}
	return 0;
}

/* ---- asm statements in C/C++ source ---- */

/* Blanks, line splices and comments of C source from s[i]. */
static size_t skip_c_blank(const char *s, size_t n, size_t i)
{
	while (i < n) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' ||
		    s[i] == '\v') {
			i++;
		} else if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '\n' || s[i + 1] == '\r')) {
			i += 2;
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
				;
			i = i + 2 < n ? i + 2 : n;
		} else {
			break;
		}
	}
	return i;
}

static size_t c_ident_end(const char *s, size_t n, size_t i)
{
	while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
			 (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
		i++;
	return i;
}

static int c_ident_is(const char *s, size_t i, size_t end, const char *const *words)
{
	for (; *words; words++)
		if (strlen(*words) == end - i && !memcmp(s + i, *words, end - i))
			return 1;
	return 0;
}

/* The end of the raw string literal whose 'R' is at s[i], or 0. */
static size_t raw_literal_end(const char *s, size_t n, size_t i)
{
	size_t open = i + 2, dlen, j;

	while (open < n && open - (i + 2) <= 16 && s[open] != '(' && s[open] != '"' &&
	       s[open] != ' ' && s[open] != '\n')
		open++;
	if (open >= n || s[open] != '(')
		return 0;
	dlen = open - (i + 2);
	for (j = open + 1; j + dlen + 1 < n; j++)
		if (s[j] == ')' && !memcmp(s + j + 1, s + i + 2, dlen) && s[j + 1 + dlen] == '"')
			return j + dlen + 2;
	return 0;
}

/* The end of the string literal token starting at s[i], or 0 if none does. */
static size_t c_literal_end(const char *s, size_t n, size_t i)
{
	size_t j = i + prefix_len(s + i, n - i);

	if (j + 1 < n && s[j] == 'R' && s[j + 1] == '"')
		return raw_literal_end(s, n, j);
	if (j >= n || s[j] != '"')
		return 0;
	for (j++; j < n; j++) {
		if (s[j] == '"')
			return j + 1;
		if (s[j] == '\n')
			return 0;
		if (s[j] == '\\' && j + 1 < n)
			j += j + 2 < n && s[j + 1] == '\r' && s[j + 2] == '\n' ? 2 : 1;
	}
	return 0;
}

static const char *const asm_keywords[] = { "asm", "__asm__", "__asm", NULL };
static const char *const asm_qualifiers[] = { "volatile", "__volatile__", "__volatile",
	"inline", "__inline__", "__inline", "goto", NULL };

/*
 * Read the template of the asm statement at src[off] into t (NULL: only
 * scan it); *after gets the offset of the ':' or ')' that ends it.
 */
static int read_template(struct ptx_text *t, const char *src, size_t size, size_t off,
			 size_t *after)
{
	size_t i = off, end = c_ident_end(src, size, off);
	int literals = 0;

	if (off >= size || !c_ident_is(src, i, end, asm_keywords))
		return -1;
	for (i = skip_c_blank(src, size, end); (end = c_ident_end(src, size, i)) > i &&
	     c_ident_is(src, i, end, asm_qualifiers);)
		i = skip_c_blank(src, size, end);
	if (i >= size || src[i] != '(')
		return -1;
	for (i = skip_c_blank(src, size, i + 1); (end = c_literal_end(src, size, i)) > 0;
	     i = skip_c_blank(src, size, end)) {
		if (t && ptx_text_add_literal(t, src + i, end - i, (unsigned)i) < 0)
			return -1;
		literals++;
	}
	if (!literals || i >= size || (src[i] != ':' && src[i] != ')'))
		return -1;
	*after = i;
	return 0;
}

int ptx_text_from_asm(struct ptx_text *t, const char *src, size_t size, size_t off)
{
	size_t after;

	return read_template(t, src, size, off, &after);
}

/* ---- asm operands ---- */

/* The index after the balanced ( ) group at src[i] (string literals skipped). */
static size_t skip_parens(const char *src, size_t size, size_t i)
{
	int depth = 0;
	size_t end;

	while (i < size) {
		if (src[i] == '"' && (end = c_literal_end(src, size, i)) > 0) {
			i = end;
			continue;
		}
		if (src[i] == '(')
			depth++;
		else if (src[i] == ')' && --depth == 0)
			return i + 1;
		i++;
	}
	return size;
}

/* One operand at src[i]: [name] "constraint" (expr); returns the index after it. */
static size_t read_operand(const char *src, size_t size, size_t i, struct ptx_asm_operands *out)
{
	size_t name = 0, name_len = 0, end;

	if (src[i] == '[') {
		name = skip_c_blank(src, size, i + 1);
		name_len = c_ident_end(src, size, name) - name;
		i = skip_c_blank(src, size, name + name_len);
		if (i >= size || src[i] != ']')
			return size;
		i = skip_c_blank(src, size, i + 1);
	}
	while ((end = c_literal_end(src, size, i)) > 0)
		i = skip_c_blank(src, size, end);
	if (i >= size || src[i] != '(')
		return size;
	if (out->nr < PTX_MAX_ASM_OPERANDS) {
		struct ptx_asm_operand *op = &out->items[out->nr++];
		if (name_len >= sizeof(op->name))
			name_len = 0;
		memcpy(op->name, src + name, name_len);
		op->name[name_len] = '\0';
	}
	return skip_parens(src, size, i);
}

int ptx_asm_operands(const char *src, size_t size, size_t off, struct ptx_asm_operands *out)
{
	size_t i;
	int section = 0;

	memset(out, 0, sizeof(*out));
	if (read_template(NULL, src, size, off, &i) < 0)
		return -1;
	while ((i = skip_c_blank(src, size, i)) < size && src[i] != ')' && section < 3) {
		if (src[i] == ':') {
			section++;
			i++;
		} else if (src[i] == ',') {
			i++;
		} else if (section == 1 || section == 2) {
			i = read_operand(src, size, i, out);
		} else {
			return -1;
		}
	}
	return 0;
}

/* The number after '%' at s[0..len), or the operand named by %[name]; -1 if none. */
static int operand_reference(const char *s, size_t len, const struct ptx_asm_operands *ops)
{
	size_t l;
	int i;

	if (len >= 2 && s[0] == '%' && s[1] >= '0' && s[1] <= '9') {
		for (i = 0, l = 1; l < len && s[l] >= '0' && s[l] <= '9' && i < PTX_MAX_ASM_OPERANDS; l++)
			i = i * 10 + (s[l] - '0');
		return i < PTX_MAX_ASM_OPERANDS ? i : -1;
	}
	if (len < 3 || s[0] != '%' || s[1] != '[' || !ops)
		return -1;
	for (i = 0; i < ops->nr; i++) {
		l = strlen(ops->items[i].name);
		if (l && l + 3 <= len && !memcmp(s + 2, ops->items[i].name, l) && s[2 + l] == ']')
			return i;
	}
	return -1;
}

int ptx_address_operand(const struct ptx_insn *insn, const char *text,
			const struct ptx_asm_operands *ops)
{
	int i;

	for (i = 0; i < insn->nr_operands; i++) {
		const char *s = text + insn->operands[i].pos;
		size_t len = insn->operands[i].len, j = 1;
		if (s[0] != '[')
			continue;
		while (j < len && (s[j] == ' ' || s[j] == '\t'))
			j++;
		return operand_reference(s + j, len - j, ops);
	}
	return -1;
}

/* ---- statements ---- */

struct lexer {
	const char *s;
	size_t len, i;
};

static int is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '$' || c == '%';
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Skip a comment at lx->i if there is one; returns 1 if it held a newline. */
static int skip_comment(struct lexer *lx, int *skipped)
{
	const char *s = lx->s;
	int newline = 0;

	*skipped = 0;
	if (lx->i + 1 >= lx->len || s[lx->i] != '/')
		return 0;
	if (s[lx->i + 1] == '/') {
		while (lx->i < lx->len && s[lx->i] != '\n')
			lx->i++;
		*skipped = 1;
		return 0;	/* the newline itself is left for the caller */
	}
	if (s[lx->i + 1] != '*')
		return 0;
	for (lx->i += 2; lx->i < lx->len; lx->i++) {
		if (s[lx->i] == '\n')
			newline = 1;
		if (s[lx->i] == '*' && lx->i + 1 < lx->len && s[lx->i + 1] == '/') {
			lx->i += 2;
			break;
		}
	}
	if (lx->i > lx->len)
		lx->i = lx->len;
	*skipped = 1;
	return newline;
}

/* Skip blanks, newlines and comments; returns 1 if a newline was crossed. */
static int skip_blank(struct lexer *lx)
{
	int newline = 0, skipped;

	while (lx->i < lx->len) {
		char c = lx->s[lx->i];
		if (is_space(c)) {
			lx->i++;
		} else if (c == '\n') {
			newline = 1;
			lx->i++;
		} else {
			newline |= skip_comment(lx, &skipped);
			if (!skipped)
				break;
		}
	}
	return newline;
}

static size_t scan_ident(const struct lexer *lx, size_t i)
{
	while (i < lx->len && is_ident_char(lx->s[i]))
		i++;
	return i;
}

static const struct {
	const char *name;
	enum ptx_qkind kind;
	int value;
} qual_names[] = {
	{ "relaxed", PTX_QK_SEM, CAL_ORDER_RELAXED },
	{ "acquire", PTX_QK_SEM, CAL_ORDER_ACQUIRE },
	{ "release", PTX_QK_SEM, CAL_ORDER_RELEASE },
	{ "acq_rel", PTX_QK_SEM, CAL_ORDER_ACQ_REL },
	{ "cta", PTX_QK_SCOPE, CAL_SCOPE_BLOCK },
	{ "cluster", PTX_QK_SCOPE, CAL_SCOPE_CLUSTER },
	{ "gpu", PTX_QK_SCOPE, CAL_SCOPE_DEVICE },
	{ "sys", PTX_QK_SCOPE, CAL_SCOPE_SYSTEM },
	{ "global", PTX_QK_SPACE, PTX_SPACE_GLOBAL },
	{ "shared", PTX_QK_SPACE, PTX_SPACE_SHARED },
	{ "shared::cta", PTX_QK_SPACE, PTX_SPACE_SHARED_CTA },
	{ "shared::cluster", PTX_QK_SPACE, PTX_SPACE_SHARED_CLUSTER },
	{ "local", PTX_QK_SPACE, PTX_SPACE_OTHER },
	{ "param", PTX_QK_SPACE, PTX_SPACE_OTHER },
	{ "const", PTX_QK_SPACE, PTX_SPACE_OTHER },
	{ "and", PTX_QK_OP, CAL_OP_AND },
	{ "or", PTX_QK_OP, CAL_OP_OR },
	{ "xor", PTX_QK_OP, CAL_OP_XOR },
	{ "cas", PTX_QK_OP, CAL_OP_CAS },
	{ "exch", PTX_QK_OP, CAL_OP_EXCH },
	{ "add", PTX_QK_OP, CAL_OP_ADD },
	{ "inc", PTX_QK_OP, CAL_OP_INC },
	{ "dec", PTX_QK_OP, CAL_OP_DEC },
	{ "min", PTX_QK_OP, CAL_OP_MIN },
	{ "max", PTX_QK_OP, CAL_OP_MAX },
	{ "b16", PTX_QK_TYPE, PTX_TY_B16 },
	{ "b32", PTX_QK_TYPE, PTX_TY_B32 },
	{ "b64", PTX_QK_TYPE, PTX_TY_B64 },
	{ "b128", PTX_QK_TYPE, PTX_TY_B128 },
	{ "u32", PTX_QK_TYPE, PTX_TY_U32 },
	{ "u64", PTX_QK_TYPE, PTX_TY_U64 },
	{ "s32", PTX_QK_TYPE, PTX_TY_S32 },
	{ "s64", PTX_QK_TYPE, PTX_TY_S64 },
	{ "f16", PTX_QK_TYPE, PTX_TY_F16 },
	{ "f16x2", PTX_QK_TYPE, PTX_TY_F16X2 },
	{ "bf16", PTX_QK_TYPE, PTX_TY_BF16 },
	{ "bf16x2", PTX_QK_TYPE, PTX_TY_BF16X2 },
	/* the PTX ISA's own example spells a packed bf16 pair .b16x2 */
	{ "b16x2", PTX_QK_TYPE, PTX_TY_BF16X2 },
	{ "f32", PTX_QK_TYPE, PTX_TY_F32 },
	{ "f64", PTX_QK_TYPE, PTX_TY_F64 },
	{ "b8", PTX_QK_TYPE, PTX_TY_OTHER },
	{ "u8", PTX_QK_TYPE, PTX_TY_OTHER },
	{ "s8", PTX_QK_TYPE, PTX_TY_OTHER },
	{ "u16", PTX_QK_TYPE, PTX_TY_OTHER },
	{ "s16", PTX_QK_TYPE, PTX_TY_OTHER },
	{ "noftz", PTX_QK_NOFTZ, 1 },
	{ "v2", PTX_QK_VEC, 2 },
	{ "v4", PTX_QK_VEC, 4 },
	{ "v8", PTX_QK_VEC, 8 },
	{ "L2::cache_hint", PTX_QK_CACHE_HINT, 1 },
	{ "async", PTX_QK_ASYNC, 1 },
	{ "mbarrier::complete_tx::bytes", PTX_QK_COMPLETION, 1 },
	{ "mmio", PTX_QK_LDST_ONLY, 1 },
	{ "weak", PTX_QK_LDST_ONLY, 1 },
	{ "volatile", PTX_QK_LDST_ONLY, 1 },
};

static void classify(struct ptx_qual *q, const char *name, size_t len)
{
	size_t k;

	q->kind = PTX_QK_UNKNOWN;
	q->value = 0;
	for (k = 0; k < sizeof(qual_names) / sizeof(qual_names[0]); k++) {
		if (strlen(qual_names[k].name) == len && !memcmp(qual_names[k].name, name, len)) {
			q->kind = qual_names[k].kind;
			q->value = qual_names[k].value;
			return;
		}
	}
}

static int is_qual_char(char c)
{
	return is_ident_char(c) && c != '%';
}

/* The qualifiers after the opcode: ".a.b::c.d"; returns the index after them. */
static size_t read_quals(const struct lexer *lx, size_t i, struct ptx_insn *insn)
{
	while (i < lx->len && lx->s[i] == '.') {
		size_t start = i++;
		while (i < lx->len && (is_qual_char(lx->s[i]) || lx->s[i] == ':'))
			i++;
		if (insn->nr_quals < PTX_MAX_QUALS) {
			struct ptx_qual *q = &insn->quals[insn->nr_quals++];
			q->pos = (unsigned)start;
			q->len = (unsigned)(i - start);
			classify(q, lx->s + start + 1, i - start - 1);
		}
	}
	return i;
}

static void add_operand(struct ptx_insn *insn, const char *s, size_t start, size_t end,
			int elems)
{
	struct ptx_operand *op;

	while (start < end && (is_space(s[start]) || s[start] == '\n'))
		start++;
	while (end > start && (is_space(s[end - 1]) || s[end - 1] == '\n'))
		end--;
	if (start == end || insn->nr_operands >= PTX_MAX_OPERANDS)
		return;
	op = &insn->operands[insn->nr_operands++];
	op->pos = (unsigned)start;
	op->len = (unsigned)(end - start);
	op->vec_elems = s[start] == '{' ? elems : 0;
}

struct operand_scan {
	int depth;		/* [ ] { } ( ) nesting */
	int brace_elems;	/* elements of the { } list being read */
	char last;		/* last significant character */
	size_t start;		/* of the current operand */
};

/*
 * One character of the operand list at lx->i.  Returns 1 when the statement
 * ends there (the terminator is left in place).
 */
static int operand_step(struct lexer *lx, struct ptx_insn *insn, struct operand_scan *sc)
{
	char c = lx->s[lx->i];
	int skipped;

	skip_comment(lx, &skipped);
	if (skipped)
		return 0;
	if (c == ';' || (c == '}' && sc->depth == 0))
		return 1;
	if (c == '\n' && sc->depth == 0 && sc->last != ',' && sc->last != 0)
		return 1;
	if (c == '[' || c == '{' || c == '(') {
		if (c == '{' && sc->depth == 0)
			sc->brace_elems = 1;
		sc->depth++;
	} else if ((c == ']' || c == '}' || c == ')') && sc->depth > 0) {
		sc->depth--;
	} else if (c == ',' && sc->depth == 1 && sc->brace_elems) {
		sc->brace_elems++;
	} else if (c == ',' && sc->depth == 0) {
		add_operand(insn, lx->s, sc->start, lx->i, sc->brace_elems);
		sc->brace_elems = 0;
		sc->start = lx->i + 1;
	}
	if (!is_space(c) && c != '\n')
		sc->last = c;
	lx->i++;
	return 0;
}

/* Operands up to the end of the statement; lx->i is left at the terminator. */
static void read_operands(struct lexer *lx, struct ptx_insn *insn)
{
	struct operand_scan sc = { 0, 0, 0, lx->i };

	while (lx->i < lx->len && !operand_step(lx, insn, &sc))
		;
	add_operand(insn, lx->s, sc.start, lx->i, sc.brace_elems);
}

static int is_atom_or_red(const char *s, size_t len)
{
	return (len == 4 && !memcmp(s, "atom", 4)) || (len == 3 && !memcmp(s, "red", 3));
}

/* Called with every statement read; base_len: the opcode's length without qualifiers. */
typedef void (*statement_fn)(const struct ptx_insn *insn, const char *text, size_t base_len,
			     void *data);

/* The statement whose opcode starts at lx->i. */
static void read_statement(struct lexer *lx, int predicated, statement_fn fn, void *data)
{
	size_t start = lx->i, base_end = scan_ident(lx, lx->i);
	struct ptx_insn insn;
	int k;

	memset(&insn, 0, sizeof(insn));
	insn.is_red = base_end - start == 3;
	insn.pos = (unsigned)start;
	insn.predicated = predicated;
	lx->i = read_quals(lx, base_end, &insn);
	insn.mnemonic_len = (unsigned)(lx->i - start);
	read_operands(lx, &insn);
	insn.len = (unsigned)(lx->i - start);
	for (k = 0; k < PTX_QK_COUNT; k++)
		insn.first[k] = -1;
	for (k = insn.nr_quals - 1; k >= 0; k--)
		insn.first[insn.quals[k].kind] = k;
	fn(&insn, lx->s, base_end - start, data);
}

/* A guard "@p", "@!p", "@%p1"; returns 1 if one was skipped. */
static int skip_predicate(struct lexer *lx)
{
	if (lx->s[lx->i] != '@')
		return 0;
	lx->i++;
	skip_blank(lx);
	if (lx->i < lx->len && lx->s[lx->i] == '!')
		lx->i++;
	lx->i = scan_ident(lx, lx->i);
	return 1;
}

/* "name:" (not "name::"); skips it and returns 1. */
static int skip_label(struct lexer *lx)
{
	size_t end = scan_ident(lx, lx->i);

	if (end == lx->i || end >= lx->len || lx->s[end] != ':' ||
	    (end + 1 < lx->len && lx->s[end + 1] == ':'))
		return 0;
	lx->i = end + 1;
	return 1;
}

/* A directive (.reg ...) or junk: skip to the end of the statement. */
static void skip_statement(struct lexer *lx)
{
	struct ptx_insn scratch;

	memset(&scratch, 0, sizeof(scratch));
	lx->i++;
	read_operands(lx, &scratch);
}

/* Split text[0..len) into statements; fn sees each one that has an opcode. */
static void each_statement(const char *text, size_t len, statement_fn fn, void *data)
{
	struct lexer lx = { text, len, 0 };

	while (skip_blank(&lx), lx.i < lx.len) {
		char c = text[lx.i];
		int predicated;

		if (c == ';' || c == '{' || c == '}') {
			lx.i++;
			continue;
		}
		if (skip_label(&lx))
			continue;
		predicated = skip_predicate(&lx);
		skip_blank(&lx);
		if (lx.i >= lx.len)
			break;
		if (scan_ident(&lx, lx.i) > lx.i && text[lx.i] != '%')
			read_statement(&lx, predicated, fn, data);
		else
			skip_statement(&lx);
	}
}

static void keep_atom_red(const struct ptx_insn *insn, const char *text, size_t base_len,
			  void *data)
{
	struct ptx_insns *out = data;

	out->nr_statements++;
	if (!is_atom_or_red(text + insn->pos, base_len) || out->nr >= PTX_MAX_INSNS)
		return;
	GROW(out->items, out->alloc, out->nr + 1);
	out->items[out->nr++] = *insn;
}

void ptx_parse(const char *text, size_t len, struct ptx_insns *out)
{
	each_statement(text, len, keep_atom_red, out);
}

struct statement_search {
	const char *opcode, *qual;
	int found;
};

static void match_statement(const struct ptx_insn *insn, const char *text, size_t base_len,
			    void *data)
{
	struct statement_search *s = data;
	size_t qlen = strlen(s->qual);
	int k;

	if (s->opcode && (strlen(s->opcode) != base_len ||
			  memcmp(text + insn->pos, s->opcode, base_len)))
		return;
	for (k = 0; k < insn->nr_quals; k++)
		if (insn->quals[k].len == qlen && !memcmp(text + insn->quals[k].pos, s->qual, qlen))
			s->found = 1;
}

int ptx_has_statement(const char *text, size_t len, const char *opcode, const char *qual)
{
	struct statement_search s = { opcode, qual, 0 };

	each_statement(text, len, match_statement, &s);
	return s.found;
}

struct first_search {
	const char *opcode;
	struct ptx_insn *out;
	int found;
	unsigned nr;
};

static void keep_first(const struct ptx_insn *insn, const char *text, size_t base_len, void *data)
{
	struct first_search *s = data;

	s->nr++;
	if (!s->found && strlen(s->opcode) == base_len && !memcmp(text + insn->pos, s->opcode, base_len)) {
		*s->out = *insn;
		s->found = 1;
	}
}

int ptx_find_statement(const char *text, size_t len, const char *opcode, struct ptx_insn *out,
		       unsigned *nr_statements)
{
	struct first_search s = { opcode, out, 0, 0 };

	each_statement(text, len, keep_first, &s);
	*nr_statements = s.nr;
	return s.found;
}

int ptx_operand_index(const struct ptx_insn *insn, int k, const char *text,
		      const struct ptx_asm_operands *ops)
{
	const char *s;
	size_t len;

	if (k < 0 || k >= insn->nr_operands)
		return -1;
	s = text + insn->operands[k].pos;
	len = insn->operands[k].len;
	if (s[0] == '[') {
		if (len < 2 || s[len - 1] != ']')
			return -1;
		s++;
		len -= 2;
	}
	if (len < 2 || s[0] != '%')
		return -1;
	/* the whole operand is one reference: '%1', '%[v]', never '%1+8' */
	if (s[1] == '[' ? memchr(s, ']', len) != s + len - 1
			: strspn(s + 1, "0123456789") != len - 1)
		return -1;
	return operand_reference(s, len, ops);
}

/* Is qualifier q[0..len) (with its dot) a PTX type ('.u32', '.b64', '.f32')? */
static int is_type_qualifier(const char *q, size_t len)
{
	return len >= 3 && strchr("usbf", q[1]) && strspn(q + 2, "0123456789") == len - 2;
}

void ptx_statement_name(const struct ptx_insn *insn, const char *text, size_t base_len,
			char *name, size_t size)
{
	size_t used = (size_t)snprintf(name, size, "%.*s", (int)base_len, text + insn->pos);
	int k;

	for (k = 0; k < insn->nr_quals && used < size; k++) {
		const struct ptx_qual *q = &insn->quals[k];
		if (!is_type_qualifier(text + q->pos, q->len))
			used += (size_t)snprintf(name + used, size - used, "%.*s", (int)q->len,
						 text + q->pos);
	}
}

int ptx_insn_has_qualifier(const struct ptx_insn *insn, const char *text, const char *qual)
{
	size_t len = strlen(qual);
	int k;

	for (k = 0; k < insn->nr_quals; k++)
		if (insn->quals[k].len == len && !memcmp(text + insn->quals[k].pos, qual, len))
			return 1;
	return 0;
}

void ptx_insns_release(struct ptx_insns *list)
{
	free(list->items);
	memset(list, 0, sizeof(*list));
}
