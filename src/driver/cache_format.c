/* The result cache's text format and the findings in it (cache_parts.h). */
#include "driver/cache_parts.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"

void cal_cache_put_num(struct strbuf *sb, uint64_t n)
{
	strbuf_addf(sb, "%" PRIu64 " ", n);
}

void cal_cache_put_str(struct strbuf *sb, const char *s)
{
	if (!s) {
		strbuf_adds(sb, "~ ");
		return;
	}
	strbuf_addf(sb, "%zu:", strlen(s));
	strbuf_adds(sb, s);
	strbuf_addch(sb, ' ');
}

static void put_pos(struct strbuf *sb, const struct cal_pos *p)
{
	cal_cache_put_str(sb, p->file);
	cal_cache_put_num(sb, p->offset);
	cal_cache_put_num(sb, p->line);
	cal_cache_put_num(sb, p->column);
}

static void put_range(struct strbuf *sb, const struct cal_range *r)
{
	put_pos(sb, &r->begin);
	put_pos(sb, &r->end);
}

static void put_fix(struct strbuf *sb, const struct cal_fix *fix)
{
	size_t i;
	cal_cache_put_str(sb, fix->description);
	cal_cache_put_num(sb, fix->nr_edits);
	for (i = 0; i < fix->nr_edits; i++) {
		const struct cal_edit *e = &fix->edits[i];
		cal_cache_put_str(sb, e->file);
		cal_cache_put_num(sb, e->offset);
		cal_cache_put_num(sb, e->length);
		cal_cache_put_str(sb, e->replacement);
		cal_cache_put_num(sb, e->line);
		cal_cache_put_num(sb, e->column);
		cal_cache_put_num(sb, e->end_line);
		cal_cache_put_num(sb, e->end_column);
		cal_cache_put_num(sb, e->file_hash);
	}
}

static void put_finding(struct strbuf *sb, const struct cal_finding *f)
{
	size_t i;
	cal_cache_put_str(sb, f->check);
	cal_cache_put_num(sb, f->severity);
	put_range(sb, &f->range);
	cal_cache_put_str(sb, f->message);
	cal_cache_put_num(sb, f->archs);
	cal_cache_put_num(sb, (uint64_t)f->arch_specific);
	cal_cache_put_num(sb, (uint64_t)f->partial_parse);
	cal_cache_put_num(sb, (uint64_t)f->system_header);
	cal_cache_put_num(sb, f->nr_notes);
	for (i = 0; i < f->nr_notes; i++) {
		put_range(sb, &f->notes[i].range);
		cal_cache_put_str(sb, f->notes[i].message);
	}
	cal_cache_put_num(sb, f->nr_fixes);
	for (i = 0; i < f->nr_fixes; i++)
		put_fix(sb, &f->fixes[i]);
	strbuf_addch(sb, '\n');
}

void cal_findings_serialize(const struct cal_findings *list, struct strbuf *out)
{
	size_t i;
	cal_cache_put_num(out, list->nr);
	strbuf_addch(out, '\n');
	for (i = 0; i < list->nr; i++)
		put_finding(out, &list->items[i]);
	strbuf_adds(out, "end\n");
}

static void skip_space(struct cal_cache_reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\n'))
		r->p++;
}

static uint64_t get_num(struct cal_cache_reader *r, uint64_t max)
{
	uint64_t n = 0;
	int digits = 0;

	skip_space(r);
	for (; r->p < r->end && *r->p >= '0' && *r->p <= '9'; r->p++, digits++) {
		uint64_t d = (uint64_t)(*r->p - '0');
		if (n > (UINT64_MAX - d) / 10)
			r->bad = 1;
		n = n * 10 + d;
	}
	if (!digits || n > max)
		r->bad = 1;
	return r->bad ? 0 : n;
}

static unsigned get_uint(struct cal_cache_reader *r)
{
	return (unsigned)get_num(r, UINT_MAX);
}

char *cal_cache_get_str(struct cal_cache_reader *r)
{
	uint64_t n;

	skip_space(r);
	if (r->p < r->end && *r->p == '~') {
		r->p++;
		return NULL;
	}
	n = get_num(r, (uint64_t)(r->end - r->p));
	if (r->bad || r->p >= r->end || *r->p != ':' || (uint64_t)(r->end - r->p - 1) < n) {
		r->bad = 1;
		return NULL;
	}
	r->p += 1 + n;
	return xstrndup(r->p - n, (size_t)n);
}

