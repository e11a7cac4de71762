/*
 * SARIF 2.1.0: one run with every rule, results with UTF-16 regions
 * relative to %SRCROOT%, notes as related locations, fixes as
 * artifactChanges, a line-content fingerprint and the invocation's exit
 * code.  Byte offsets are never written: editors read them as characters.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "report/check_help.h"
#include "report/json_text.h"
#include "report/sarif_help.h"
#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"
#include "report/report.h"
#include "util/source_cache.h"
#include "util/hash.h"
#include "util/strvec.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

struct sarif {
	const struct cal_report_ctx *ctx;
	struct cal_source_cache source;
	char *srcroot;		/* with a trailing slash */
	/* fingerprints seen so far, to number repeats */
	struct cal_argv prints;
};

static const char *level_name(enum cal_severity sev)
{
	return sev == CAL_SEV_ERROR ? "error" : sev == CAL_SEV_WARNING ? "warning" : "note";
}

/* SARIF asks for messages as sentences: our messages carry no final period. */
static cJSON *message_json(const char *text)
{
	cJSON *m = cJSON_CreateObject();
	size_t n = strlen(text);
	char *s = xasprintf("%s%s", text, n && strchr(".!?", text[n - 1]) ? "" : ".");
	cal_json_add_text(m, "text", s);
	free(s);
	return m;
}

static void add_uri_escaped(struct strbuf *sb, const char *path)
{
	const unsigned char *p;
	for (p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("/-._~", *p))
			strbuf_addch(sb, (char)*p);
		else
			strbuf_addf(sb, "%%%02X", *p);
	}
}

/* "dir/a.cu" under %SRCROOT%, or a file:// URI outside it. */
static cJSON *artifact_json(struct sarif *s, const char *given)
{
	cJSON *a = cJSON_CreateObject();
	struct strbuf uri = STRBUF_INIT;
	size_t n = strlen(s->srcroot);
	char abs[PATH_MAX];
	const char *path = given[0] == '/' || !realpath(given, abs) ? given : abs;

	if (!strncmp(path, s->srcroot, n)) {
		add_uri_escaped(&uri, path + n);
		cJSON_AddStringToObject(a, "uri", uri.buf);
		cJSON_AddStringToObject(a, "uriBaseId", "%SRCROOT%");
	} else {
		strbuf_adds(&uri, "file://");
		add_uri_escaped(&uri, path);
		cJSON_AddStringToObject(a, "uri", uri.buf);
	}
	strbuf_release(&uri);
	return a;
}

static unsigned utf16_col(struct sarif *s, const char *file, unsigned offset, unsigned col)
{
	size_t len = 0;
	const char *line = cal_source_line(&s->source, file, offset, col, &len);
	return cal_utf16_column(line, len, col);
}

static cJSON *region_json(struct sarif *s, const char *file, unsigned off, unsigned line,
			  unsigned col, unsigned end_off, unsigned end_line, unsigned end_col)
{
	cJSON *r = cJSON_CreateObject();
	unsigned c1 = utf16_col(s, file, off, col), c2 = utf16_col(s, file, end_off, end_col);

	if (end_line < line || (end_line == line && c2 < c1)) {
		end_line = line;
		c2 = c1;
	}
	cJSON_AddNumberToObject(r, "startLine", line);
	cJSON_AddNumberToObject(r, "startColumn", c1);
	cJSON_AddNumberToObject(r, "endLine", end_line);
	cJSON_AddNumberToObject(r, "endColumn", c2);
	return r;
}

static cJSON *location_json(struct sarif *s, const struct cal_range *r)
{
	cJSON *loc = cJSON_CreateObject(), *phys = cJSON_CreateObject();
	cJSON_AddItemToObject(phys, "artifactLocation", artifact_json(s, r->begin.file));
	cJSON_AddItemToObject(phys, "region",
			      region_json(s, r->begin.file, r->begin.offset, r->begin.line,
					  r->begin.column, r->end.offset, r->end.line,
					  r->end.column));
	cJSON_AddItemToObject(loc, "physicalLocation", phys);
	return loc;
}

