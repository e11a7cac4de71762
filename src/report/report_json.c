#include <stdlib.h>

#include <cjson/cJSON.h>

#include "report/json_text.h"
#include "report/report.h"

static void add_position(cJSON *obj, const struct cal_range *r)
{
	cal_json_add_text(obj, "file", r->begin.file);
	cJSON_AddNumberToObject(obj, "line", r->begin.line);
	cJSON_AddNumberToObject(obj, "column", r->begin.column);
	cJSON_AddNumberToObject(obj, "end_line", r->end.line);
	cJSON_AddNumberToObject(obj, "end_column", r->end.column);
	cJSON_AddNumberToObject(obj, "offset", r->begin.offset);
	cJSON_AddNumberToObject(obj, "length", r->end.offset - r->begin.offset);
}

static cJSON *archs_json(const struct cal_report_ctx *ctx, uint64_t mask)
{
	cJSON *arr = cJSON_CreateArray();
	char name[16];
	int i;

	if (mask & CAL_HOST_BIT)
		cJSON_AddItemToArray(arr, cJSON_CreateString("host"));
	for (i = 0; i < ctx->targets->n; i++)
		if (mask & ((uint64_t)1 << i))
			cJSON_AddItemToArray(arr, cJSON_CreateString(
				cal_target_name(ctx->targets->t[i], name, sizeof(name))));
	return arr;
}

static cJSON *edit_json(const struct cal_edit *e)
{
	cJSON *o = cJSON_CreateObject();
	cal_json_add_text(o, "file", e->file);
	cJSON_AddNumberToObject(o, "offset", e->offset);
	cJSON_AddNumberToObject(o, "length", e->length);
	cal_json_add_text(o, "replacement", e->replacement);
	cJSON_AddNumberToObject(o, "line", e->line);
	cJSON_AddNumberToObject(o, "column", e->column);
	cJSON_AddNumberToObject(o, "end_line", e->end_line);
	cJSON_AddNumberToObject(o, "end_column", e->end_column);
	return o;
}

static cJSON *finding_json(const struct cal_finding *f, const struct cal_report_ctx *ctx)
{
	cJSON *o = cJSON_CreateObject();
	cJSON *notes = cJSON_CreateArray();
	cJSON *fixes = cJSON_CreateArray();
	size_t i, j;

	cJSON_AddStringToObject(o, "check", f->check);
	cJSON_AddStringToObject(o, "severity", cal_severity_name(f->severity));
	add_position(o, &f->range);
	cal_json_add_text(o, "message", f->message);
	cJSON_AddItemToObject(o, "archs", archs_json(ctx, f->archs));
	cJSON_AddBoolToObject(o, "partial_parse", f->partial_parse);
	for (i = 0; i < f->nr_notes; i++) {
		cJSON *n = cJSON_CreateObject();
		add_position(n, &f->notes[i].range);
		cal_json_add_text(n, "message", f->notes[i].message);
		cJSON_AddItemToArray(notes, n);
	}
	cJSON_AddItemToObject(o, "notes", notes);
	/* The spec's shape: one entry per edit; edits of one fix share "fix". */
	for (i = 0; i < f->nr_fixes; i++) {
		for (j = 0; !f->fixes[i].not_applied && j < f->fixes[i].nr_edits; j++) {
			cJSON *e = edit_json(&f->fixes[i].edits[j]);
			cJSON_AddNumberToObject(e, "fix", (double)i);
			cal_json_add_text(e, "description", f->fixes[i].description);
			cJSON_AddItemToArray(fixes, e);
		}
	}
	cJSON_AddItemToObject(o, "fixes", fixes);
	return o;
}

int cal_report_json(const struct cal_findings *list, const struct cal_report_ctx *ctx)
{
	cJSON *arr = cJSON_CreateArray();
	char *text;
	size_t i;
	int r;

	for (i = 0; i < list->nr; i++)
		cJSON_AddItemToArray(arr, finding_json(&list->items[i], ctx));
	text = cJSON_Print(arr);
	cJSON_Delete(arr);
	if (!text)
		return -1;
	r = fprintf(ctx->out, "%s\n", text) < 0 ? -1 : 0;
	cJSON_free(text);
	return r;
}
