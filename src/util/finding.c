#include "cuatomlint/finding.h"
#include "cuatomlint/strbuf.h"

#include <stdlib.h>
#include <string.h>

static const char *const severity_names[] = { "note", "warning", "error" };

const char *cal_severity_name(enum cal_severity sev)
{
	return severity_names[sev];
}

int cal_severity_parse(const char *name, enum cal_severity *out)
{
	int i;
	for (i = 0; i < 3; i++) {
		if (!strcmp(name, severity_names[i])) {
			*out = (enum cal_severity)i;
			return 0;
		}
	}
	return -1;
}

void cal_range_clear(struct cal_range *r)
{
	free(r->begin.file);
	free(r->end.file);
	memset(r, 0, sizeof(*r));
}

void cal_range_copy(struct cal_range *dst, const struct cal_range *src)
{
	*dst = *src;
	dst->begin.file = src->begin.file ? xstrdup(src->begin.file) : NULL;
	dst->end.file = src->end.file ? xstrdup(src->end.file) : NULL;
}

static void fix_clear(struct cal_fix *fix)
{
	size_t i;
	for (i = 0; i < fix->nr_edits; i++) {
		free(fix->edits[i].file);
		free(fix->edits[i].replacement);
	}
	free(fix->edits);
	free(fix->description);
}

void cal_finding_clear(struct cal_finding *f)
{
	size_t i;
	cal_range_clear(&f->range);
	free(f->message);
	for (i = 0; i < f->nr_notes; i++) {
		cal_range_clear(&f->notes[i].range);
		free(f->notes[i].message);
	}
	free(f->notes);
	cal_finding_drop_fixes(f);
	memset(f, 0, sizeof(*f));
}

void cal_finding_drop_fixes(struct cal_finding *f)
{
	size_t i;
	for (i = 0; i < f->nr_fixes; i++)
		fix_clear(&f->fixes[i]);
	free(f->fixes);
	f->fixes = NULL;
	f->nr_fixes = f->alloc_fixes = 0;
}

void cal_finding_add_note(struct cal_finding *f, const struct cal_range *r,
			  const char *message)
{
	struct cal_note *n;
	GROW(f->notes, f->alloc_notes, f->nr_notes + 1);
	n = &f->notes[f->nr_notes++];
	cal_range_copy(&n->range, r);
	n->message = xstrdup(message);
}

struct cal_fix *cal_finding_add_fix(struct cal_finding *f, const char *description)
{
	struct cal_fix *fix;
	GROW(f->fixes, f->alloc_fixes, f->nr_fixes + 1);
	fix = &f->fixes[f->nr_fixes++];
	memset(fix, 0, sizeof(*fix));
	fix->description = xstrdup(description);
	return fix;
}

void cal_fix_add_edit(struct cal_fix *fix, const struct cal_edit *edit)
{
	struct cal_edit *e;
	GROW(fix->edits, fix->alloc_edits, fix->nr_edits + 1);
	e = &fix->edits[fix->nr_edits++];
	*e = *edit;
	e->file = xstrdup(edit->file);
	e->replacement = xstrdup(edit->replacement);
}

void cal_findings_take(struct cal_findings *list, struct cal_finding *f)
{
	GROW(list->items, list->alloc, list->nr + 1);
	list->items[list->nr++] = *f;
	memset(f, 0, sizeof(*f));
}

