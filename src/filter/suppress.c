#include "filter/suppress.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "cutile/cutile.h"
#include "util/strvec.h"

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

/* NOLINTBEGIN's list: the same rules as NOLINT's. */
static const struct marker block_marker = { "NOLINTBEGIN", SAME_LINE, "cuatomlint-", 1 };

struct line {
	const char *s;
	size_t n;
	int python;	/* a cuTile .py file: comments start with '#' */
};

/*
 * A NOLINTBEGIN ... NOLINTEND block: lines first..last, the list right
 * after "NOLINTBEGIN" at list (list_len bytes up to the end of its line).
 * last == 0 while open; an unmatched marker suppresses nothing.
 */
struct nolint_block {
	unsigned first, last;
	size_t list, list_len;
};

/* A NOLINTEND with no open NOLINTBEGIN of the same list. */
struct stray_end {
	unsigned line, column;
};

/*
 * One file's text, indexed once: where each line starts, and which lines
 * hold a whole-file marker, so each finding looks up its lines directly.
 */
struct text_index {
	const char *text;
	size_t len;
	size_t *starts;		/* starts[i]: offset of line i + 1 */
	unsigned nr_lines;
	unsigned *file_marker_lines;	/* lines naming "cuatomlint: ignore-file" */
	unsigned nr_file_markers;
	int python;			/* comments start with '#' */
	struct nolint_block *blocks;
	size_t nr_blocks, alloc_blocks;
	struct stray_end *stray_ends;
	size_t nr_stray_ends, alloc_stray_ends;
};

static int has_bytes(const char *s, size_t n, const char *what)
{
	size_t m = strlen(what);
	const char *p = s, *end = s + n;

	while ((size_t)(end - p) >= m && (p = memchr(p, what[0], (size_t)(end - p - m + 1)))) {
		if (!memcmp(p, what, m))
			return 1;
		p++;
	}
	return 0;
}

static const char *line_comment(struct line l);

/* The list after a marker ending at p: "(a,b)" up to its ')', or empty. */
static size_t list_length(const char *p, const char *end)
{
	const char *close;

	if (p >= end || *p != '(')
		return 0;
	close = memchr(p, ')', (size_t)(end - p));
	return close ? (size_t)(close - p + 1) : (size_t)(end - p);
}

/* A NOLINTEND closes the latest open NOLINTBEGIN with the same list, as in clang-tidy. */
static void close_block(struct text_index *ix, unsigned line, const char *at, const char *list,
			size_t n)
{
	size_t i = ix->nr_blocks;

	while (i-- > 0) {
		struct nolint_block *b = &ix->blocks[i];
		if (!b->last && b->list_len == n && !memcmp(ix->text + b->list, list, n)) {
			b->last = line;
			return;
		}
	}
	GROW(ix->stray_ends, ix->alloc_stray_ends, ix->nr_stray_ends + 1);
	ix->stray_ends[ix->nr_stray_ends].line = line;
	ix->stray_ends[ix->nr_stray_ends++].column = (unsigned)(at - ix->text - ix->starts[line - 1]) + 1;
}

/* Record the NOLINTBEGIN / NOLINTEND markers in the comment of line l. */
static void index_blocks(struct text_index *ix, struct line l, unsigned line)
{
	const char *c = line_comment(l), *end = l.s + l.n, *at;

	for (at = c; at && at + 9 <= end; at++) {
		if (at + 11 <= end && !memcmp(at, "NOLINTBEGIN", 11)) {
			struct nolint_block *b;
			GROW(ix->blocks, ix->alloc_blocks, ix->nr_blocks + 1);
			b = &ix->blocks[ix->nr_blocks++];
			b->first = line;
			b->last = 0;
			b->list = (size_t)(at + 11 - ix->text);
			b->list_len = list_length(at + 11, end);
		} else if (!memcmp(at, "NOLINTEND", 9)) {
			close_block(ix, line, at, at + 9, list_length(at + 9, end));
		}
	}
}

static void text_index_init(struct text_index *ix, const char *text, size_t len, int python)
{
	size_t alloc = 0, fm_alloc = 0;
	const char *p = text, *end = text + len, *nl;

	memset(ix, 0, sizeof(*ix));
	ix->text = text;
	ix->len = len;
	ix->python = python;
	while (p < end || (p == text && len == 0)) {
		nl = memchr(p, '\n', (size_t)(end - p));
		GROW(ix->starts, alloc, (size_t)ix->nr_lines + 1);
		ix->starts[ix->nr_lines++] = (size_t)(p - text);
		if (has_bytes(p, nl ? (size_t)(nl - p) : (size_t)(end - p),
			      "cuatomlint: ignore-file")) {
			GROW(ix->file_marker_lines, fm_alloc, (size_t)ix->nr_file_markers + 1);
			ix->file_marker_lines[ix->nr_file_markers++] = ix->nr_lines;
		}
		if (has_bytes(p, nl ? (size_t)(nl - p) : (size_t)(end - p), "NOLINT"))
			index_blocks(ix, (struct line){ p, nl ? (size_t)(nl - p) : (size_t)(end - p), python },
				     ix->nr_lines);
		if (!nl)
			break;
		p = nl + 1;
		if (p == end) {	/* text ends in a newline: one more, empty line */
			GROW(ix->starts, alloc, (size_t)ix->nr_lines + 1);
			ix->starts[ix->nr_lines++] = len;
			break;
		}
	}
}

static void text_index_release(struct text_index *ix)
{
	free(ix->starts);
	free(ix->file_marker_lines);
	free(ix->blocks);
	free(ix->stray_ends);
	memset(ix, 0, sizeof(*ix));
}

static struct line line_at(const struct text_index *ix, unsigned want)
{
	struct line l = { NULL, 0, ix->python };
	const char *p, *end = ix->text + ix->len, *nl;