static cJSON *replacement_json(struct sarif *s, const struct cal_edit *e)
{
	cJSON *r = cJSON_CreateObject(), *ins = cJSON_CreateObject();
	cJSON_AddItemToObject(r, "deletedRegion",
			      region_json(s, e->file, e->offset, e->line, e->column,
					  e->offset + e->length, e->end_line, e->end_column));
	cal_json_add_text(ins, "text", e->replacement);
	cJSON_AddItemToObject(r, "insertedContent", ins);
	return r;
}

/* One artifactChange per file, its replacements in edit order. */
static cJSON *fix_json(struct sarif *s, const struct cal_fix *fix)
{
	cJSON *o = cJSON_CreateObject(), *changes = cJSON_CreateArray();
	size_t i, j;

	cJSON_AddItemToObject(o, "description", message_json(fix->description));
	for (i = 0; i < fix->nr_edits; i++) {
		cJSON *change, *repls;
		for (j = 0; j < i; j++)
			if (!strcmp(fix->edits[j].file, fix->edits[i].file))
				break;
		if (j < i)
			continue;
		change = cJSON_CreateObject();
		repls = cJSON_CreateArray();
		cJSON_AddItemToObject(change, "artifactLocation", artifact_json(s, fix->edits[i].file));
		for (j = i; j < fix->nr_edits; j++)
			if (!strcmp(fix->edits[j].file, fix->edits[i].file))
				cJSON_AddItemToArray(repls, replacement_json(s, &fix->edits[j]));
		cJSON_AddItemToObject(change, "replacements", repls);
		cJSON_AddItemToArray(changes, change);
	}
	cJSON_AddItemToObject(o, "artifactChanges", changes);
	return o;
}

/* One field of the fingerprint, closed by a separator (kept: fingerprints must not change). */
static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
	return cal_fnv1a_add(h, s, n) ^ 0xff;
}

/*
 * A hash of the rule, the file and the finding's line text with its
 * whitespace trimmed, numbered among equal hashes: moving unrelated lines
 * leaves it unchanged, as code-scanning services need.
 */
static char *fingerprint(struct sarif *s, const struct cal_finding *f)
{
	size_t len = 0, seen;
	const char *line = cal_source_line(&s->source, f->range.begin.file, f->range.begin.offset,
					   f->range.begin.column, &len);
	uint64_t h = CAL_FNV1A_SEED;
	char hex[17];

	h = fnv1a(h, f->check, strlen(f->check));
	h = fnv1a(h, f->range.begin.file, strlen(f->range.begin.file));
	while (line && len && isspace((unsigned char)*line)) {
		line++;
		len--;
	}
	while (line && len && isspace((unsigned char)line[len - 1]))
		len--;
	if (line)
		h = fnv1a(h, line, len);
	snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)h);
	seen = (size_t)cal_argv_count(&s->prints, hex);
	cal_argv_push(&s->prints, hex);
	return xasprintf("%s:%zu", hex, seen + 1);
}

static int rule_index(const struct cal_report_ctx *ctx, const char *id)
{
	int i;
	for (i = 0; i < ctx->nr_rules; i++)
		if (!strcmp(ctx->rules[i].id, id))
			return i;
	return -1;
}

