#include "fixits/include_insert.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "cuatomlint/strbuf.h"
#include "fixits/edit.h"

enum line_kind { LINE_BLANK, LINE_COMMENT, LINE_DIRECTIVE, LINE_CODE };

/* A reader of physical lines that remembers an open block comment. */
struct scan {
	const char *buf;
	size_t size, at;
	int in_comment;
};

struct line {
	const char *text, *end;	/* end: before the line break */
	size_t next;		/* offset of the following line */
};

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && is_space(*p))
		p++;
	return p;
}

static const char *find_close(const char *p, const char *end)
{
	for (; p + 1 < end; p++)
		if (p[0] == '*' && p[1] == '/')
			return p + 2;
	return NULL;
}

/* The next physical line, continued over backslash-newlines; 0 at the end. */
static int next_line(struct scan *s, struct line *l)
{
	const char *p, *end;

	if (s->at >= s->size)
		return 0;
	p = s->buf + s->at;
	end = s->buf + s->size;
	l->text = p;
	for (;;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end, *last = stop;
		while (last > p && (last[-1] == '\r'))
			last--;
		if (nl && last > p && last[-1] == '\\') {
			p = nl + 1;
			continue;
		}
		l->end = stop;
		s->at = nl ? (size_t)(nl - s->buf) + 1 : s->size;
		l->next = s->at;
		return 1;
	}
}

/*
 * What the line is to the preprocessor, leaving *rest at a directive's
 * name.  Block comments are followed across lines.
 */
static enum line_kind classify(struct scan *s, const struct line *l, const char **rest)
{
	const char *p = l->text, *end = l->end, *close;
	int comment = 0;

	for (;;) {
		if (s->in_comment) {
			comment = 1;
			if (!(close = find_close(p, end)))
				return LINE_COMMENT;
			s->in_comment = 0;
			p = close;
		}
		p = skip_space(p, end);
		if (p == end)
			return comment ? LINE_COMMENT : LINE_BLANK;
		if (end - p >= 2 && p[0] == '/' && p[1] == '/')
			return LINE_COMMENT;
		if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
			s->in_comment = 1;
			p += 2;
			continue;
		}
		break;
	}
	if (*p != '#')
		return LINE_CODE;
	*rest = skip_space(p + 1, end);
	/* a block comment opened after the directive and left open */
	for (p = *rest; p + 1 < end; p++) {
		if (p[0] == '/' && p[1] == '*') {
			if (!(close = find_close(p + 2, end))) {
				s->in_comment = 1;
				break;
			}
			p = close - 1;
		}
	}
	return LINE_DIRECTIVE;
}

