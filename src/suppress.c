#include "suppress.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "cutile/cutile.h"

enum marker_scope { SAME_LINE, NEXT_LINE, WHOLE_FILE };

struct marker {
	const char *text;
	enum marker_scope scope;
	const char *id_prefix;	/* what precedes a check ID in the list */
	int bare_means_all;	/* no list: every check */
};

/* Longer spellings first: "NOLINT" is a prefix of "NOLINTNEXTLINE". */
static const struct marker markers[] = {
	{ "cuatomlint: ignore-file", WHOLE_FILE, "", 0 },
	{ "cuatomlint: ignore", SAME_LINE, "", 0 },
	{ "NOLINTNEXTLINE", NEXT_LINE, "cuatomlint-", 1 },
	{ "NOLINT", SAME_LINE, "cuatomlint-", 1 },
};

struct line {
	const char *s;
	size_t n;
	int python;	/* a cuTile .py file: comments start with '#' */
};

static struct line line_at(const char *text, size_t len, unsigned want, int python)
{
	struct line l = { NULL, 0, python };
	const char *p = text, *end = text + len, *nl;
	unsigned n = 1;

	while (p < end && n < want) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return l;
		p = nl + 1;
		n++;
	}
	if (n != want || p > end)
		return l;
	nl = memchr(p, '\n', (size_t)(end - p));
	l.s = p;
	l.n = nl ? (size_t)(nl - p) : (size_t)(end - p);
	return l;
}

/* Does item (an ID or glob, possibly with prefix) name check? */
static int item_matches(const char *item, size_t n, const char *prefix, const char *check)
{
	char *glob;
	size_t plen = strlen(prefix);
	int r;

	while (n && (*item == ' ' || *item == '\t')) {
		item++;
		n--;
	}
	while (n && (item[n - 1] == ' ' || item[n - 1] == '\t'))
		n--;
	if (n < plen || strncmp(item, prefix, plen))
		return 0;
	glob = xstrndup(item + plen, n - plen);
	r = fnmatch(glob, check, 0) == 0;
	free(glob);
	return r;
}

/* After a marker: "[a,b]" or "(a,b)", or nothing. */
static int list_names(const char *p, const char *end, const struct marker *m,
		      const char *check)
{
	const char *close, *item, *comma;

	if (p >= end || (*p != '[' && *p != '('))
		return m->bare_means_all && (p >= end || !(*p == '_' || (*p >= 'A' && *p <= 'Z')));
	close = memchr(p, *p == '[' ? ']' : ')', (size_t)(end - p));
	if (!close)
		return 0;
	for (item = p + 1; item < close; item = comma + 1) {
		comma = memchr(item, ',', (size_t)(close - item));
		if (!comma)
			comma = close;
		if (item_matches(item, (size_t)(comma - item), m->id_prefix, check))
			return 1;
	}
	return 0;
}

/* Where the comment on this line starts, or NULL. */
static const char *comment_start(struct line l)
{
	size_t i;
	for (i = 0; i + 1 < l.n; i++)
		if (l.s[i] == '/' && (l.s[i + 1] == '/' || l.s[i + 1] == '*'))
			return l.s + i;
	/* a line inside a block comment */
	for (i = 0; i < l.n && (l.s[i] == ' ' || l.s[i] == '\t'); i++)
		;
	return i < l.n && l.s[i] == '*' ? l.s + i : NULL;
}

/*
 * Python (cuTile kernels): a comment starts at a '#' outside a string.  A
 * plain scan of quotes; a '#' inside a triple-quoted string that spans
 * lines may count, which only ever suppresses, never reports.
 */
static const char *python_comment_start(struct line l)
{
	char quote = 0;
	size_t i;
	for (i = 0; i < l.n; i++) {
		if (quote && l.s[i] == '\\')
			i++;
		else if (quote && l.s[i] == quote)
			quote = 0;
		else if (!quote && (l.s[i] == '\'' || l.s[i] == '"'))
			quote = l.s[i];
		else if (!quote && l.s[i] == '#')
			return l.s + i;
	}
	return NULL;
}

static const char *line_comment(struct line l)
{
	return l.python ? python_comment_start(l) : comment_start(l);
}

static int line_suppresses(struct line l, enum marker_scope scope, const char *check)
{
	const char *c = l.s ? line_comment(l) : NULL;
	const char *end = l.s + l.n, *at;
	size_t i, mlen;

	if (!c)
		return 0;
	for (i = 0; i < sizeof(markers) / sizeof(markers[0]); i++) {
		if (markers[i].scope != scope)
			continue;
		mlen = strlen(markers[i].text);
		for (at = c; at + mlen <= end; at++) {
			if (memcmp(at, markers[i].text, mlen))
				continue;
			if (scope == SAME_LINE && !strcmp(markers[i].text, "NOLINT") &&
			    at + 6 < end && at[6] == 'N')
				continue;	/* NOLINTNEXTLINE */
			if (scope == SAME_LINE && markers[i].text[0] == 'c' &&
			    at + mlen < end && at[mlen] == '-')
				continue;	/* ignore-file */
			if (list_names(at + mlen, end, &markers[i], check))
				return 1;
		}
	}
	return 0;
}

static int file_suppresses(const char *text, size_t len, const char *check, int python)
{
	struct line l;
	unsigned n;
	for (n = 1; (l = line_at(text, len, n, python)).s; n++)
		if (line_suppresses(l, WHOLE_FILE, check))
			return 1;
	return 0;
}

static int line_has(struct line l, const char *what)
{
	size_t n = strlen(what), i;
	for (i = 0; i + n <= l.n; i++)
		if (!memcmp(l.s + i, what, n))
			return 1;
	return 0;
}

/* A comment line of its own ("// cuatomlint: ignore[x]") speaks for the next line. */
static int own_line_ignore(struct line l, const char *check)
{
	return l.s && line_comment(l) == l.s + strspn(l.s, " \t") &&
	       line_has(l, "cuatomlint: ignore") && line_suppresses(l, SAME_LINE, check);
}

static int suppressed_in(const char *text, size_t len, unsigned line, const char *check,
			 int python)
{
	struct line here = line_at(text, len, line, python);
	struct line before = line > 1 ? line_at(text, len, line - 1, python)
				      : (struct line){ NULL, 0, python };

	if (line_suppresses(here, SAME_LINE, check))
		return 1;
	if (before.s && (line_suppresses(before, NEXT_LINE, check) ||
			 own_line_ignore(before, check)))
		return 1;
	return file_suppresses(text, len, check, python);
}

int cal_suppressed_in(const char *text, size_t len, unsigned line, const char *check)
{
	return suppressed_in(text, len, line, check, 0);
}

size_t cal_suppress_apply(struct cal_findings *list)
{
	struct strbuf text = STRBUF_INIT;
	char *cached = NULL;
	size_t i, kept = 0, dropped = 0;
	int ok = 0, python = 0;

	for (i = 0; i < list->nr; i++) {
		struct cal_finding *f = &list->items[i];
		if (!cached || strcmp(cached, f->range.begin.file)) {
			free(cached);
			cached = xstrdup(f->range.begin.file);
			strbuf_reset(&text);
			ok = read_file(cached, &text) == 0;
			python = cal_cutile_is_python(cached);
		}
		if (ok && suppressed_in(text.buf, text.len, f->range.begin.line, f->check, python)) {
			cal_finding_clear(f);
			dropped++;
			continue;
		}
		list->items[kept++] = *f;
	}
	list->nr = kept;
	free(cached);
	strbuf_release(&text);
	return dropped;
}