	if (want < 1 || want > ix->nr_lines)
		return l;
	p = ix->text + ix->starts[want - 1];
	nl = memchr(p, '\n', (size_t)(end - p));
	l.s = p;
	l.n = nl ? (size_t)(nl - p) : (size_t)(end - p);
	return l;
}

/*
 * The ID or glob in item after the marker's prefix: NOLINT lists take our
 * IDs with clang-tidy's prefix (cuatomlint-volatile-sync) or as printed
 * (volatile-sync, *).
 */
static const char *after_prefix(const char *item, size_t *n, const char *prefix)
{
	size_t plen = strlen(prefix);

	if (*n >= plen && !strncmp(item, prefix, plen)) {
		*n -= plen;
		return item + plen;
	}
	return item;
}

/* Does item (an ID or glob, possibly with prefix) name check? */
static int item_matches(const char *item, size_t n, const char *prefix, const char *check)
{
	char *glob;
	int r;

	while (n && (*item == ' ' || *item == '\t')) {
		item++;
		n--;
	}
	while (n && (item[n - 1] == ' ' || item[n - 1] == '\t'))
		n--;
	item = after_prefix(item, &n, prefix);
	glob = xstrndup(item, n);
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
	const char *c = l.s ? line_comment(l) : NULL, *end = l.s + l.n, *at;
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

static int file_suppresses(const struct text_index *ix, const char *check)
{
	unsigned i;
	for (i = 0; i < ix->nr_file_markers; i++)
		if (line_suppresses(line_at(ix, ix->file_marker_lines[i]), WHOLE_FILE, check))
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

static int block_suppresses(const struct text_index *ix, unsigned line, const char *check)
{
	const char *end;
	size_t i;

	for (i = 0; i < ix->nr_blocks; i++) {
		const struct nolint_block *b = &ix->blocks[i];
		if (!b->last || line < b->first || line > b->last)
			continue;
		end = ix->text + b->list + b->list_len;
		if (list_names(ix->text + b->list, end, &block_marker, check))
			return 1;
	}
	return 0;
}

static int suppressed_at(const struct text_index *ix, unsigned line, const char *check)
{
	struct line here = line_at(ix, line);
	struct line before = line > 1 ? line_at(ix, line - 1) : (struct line){ NULL, 0, ix->python };

	if (line_suppresses(here, SAME_LINE, check))
		return 1;
	if (before.s && (line_suppresses(before, NEXT_LINE, check) ||
			 own_line_ignore(before, check)))
		return 1;
	return block_suppresses(ix, line, check) || file_suppresses(ix, check);
}

int cal_suppressed_in(const char *text, size_t len, unsigned line, const char *check)
{
	struct text_index ix;
	int r;

	text_index_init(&ix, text, len, 0);
	r = suppressed_at(&ix, line, check);
	text_index_release(&ix);
	return r;
}

/*
 * Unmatched NOLINTBEGIN / NOLINTEND markers suppress nothing; say so once
 * per file, in clang-tidy's words, on stderr (they are not findings).
 */
static void report_unmatched(const struct text_index *ix, const char *path)
{
	size_t i;

	for (i = 0; i < ix->nr_blocks; i++)
		if (!ix->blocks[i].last)
			fprintf(stderr, "%s:%u:%u: warning: unmatched 'NOLINTBEGIN' comment without a "
				"subsequent 'NOLINTEND' comment; it suppresses nothing\n", path,
				ix->blocks[i].first,
				(unsigned)(ix->blocks[i].list - 11 - ix->starts[ix->blocks[i].first - 1]) + 1);
	for (i = 0; i < ix->nr_stray_ends; i++)
		fprintf(stderr, "%s:%u:%u: warning: unmatched 'NOLINTEND' comment without a previous "
			"'NOLINTBEGIN' comment\n", path, ix->stray_ends[i].line,
			ix->stray_ends[i].column);
}

/* The text and index of file, kept while findings stay in the same file. */
struct current_file {
	char *path;
	struct cal_argv seen;	/* files already indexed: report their markers once */
	struct strbuf text;
	struct text_index ix;
	int ok;
};

static int already_seen(struct current_file *cur, const char *path)
{
	if (cal_argv_count(&cur->seen, path))
		return 1;
	cal_argv_push(&cur->seen, path);
	return 0;
}

static void current_file_switch(struct current_file *cur, const char *path)
{
	if (cur->path && !strcmp(cur->path, path))
		return;
	free(cur->path);
	text_index_release(&cur->ix);
	cur->path = xstrdup(path);
	strbuf_reset(&cur->text);
	cur->ok = read_file(path, &cur->text) == 0;
	if (cur->ok) {
		text_index_init(&cur->ix, cur->text.buf, cur->text.len,
				cal_cutile_is_python(path));
	}
	if (cur->ok && !already_seen(cur, path))
		report_unmatched(&cur->ix, path);
}

size_t cal_suppress_apply(struct cal_findings *list)
{
	struct current_file cur = { NULL, { NULL, 0, 0 }, STRBUF_INIT, { 0 }, 0 };
	size_t i, kept = 0, dropped = 0;

	for (i = 0; i < list->nr; i++) {
		struct cal_finding *f = &list->items[i];
		current_file_switch(&cur, f->range.begin.file);
		if (cur.ok && suppressed_at(&cur.ix, f->range.begin.line, f->check)) {
			cal_finding_clear(f);
			dropped++;
			continue;
		}
		list->items[kept++] = *f;
	}
	list->nr = kept;
	cal_argv_clear(&cur.seen);
	free(cur.path);
	text_index_release(&cur.ix);
	strbuf_release(&cur.text);
	return dropped;
}
