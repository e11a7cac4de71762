#include "rewrite/export_yaml.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

void cal_yaml_quote(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '"': strbuf_adds(out, "\\\""); break;
		case '\\': strbuf_adds(out, "\\\\"); break;
		case '\n': strbuf_adds(out, "\\n"); break;
		case '\r': strbuf_adds(out, "\\r"); break;
		case '\t': strbuf_adds(out, "\\t"); break;
		default:
			if (c < 0x20 || c == 0x7f)
				strbuf_addf(out, "\\x%02x", c);
			else
				strbuf_addch(out, (char)c);
		}
	}
	strbuf_addch(out, '"');
}

/* Absolute paths: clang-apply-replacements resolves relative ones elsewhere. */
static void add_path(struct strbuf *out, const char *path)
{
	char abs[PATH_MAX];
	cal_yaml_quote(out, realpath(path, abs) ? abs : path);
}

/* clang::tooling::Diagnostic::Level has no "note": a note is a remark. */
static const char *level_name(enum cal_severity sev)
{
	switch (sev) {
	case CAL_SEV_ERROR: return "Error";
	case CAL_SEV_WARNING: return "Warning";
	default: return "Remark";
	}
}

static void add_replacement(struct strbuf *out, const struct cal_rewriter *rw,
			    const struct cal_edit *e)
{
	long i = cal_rewriter_find_file(rw, e->file);
	struct strbuf text = STRBUF_INIT;

	cal_rewrite_text(&text, e->replacement, i >= 0 && rw->files[i].crlf);
	strbuf_adds(out, "        - FilePath:        ");
	add_path(out, e->file);
	strbuf_addf(out, "\n          Offset:          %u\n          Length:          %u\n"
		    "          ReplacementText: ", e->offset, e->length);
	cal_yaml_quote(out, text.buf);
	strbuf_addch(out, '\n');
	strbuf_release(&text);
}

static int same_edit(const struct cal_edit *a, const struct cal_edit *b)
{
	return a->offset == b->offset && a->length == b->length && !strcmp(a->file, b->file) &&
	       !strcmp(a->replacement, b->replacement);
}

/*
 * Was this edit written for an earlier taken fix?  clang-apply-replacements
 * applies identical insertions once per diagnostic, so each is written once.
 */
static int written_before(const struct cal_rewriter *rw, const struct cal_rw_fix *r,
			  const struct cal_edit *e)
{
	const struct cal_rw_fix *p;
	size_t i;

	for (p = rw->fixes; p < r; p++) {
		if (p->state != CAL_FIX_TAKEN)
			continue;
		for (i = 0; i < p->fix->nr_edits; i++)
			if (same_edit(&p->fix->edits[i], e))
				return 1;
	}
	return 0;
}

static void add_diagnostic(struct strbuf *out, const struct cal_rewriter *rw,
			   const struct cal_rw_fix *r)
{
	struct strbuf list = STRBUF_INIT;
	size_t i;

	strbuf_adds(out, "  - DiagnosticName:  ");
	cal_yaml_quote(out, r->check);
	strbuf_adds(out, "\n    DiagnosticMessage:\n      Message:         ");
	cal_yaml_quote(out, r->message ? r->message : "");
	strbuf_adds(out, "\n      FilePath:        ");
	add_path(out, r->where->file);
	strbuf_addf(out, "\n      FileOffset:      %u\n      Replacements:", r->where->offset);
	for (i = 0; i < r->fix->nr_edits; i++)
		if (!written_before(rw, r, &r->fix->edits[i]))
			add_replacement(&list, rw, &r->fix->edits[i]);
	strbuf_adds(out, list.len ? "\n" : " []\n");
	strbuf_add(out, list.buf, list.len);
	strbuf_release(&list);
	strbuf_addf(out, "    Level:           %s\n", level_name(r->severity));
}

void cal_export_yaml(struct strbuf *out, const struct cal_rewriter *rw,
		     const char *main_file)
{
	size_t i;
	int any = 0;

	strbuf_adds(out, "---\nMainSourceFile:  ");
	if (main_file)
		add_path(out, main_file);
	else
		strbuf_adds(out, "\"\"");
	strbuf_adds(out, "\nDiagnostics:");
	for (i = 0; i < rw->nr_fixes; i++) {
		if (rw->fixes[i].state != CAL_FIX_TAKEN)
			continue;
		if (!any++)
			strbuf_addch(out, '\n');
		add_diagnostic(out, rw, &rw->fixes[i]);
	}
	strbuf_adds(out, any ? "...\n" : " []\n...\n");
}

int cal_export_yaml_file(const char *path, const struct cal_rewriter *rw,
			 const char *main_file)
{
	struct strbuf doc = STRBUF_INIT;
	FILE *fp = fopen(path, "w");
	int r = 0;

	if (!fp) {
		fprintf(rw->log, "cuatomlint: error: cannot write '%s': %s\n", path,
			strerror(errno));
		return -1;
	}
	cal_export_yaml(&doc, rw, main_file);
	if (fwrite(doc.buf, 1, doc.len, fp) != doc.len)
		r = -1;
	if (fclose(fp) != 0)
		r = -1;
	if (r < 0)
		fprintf(rw->log, "cuatomlint: error: cannot write '%s'\n", path);
	strbuf_release(&doc);
	return r;
}
