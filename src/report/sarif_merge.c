/*
 * cuatomlint merge: the SARIF logs of several shards (compiler-launcher
 * runs, CI jobs) become one log with one cuatomlint run: the union of the
 * rules, every result once (a header's finding appears in each shard that
 * includes it), one invocation whose exit code is the worst of theirs.
 * Runs of other tools in the logs are kept as they are, after it (each
 * once).  Rules that came without their help (launcher mode's logs) get it
 * here, once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cuatomlint/strbuf.h"
#include "report/report.h"
#include "report/sarif_help.h"
#include "util/diag.h"

struct merge {
	cJSON *run;		/* the merged cuatomlint run, built from the first */
	cJSON *others;		/* runs of other tools, kept as they are */
	cJSON *rules, *results;
	const char *srcroot;	/* the first run's %SRCROOT% */
	int exit_code, ok;
};

static cJSON *first_run(cJSON *log)
{
	return cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(log, "runs"), 0);
}

static const char *srcroot_of(const cJSON *run)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(run, "originalUriBaseIds");
	const cJSON *root = cJSON_GetObjectItemCaseSensitive(b, "%SRCROOT%");
	const cJSON *uri = cJSON_GetObjectItemCaseSensitive(root, "uri");
	return cJSON_IsString(uri) ? uri->valuestring : NULL;
}

static int rule_index(const cJSON *rules, const char *id)
{
	const cJSON *r;
	int i = 0;
	cJSON_ArrayForEach(r, rules) {
		const cJSON *rid = cJSON_GetObjectItemCaseSensitive(r, "id");
		if (cJSON_IsString(rid) && !strcmp(rid->valuestring, id))
			return i;
		i++;
	}
	return -1;
}

/*
 * A result's identity: rule, location and message.  Notes may differ
 * between shards (a header's caller chain), so they are left out.
 */
static char *result_key(const cJSON *res)
{
	static const char *const fields[] = { "ruleId", "message", "locations" };
	cJSON *key = cJSON_CreateObject();
	char *text;
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(res, fields[i]);
		if (v)
			cJSON_AddItemToObject(key, fields[i], cJSON_Duplicate(v, 1));
	}
	text = cJSON_PrintUnformatted(key);
	cJSON_Delete(key);
	return text;
}

static int have_result(const cJSON *results, const cJSON *res)
{
	char *key = result_key(res), *other;
	const cJSON *r;
	int found = 0;
	cJSON_ArrayForEach(r, results) {
		other = result_key(r);
		found = !strcmp(key, other);
		free(other);
		if (found)
			break;
	}
	free(key);
	return found;
}

/* Locations relative to another shard's %SRCROOT% become absolute. */
static void rebase_locations(cJSON *node, const char *root)
{
	cJSON *child, *base, *uri;
	if (!root || !node)
		return;
	base = cJSON_GetObjectItemCaseSensitive(node, "uriBaseId");
	uri = cJSON_GetObjectItemCaseSensitive(node, "uri");
	if (cJSON_IsString(base) && cJSON_IsString(uri) && !strcmp(base->valuestring, "%SRCROOT%")) {
		char *abs = xasprintf("%s%s", root, uri->valuestring);
		cJSON_SetValuestring(uri, abs);
		cJSON_DeleteItemFromObjectCaseSensitive(node, "uriBaseId");
		free(abs);
	}
	cJSON_ArrayForEach(child, node)
		rebase_locations(child, root);
}

static void add_rules(struct merge *m, const cJSON *run)
{
	const cJSON *rules = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(run, "tool"),
						 "driver"), "rules");
	const cJSON *r, *id;
	cJSON_ArrayForEach(r, rules) {
		id = cJSON_GetObjectItemCaseSensitive(r, "id");
		if (cJSON_IsString(id) && rule_index(m->rules, id->valuestring) < 0)
			cJSON_AddItemToArray(m->rules, cJSON_Duplicate(r, 1));
	}
}

static void add_results(struct merge *m, const cJSON *run)
{
	const char *root = srcroot_of(run);
	const cJSON *res, *id;
	int other_root = root && m->srcroot && strcmp(root, m->srcroot);

	cJSON_ArrayForEach(res, cJSON_GetObjectItemCaseSensitive(run, "results")) {
		cJSON *copy = cJSON_Duplicate(res, 1);
		if (other_root)
			rebase_locations(copy, root);
		id = cJSON_GetObjectItemCaseSensitive(copy, "ruleId");
		cJSON_DeleteItemFromObjectCaseSensitive(copy, "ruleIndex");
		if (cJSON_IsString(id) && rule_index(m->rules, id->valuestring) >= 0)
			cJSON_AddNumberToObject(copy, "ruleIndex",
						rule_index(m->rules, id->valuestring));
		if (have_result(m->results, copy))
			cJSON_Delete(copy);
		else
			cJSON_AddItemToArray(m->results, copy);
	}
}

