#include "parse/header_errors.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "cuatomlint/strbuf.h"

#define CLANG_ERROR "clang-diagnostic-error"

/* The note that names an error's translation unit: TU_NOTE "a.cu'" */
static const char tu_note[] = "in translation unit '";

struct include_sites {
	struct cal_findings *errors;
	const char *main_file;
	struct cal_pos *sites;	/* per error: the #include in main_file, or file NULL */
};

/* Where main_file includes (directly or not) each header that has an error. */
static void find_include_sites(CXFile file, CXSourceLocation *stack, unsigned depth,
			       CXClientData data)
{
	struct include_sites *s = data;
	char *name;
	size_t i;

	if (!depth)
		return;
	name = cal_file_name(file);
	for (i = 0; name && i < s->errors->nr; i++) {
		struct cal_pos *site = &s->sites[i];
		if (site->file || strcmp(s->errors->items[i].range.begin.file, name))
			continue;
		if (cal_pos_from_location(stack[depth - 1], site) == 0 &&
		    strcmp(site->file, s->main_file)) {
			free(site->file);
			site->file = NULL;
		}
	}
	free(name);
}

static int in_system_header(CXTranslationUnit tu, const struct cal_pos *pos)
{
	CXFile file = clang_getFile(tu, pos->file);
	return file && clang_Location_isInSystemHeader(
			       clang_getLocationForOffset(tu, file, pos->offset));
}

static void add_tu_note(struct cal_finding *e, const char *main_file, struct cal_pos *site)
{
	struct cal_range r;
	char *msg = xasprintf("%s%s'", tu_note, main_file);

	memset(&r, 0, sizeof(r));
	if (site->file) {
		r.begin = *site;
		memset(site, 0, sizeof(*site));
	} else {
		r.begin.file = xstrdup(main_file);
		r.begin.line = r.begin.column = 1;
	}
	r.end = r.begin;
	r.end.file = xstrdup(r.begin.file);
	cal_finding_add_note(e, &r, msg);
	cal_range_clear(&r);
	free(msg);
}

static int is_header_error(const struct cal_finding *e, const char *main_file)
{
	return e->range.begin.file && strcmp(e->range.begin.file, main_file);
}

void cal_header_errors_name_tu(CXTranslationUnit tu, const char *main_file,
			       struct cal_findings *errors)
{
	struct include_sites s = { errors, main_file, NULL };
	size_t i, n = 0;

	for (i = 0; i < errors->nr; i++)
		n += is_header_error(&errors->items[i], main_file);
	if (!n)
		return;
	s.sites = xcalloc(errors->nr, sizeof(*s.sites));
	clang_getInclusions(tu, find_include_sites, &s);
	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *e = &errors->items[i];
		if (!is_header_error(e, main_file))
			continue;
		e->system_header = in_system_header(tu, &e->range.begin);
		add_tu_note(e, main_file, &s.sites[i]);
	}
	for (i = 0; i < errors->nr; i++)
		free(s.sites[i].file);
	free(s.sites);
}

/* The TU note of a clang error, or NULL (an error in the main file). */
static struct cal_note *tu_note_of(const struct cal_finding *f)
{
	size_t i;
	for (i = 0; i < f->nr_notes; i++)
		if (!strncmp(f->notes[i].message, tu_note, sizeof(tu_note) - 1))
			return &f->notes[i];
	return NULL;
}

static const char *tu_of(const struct cal_finding *f)
{
	const struct cal_note *n = tu_note_of(f);
	return n ? n->range.begin.file : f->range.begin.file;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static size_t count_tus(const struct cal_findings *list)
{
	const char **names = xcalloc(list->nr + 1, sizeof(*names));
	size_t i, n = 0, distinct = 0;

	for (i = 0; i < list->nr; i++)
		if (!strcmp(list->items[i].check, CLANG_ERROR) && tu_of(&list->items[i]))
			names[n++] = tu_of(&list->items[i]);
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++)
		distinct += !i || strcmp(names[i - 1], names[i]);
	free(names);
	return distinct;
}

/* System-header errors first, by file, offset and TU; the rest after. */
static int system_error_cmp(const void *pa, const void *pb)
{
	const struct cal_finding *a = pa, *b = pb;
	int c = b->system_header - a->system_header;

	if (c || !a->system_header)
		return c;
	c = strcmp(a->range.begin.file, b->range.begin.file);
	if (c)
		return c;
	if (a->range.begin.offset != b->range.begin.offset)
		return a->range.begin.offset < b->range.begin.offset ? -1 : 1;
	return strcmp(tu_of(a), tu_of(b));
}

static int same_place(const struct cal_finding *a, const struct cal_finding *b)
{
	return a->system_header && b->system_header &&
	       !strcmp(a->range.begin.file, b->range.begin.file) &&
	       a->range.begin.offset == b->range.begin.offset;
}

/* keep's TU note: "in translation unit 'a.cu' and N more" */
static void count_more_tus(struct cal_finding *keep, size_t more)
{
	struct cal_note *n = tu_note_of(keep);
	char *msg;

	if (!n || !more)
		return;
	msg = xasprintf("%s and %zu more", n->message, more);
	free(n->message);
	n->message = msg;
}

size_t cal_header_errors_merge(struct cal_findings *list)
{
	size_t i, out = 0, more = 0, tus = count_tus(list);
	char *last_tu;

	if (!list->nr)
		return tus;
	qsort(list->items, list->nr, sizeof(list->items[0]), system_error_cmp);
	last_tu = xstrdup(tu_of(&list->items[0]) ? tu_of(&list->items[0]) : "");
	for (i = 1; i < list->nr; i++) {
		struct cal_finding *keep = &list->items[out], *f = &list->items[i];
		const char *tu = tu_of(f) ? tu_of(f) : "";
		int new_tu = strcmp(last_tu, tu) != 0;

		free(last_tu);
		last_tu = xstrdup(tu);
		if (same_place(keep, f)) {
			more += new_tu;
			keep->archs |= f->archs;
			cal_finding_clear(f);
			continue;
		}
		count_more_tus(keep, more);
		more = 0;
		list->items[++out] = *f;
	}
	free(last_tu);
	count_more_tus(&list->items[out], more);
	list->nr = out + 1;
	return tus;
}
