#include "filter/line_filter.h"

#include <string.h>

#include <cjson/cJSON.h>

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);
	return m <= n && !strcmp(s + n - m, tail) && (m == n || s[n - m - 1] == '/' || tail[0] == '/');
}

static int range_ok(const cJSON *r)
{
	const cJSON *a = cJSON_GetArrayItem(r, 0), *b = cJSON_GetArrayItem(r, 1);
	return cJSON_IsArray(r) && cJSON_GetArraySize(r) == 2 && cJSON_IsNumber(a) &&
	       cJSON_IsNumber(b) && a->valuedouble >= 1 && b->valuedouble >= a->valuedouble;
}

static int entry_ok(const cJSON *e)
{
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(e, "name");
	const cJSON *lines = cJSON_GetObjectItemCaseSensitive(e, "lines"), *r;

	if (!cJSON_IsObject(e) || !cJSON_IsString(name) || !*name->valuestring)
		return 0;
	if (!lines)
		return 1;
	if (!cJSON_IsArray(lines))
		return 0;
	cJSON_ArrayForEach(r, lines)
		if (!range_ok(r))
			return 0;
	return 1;
}

int cal_line_filter_check(const char *json, const char **why)
{
	cJSON *list = cJSON_Parse(json), *e;
	int ok = cJSON_IsArray(list);

	if (ok)
		cJSON_ArrayForEach(e, list)
			ok &= entry_ok(e);
	cJSON_Delete(list);
	*why = ok ? NULL : "a JSON list of {\"name\": FILE, \"lines\": [[FIRST, LAST], ...]}";
	return ok ? 0 : -1;
}

static int entry_keeps(const cJSON *e, const char *file, unsigned line)
{
	const cJSON *lines = cJSON_GetObjectItemCaseSensitive(e, "lines"), *r;

	if (!ends_with(file, cJSON_GetObjectItemCaseSensitive(e, "name")->valuestring))
		return 0;
	if (!lines)
		return 1;
	cJSON_ArrayForEach(r, lines)
		if (line >= cJSON_GetArrayItem(r, 0)->valuedouble &&
		    line <= cJSON_GetArrayItem(r, 1)->valuedouble)
			return 1;
	return 0;
}

int cal_line_filter_keeps(const char *json, const char *file, unsigned line)
{
	cJSON *list = cJSON_Parse(json), *e;
	int keep = 0;

	cJSON_ArrayForEach(e, list)
		if (!keep && file && entry_keeps(e, file, line))
			keep = 1;
	cJSON_Delete(list);
	return keep;
}