static cJSON *result_json(struct sarif *s, const struct cal_finding *f)
{
	cJSON *o = cJSON_CreateObject(), *locs = cJSON_CreateArray();
	cJSON *prints = cJSON_CreateObject();
	int idx = rule_index(s->ctx, f->check);
	char *print = fingerprint(s, f);
	size_t i;

	cJSON_AddStringToObject(o, "ruleId", f->check);
	if (idx >= 0)
		cJSON_AddNumberToObject(o, "ruleIndex", idx);
	cJSON_AddStringToObject(o, "level", level_name(f->severity));
	cJSON_AddItemToObject(o, "message", message_json(f->message));
	cJSON_AddItemToArray(locs, location_json(s, &f->range));
	cJSON_AddItemToObject(o, "locations", locs);
	cJSON_AddStringToObject(prints, "primaryLocationLineHash", print);
	cJSON_AddItemToObject(o, "partialFingerprints", prints);
	free(print);
	if (f->partial_parse) {	/* as JSON's partial_parse: found in a partial parse, no fix */
		cJSON *props = cJSON_CreateObject();
		cJSON_AddTrueToObject(props, "partialParse");
		cJSON_AddItemToObject(o, "properties", props);
	}
	if (f->nr_notes) {
		cJSON *rel = cJSON_CreateArray();
		for (i = 0; i < f->nr_notes; i++) {
			cJSON *loc = location_json(s, &f->notes[i].range);
			cJSON_AddNumberToObject(loc, "id", (double)i + 1);
			cJSON_AddItemToObject(loc, "message", message_json(f->notes[i].message));
			cJSON_AddItemToArray(rel, loc);
		}
		cJSON_AddItemToObject(o, "relatedLocations", rel);
	}
	if (f->nr_fixes) {
		cJSON *fixes = cJSON_CreateArray();
		for (i = 0; i < f->nr_fixes; i++)
			if (!f->fixes[i].not_applied)	/* --fix would refuse it */
				cJSON_AddItemToArray(fixes, fix_json(s, &f->fixes[i]));
		cJSON_AddItemToObject(o, "fixes", fixes);
	}
	return o;
}

/* "volatile-sync" -> "VolatileSync": SARIF wants rule names as identifiers. */
static char *rule_name(const char *id)
{
	struct strbuf sb = STRBUF_INIT;
	int upper = 1;
	for (; *id; id++) {
		if (!isalnum((unsigned char)*id)) {
			upper = 1;
			continue;
		}
		strbuf_addch(&sb, upper ? (char)toupper((unsigned char)*id) : *id);
		upper = 0;
	}
	return strbuf_detach(&sb);
}

/*
 * The rule's help: its docs page, as markdown and as text (GitHub code
 * scanning requires one); a rule without a page gets its summary.
 */
static cJSON *help_json(const struct cal_rule *rule)
{
	cJSON *help = cJSON_CreateObject();
	const char *page = cal_check_help_markdown(rule->id);
	char *text;

	if (!page) {
		cJSON_Delete(help);
		help = message_json(rule->summary);
		cJSON_AddItemToObject(help, "markdown",
				      cJSON_Duplicate(cJSON_GetObjectItem(help, "text"), 1));
		return help;
	}
	text = cal_check_help_text(page);
	cJSON_AddStringToObject(help, "text", text);
	cJSON_AddStringToObject(help, "markdown", page);
	free(text);
	return help;
}

/* "SUMMARY. Severity warning; enabled by default. ..." */
static cJSON *full_description_json(const char *summary, const char *level, int enabled)
{
	size_t n = strlen(summary);
	char *full = xasprintf("%s%s Severity %s; %s by default. The check's page explains the "
			       "rule, gives examples and shows its fix", summary,
			       n && strchr(".!?", summary[n - 1]) ? "" : ".", level,
			       enabled ? "enabled" : "disabled");
	cJSON *o = message_json(full);
	free(full);
	return o;
}

/* A rule's string field (at a path of objects), or NULL. */
static const char *rule_text(const cJSON *r, const char *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj ? cJSON_GetObjectItemCaseSensitive(r, obj)
							      : r, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

void cal_sarif_add_rule_help(cJSON *rules)
{
	cJSON *r;

	cJSON_ArrayForEach(r, rules) {
		struct cal_rule rule = { NULL, NULL, CAL_SEV_NOTE, 1, NULL };
		const char *level = rule_text(r, "defaultConfiguration", "level");
		const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(r, "defaultConfiguration");

		rule.id = rule_text(r, NULL, "id");
		rule.summary = rule_text(r, "shortDescription", "text");
		if (!rule.id || !rule.summary)
			continue;	/* not one of ours */
		rule.enabled = !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(cfg, "enabled"));
		if (!cJSON_GetObjectItemCaseSensitive(r, "fullDescription"))
			cJSON_AddItemToObject(r, "fullDescription",
					      full_description_json(rule.summary,
								    level ? level : "warning",
								    rule.enabled));
		if (!cJSON_GetObjectItemCaseSensitive(r, "help"))
			cJSON_AddItemToObject(r, "help", help_json(&rule));
	}
}

