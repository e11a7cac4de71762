#include "parse/sys_undef.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "parse/ast.h"

/* An #include line, as one entry of an inclusion stack. */
struct stack_entry {
	CXFile in;		/* the file holding the directive */
	unsigned offset;
};

struct included {
	CXFile file;
	size_t first, n;	/* its stack: entries[first .. first + n) */
};

struct scanned {
	CXFile file;
	const char *text;	/* not owned */
	size_t len;
	size_t (*skipped)[2];
	size_t nr_skipped;
	int skipped_read;
};

struct cal_sys_undefs {
	CXTranslationUnit tu;
	int stacks_read;
	struct stack_entry *entries;
	size_t nr_entries, alloc_entries;
	struct included *files;
	size_t nr_files, alloc_files;
	struct scanned *texts;
	size_t nr_texts, alloc_texts;
};

struct cal_sys_undefs *cal_sys_undefs_new(CXTranslationUnit tu)
{
	struct cal_sys_undefs *s = xcalloc(1, sizeof(*s));
	s->tu = tu;
	return s;
}

void cal_sys_undefs_free(struct cal_sys_undefs *s)
{
	size_t i;
	if (!s)
		return;
	for (i = 0; i < s->nr_texts; i++)
		free(s->texts[i].skipped);
	free(s->entries);
	free(s->files);
	free(s->texts);
	free(s);
}

static void record_stack(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct cal_sys_undefs *s = data;
	struct included *inc;
	unsigned i;

	GROW(s->files, s->alloc_files, s->nr_files + 1);
	inc = &s->files[s->nr_files++];
	inc->file = file;
	inc->first = s->nr_entries;
	inc->n = depth;
	GROW(s->entries, s->alloc_entries, s->nr_entries + depth);
	for (i = 0; i < depth; i++) {
		struct stack_entry *e = &s->entries[s->nr_entries++];
		clang_getSpellingLocation(stack[i], &e->in, NULL, NULL, &e->offset);
	}
}

/* Was file included by an #include of def_file past offset (at any depth)? */
static int included_after(const struct cal_sys_undefs *s, const struct included *inc,
			  CXFile def_file, unsigned offset)
{
	size_t k;
	for (k = inc->first; k < inc->first + inc->n; k++)
		if (s->entries[k].in && clang_File_isEqual(s->entries[k].in, def_file) &&
		    s->entries[k].offset > offset)
			return 1;
	return 0;
}

static struct scanned *text_of(struct cal_sys_undefs *s, CXFile file)
{
	struct scanned *t;
	size_t i;

	for (i = 0; i < s->nr_texts; i++)
		if (clang_File_isEqual(s->texts[i].file, file))
			return &s->texts[i];
	GROW(s->texts, s->alloc_texts, s->nr_texts + 1);
	t = &s->texts[s->nr_texts++];
	memset(t, 0, sizeof(*t));
	t->file = file;
	t->text = cal_file_contents(s->tu, file, &t->len);
	if (!t->text)
		t->len = 0;
	return t;
}

static int in_skipped(struct cal_sys_undefs *s, struct scanned *t, size_t at)
{
	size_t i;

	if (!t->skipped_read) {
		CXSourceRangeList *l = clang_getSkippedRanges(s->tu, t->file);
		unsigned k;
		t->skipped_read = 1;
		for (k = 0; l && k < l->count; k++) {
			unsigned a, b;
			size_t alloc = t->nr_skipped;
			clang_getSpellingLocation(clang_getRangeStart(l->ranges[k]), NULL, NULL,
						  NULL, &a);
			clang_getSpellingLocation(clang_getRangeEnd(l->ranges[k]), NULL, NULL,
						  NULL, &b);
			GROW(t->skipped, alloc, t->nr_skipped + 1);
			t->skipped[t->nr_skipped][0] = a;
			t->skipped[t->nr_skipped++][1] = b;
		}
		if (l)
			clang_disposeSourceRangeList(l);
	}
	for (i = 0; i < t->nr_skipped; i++)
		if (t->skipped[i][0] <= at && at < t->skipped[i][1])
			return 1;
	return 0;
}

static int is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/*
 * Is p (at "undef") a directive "# undef name"?  Blanks only between the
 * line's start, '#', "undef" and the name (a line splice or comment there
 * is not seen: that misses an #undef, which the replay's check against
 * clang's skipped ranges still catches).
 */
static int undef_directive(const char *text, const char *p, const char *end, const char *name)
{
	const char *q = p, *n;
	size_t len = strlen(name);

	while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	if (q == text || q[-1] != '#')
		return 0;
	q--;
	while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	if (q > text && q[-1] != '\n')
		return 0;
	n = p + 5;
	if (n >= end || (*n != ' ' && *n != '\t'))
		return 0;
	while (n < end && (*n == ' ' || *n == '\t'))
		n++;
	return (size_t)(end - n) >= len && !memcmp(n, name, len) &&
	       (n + len == end || !is_ident_char(n[len]));
}

/* An "#undef name" in file at or past offset, outside skipped ranges? */
static int file_undefines(struct cal_sys_undefs *s, CXFile file, unsigned offset,
			  const char *name)
{
	struct scanned *t = text_of(s, file);
	const char *p, *end = t->text + t->len;

	if (offset >= t->len)
		return 0;
	for (p = t->text + offset; (p = memchr(p, 'u', (size_t)(end - p))); p++)
		if ((size_t)(end - p) >= 5 && !memcmp(p, "undef", 5) &&
		    undef_directive(t->text, p, end, name) &&
		    !in_skipped(s, t, (size_t)(p - t->text)))
			return 1;
	return 0;
}

int cal_sys_undefined_after(struct cal_sys_undefs *s, CXCursor def, const char *name)
{
	CXFile def_file;
	unsigned offset;

	clang_getSpellingLocation(clang_getCursorLocation(def), &def_file, NULL, NULL, &offset);
	return cal_sys_undefined_at(s, def_file, offset, name);
}

int cal_sys_undefined_at(struct cal_sys_undefs *s, CXFile def_file, unsigned offset,
			 const char *name)
{
	size_t i;

	if (!def_file)
		return 0;
	if (!s->stacks_read) {
		s->stacks_read = 1;
		clang_getInclusions(s->tu, record_stack, s);
	}
	if (file_undefines(s, def_file, offset, name))
		return 1;
	for (i = 0; i < s->nr_files; i++)
		if (included_after(s, &s->files[i], def_file, offset) &&
		    file_undefines(s, s->files[i].file, 0, name))
			return 1;
	return 0;
}
