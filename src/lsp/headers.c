/*
 * Findings a document's lint places in a header it includes are published
 * under the header's URI, as clangd and rust-analyzer publish theirs: an
 * edit of kernels.cu that makes a helper in common.cuh misbehave shows in
 * common.cuh's Problems entry even when common.cuh is not open.
 *
 * Each includer's share is kept apart (server.h's lsp_borrowed): a header's
 * publish is the union of its includers' last final results, one
 * diagnostic where two includers make the same finding (same range, check,
 * severity and message), so one includer's clear never wipes another's
 * findings.  A header that is open is the owner of its URI: its own lint
 * (through an includer, lint.c) publishes there with its version, and the
 * includers' shares are kept but not published.  A share is replaced at
 * each final publish of its includer (never at the device parse's early
 * one), dropped when the includer closes; a header whose union changed is
 * published again (empty: cleared).
 */
#include <stdlib.h>
#include <string.h>

#include "lsp/server.h"
#include "report/report_lsp.h"

int cal_lsp_is_header(const char *path)
{
	const char *dot = path ? strrchr(path, '.') : NULL;
	return dot && (!strcmp(dot, ".cuh") || !strcmp(dot, ".h") || !strcmp(dot, ".hpp"));
}

static struct lsp_borrowed *share_of(struct cal_lsp_server *s, const char *header,
				     const char *includer)
{
	size_t i;
	for (i = 0; i < s->nr_borrowed; i++)
		if (!strcmp(s->borrowed[i].header, header) &&
		    !strcmp(s->borrowed[i].includer, includer))
			return &s->borrowed[i];
	return NULL;
}

static int is_open(struct cal_lsp_server *s, const char *path)
{
	size_t i;
	for (i = 0; i < s->nr_docs; i++)
		if (s->docs[i].path && !strcmp(s->docs[i].path, path))
			return 1;
	return 0;
}

/* The same finding, as another includer's lint made it: data (its targets) aside. */
static int same_diagnostic(const cJSON *a, const cJSON *b)
{
	static const char *const keys[] = { "range", "code", "severity", "message" };
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!cJSON_Compare(cJSON_GetObjectItemCaseSensitive(a, keys[i]),
				   cJSON_GetObjectItemCaseSensitive(b, keys[i]), 1))
			return 0;
	return 1;
}

static int has_diagnostic(const cJSON *list, const cJSON *d)
{
	const cJSON *e;
	cJSON_ArrayForEach(e, list)
		if (same_diagnostic(e, d))
			return 1;
	return 0;
}

/* Publish header's union of shares, unless it is open (its own lint publishes there). */
static void publish_header(struct cal_lsp_server *s, const char *header)
{
	cJSON *all;
	const cJSON *d;
	char *uri;
	size_t i;

	if (is_open(s, header))
		return;
	all = cJSON_CreateArray();
	for (i = 0; i < s->nr_borrowed; i++) {
		if (strcmp(s->borrowed[i].header, header))
			continue;
		cJSON_ArrayForEach(d, s->borrowed[i].diags)
			if (!has_diagnostic(all, d))
				cJSON_AddItemToArray(all, cJSON_Duplicate(d, 1));
	}
	uri = cal_lsp_uri_from_path(header);
	cal_lsp_publish_json(s, uri, -1, all);
	free(uri);
}

static void share_drop(struct cal_lsp_server *s, struct lsp_borrowed *b)
{
	free(b->header);
	free(b->includer);
	cJSON_Delete(b->diags);
	*b = s->borrowed[--s->nr_borrowed];
}

/*
 * Set includer's share of header to diags (taken; an empty list drops it);
 * whether the header's union may have changed.
 */
static int share_set(struct cal_lsp_server *s, const char *header, const char *includer,
		     cJSON *diags)
{
	struct lsp_borrowed *b = share_of(s, header, includer);
	int empty = !cJSON_GetArraySize(diags);

	if (b && cJSON_Compare(b->diags, diags, 1)) {
		cJSON_Delete(diags);
		return 0;
	}
	if (!b && empty) {
		cJSON_Delete(diags);
		return 0;
	}
	if (b && empty) {
		cJSON_Delete(diags);
		share_drop(s, b);
		return 1;
	}
	if (!b) {
		GROW(s->borrowed, s->alloc_borrowed, s->nr_borrowed + 1);
		b = &s->borrowed[s->nr_borrowed++];
		b->header = xstrdup(header);
		b->includer = xstrdup(includer);
	} else {
		cJSON_Delete(b->diags);
	}
	b->diags = diags;
	return 1;
}