/* Compact: no fullDescription and no help (the page helpUri names), for merge to add. */
static cJSON *rule_json(const struct cal_rule *rule, int compact)
{
	cJSON *o = cJSON_CreateObject(), *cfg = cJSON_CreateObject();
	char *name = rule_name(rule->id), *uri;

	cJSON_AddStringToObject(o, "id", rule->id);
	cJSON_AddStringToObject(o, "name", name);
	cJSON_AddItemToObject(o, "shortDescription", message_json(rule->summary));
	if (!compact)
		cJSON_AddItemToObject(o, "fullDescription",
				      full_description_json(rule->summary, level_name(rule->level),
							    rule->enabled));
	uri = rule->help_uri ? xstrdup(rule->help_uri)
			     : xasprintf("%s%s.md", CUATOMLINT_DOCS_URL, rule->id);
	cJSON_AddStringToObject(o, "helpUri", uri);
	if (!compact)
		cJSON_AddItemToObject(o, "help", help_json(rule));
	cJSON_AddStringToObject(cfg, "level", level_name(rule->level));
	cJSON_AddBoolToObject(cfg, "enabled", rule->enabled);
	cJSON_AddItemToObject(o, "defaultConfiguration", cfg);
	free(name);
	free(uri);
	return o;
}

static cJSON *driver_json(const struct cal_report_ctx *ctx)
{
	cJSON *d = cJSON_CreateObject(), *rules = cJSON_CreateArray();
	int i;

	cJSON_AddStringToObject(d, "name", "cuatomlint");
	/* Azure DevOps' advanced security wants a full name */
	cJSON_AddStringToObject(d, "fullName", "cuatomlint " CUATOMLINT_VERSION);
	cJSON_AddStringToObject(d, "version", CUATOMLINT_VERSION);
	cJSON_AddStringToObject(d, "semanticVersion", CUATOMLINT_VERSION);
	cJSON_AddStringToObject(d, "informationUri", CUATOMLINT_HOME_URL);
	for (i = 0; i < ctx->nr_rules; i++)
		cJSON_AddItemToArray(rules, rule_json(&ctx->rules[i], ctx->compact_rules));
	cJSON_AddItemToObject(d, "rules", rules);
	return d;
}

/* The first of these environment variables that is set and not empty. */
static const char *env_first(const char *a, const char *b)
{
	const char *v = getenv(a);
	if ((!v || !*v) && b)
		v = getenv(b);
	return v && *v ? v : NULL;
}

/* "https://dev.azure.com/org/" -> "org" (the last path segment); caller frees. */
static char *last_segment(const char *uri)
{
	size_t n = strlen(uri);
	const char *end, *start;

	while (n && uri[n - 1] == '/')
		n--;
	end = uri + n;
	for (start = end; start > uri && start[-1] != '/'; start--)
		;
	return xasprintf("%.*s", (int)(end - start), start);
}

/*
 * Inside an Azure DevOps pipeline (TF_BUILD=True), the run is stamped as
 * its advanced security service requires: an id under
 * azuredevops/pipeline/build/ and the build definition and phase; NULL
 * elsewhere, or where the pipeline's variables are incomplete.
 */
static cJSON *azure_automation_json(void)
{
	const char *tf = getenv("TF_BUILD");
	const char *def_id = env_first("SYSTEM_DEFINITIONID", "BUILD_DEFINITIONID");
	const char *def_name = env_first("BUILD_DEFINITIONNAME", NULL);
	const char *phase_id = env_first("SYSTEM_PHASEID", "SYSTEM_JOBID");
	const char *phase_name = env_first("SYSTEM_PHASENAME", "SYSTEM_JOBNAME");
	const char *collection = env_first("SYSTEM_COLLECTIONURI", NULL);
	cJSON *a, *props;
	char *org, *id;

	if (!tf || strcasecmp(tf, "true") || !def_id || !def_name || !phase_id || !phase_name)
		return NULL;
	org = last_segment(collection ? collection : "");
	id = xasprintf("azuredevops/pipeline/build/%s/%s/%s/%s/%s/%s", org,
		       env_first("SYSTEM_TEAMPROJECTID", NULL) ? getenv("SYSTEM_TEAMPROJECTID") : "",
		       def_id, phase_id,
		       env_first("BUILD_SOURCEBRANCH", NULL) ? getenv("BUILD_SOURCEBRANCH") : "",
		       env_first("BUILD_BUILDID", NULL) ? getenv("BUILD_BUILDID") : "");
	a = cJSON_CreateObject();
	props = cJSON_CreateObject();
	cal_json_add_text(a, "id", id);
	/* a string holding the number: what the service parses */
	cal_json_add_text(props, "azuredevops/pipeline/build/buildDefinitionId", def_id);
	cal_json_add_text(props, "azuredevops/pipeline/build/buildDefinitionName", def_name);
	cal_json_add_text(props, "azuredevops/pipeline/build/phaseId", phase_id);
	cal_json_add_text(props, "azuredevops/pipeline/build/phaseName", phase_name);
	cJSON_AddItemToObject(a, "properties", props);
	free(org);
	free(id);
	return a;
}

