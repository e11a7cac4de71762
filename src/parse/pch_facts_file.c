/*
 * The PCH's facts file (pch_facts.h): written by the PCH's build, read by
 * every parse on the PCH.  Lines, each "WORD fields": the words, whether
 * the declarations are whole, then files, declarations, macros and
 * #include lines by index into the files, and "end".  The tool's own
 * file, in its run's folder; still read with every field checked, and
 * refused whole where one is not as written (the fuzzer reads it too).
 */
#include "parse/pch_facts.h"

#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"

static const char magic[] = "cuatomlint-pch-facts 1";

static int has_newline(const char *s)
{
	return s && strchr(s, '\n');
}

/* A macro's text on one line: a backslash and a newline escaped (a token may span a splice). */
static void add_escaped(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			strbuf_adds(sb, "\\\\");
		else if (*s == '\n')
			strbuf_adds(sb, "\\n");
		else
			strbuf_addch(sb, *s);
	}
}

/* Can every string be written on one line? */
static int writable(const struct cal_pch_facts *f)
{
	size_t i;

	if (has_newline(f->host_unread))
		return 0;
	for (i = 0; i < f->nr_files; i++)
		if (has_newline(f->files[i].name) || !*f->files[i].name)
			return 0;
	for (i = 0; i < f->nr_macros; i++)
		if (has_newline(f->macros[i].name) || strchr(f->macros[i].name, ' ') ||
		    !*f->macros[i].name || (f->macros[i].text && !*f->macros[i].text))
			return 0;
	return 1;
}

int cal_pch_facts_format(const struct cal_pch_facts *f, struct strbuf *sb)
{
	size_t i;

	if (!writable(f))
		return -1;
	strbuf_addf(sb, "%s\nwords %u\ndecls-found %d\n", magic, f->words, f->decls_found);
	if (f->host_unread && *f->host_unread)
		strbuf_addf(sb, "unread %s\n", f->host_unread);
	for (i = 0; i < f->nr_files; i++)
		strbuf_addf(sb, "file %d %u %s\n", f->files[i].system > 0, f->files[i].raw_base,
			    f->files[i].name);
	for (i = 0; i < f->nr_decls; i++)
		strbuf_addf(sb, "decl %zu %u %u %d %u %d\n", f->decls[i].file, f->decls[i].offset,
			    f->decls[i].lookup, f->decls[i].how, f->decls[i].raw, f->decls[i].kind);
	for (i = 0; i < f->nr_macros; i++) {
		const struct cal_pch_macro *m = &f->macros[i];
		strbuf_addf(sb, "macro %ld %u %s", m->file, m->offset, m->name);
		if (m->text) {
			strbuf_addch(sb, ' ');
			add_escaped(sb, m->text);
		}
		strbuf_addch(sb, '\n');
	}
	for (i = 0; i < f->nr_incs; i++)
		strbuf_addf(sb, "inc %zu %u %zu\n", f->incs[i].from, f->incs[i].line, f->incs[i].to);
	strbuf_adds(sb, "end\n");
	return 0;
}

int cal_pch_facts_write(const struct cal_pch_facts *facts, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int r = cal_pch_facts_format(facts, &sb);

	if (r == 0)
		r = write_file_replacing(path, sb.buf, sb.len);
	strbuf_release(&sb);
	return r;
}

/* ---- reading them back ---- */

struct reader {
	const char *p, *end;
	struct cal_pch_facts *f;
};

/* The next line (without its newline) in [*s, *s + *n); 0 at the end or past an unended line. */
static int next_line(struct reader *r, const char **s, size_t *n)
{
	const char *nl;

	if (r->p >= r->end)
		return 0;
	nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	if (!nl)
		return 0;
	*s = r->p;
	*n = (size_t)(nl - r->p);
	r->p = nl + 1;
	return 1;
}

/* A decimal number at *s, then one space or the line's end; advances *s. */
static int number(const char **s, const char *end, unsigned long *v, int last)
{
	unsigned long x = 0;
	const char *p = *s;

	if (p >= end || *p < '0' || *p > '9')
		return -1;
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (x > (0xffffffffUL - 9) / 10)
			return -1;
		x = x * 10 + (unsigned long)(*p - '0');
	}
	if (last ? p != end : (p >= end || *p != ' '))
		return -1;
	*s = last ? p : p + 1;
	*v = x;
	return 0;
}

static int starts(const char **s, const char *end, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(end - *s) < n || memcmp(*s, word, n))
		return 0;
	*s += n;
	return 1;
}

static char *copy(const char *s, const char *end)
{
	return xstrndup(s, (size_t)(end - s));
}

/* add_escaped()'s text back; NULL if an escape is not one of its two. */
static char *unescape(const char *s, const char *end)
{
	struct strbuf sb = STRBUF_INIT;

	for (; s < end; s++) {
		if (*s != '\\') {
			strbuf_addch(&sb, *s);
		} else if (s + 1 < end && (s[1] == '\\' || s[1] == 'n')) {
			strbuf_addch(&sb, s[1] == 'n' ? '\n' : '\\');
			s++;
		} else {
			strbuf_release(&sb);
			return NULL;
		}
	}
	return strbuf_detach(&sb);
}

static int read_file_line(struct reader *r, const char *s, const char *end)
{
	struct cal_pch_facts *f = r->f;
	unsigned long system, raw_base;

	if (number(&s, end, &system, 0) || system > 1 || number(&s, end, &raw_base, 0) ||
	    s >= end)
		return -1;
	GROW(f->files, f->alloc_files, f->nr_files + 1);
	f->files[f->nr_files].system = (int)system;
	f->files[f->nr_files].raw_base = (unsigned)raw_base;
	f->files[f->nr_files++].name = copy(s, end);
	return 0;
}