/* A header as the findings name it, and as the shares and URIs do ("a/../b.cuh": "b.cuh"). */
struct header_name {
	const char *spelled;	/* NULL: a share's, which d's findings no longer name */
	char *path;
};

static void add_name(struct header_name **names, size_t *nr, size_t *alloc,
		     const char *spelled, const char *path)
{
	char *norm = path_normalize(xstrdup(path));
	size_t i;

	for (i = 0; i < *nr; i++)
		if (!strcmp((*names)[i].path, norm)) {
			free(norm);
			return;
		}
	GROW(*names, *alloc, *nr + 1);
	(*names)[*nr].spelled = spelled;
	(*names)[(*nr)++].path = norm;
}

/* The headers d's findings name, and those d had a share of: each share set anew. */
void cal_lsp_headers_publish(struct cal_lsp_server *s, struct lsp_doc *d)
{
	struct header_name *names = NULL;
	size_t nr = 0, alloc = 0, i;

	for (i = 0; i < d->findings.nr; i++) {
		const char *file = d->findings.items[i].range.begin.file;
		if (file && strcmp(file, d->path) && cal_lsp_is_header(file))
			add_name(&names, &nr, &alloc, file, file);
	}
	for (i = 0; i < s->nr_borrowed; i++)
		if (!strcmp(s->borrowed[i].includer, d->uri))
			add_name(&names, &nr, &alloc, NULL, s->borrowed[i].header);
	for (i = 0; i < nr; i++) {
		cJSON *diags = names[i].spelled ? cal_lsp_diagnostics(&d->findings,
								      names[i].spelled, &d->targets)
						: cJSON_CreateArray();
		if (share_set(s, names[i].path, d->uri, diags))
			publish_header(s, names[i].path);
		free(names[i].path);
	}
	free(names);
}

/* includer closed: its shares go, the headers they were in are published again. */
void cal_lsp_headers_forget(struct cal_lsp_server *s, const char *includer)
{
	size_t i = 0;
	char *header;

	while (i < s->nr_borrowed) {
		if (strcmp(s->borrowed[i].includer, includer)) {
			i++;
			continue;
		}
		header = xstrdup(s->borrowed[i].header);
		share_drop(s, &s->borrowed[i]);
		publish_header(s, header);
		free(header);
	}
}

/*
 * header closed: its text is now the one on disk, which the includers'
 * shares were not made of.  The shares go (unpublished: the server clears
 * the closed document) and the includers that are open are linted again:
 * their next publish gives the header's diagnostics back.
 */
void cal_lsp_headers_closed(struct cal_lsp_server *s, const char *header)
{
	size_t i = 0, j;

	while (i < s->nr_borrowed) {
		if (strcmp(s->borrowed[i].header, header)) {
			i++;
			continue;
		}
		for (j = 0; j < s->nr_docs; j++)
			if (!strcmp(s->docs[j].uri, s->borrowed[i].includer))
				cal_lsp_mark_due(s, &s->docs[j], 0);
		share_drop(s, &s->borrowed[i]);
	}
}

void cal_lsp_headers_release(struct cal_lsp_server *s)
{
	while (s->nr_borrowed)
		share_drop(s, &s->borrowed[s->nr_borrowed - 1]);
	free(s->borrowed);
}

/* ---- the #include lines that lead to headers holding findings ---- */

void cal_lsp_sites_release(struct lsp_sites *sites)
{
	size_t i;
	for (i = 0; i < sites->nr; i++) {
		free(sites->items[i].header);
		cal_range_clear(&sites->items[i].range);
	}
	free(sites->items);
	memset(sites, 0, sizeof(*sites));
}

static int site_order(const void *a, const void *b)
{
	const struct lsp_site *x = a, *y = b;

	if (x->range.begin.offset != y->range.begin.offset)
		return x->range.begin.offset < y->range.begin.offset ? -1 : 1;
	return strcmp(x->header, y->header);
}

/* "sites N\n", then a line a site: "OFFSET LINE COLUMN OFFSET LINE COLUMN LEN:HEADER\n". */
void cal_lsp_sites_put(struct lsp_sites *sites, struct strbuf *out)
{
	size_t i, n = 0;

	if (sites->nr > 1)
		qsort(sites->items, sites->nr, sizeof(*sites->items), site_order);
	for (i = 0; i < sites->nr; i++)
		n += !strchr(sites->items[i].header, '\n');
	strbuf_addf(out, "sites %zu\n", n);
	for (i = 0; i < sites->nr; i++) {
		const struct lsp_site *t = &sites->items[i];
		if (strchr(t->header, '\n'))
			continue;
		strbuf_addf(out, "%u %u %u %u %u %u %zu:%s\n", t->range.begin.offset,
			    t->range.begin.line, t->range.begin.column, t->range.end.offset,
			    t->range.end.line, t->range.end.column, strlen(t->header), t->header);
	}
}