/*
 * Which analysis this run is, for services that keep several apart
 * (GitHub's category; Azure DevOps requires it): "category/" names the
 * category only, so later runs of the same analysis replace earlier ones.
 */
static cJSON *automation_json(void)
{
	cJSON *a = azure_automation_json();

	if (a)
		return a;
	a = cJSON_CreateObject();
	cJSON_AddStringToObject(a, "id", "cuatomlint/");
	return a;
}

static cJSON *run_json(struct sarif *s, const struct cal_findings *list)
{
	cJSON *run = cJSON_CreateObject(), *tool = cJSON_CreateObject();
	cJSON *results = cJSON_CreateArray(), *inv = cJSON_CreateObject();
	cJSON *invs = cJSON_CreateArray(), *bases = cJSON_CreateObject();
	cJSON *root = cJSON_CreateObject();
	struct strbuf uri = STRBUF_INIT;
	size_t i;

	cJSON_AddItemToObject(tool, "driver", driver_json(s->ctx));
	cJSON_AddItemToObject(run, "tool", tool);
	cJSON_AddItemToObject(run, "automationDetails", automation_json());
	cJSON_AddBoolToObject(inv, "executionSuccessful", s->ctx->exit_code != 2);
	cJSON_AddNumberToObject(inv, "exitCode", s->ctx->exit_code);
	cJSON_AddItemToArray(invs, inv);
	cJSON_AddItemToObject(run, "invocations", invs);
	strbuf_adds(&uri, "file://");
	add_uri_escaped(&uri, s->srcroot);
	cJSON_AddStringToObject(root, "uri", uri.buf);
	cJSON_AddItemToObject(bases, "%SRCROOT%", root);
	cJSON_AddItemToObject(run, "originalUriBaseIds", bases);
	for (i = 0; i < list->nr; i++)
		cJSON_AddItemToArray(results, result_json(s, &list->items[i]));
	cJSON_AddItemToObject(run, "results", results);
	cJSON_AddStringToObject(run, "columnKind", "utf16CodeUnits");
	strbuf_release(&uri);
	return run;
}

int cal_report_sarif(const struct cal_findings *list, const struct cal_report_ctx *ctx)
{
	cJSON *log = cJSON_CreateObject(), *runs = cJSON_CreateArray();
	struct sarif s;
	size_t n = strlen(ctx->srcroot);
	char *text;
	int r;

	memset(&s, 0, sizeof(s));
	s.ctx = ctx;
	strbuf_init(&s.source.text);
	s.srcroot = xasprintf("%s%s", ctx->srcroot, n && ctx->srcroot[n - 1] == '/' ? "" : "/");
	cJSON_AddStringToObject(log, "$schema", SARIF_SCHEMA);
	cJSON_AddStringToObject(log, "version", "2.1.0");
	cJSON_AddItemToArray(runs, run_json(&s, list));
	cJSON_AddItemToObject(log, "runs", runs);
	text = cJSON_Print(log);
	cJSON_Delete(log);
	r = text && fprintf(ctx->out, "%s\n", text) >= 0 ? 0 : -1;
	cJSON_free(text);
	cal_argv_clear(&s.prints);
	free(s.srcroot);
	cal_source_cache_release(&s.source);
	return r;
}
