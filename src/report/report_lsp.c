#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"
#include "report/report_lsp.h"

/* The last file read: findings of one document come in a row. */
struct text_cache {
	char *path;
	struct strbuf text;
	int ok;
};

static const struct strbuf *text_of(struct text_cache *c, const char *path)
{
	if (!c->path || strcmp(c->path, path)) {
		free(c->path);
		c->path = xstrdup(path);
		strbuf_reset(&c->text);
		c->ok = read_file(path, &c->text) == 0;
	}
	return c->ok ? &c->text : NULL;
}

static void text_cache_release(struct text_cache *c)
{
	free(c->path);
	strbuf_release(&c->text);
}

/* Counts UTF-16 units: a 4-byte UTF-8 sequence is a surrogate pair, continuation bytes none. */
static unsigned utf16_units(const char *s, size_t n)
{
	unsigned units = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if ((ch & 0xC0) == 0x80)
			continue;
		units += ch >= 0xF0 ? 2 : 1;
	}
	return units;
}

/*
 * LSP position of byte offset in file; where the text cannot be read (the
 * file is gone), the 1-based line and byte column the finding carries.
 */
static cJSON *position(struct text_cache *c, const char *file, unsigned offset,
		       unsigned line, unsigned column)
{
	const struct strbuf *t = file ? text_of(c, file) : NULL;
	cJSON *p = cJSON_CreateObject();
	size_t i, start = 0;
	unsigned l = 0;

	if (t && offset <= t->len) {
		for (i = 0; i < offset; i++)
			if (t->buf[i] == '\n') {
				l++;
				start = i + 1;
			}
		cJSON_AddNumberToObject(p, "line", l);
		cJSON_AddNumberToObject(p, "character", utf16_units(t->buf + start, offset - start));
		return p;
	}
	cJSON_AddNumberToObject(p, "line", line ? line - 1 : 0);
	cJSON_AddNumberToObject(p, "character", column ? column - 1 : 0);
	return p;
}

static cJSON *range_json(struct text_cache *c, const struct cal_range *r)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "start", position(c, r->begin.file, r->begin.offset,
						   r->begin.line, r->begin.column));
	cJSON_AddItemToObject(o, "end", position(c, r->begin.file, r->end.offset,
						 r->end.line, r->end.column));
	return o;
}

static cJSON *edit_range(struct text_cache *c, const struct cal_edit *e)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "start", position(c, e->file, e->offset, e->line, e->column));
	cJSON_AddItemToObject(o, "end", position(c, e->file, e->offset + e->length,
						 e->end_line, e->end_column));
	return o;
}

static int hex(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

char *cal_lsp_uri_from_path(const char *path)
{
	static const char keep[] = "-._~/!$&'()*+,;=:@";
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p;

	strbuf_adds(&sb, "file://");
	for (p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr(keep, *p))
			strbuf_addch(&sb, (char)*p);
		else
			strbuf_addf(&sb, "%%%02X", *p);
	}
	return strbuf_detach(&sb);
}

char *cal_lsp_path_from_uri(const char *uri)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	if (!uri || strncmp(uri, "file://", 7))
		return NULL;
	p = uri + 7;
	if (strncmp(p, "localhost/", 10) == 0)
		p += 9;
	if (*p != '/')
		return NULL;
	for (; *p; p++) {
		if (*p == '%') {
			int h = hex(p[1]), l = h < 0 ? -1 : hex(p[2]);
			if (l < 0 || (h == 0 && l == 0)) {
				strbuf_release(&sb);
				return NULL;
			}
			strbuf_addch(&sb, (char)(h * 16 + l));
			p += 2;
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	return strbuf_detach(&sb);
}

/* The pseudo-checks of clang's own errors have no page of their own. */
static int is_check(const char *id)
{
	return strncmp(id, "clang-", 6) != 0;
}

static cJSON *targets_json(const struct cal_target_set *targets, uint64_t mask)
{
	cJSON *arr = cJSON_CreateArray();
	char name[16];
	int i;

	if (mask & CAL_HOST_BIT)
		cJSON_AddItemToArray(arr, cJSON_CreateString("host"));
	for (i = 0; targets && i < targets->n; i++)
		if (mask & ((uint64_t)1 << i))
			cJSON_AddItemToArray(arr, cJSON_CreateString(
				cal_target_name(targets->t[i], name, sizeof(name))));
	return arr;
}

static cJSON *related(struct text_cache *c, const struct cal_finding *f)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < f->nr_notes; i++) {
		const struct cal_note *n = &f->notes[i];
		cJSON *info = cJSON_CreateObject(), *loc = cJSON_CreateObject();
		char *uri = cal_lsp_uri_from_path(n->range.begin.file ? n->range.begin.file
								 : f->range.begin.file);
		cJSON_AddStringToObject(loc, "uri", uri);
		free(uri);
		cJSON_AddItemToObject(loc, "range", range_json(c, n->range.begin.file ? &n->range
										: &f->range));
		cJSON_AddItemToObject(info, "location", loc);
		cJSON_AddStringToObject(info, "message", n->message ? n->message : "");
		cJSON_AddItemToArray(arr, info);
	}
	return arr;
}