static void get_pos(struct cal_cache_reader *r, struct cal_pos *p)
{
	p->file = cal_cache_get_str(r);
	p->offset = get_uint(r);
	p->line = get_uint(r);
	p->column = get_uint(r);
}

static void get_range(struct cal_cache_reader *r, struct cal_range *range)
{
	get_pos(r, &range->begin);
	get_pos(r, &range->end);
}

/* Checks name themselves by static strings: find the one this names. */
static const char *check_id(const char *name)
{
	int i;
	if (!name)
		return NULL;
	if (!strcmp(name, CAL_CHECK_CLANG_ERROR))
		return CAL_CHECK_CLANG_ERROR;
	if (!strcmp(name, CAL_CHECK_PARTIAL_PARSE))
		return CAL_CHECK_PARTIAL_PARSE;
	for (i = 0; i < cal_nr_checks; i++)
		if (!strcmp(name, cal_checks[i]->id))
			return cal_checks[i]->id;
	return NULL;
}

size_t cal_cache_get_count(struct cal_cache_reader *r)
{
	return (size_t)get_num(r, (uint64_t)(r->end - r->p));
}

static void get_fix(struct cal_cache_reader *r, struct cal_finding *f)
{
	char *desc = cal_cache_get_str(r);
	struct cal_fix *fix = cal_finding_add_fix(f, desc ? desc : "");
	size_t i, n = cal_cache_get_count(r);

	free(desc);
	for (i = 0; i < n && !r->bad; i++) {
		struct cal_edit e;
		memset(&e, 0, sizeof(e));	/* file_hash 0: unknown, the rewriter refuses */
		e.file = cal_cache_get_str(r);
		e.offset = get_uint(r);
		e.length = get_uint(r);
		e.replacement = cal_cache_get_str(r);
		e.line = get_uint(r);
		e.column = get_uint(r);
		e.end_line = get_uint(r);
		e.end_column = get_uint(r);
		e.file_hash = get_num(r, UINT64_MAX);
		r->bad |= !e.file || !e.replacement;
		if (!r->bad)
			cal_fix_add_edit(fix, &e);
		free(e.file);
		free(e.replacement);
	}
}

static void get_finding(struct cal_cache_reader *r, struct cal_finding *f)
{
	char *name = cal_cache_get_str(r);
	size_t i, n;

	f->check = check_id(name);
	free(name);
	r->bad |= !f->check;
	f->severity = (enum cal_severity)get_num(r, CAL_SEV_ERROR);
	get_range(r, &f->range);
	f->message = cal_cache_get_str(r);
	f->archs = get_num(r, UINT64_MAX);
	f->arch_specific = (int)get_num(r, 1);
	f->partial_parse = (int)get_num(r, 1);
	f->system_header = (int)get_num(r, 1);
	n = cal_cache_get_count(r);
	for (i = 0; i < n && !r->bad; i++) {
		struct cal_range range;
		char *msg;
		memset(&range, 0, sizeof(range));
		get_range(r, &range);
		msg = cal_cache_get_str(r);
		if (!r->bad)
			cal_finding_add_note(f, &range, msg ? msg : "");
		cal_range_clear(&range);
		free(msg);
	}
	n = cal_cache_get_count(r);
	for (i = 0; i < n && !r->bad; i++)
		get_fix(r, f);
	r->bad |= !f->message;
}

int cal_findings_deserialize(const char *text, size_t len, struct cal_findings *out)
{
	struct cal_cache_reader r = { text, text + len, 0 };
	struct cal_findings got = { NULL, 0, 0 };
	size_t i, n = cal_cache_get_count(&r);

	for (i = 0; i < n && !r.bad; i++) {
		struct cal_finding f;
		memset(&f, 0, sizeof(f));
		get_finding(&r, &f);
		cal_findings_take(&got, &f);
	}
	skip_space(&r);
	if (r.bad || (size_t)(r.end - r.p) < 4 || memcmp(r.p, "end\n", 4)) {
		cal_findings_release(&got);
		return -1;
	}
	for (i = 0; i < got.nr; i++)
		cal_findings_take(out, &got.items[i]);
	cal_findings_release(&got);
	return 0;
}
