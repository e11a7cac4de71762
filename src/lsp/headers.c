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