static int take_uint(const char **p, const char *end, unsigned *out)
{
	unsigned long v = 0;
	const char *q = *p;

	if (q >= end || *q < '0' || *q > '9')
		return -1;
	for (; q < end && *q >= '0' && *q <= '9'; q++) {
		v = v * 10 + (unsigned long)(*q - '0');
		if (v > 0xffffffffUL)
			return -1;
	}
	*out = (unsigned)v;
	*p = q;
	return 0;
}

/* An unsigned number, then the separator sep. */
static int take_field(const char **p, const char *end, unsigned *out, char sep)
{
	if (take_uint(p, end, out) < 0 || *p >= end || **p != sep)
		return -1;
	(*p)++;
	return 0;
}

int cal_lsp_sites_take(const char **p, const char *end, const char *doc, struct lsp_sites *out)
{
	unsigned n, i, v[6], len;
	int k;

	if ((size_t)(end - *p) < 6 || strncmp(*p, "sites ", 6))
		return -1;
	*p += 6;
	if (take_field(p, end, &n, '\n') < 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct lsp_site *t;
		for (k = 0; k < 6; k++)
			if (take_field(p, end, &v[k], ' ') < 0)
				return -1;
		if (take_field(p, end, &len, ':') < 0 || (size_t)(end - *p) <= len ||
		    (*p)[len] != '\n' || memchr(*p, '\0', len))
			return -1;
		GROW(out->items, out->alloc, out->nr + 1);
		t = &out->items[out->nr++];
		memset(t, 0, sizeof(*t));
		t->header = xstrndup(*p, len);
		t->range.begin = (struct cal_pos){ xstrdup(doc), v[0], v[1], v[2] };
		t->range.end = (struct cal_pos){ xstrdup(doc), v[3], v[4], v[5] };
		*p += len + 1;
	}
	return 0;
}

/* At most this many of a header's findings are listed as related information. */
#define INCLUDE_RELATED_MAX 20

static int same_file(const char *a, const char *b)
{
	char *x = path_normalize(xstrdup(a)), *y = path_normalize(xstrdup(b));
	int same = !strcmp(x, y);

	free(x);
	free(y);
	return same;
}

/*
 * The diagnostic of site: a finding of its own, for the reporter (the
 * first finding's check, the worst severity, each finding a note), never
 * among d's findings (so it gets no code action).  0 if the header holds
 * none of d's findings (suppressed, or gone since).
 */
static int site_finding(const struct lsp_doc *d, const struct lsp_site *site,
			struct cal_finding *g)
{
	const struct cal_finding *first = NULL;
	const char *base = strrchr(site->header, '/') ? strrchr(site->header, '/') + 1
						     : site->header;
	size_t i, n = 0;

	memset(g, 0, sizeof(*g));
	for (i = 0; i < d->findings.nr; i++) {
		const struct cal_finding *f = &d->findings.items[i];
		char *note;
		if (!f->range.begin.file || !same_file(f->range.begin.file, site->header))
			continue;
		if (!first) {
			first = f;
			g->check = f->check;
			g->severity = f->severity;
		}
		if (f->severity > g->severity)
			g->severity = f->severity;
		g->archs |= f->archs;
		g->partial_parse |= f->partial_parse;
		if (n++ < INCLUDE_RELATED_MAX) {
			note = xasprintf("%s [%s]", f->message ? f->message : "", f->check);
			cal_finding_add_note(g, &f->range, note);
			free(note);
		}
	}
	if (!first)
		return 0;
	cal_range_copy(&g->range, &site->range);
	g->message = xasprintf("%zu cuatomlint finding%s in included file '%s': %s", n,
			       n == 1 ? "" : "s", base, first->message ? first->message : "");
	return 1;
}

void cal_lsp_include_diagnostics(const struct lsp_doc *d, cJSON *diags)
{
	struct cal_findings list = { 0 };
	struct cal_finding g;
	cJSON *extra, *e;
	size_t i;

	for (i = 0; i < d->sites.nr; i++)
		if (!same_file(d->sites.items[i].header, d->path) &&
		    site_finding(d, &d->sites.items[i], &g))
			cal_findings_take(&list, &g);
	if (!list.nr)
		return;
	extra = cal_lsp_diagnostics(&list, d->path, &d->targets);
	while ((e = cJSON_DetachItemFromArray(extra, 0)) != NULL)
		cJSON_AddItemToArray(diags, e);
	cJSON_Delete(extra);
	cal_findings_release(&list);
}