static void add_invocations(struct merge *m, const cJSON *run)
{
	const cJSON *inv, *code, *ok;
	cJSON_ArrayForEach(inv, cJSON_GetObjectItemCaseSensitive(run, "invocations")) {
		code = cJSON_GetObjectItemCaseSensitive(inv, "exitCode");
		ok = cJSON_GetObjectItemCaseSensitive(inv, "executionSuccessful");
		if (cJSON_IsNumber(code) && code->valueint > m->exit_code)
			m->exit_code = code->valueint;
		if (cJSON_IsFalse(ok))
			m->ok = 0;
	}
}

/* The first cuatomlint run, emptied of results and invocations, holds the merge. */
static void start_merge(struct merge *m, const cJSON *run)
{
	cJSON *driver;
	m->run = cJSON_Duplicate(run, 1);
	m->srcroot = srcroot_of(m->run);
	cJSON_DeleteItemFromObjectCaseSensitive(m->run, "results");
	cJSON_DeleteItemFromObjectCaseSensitive(m->run, "invocations");
	driver = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(m->run, "tool"),
						  "driver");
	cJSON_DeleteItemFromObjectCaseSensitive(driver, "rules");
	m->rules = cJSON_AddArrayToObject(driver, "rules");
	m->results = cJSON_AddArrayToObject(m->run, "results");
}

static int is_our_run(const cJSON *run)
{
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(run, "tool"),
						 "driver"), "name");
	return cJSON_IsString(name) && !strcmp(name->valuestring, "cuatomlint");
}

/* Another tool's run, unless the same run was kept already. */
static void keep_other_run(struct merge *m, const cJSON *run)
{
	char *text = cJSON_PrintUnformatted(run), *other;
	const cJSON *r;
	int seen = 0;

	cJSON_ArrayForEach(r, m->others) {
		other = cJSON_PrintUnformatted(r);
		seen = text && other && !strcmp(text, other);
		cJSON_free(other);
		if (seen)
			break;
	}
	cJSON_free(text);
	if (!seen)
		cJSON_AddItemToArray(m->others, cJSON_Duplicate(run, 1));
}

static void add_run(struct merge *m, const cJSON *run)
{
	if (!is_our_run(run)) {
		keep_other_run(m, run);
		return;
	}
	if (!m->run)
		start_merge(m, run);
	add_rules(m, run);
	add_results(m, run);
	add_invocations(m, run);
}

static cJSON *read_log(const char *path)
{
	struct strbuf text = STRBUF_INIT;
	cJSON *log = NULL;
	if (read_file(path, &text) < 0)
		cal_error("cannot read '%s'", path);
	else if (!(log = cJSON_ParseWithLength(text.buf, text.len)) || !first_run(log)) {
		cal_error("'%s' is not a SARIF log with a run", path);
		cJSON_Delete(log);
		log = NULL;
	}
	strbuf_release(&text);
	return log;
}

static cJSON *finish_merge(struct merge *m)
{
	cJSON *log = cJSON_CreateObject(), *runs = cJSON_CreateArray();
	cJSON *invs = cJSON_CreateArray(), *inv = cJSON_CreateObject(), *other;

	cJSON_AddBoolToObject(inv, "executionSuccessful", m->ok);
	cJSON_AddNumberToObject(inv, "exitCode", m->exit_code);
	cJSON_AddItemToArray(invs, inv);
	if (m->run) {
		cal_sarif_add_rule_help(m->rules);
		cJSON_AddItemToObject(m->run, "invocations", invs);
		cJSON_AddItemToArray(runs, m->run);
	} else {
		cJSON_Delete(invs);
	}
	while ((other = cJSON_DetachItemFromArray(m->others, 0)) != NULL)
		cJSON_AddItemToArray(runs, other);
	cJSON_Delete(m->others);
	cJSON_AddStringToObject(log, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
	cJSON_AddStringToObject(log, "version", "2.1.0");
	cJSON_AddItemToObject(log, "runs", runs);
	return log;
}

int cal_sarif_merge(char *const *paths, int n, FILE *out)
{
	struct merge m = { NULL, NULL, NULL, NULL, NULL, 0, 1 };
	cJSON *log, *merged;
	const cJSON *run;
	char *text;
	int i, r = 0;

	m.others = cJSON_CreateArray();
	for (i = 0; i < n && r == 0; i++) {
		if (!(log = read_log(paths[i]))) {
			r = -1;
			break;
		}
		cJSON_ArrayForEach(run, cJSON_GetObjectItemCaseSensitive(log, "runs"))
			add_run(&m, run);
		cJSON_Delete(log);
	}
	if (!m.run && !cJSON_GetArraySize(m.others)) {
		cJSON_Delete(m.others);
		return -1;
	}
	merged = finish_merge(&m);
	text = r == 0 ? cJSON_Print(merged) : NULL;
	if (text && fprintf(out, "%s\n", text) < 0)
		r = -1;
	cJSON_free(text);
	cJSON_Delete(merged);
	return r;
}