static int lsp_severity(enum cal_severity s)
{
	return s == CAL_SEV_ERROR ? 1 : s == CAL_SEV_WARNING ? 2 : 3;
}

static cJSON *diagnostic(struct text_cache *c, const struct cal_finding *f,
			 const struct cal_target_set *targets)
{
	cJSON *d = cJSON_CreateObject(), *data = cJSON_CreateObject();

	cJSON_AddItemToObject(d, "range", range_json(c, &f->range));
	cJSON_AddNumberToObject(d, "severity", lsp_severity(f->severity));
	cJSON_AddStringToObject(d, "code", f->check);
	if (is_check(f->check)) {
		cJSON *desc = cJSON_CreateObject();
		char *href = xasprintf("%s%s.md", CUATOMLINT_DOCS_URL, f->check);
		cJSON_AddStringToObject(desc, "href", href);
		free(href);
		cJSON_AddItemToObject(d, "codeDescription", desc);
	}
	cJSON_AddStringToObject(d, "source", "cuatomlint");
	cJSON_AddStringToObject(d, "message", f->message ? f->message : "");
	if (f->nr_notes)
		cJSON_AddItemToObject(d, "relatedInformation", related(c, f));
	/* every target the finding holds for, as the JSON report's "archs" */
	cJSON_AddItemToObject(data, "targets", targets_json(targets, f->archs));
	cJSON_AddBoolToObject(data, "partial_parse", f->partial_parse);
	cJSON_AddItemToObject(d, "data", data);
	return d;
}

cJSON *cal_lsp_diagnostics(const struct cal_findings *list, const char *file,
			   const struct cal_target_set *targets)
{
	struct text_cache c = { NULL, STRBUF_INIT, 0 };
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < list->nr; i++)
		if (list->items[i].range.begin.file && !strcmp(list->items[i].range.begin.file, file))
			cJSON_AddItemToArray(arr, diagnostic(&c, &list->items[i], targets));
	text_cache_release(&c);
	return arr;
}

/* One TextEdit into changes[uri of e's file]. */
static void add_text_edit(struct text_cache *c, cJSON *changes, const struct cal_edit *e)
{
	char *uri = cal_lsp_uri_from_path(e->file);
	cJSON *edits = cJSON_GetObjectItemCaseSensitive(changes, uri);
	cJSON *te = cJSON_CreateObject();

	if (!edits)
		cJSON_AddItemToObject(changes, uri, edits = cJSON_CreateArray());
	cJSON_AddItemToObject(te, "range", edit_range(c, e));
	cJSON_AddStringToObject(te, "newText", e->replacement ? e->replacement : "");
	cJSON_AddItemToArray(edits, te);
	free(uri);
}

/* A quickfix action: with the edit changes, or (changes NULL) with data for codeAction/resolve. */
static cJSON *quickfix(const char *title, cJSON *diag, cJSON *changes, cJSON *data,
		       int preferred)
{
	cJSON *a = cJSON_CreateObject(), *diags = cJSON_CreateArray();

	cJSON_AddStringToObject(a, "title", title);
	cJSON_AddStringToObject(a, "kind", "quickfix");
	cJSON_AddItemToArray(diags, cJSON_Duplicate(diag, 1));
	cJSON_AddItemToObject(a, "diagnostics", diags);
	if (preferred)
		cJSON_AddBoolToObject(a, "isPreferred", 1);
	if (changes) {
		cJSON *edit = cJSON_CreateObject();
		cJSON_AddItemToObject(edit, "changes", changes);
		cJSON_AddItemToObject(a, "edit", edit);
	}
	if (data)
		cJSON_AddItemToObject(a, "data", data);
	return a;
}