static int strcmp_null(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int finding_cmp(const void *pa, const void *pb)
{
	const struct cal_finding *a = pa, *b = pb;
	int c = strcmp_null(a->range.begin.file, b->range.begin.file);
	if (c)
		return c;
	if (a->range.begin.offset != b->range.begin.offset)
		return a->range.begin.offset < b->range.begin.offset ? -1 : 1;
	c = strcmp(a->check, b->check);
	if (c)
		return c;
	/* at one place, the most severe first: it heads the merged line (merge_lines) */
	if (a->severity != b->severity)
		return a->severity > b->severity ? -1 : 1;
	return strcmp_null(a->message, b->message);
}

/* f, found by another parse, into keep: its fixes where keep's were withheld. */
static void merge_equal(struct cal_finding *keep, struct cal_finding *f)
{
	if (!keep->nr_fixes && f->nr_fixes) {
		keep->fixes = f->fixes;
		keep->nr_fixes = f->nr_fixes;
		keep->alloc_fixes = f->alloc_fixes;
		f->fixes = NULL;
		f->nr_fixes = f->alloc_fixes = 0;
	}
	keep->archs |= f->archs;
	keep->partial_parse &= f->partial_parse;
	cal_finding_clear(f);
}

void cal_findings_sort_merge(struct cal_findings *list)
{
	size_t i, out = 0;

	if (!list->nr)
		return;
	qsort(list->items, list->nr, sizeof(list->items[0]), finding_cmp);
	for (i = 1; i < list->nr; i++) {
		struct cal_finding *keep = &list->items[out];
		struct cal_finding *f = &list->items[i];
		if (!finding_cmp(keep, f)) {
			merge_equal(keep, f);
			continue;
		}
		list->items[++out] = *f;
	}
	list->nr = out + 1;
}

int cal_edit_equal(const struct cal_edit *a, const struct cal_edit *b)
{
	return !strcmp(a->file, b->file) && a->offset == b->offset && a->length == b->length &&
	       !strcmp(a->replacement, b->replacement);
}

static int same_fix(const struct cal_fix *a, const struct cal_fix *b)
{
	size_t i;

	if (a->nr_edits != b->nr_edits)
		return 0;
	for (i = 0; i < a->nr_edits; i++)
		if (!cal_edit_equal(&a->edits[i], &b->edits[i]))
			return 0;
	return 1;
}

static int has_fix(const struct cal_finding *f, const struct cal_fix *fix)
{
	size_t i;
	for (i = 0; i < f->nr_fixes; i++)
		if (same_fix(&f->fixes[i], fix))
			return 1;
	return 0;
}

/* Move f's message, notes and fixes into keep, as clang-tidy lists them. */
static void merge_into(struct cal_finding *keep, struct cal_finding *f)
{
	size_t i;

	cal_finding_add_note(keep, &f->range, f->message);
	for (i = 0; i < f->nr_notes; i++)
		cal_finding_add_note(keep, &f->notes[i].range, f->notes[i].message);
	GROW(keep->fixes, keep->alloc_fixes, keep->nr_fixes + f->nr_fixes);
	for (i = 0; i < f->nr_fixes; i++) {
		if (has_fix(keep, &f->fixes[i]))
			fix_clear(&f->fixes[i]);	/* one fix that both carried */
		else
			keep->fixes[keep->nr_fixes++] = f->fixes[i];
	}
	free(f->fixes);
	f->fixes = NULL;
	f->nr_fixes = f->alloc_fixes = 0;
	keep->archs |= f->archs;
	keep->arch_specific |= f->arch_specific;
	keep->partial_parse &= f->partial_parse;
	if (f->severity > keep->severity)
		keep->severity = f->severity;
	cal_finding_clear(f);
}

static int same_line(const struct cal_finding *a, const struct cal_finding *b)
{
	return !strcmp_null(a->range.begin.file, b->range.begin.file) &&
	       a->range.begin.line == b->range.begin.line;
}

void cal_findings_merge_lines(struct cal_findings *list)
{
	size_t i, j, k, out = 0;

	for (i = 0; i < list->nr; i = k) {
		for (k = i + 1; k < list->nr && same_line(&list->items[i], &list->items[k]); k++)
			;
		/* [i, k): one line of one file, in offset order; the first of each check stays */
		for (j = i + 1; j < k; j++) {
			size_t first;
			for (first = i; first < j; first++)
				if (list->items[first].check &&
				    !strcmp(list->items[first].check, list->items[j].check))
					break;
			if (first < j)
				merge_into(&list->items[first], &list->items[j]);
		}
		for (j = i; j < k; j++)
			if (list->items[j].check)
				list->items[out++] = list->items[j];
	}
	list->nr = out;
}

void cal_findings_release(struct cal_findings *list)
{
	size_t i;
	for (i = 0; i < list->nr; i++)
		cal_finding_clear(&list->items[i]);
	free(list->items);
	memset(list, 0, sizeof(*list));
}