static int read_decl(struct reader *r, const char *s, const char *end)
{
	struct cal_pch_facts *f = r->f;
	unsigned long file, offset, lookup, how, raw, kind;

	if (number(&s, end, &file, 0) || number(&s, end, &offset, 0) ||
	    number(&s, end, &lookup, 0) || number(&s, end, &how, 0) ||
	    number(&s, end, &raw, 0) || number(&s, end, &kind, 1) || file >= f->nr_files || how > CAL_PCH_NOTHING)
		return -1;
	GROW(f->decls, f->alloc_decls, f->nr_decls + 1);
	f->decls[f->nr_decls].file = file;
	f->decls[f->nr_decls].offset = (unsigned)offset;
	f->decls[f->nr_decls].lookup = (unsigned)lookup;
	f->decls[f->nr_decls].how = (int)how;
	f->decls[f->nr_decls].raw = (unsigned)raw;
	f->decls[f->nr_decls++].kind = (int)kind;
	return 0;
}

static int read_macro_line(struct reader *r, const char *s, const char *end)
{
	struct cal_pch_facts *f = r->f;
	unsigned long file = 0, offset;
	const char *name;
	char *text;
	struct cal_pch_macro *m;
	int none = starts(&s, end, "-1 ");

	if ((!none && number(&s, end, &file, 0)) || number(&s, end, &offset, 0) ||
	    (!none && file >= f->nr_files) || s >= end || *s == ' ')
		return -1;
	name = s;
	while (s < end && *s != ' ')
		s++;
	if (s + 1 == end)	/* a space and no text */
		return -1;
	text = s < end ? unescape(s + 1, end) : NULL;
	if (s < end && !text)
		return -1;
	GROW(f->macros, f->alloc_macros, f->nr_macros + 1);
	m = &f->macros[f->nr_macros++];
	m->file = none ? -1 : (long)file;
	m->offset = (unsigned)offset;
	m->name = copy(name, s);
	m->text = text;
	return 0;
}

static int read_include(struct reader *r, const char *s, const char *end)
{
	struct cal_pch_facts *f = r->f;
	unsigned long from, line, to;

	if (number(&s, end, &from, 0) || number(&s, end, &line, 0) || number(&s, end, &to, 1) ||
	    from >= f->nr_files || to >= f->nr_files)
		return -1;
	GROW(f->incs, f->alloc_incs, f->nr_incs + 1);
	f->incs[f->nr_incs].from = from;
	f->incs[f->nr_incs].line = (unsigned)line;
	f->incs[f->nr_incs++].to = to;
	return 0;
}

/* The first counted system header that tests the arch: once, not empty. */
static int read_unread(struct reader *r, const char *s, const char *end)
{
	if (r->f->host_unread || s >= end)
		return -1;
	r->f->host_unread = copy(s, end);
	return 0;
}

/* The header lines: the magic, the words, whether the declarations are whole. */
static int read_head(struct reader *r)
{
	const char *s, *end;
	size_t n;
	unsigned long v;

	if (!next_line(r, &s, &n) || n != sizeof(magic) - 1 || memcmp(s, magic, n))
		return -1;
	if (!next_line(r, &s, &n) || (end = s + n, !starts(&s, end, "words ")) ||
	    number(&s, end, &v, 1))
		return -1;
	r->f->words = (unsigned)v;
	if (!next_line(r, &s, &n) || (end = s + n, !starts(&s, end, "decls-found ")) ||
	    number(&s, end, &v, 1) || v > 1)
		return -1;
	r->f->decls_found = (int)v;
	return 0;
}

int cal_pch_facts_parse(const char *text, size_t len, struct cal_pch_facts *out)
{
	struct reader r = { text, text + len, out };
	const char *s, *end;
	size_t n;
	int ended = 0, bad;

	memset(out, 0, sizeof(*out));
	bad = read_head(&r);
	while (!bad && !ended && next_line(&r, &s, &n)) {
		end = s + n;
		if (n == 3 && !memcmp(s, "end", 3))
			ended = 1;
		else if (starts(&s, end, "unread "))
			bad = read_unread(&r, s, end);
		else if (starts(&s, end, "file "))
			bad = read_file_line(&r, s, end);
		else if (starts(&s, end, "decl "))
			bad = read_decl(&r, s, end);
		else if (starts(&s, end, "macro "))
			bad = read_macro_line(&r, s, end);
		else if (starts(&s, end, "inc "))
			bad = read_include(&r, s, end);
		else
			bad = -1;
	}
	if (bad || !ended || r.p != r.end) {
		cal_pch_facts_release(out);
		return -1;
	}
	return 0;
}

int cal_pch_facts_read(const char *path, struct cal_pch_facts *out)
{
	struct strbuf text = STRBUF_INIT;
	int r;

	memset(out, 0, sizeof(*out));
	if (read_file(path, &text) < 0) {
		strbuf_release(&text);
		return -1;
	}
	r = cal_pch_facts_parse(text.buf, text.len, out);
	strbuf_release(&text);
	return r;
}

void cal_pch_facts_release(struct cal_pch_facts *f)
{
	size_t i;

	for (i = 0; i < f->nr_files; i++)
		free(f->files[i].name);
	for (i = 0; i < f->nr_macros; i++) {
		free(f->macros[i].name);
		free(f->macros[i].text);
	}
	free(f->files);
	free(f->decls);
	free(f->macros);
	free(f->incs);
	free(f->tries);
	free(f->host_unread);
	memset(f, 0, sizeof(*f));
}

char *cal_pch_facts_path(const char *pch)
{
	size_t n = strlen(pch);

	if (n > 4 && !strcmp(pch + n - 4, ".pch"))
		n -= 4;
	return xasprintf("%.*s.facts", (int)n, pch);
}