/* Is the directive at p (its name) word?  *after: just past the name. */
static int directive_is(const char *p, const char *end, const char *word, const char **after)
{
	size_t n = strlen(word);

	if ((size_t)(end - p) < n || strncmp(p, word, n) ||
	    ((size_t)(end - p) > n && (p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z'))))
		return 0;
	if (after)
		*after = skip_space(p + n, end);
	return 1;
}

static size_t identifier_length(const char *p, const char *end)
{
	size_t n = 0;
	while (p + n < end && (p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') ||
			       (p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= '0' && p[n] <= '9')))
		n++;
	return n;
}

/*
 * Is the file's last line of code an #endif?  An include guard's #endif
 * is; a guarded helper block that fixes inserted at the top ("#ifndef
 * CUATOMLINT_HAVE_x / #define CUATOMLINT_HAVE_x ... #endif" and then
 * code) is not, and must not be taken for a guard.
 */
static int ends_with_endif(const char *buf, size_t size)
{
	struct scan s = { buf, size, 0, 0 };
	struct line l;
	int last_is_endif = 0;

	while (next_line(&s, &l)) {
		const char *name = NULL;
		enum line_kind kind = classify(&s, &l, &name);
		if (kind == LINE_DIRECTIVE)
			last_is_endif = directive_is(name, l.end, "endif", NULL);
		else if (kind == LINE_CODE)
			last_is_endif = 0;
	}
	return last_is_endif;
}

/* The preamble walk's state. */
struct preamble {
	size_t best;
	int depth, base;	/* base: 1 inside an include guard */
	int block_has_include;	/* a conditional block of the preamble holds one */
	const char *guard;	/* name of a candidate guard's #ifndef */
	size_t guard_len;
	int directives;		/* directives seen */
	int ends_with_endif;	/* the file's last line of code is an #endif */
};

static size_t max_size(size_t a, size_t b)
{
	return a > b ? a : b;
}

/* One directive of the preamble; 1 ends the preamble. */
static int on_directive(struct preamble *pr, const char *name, const char *end, size_t next)
{
	const char *arg;
	int first = pr->directives++ == 0;
	const char *guard = pr->guard;

	pr->guard = NULL;
	if (first && pr->ends_with_endif && directive_is(name, end, "ifndef", &arg)) {
		pr->guard = arg;
		pr->guard_len = identifier_length(arg, end);
		pr->depth++;
		return 0;
	}
	if (guard && directive_is(name, end, "define", &arg) &&
	    identifier_length(arg, end) == pr->guard_len && !strncmp(arg, guard, pr->guard_len) &&
	    skip_space(arg + pr->guard_len, end) == end) {
		pr->base = 1;
		pr->best = max_size(pr->best, next);
		return 0;
	}
	if (directive_is(name, end, "pragma", &arg) && directive_is(arg, end, "once", NULL)) {
		pr->best = max_size(pr->best, next);
	} else if (directive_is(name, end, "if", NULL) || directive_is(name, end, "ifdef", NULL) ||
		   directive_is(name, end, "ifndef", NULL)) {
		pr->depth++;
	} else if (directive_is(name, end, "endif", NULL)) {
		if (pr->depth == pr->base && pr->base) {
			/* what looked like a guard closed in the preamble: a block */
			pr->base = 0;
			pr->block_has_include = 1;
		}
		if (pr->depth > 0)
			pr->depth--;
		if (pr->depth == pr->base && pr->block_has_include) {
			pr->best = max_size(pr->best, next);
			pr->block_has_include = 0;
		}
	} else if (directive_is(name, end, "include", NULL)) {
		if (pr->depth == pr->base)
			pr->best = max_size(pr->best, next);
		else
			pr->block_has_include = 1;
	}
	return 0;
}

static size_t bom_length(const char *buf, size_t size)
{
	return size >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3) ? 3 : 0;
}

size_t cal_top_insert_offset(const char *buf, size_t size)
{
	struct scan s = { buf, size, 0, 0 };
	struct preamble pr;
	struct line l;
	int leading = 1, seen_comment = 0;

	memset(&pr, 0, sizeof(pr));
	pr.ends_with_endif = ends_with_endif(buf, size);
	s.at = bom_length(buf, size);
	pr.best = s.at;
	while (next_line(&s, &l)) {
		const char *name = NULL;
		enum line_kind kind = classify(&s, &l, &name);

		if (kind == LINE_COMMENT) {
			if (leading)
				pr.best = l.next;
			seen_comment = 1;
			continue;
		}
		if (kind == LINE_BLANK) {
			leading = leading && !seen_comment;
			continue;
		}
		leading = 0;
		if (kind == LINE_CODE || on_directive(&pr, name, l.end, l.next))
			break;
	}
	return pr.best;
}

/* Does the line at p name header in an #include? */
static int includes_header(const char *p, const char *end, const char *header)
{
	size_t n = strlen(header);
	const char *arg;

	p = skip_space(p, end);
	if (p == end || *p != '#')
		return 0;
	p = skip_space(p + 1, end);
	if (!directive_is(p, end, "include", &arg) || arg == end || (*arg != '<' && *arg != '"'))
		return 0;
	arg++;
	return (size_t)(end - arg) > n && !strncmp(arg, header, n) &&
	       (arg[n] == '>' || arg[n] == '"');
}

int cal_text_includes(const char *buf, size_t size, const char *header)
{
	const char *p = buf, *end = buf + size;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end;
		if (includes_header(p, stop, header))
			return 1;
		p = nl ? nl + 1 : end;
	}
	return 0;
}

int cal_top_insert_edit_in(CXTranslationUnit tu, CXFile file, const char *text,
			   const char *header, struct cal_edit *out)
{
	size_t size, off, n = strlen(text);
	const char *buf;
	struct strbuf sb = STRBUF_INIT;
	int r;

	if (!file || !(buf = cal_file_contents(tu, file, &size)))
		return -1;
	if (header && cal_text_includes(buf, size, header))
		return 1;
	off = cal_top_insert_offset(buf, size);
	if (off == size && off > bom_length(buf, size) && buf[off - 1] != '\n')
		strbuf_adds(&sb, "\n");	/* the last line has no line break */
	strbuf_adds(&sb, text);
	if (!n || text[n - 1] != '\n')
		strbuf_adds(&sb, "\n");
	r = cal_edit_insert(clang_getLocationForOffset(tu, file, (unsigned)off), sb.buf, out);
	strbuf_release(&sb);
	return r < 0 ? -1 : 0;
}

int cal_top_insert_edit(CXTranslationUnit tu, CXSourceLocation loc, const char *text,
			const char *header, struct cal_edit *out)
{
	CXFile file;

	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	return cal_top_insert_edit_in(tu, file, text, header, out);
}

void cal_add_top_insert(struct cal_fix *fix, CXTranslationUnit tu, CXSourceLocation loc,
			const char *text, const char *header)
{
	struct cal_edit e;

	if (cal_top_insert_edit(tu, loc, text, header, &e) != 0)
		return;
	cal_fix_add_edit(fix, &e);
	cal_edit_clear(&e);
}

void cal_add_include(struct cal_fix *fix, CXTranslationUnit tu, CXSourceLocation loc,
		     const char *header)
{
	char *line = xasprintf("#include <%s>\n", header);

	cal_add_top_insert(fix, tu, loc, line, header);
	free(line);
}
