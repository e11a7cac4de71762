#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "report/report.h"
#include "util/source_cache.h"

#define BOLD "\033[1m"
#define RESET "\033[0m"

static const char *severity_color(enum cal_severity sev)
{
	switch (sev) {
	case CAL_SEV_ERROR: return "\033[1;31m";
	case CAL_SEV_WARNING: return "\033[1;35m";
	default: return "\033[1;30m";
	}
}

static void print_caret(FILE *out, struct cal_source_cache *cache, const struct cal_range *r,
			int color)
{
	size_t len, i, caret_end;
	const char *line = cal_source_line(cache, r->begin.file, r->begin.offset,
				       r->begin.column, &len);
	if (!line)
		return;
	fprintf(out, "%6u | %.*s\n       | ", r->begin.line, (int)len, line);
	caret_end = r->end.line == r->begin.line && r->end.column > r->begin.column
			    ? r->end.column - 1 : r->begin.column;
	if (caret_end > len)
		caret_end = len > r->begin.column ? len : r->begin.column;
	for (i = 0; i + 1 < r->begin.column && i < len; i++)
		fputc(line[i] == '\t' ? '\t' : ' ', out);
	fputs(color ? "\033[1;32m^" : "^", out);
	for (i = r->begin.column; i < caret_end; i++)
		fputc('~', out);
	fputs(color ? RESET "\n" : "\n", out);
}

static void print_head(FILE *out, const struct cal_pos *p, const char *sev_name,
		       enum cal_severity sev, const char *message, const char *check,
		       int color)
{
	if (color)
		fprintf(out, BOLD "%s:%u:%u: " RESET "%s%s:" RESET BOLD " %s", p->file, p->line,
			p->column, severity_color(sev), sev_name, message);
	else
		fprintf(out, "%s:%u:%u: %s: %s", p->file, p->line, p->column, sev_name, message);
	if (check)
		fprintf(out, " [%s]", check);
	fputs(color ? RESET "\n" : "\n", out);
}

static void print_fixits(FILE *out, const struct cal_finding *f)
{
	size_t i, j;
	for (i = 0; i < f->nr_fixes; i++) {
		for (j = 0; !f->fixes[i].not_applied && j < f->fixes[i].nr_edits; j++) {
			const struct cal_edit *e = &f->fixes[i].edits[j];
			struct strbuf esc = STRBUF_INIT;
			strbuf_add_json_escaped(&esc, e->replacement);
			fprintf(out, "fix-it:\"%s\":{%u:%u-%u:%u}:\"%s\"\n", e->file, e->line,
				e->column, e->end_line, e->end_column, esc.buf);
			strbuf_release(&esc);
		}
	}
}

int cal_report_text(const struct cal_findings *list, const struct cal_report_ctx *ctx)
{
	struct cal_source_cache cache = CAL_SOURCE_CACHE_INIT;
	size_t i, j;

	for (i = 0; i < list->nr; i++) {
		const struct cal_finding *f = &list->items[i];
		print_head(ctx->out, &f->range.begin, cal_severity_name(f->severity), f->severity,
			   f->message, f->check, ctx->color);
		print_caret(ctx->out, &cache, &f->range, ctx->color);
		for (j = 0; j < f->nr_notes; j++) {
			print_head(ctx->out, &f->notes[j].range.begin, "note", CAL_SEV_NOTE,
				   f->notes[j].message, NULL, ctx->color);
			print_caret(ctx->out, &cache, &f->notes[j].range, ctx->color);
		}
		if (f->partial_parse)
			print_head(ctx->out, &f->range.begin, "note", CAL_SEV_NOTE,
				   "found in a partial parse: clang reported errors in this file",
				   NULL, ctx->color);
		print_fixits(ctx->out, f);
	}
	cal_source_cache_release(&cache);
	return ferror(ctx->out) ? -1 : 0;
}