static int is_python(const char *path)
{
	size_t n = strlen(path);
	return n > 3 && !strcmp(path + n - 3, ".py");
}

static int has_nolint(const char *line, size_t n)
{
	size_t i;
	for (i = 0; i + 6 <= n; i++)
		if (!memcmp(line + i, "NOLINT", 6))
			return 1;
	return 0;
}

/*
 * "suppress with NOLINT(id)": a comment at the end of the finding's line
 * (where suppress.h judges it).  None where the line already holds a
 * NOLINT (a second one would not extend its list) or continues a macro.
 */
static void nolint_action(struct text_cache *c, const struct cal_finding *f, cJSON *diag,
			  cJSON *actions)
{
	const struct strbuf *t = text_of(c, f->range.begin.file);
	struct cal_edit e;
	size_t start, end;
	char *title, *text;

	if (!is_check(f->check) || !t || f->range.begin.offset > t->len)
		return;
	for (start = f->range.begin.offset; start && t->buf[start - 1] != '\n'; start--)
		;
	for (end = f->range.begin.offset; end < t->len && t->buf[end] != '\n'; end++)
		;
	if (end > start && t->buf[end - 1] == '\r')
		end--;
	if ((end > start && t->buf[end - 1] == '\\') ||
	    has_nolint(t->buf + start, end - start))
		return;
	text = xasprintf(is_python(f->range.begin.file) ? "  # NOLINT(%s)" : " // NOLINT(%s)",
			 f->check);
	memset(&e, 0, sizeof(e));
	e.file = f->range.begin.file;
	e.offset = (unsigned)end;
	e.replacement = text;
	title = xasprintf("suppress with NOLINT(%s)", f->check);
	{
		cJSON *changes = cJSON_CreateObject();
		add_text_edit(c, changes, &e);
		cJSON_AddItemToArray(actions, quickfix(title, diag, changes, NULL, 0));
	}
	free(title);
	free(text);
}

static cJSON *fix_changes(struct text_cache *c, const struct cal_fix *fix)
{
	cJSON *changes = cJSON_CreateObject();
	size_t j;

	for (j = 0; j < fix->nr_edits; j++)
		add_text_edit(c, changes, &fix->edits[j]);
	return changes;
}

cJSON *cal_lsp_fix_edit(const struct cal_finding *f, size_t fix)
{
	struct text_cache c = { NULL, STRBUF_INIT, 0 };
	cJSON *edit = cJSON_CreateObject();

	cJSON_AddItemToObject(edit, "changes", fix_changes(&c, &f->fixes[fix]));
	text_cache_release(&c);
	return edit;
}

void cal_lsp_code_actions(const struct cal_finding *f, const struct cal_target_set *targets,
			  const cJSON *lazy, cJSON *actions)
{
	struct text_cache c = { NULL, STRBUF_INIT, 0 };
	cJSON *diag = diagnostic(&c, f, targets);
	size_t i, offered = 0;

	for (i = 0; i < f->nr_fixes; i++)
		offered += !f->fixes[i].not_applied && f->fixes[i].nr_edits;
	for (i = 0; i < f->nr_fixes; i++) {
		const struct cal_fix *fix = &f->fixes[i];
		cJSON *data = NULL;
		if (fix->not_applied || !fix->nr_edits)
			continue;
		if (lazy) {
			data = cJSON_Duplicate(lazy, 1);
			cJSON_AddNumberToObject(data, "fix", (double)i);
		}
		cJSON_AddItemToArray(actions, quickfix(fix->description ? fix->description
									: "apply the fix",
						       diag, lazy ? NULL : fix_changes(&c, fix),
						       data, offered == 1));
	}
	nolint_action(&c, f, diag, actions);
	cJSON_Delete(diag);
	text_cache_release(&c);
}
