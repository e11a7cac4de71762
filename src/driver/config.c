#include "driver/config.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse/check.h"
#include "parse/check_option.h"
#include "driver/check_select.h"
#include "driver/config_yaml.h"
#include "cuatomlint/strbuf.h"
#include "util/diag.h"
#include "util/regex_guard.h"

struct parser {
	const char *path, *text;
	size_t len;
	struct cal_config *cfg;
};

static unsigned line_of(const char *text, size_t len, const char *at)
{
	unsigned line = 1;
	const char *p;
	for (p = text; p < text + len && p < at; p++)
		line += *p == '\n';
	return line;
}

/* The line where "key" (JSON) or key: (YAML) first appears: cJSON keeps no positions. */
static unsigned key_line(const struct parser *p, const char *key)
{
	char *quoted = xasprintf("\"%s\"", key), *plain = xasprintf("%s:", key);
	const char *at = strstr(p->text, quoted);
	if (!at)
		at = strstr(p->text, plain);
	free(quoted);
	free(plain);
	return at ? line_of(p->text, p->len, at) : 1;
}

static int config_error(const struct parser *p, const char *key, const char *fmt, const char *arg)
{
	char *msg = xasprintf(fmt, arg);

	cal_error("%s:%u: %s", p->path, key ? key_line(p, key) : 1, msg);
	free(msg);
	return -1;
}

/* The globs of a clang-tidy "Checks:" that can mean our checks: others name other tools'. */
static char *ours_only(const char *globs)
{
	struct strbuf out = STRBUF_INIT;
	const char *p = globs, *end;
	int i, ours;

	for (; *p; p = *end ? end + 1 : end) {
		char *glob;
		end = p + strcspn(p, ",");
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		glob = xstrndup(p, (size_t)(end - p));
		/* "-other-tool-*" changes nothing; a glob of other tools alone is no error here */
		for (i = 0, ours = *glob == '-'; !ours && i < cal_nr_checks; i++)
			ours = cal_checks_glob_match(glob, cal_checks[i]->id);
		if (ours)
			strbuf_addf(&out, "%s%s", out.len ? "," : "", glob);
		free(glob);
	}
	return strbuf_detach(&out);
}

/* A glob list, one line or several (YAML's block scalars): commas or newlines part globs. */
static char *glob_list(const char *text)
{
	char *globs = xstrdup(text), *c;

	for (c = globs; *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ',';
	return globs;
}

/* clang-tidy also takes Checks as a list of strings */
static char *joined(const cJSON *list)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *e;

	cJSON_ArrayForEach(e, list) {
		if (!cJSON_IsString(e)) {
			strbuf_release(&sb);
			return NULL;
		}
		strbuf_addf(&sb, "%s%s", sb.len ? "," : "", e->valuestring);
	}
	return strbuf_detach(&sb);
}

static int read_globs(struct parser *p, const cJSON *v, char **out)
{
	int enabled[CAL_MAX_CHECKS];
	char *where, *globs, *list = cJSON_IsArray(v) ? joined(v) : NULL;
	int r;

	if (!cJSON_IsString(v) && !list)
		return config_error(p, v->string, "\"%s\" must be a string of globs", v->string);
	globs = glob_list(list ? list : v->valuestring);
	free(list);
	if (!strcmp(v->string, "Checks") || !strcmp(v->string, "WarningsAsErrors")) {
		char *ours = ours_only(globs);
		free(globs);
		globs = ours;
	}
	where = xasprintf("%s:%u", p->path, key_line(p, v->string));
	r = cal_checks_select(NULL, enabled) < 0 ? -1 : cal_checks_apply(globs, enabled, where);
	free(where);
	if (r < 0) {
		free(globs);
		return -1;
	}
	free(*out);
	*out = globs;
	return 0;
}

static int read_checks(struct parser *p, const cJSON *v)
{
	return read_globs(p, v, &p->cfg->checks);
}

static int read_warnings_as_errors(struct parser *p, const cJSON *v)
{
	return read_globs(p, v, &p->cfg->warnings_as_errors);
}

/* A value as the config wrote it: clang-tidy's YAML and JSON write numbers bare. */
static char *option_text(const cJSON *v)
{
	if (cJSON_IsString(v))
		return xstrdup(v->valuestring);
	if (cJSON_IsBool(v))
		return xstrdup(cJSON_IsTrue(v) ? "true" : "false");
	/* whole numbers only, and none too big for a long (1e300 as a long is undefined) */
	if (cJSON_IsNumber(v) && v->valuedouble > -1e15 && v->valuedouble < 1e15 &&
	    v->valuedouble == (double)(long)v->valuedouble)
		return xasprintf("%ld", (long)v->valuedouble);
	return NULL;
}

static void set_option(struct cal_option_settings *s, const char *key, const char *value)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		if (!strcmp(s->items[i].key, key)) {
			free(s->items[i].value);
			s->items[i].value = xstrdup(value);
			return;
		}
	GROW(s->items, s->alloc, s->nr + 1);
	s->items[s->nr].key = xstrdup(key);
	s->items[s->nr++].value = xstrdup(value);
}

static int read_option(struct parser *p, const char *key, const cJSON *value)
{
	const struct cal_check *check;
	const struct cal_check_option *opt = cal_check_option_find(key, &check);
	char *text = option_text(value), *canonical;
	int r = 0;

	if (!check) {
		/* another tool's option, in a config shared with clang-tidy */
	} else if (!opt) {
		r = config_error(p, key, "unknown option '%s' (see --list-checks)", key);
	} else if (!text || cal_check_option_check(opt, text) < 0) {
		fprintf(stderr, "cuatomlint: error: %s:%u: option '%s' must be ", p->path,
			key_line(p, key), key);
		if (opt->type == CAL_OPTION_INT)
			fprintf(stderr, "an integer from %ld to %ld", opt->min, opt->max);
		else
			fputs("a string", stderr);
		if (!text)	/* a list, a map, a fraction: as written, near enough */
			text = cJSON_PrintUnformatted(value);
		fprintf(stderr, ", not '%s'\n", text ? text : "?");
		r = -1;
	} else {
		canonical = xasprintf("%s.%s", check->id, opt->name);
		set_option(&p->cfg->options, canonical, text);
		free(canonical);
	}
	free(text);
	return r;
}

/* {"check.Option": value, ...}, or clang-tidy's list of {key: ..., value: ...} */
static int read_check_options(struct parser *p, const cJSON *v)
{
	const cJSON *e, *key, *value;

	if (!cJSON_IsObject(v) && !cJSON_IsArray(v))
		return config_error(p, v->string, "\"%s\" must map check.Option to a value",
				    v->string);
	cJSON_ArrayForEach(e, v) {
		if (cJSON_IsObject(v)) {
			key = e;
			value = e;
		} else {
			key = cJSON_GetObjectItemCaseSensitive(e, "key");
			value = cJSON_GetObjectItemCaseSensitive(e, "value");
			if (!cJSON_IsString(key) || !value)
				return config_error(p, v->string, "\"%s\" must list "
						    "{key: check.Option, value: ...} pairs", v->string);
		}
		if (read_option(p, cJSON_IsObject(v) ? e->string : key->valuestring, value) < 0)
			return -1;
	}
	return 0;
}

static int read_severities(struct parser *p, const cJSON *v)
{
	const cJSON *e;
	enum cal_severity sev;

	if (!cJSON_IsObject(v))
		return config_error(p, "severities", "\"%s\" must be an object of check: severity",
				    "severities");
	cJSON_ArrayForEach(e, v) {
		if (!cJSON_IsString(e) || cal_severity_parse(e->valuestring, &sev) < 0)
			return config_error(p, e->string,
					    "severity of '%s' must be \"note\", \"warning\" or \"error\"",
					    e->string);
		if (!cal_check_find(e->string) && strncmp(e->string, "clang-diagnostic-", 17))
			return config_error(p, e->string, "unknown check '%s' in \"severities\" "
					    "(see --list-checks)", e->string);
		GROW(p->cfg->severities, p->cfg->alloc_severities, p->cfg->nr_severities + 1);
		p->cfg->severities[p->cfg->nr_severities].check = xstrdup(e->string);
		p->cfg->severities[p->cfg->nr_severities++].severity = sev;
	}
	return 0;
}

static int add_arch(struct parser *p, const char *list)
{
	const char *bad;
	int bad_len;
	if (cal_target_set_add_list(&p->cfg->targets, list, &bad, &bad_len) < 0)
		return config_error(p, "cuda-arch", "invalid GPU architecture in \"cuda-arch\": '%s'",
				    list);
	return 0;
}

static int read_arch(struct parser *p, const cJSON *v)
{
	const cJSON *e;
	if (cJSON_IsString(v))
		return add_arch(p, v->valuestring);
	if (!cJSON_IsArray(v))
		return config_error(p, "cuda-arch", "\"%s\" must be a string or a list of strings",
				    "cuda-arch");
	cJSON_ArrayForEach(e, v)
		if (!cJSON_IsString(e) || add_arch(p, e->valuestring) < 0)
			return cJSON_IsString(e) ? -1 :
				config_error(p, "cuda-arch", "\"%s\" must list strings", "cuda-arch");
	return 0;
}

static int read_scope(struct parser *p, const cJSON *v)
{
	p->cfg->scope_set = 1;
	if (cJSON_IsString(v) && !strcmp(v->valuestring, "device"))
		p->cfg->scope_system = 0;
	else if (cJSON_IsString(v) && !strcmp(v->valuestring, "system"))
		p->cfg->scope_system = 1;
	else
		return config_error(p, "default-scope", "\"%s\" must be \"device\" or \"system\"",
				    "default-scope");
	return 0;
}

static int read_excludes(struct parser *p, const cJSON *v)
{
	const cJSON *e;
	if (!cJSON_IsArray(v))
		return config_error(p, "exclude", "\"%s\" must be a list of globs", "exclude");
	cJSON_ArrayForEach(e, v) {
		if (!cJSON_IsString(e))
			return config_error(p, "exclude", "\"%s\" must be a list of globs", "exclude");
		cal_argv_push(&p->cfg->excludes, e->valuestring);
	}
	return 0;
}

static int read_header_filter(struct parser *p, const cJSON *v)
{
	if (!cJSON_IsString(v) || !cal_regex_ok(v->valuestring))
		return config_error(p, v->string,
				    "\"%s\" must be a POSIX extended regular expression "
				    "(no adjacent repetition operators, of modest size)",
				    v->string);
	free(p->cfg->header_filter);	/* a key given twice: the last one counts */
	p->cfg->header_filter = xstrdup(v->valuestring);
	return 0;
}

static int read_inherit(struct parser *p, const cJSON *v)
{
	if (!cJSON_IsBool(v))
		return config_error(p, v->string, "\"%s\" must be true or false", v->string);
	p->cfg->inherit = cJSON_IsTrue(v);
	return 0;
}

/* clang-tidy keys whose settings cuatomlint takes from its command line only */
static int read_command_line_only(struct parser *p, const cJSON *v)
{
	static const char *const options[][2] = {
		{ "ExcludeHeaderFilterRegex", "--exclude-header-filter" },
		{ "SystemHeaders", "--system-headers" },
		{ "ExtraArgs", "--extra-arg" },
		{ "ExtraArgsBefore", "--extra-arg-before" },
	};
	size_t i;

	for (i = 0; i < sizeof(options) / sizeof(options[0]) - 1; i++)
		if (!strcmp(v->string, options[i][0]))
			break;
	cal_error("%s:%u: clang-tidy's '%s' is not read from a config "
		"file: give %s on the command line", p->path, key_line(p, v->string), v->string,
		options[i][1]);
	return -1;
}

static const struct {
	const char *key;
	int (*read)(struct parser *p, const cJSON *v);
} config_keys[] = {
	{ "checks", read_checks },
	{ "severities", read_severities },
	{ "cuda-arch", read_arch },
	{ "default-scope", read_scope },
	{ "exclude", read_excludes },
	{ "header-filter", read_header_filter },
	{ "inherit-parent", read_inherit },
	{ "check-options", read_check_options },
	{ "warnings-as-errors", read_warnings_as_errors },
	/* clang-tidy's keys, so that a .clang-tidy file can serve as it is */
	{ "Checks", read_checks },
	{ "WarningsAsErrors", read_warnings_as_errors },
	{ "HeaderFilterRegex", read_header_filter },
	{ "CheckOptions", read_check_options },
	{ "InheritParentConfig", read_inherit },
	{ "FormatStyle", NULL },
	{ "User", NULL },
	{ "UseColor", NULL },
	{ "ExcludeHeaderFilterRegex", read_command_line_only },
	{ "SystemHeaders", read_command_line_only },
	{ "ExtraArgs", read_command_line_only },
	{ "ExtraArgsBefore", read_command_line_only },
};

static int read_key(struct parser *p, const cJSON *item)
{
	size_t i;
	for (i = 0; i < sizeof(config_keys) / sizeof(config_keys[0]); i++)
		if (!strcmp(item->string, config_keys[i].key))
			return config_keys[i].read ? config_keys[i].read(p, item) : 0;
	return config_error(p, item->string, "unknown key '%s' (expected checks, severities, "
			    "cuda-arch, default-scope, exclude, header-filter, inherit-parent, "
			    "check-options, warnings-as-errors, or clang-tidy's keys)", item->string);
}

int cal_config_parse(const char *path, const char *text, size_t len, struct cal_config *cfg)
{
	struct parser p = { path, text, len, cfg };
	cJSON *root = cJSON_ParseWithLength(text, len), *item;
	const char *slash = strrchr(path, '/');
	int r = 0;

	memset(cfg, 0, sizeof(*cfg));
	cfg->path = xstrdup(path);
	cfg->dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	if (!root && (root = cal_yaml_to_json(path, text, len)) == NULL)
		return -1;
	if (!cJSON_IsObject(root))
		r = config_error(&p, NULL, "%s", "a config file is a JSON object or a YAML map");
	cJSON_ArrayForEach(item, root)
		if (r == 0 && read_key(&p, item) < 0)
			r = -1;
	cJSON_Delete(root);
	return r;
}

static struct cal_config *cached(struct cal_config_cache *cache, const char *path)
{
	size_t i;
	for (i = 0; i < cache->nr; i++)
		if (!strcmp(cache->items[i]->path, path))
			return cache->items[i];
	return NULL;
}

static const struct cal_config *find_up(struct cal_config_cache *cache, char *dir);

/* The parent's check options where this config sets none of its own. */
static void inherit_options(struct cal_option_settings *own, const struct cal_option_settings *parent)
{
	size_t i, j;

	for (i = 0; i < parent->nr; i++) {
		for (j = 0; j < own->nr && strcmp(own->items[j].key, parent->items[i].key); j++)
			;
		if (j == own->nr)
			set_option(own, parent->items[i].key, parent->items[i].value);
	}
}

/* "inherit-parent": the parent's settings under this config's own. */
static void inherit_from(struct cal_config *cfg, const struct cal_config *parent)
{
	struct cal_severity_override *own = cfg->severities;
	size_t i, nr_own = cfg->nr_severities;
	char *checks;

	cfg->parent = parent;
	if (parent->checks) {
		checks = cfg->checks ? xasprintf("%s,%s", parent->checks, cfg->checks) :
				       xstrdup(parent->checks);
		free(cfg->checks);
		cfg->checks = checks;
	}
	cfg->severities = NULL;
	cfg->nr_severities = cfg->alloc_severities = 0;
	for (i = 0; i < parent->nr_severities + nr_own; i++) {
		const struct cal_severity_override *o =
			i < parent->nr_severities ? &parent->severities[i] :
						    &own[i - parent->nr_severities];
		GROW(cfg->severities, cfg->alloc_severities, cfg->nr_severities + 1);
		cfg->severities[cfg->nr_severities].check = xstrdup(o->check);
		cfg->severities[cfg->nr_severities++].severity = o->severity;
	}
	for (i = 0; i < nr_own; i++)
		free(own[i].check);
	free(own);
	if (!cfg->targets.n)
		cfg->targets = parent->targets;
	if (!cfg->scope_set) {
		cfg->scope_system = parent->scope_system;
		cfg->scope_set = parent->scope_set;
	}
	if (!cfg->header_filter && parent->header_filter)
		cfg->header_filter = xstrdup(parent->header_filter);
	if (parent->warnings_as_errors) {
		char *wae = cfg->warnings_as_errors ?
			xasprintf("%s,%s", parent->warnings_as_errors, cfg->warnings_as_errors) :
			xstrdup(parent->warnings_as_errors);
		free(cfg->warnings_as_errors);
		cfg->warnings_as_errors = wae;
	}
	inherit_options(&cfg->options, &parent->options);
}

/* The config above dir (dir excluded) that cfg extends; -1 if it is broken. */
static int load_parent(struct cal_config_cache *cache, struct cal_config *cfg, const char *dir)
{
	char up[PATH_MAX];
	const struct cal_config *parent;

	if (!cfg->inherit)
		return 0;
	if (dir) {
		const char *slash = strrchr(dir, '/');
		size_t n = slash ? (size_t)(slash - dir) : 0;
		if (!slash || n >= sizeof(up))
			return 0;
		memcpy(up, dir, n);
		up[n] = '\0';
	} else if (!getcwd(up, sizeof(up))) {
		return 0;
	}
	parent = find_up(cache, up);
	if (!parent)
		return -1;
	if (parent->path)
		inherit_from(cfg, parent);
	return 0;
}

static const struct cal_config *load(struct cal_config_cache *cache, const char *path)
{
	struct cal_config *cfg = cached(cache, path);
	struct strbuf text = STRBUF_INIT;
	int r;

	if (cfg)
		return cfg->path ? cfg : NULL;
	cfg = xcalloc(1, sizeof(*cfg));
	if (read_file(path, &text) < 0) {
		cal_error("cannot read '%s': %s", path, strerror(errno));
		r = -1;
	} else {
		r = cal_config_parse(path, text.buf, text.len, cfg);
	}
	strbuf_release(&text);
	GROW(cache->items, cache->alloc, cache->nr + 1);
	cache->items[cache->nr++] = cfg;
	if (r == 0)
		r = load_parent(cache, cfg, cfg->dir);
	if (r < 0) {
		free(cfg->path);
		cfg->path = xstrdup(path);
		return NULL;
	}
	return cfg;
}

/* The nearest config in dir or above it (dir is cut short on the way). */
static const struct cal_config *find_up(struct cal_config_cache *cache, char *dir)
{
	char *slash, *candidate;

	for (;;) {
		candidate = xasprintf("%s/%s", dir, CAL_CONFIG_NAME);
		if (access(candidate, F_OK) == 0) {
			const struct cal_config *cfg = load(cache, candidate);
			free(candidate);
			return cfg;
		}
		free(candidate);
		if ((slash = strrchr(dir, '/')) == NULL)
			return &cache->none;
		*slash = '\0';
	}
}

const struct cal_config *cal_config_for(struct cal_config_cache *cache, const char *file)
{
	char dir[PATH_MAX], *slash;
	struct stat st;

	if (cache->fixed)
		return cache->fixed;
	if (!realpath(file, dir))
		return &cache->none;
	/* a folder (--dump-config's input) is searched from itself */
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		if ((slash = strrchr(dir, '/')) == NULL)
			return &cache->none;
		*slash = '\0';
	}
	return find_up(cache, dir);
}

int cal_config_set_fixed(struct cal_config_cache *cache, const char *text, const char *path)
{
	struct cal_config *cfg;
	char cwd[PATH_MAX], abs[PATH_MAX];

	if (path) {
		if (!realpath(path, abs)) {
			cal_error("cannot read '%s': %s", path,
				strerror(errno));
			return -1;
		}
		cache->fixed = load(cache, abs);
		return cache->fixed ? 0 : -1;
	}
	cfg = xcalloc(1, sizeof(*cfg));
	GROW(cache->items, cache->alloc, cache->nr + 1);
	cache->items[cache->nr++] = cfg;
	if (cal_config_parse("--config", text, strlen(text), cfg) < 0 ||
	    load_parent(cache, cfg, NULL) < 0)
		return -1;
	free(cfg->dir);
	cfg->dir = xstrdup(getcwd(cwd, sizeof(cwd)) ? cwd : ".");
	cache->fixed = cfg;
	return 0;
}

int cal_config_excludes(const struct cal_config *cfg, const char *file)
{
	char abs[PATH_MAX];
	const char *rel;
	size_t n;
	int i;

	if (cfg->parent && cal_config_excludes(cfg->parent, file))
		return 1;
	if (!cfg->excludes.n || !realpath(file, abs))
		return 0;
	n = strlen(cfg->dir);
	rel = !strncmp(abs, cfg->dir, n) && abs[n] == '/' ? abs + n + 1 : abs;
	for (i = 0; i < cfg->excludes.n; i++)
		if (fnmatch(cfg->excludes.v[i], rel, 0) == 0)
			return 1;
	return 0;
}

static void add_string_list(cJSON *root, const char *key, const char *const *v, size_t n,
			    const char **more, int nr_more)
{
	cJSON *list = cJSON_AddArrayToObject(root, key);
	size_t i;
	int j;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(list, cJSON_CreateString(v[i]));
	for (j = 0; j < nr_more; j++)
		cJSON_AddItemToArray(list, cJSON_CreateString(more[j]));
}

static void add_targets(cJSON *root, const struct cal_target_set *set)
{
	cJSON *list = cJSON_AddArrayToObject(root, "cuda-arch");
	char name[32];
	int i;

	for (i = 0; i < set->n; i++)
		cJSON_AddItemToArray(list, cJSON_CreateString(
			cal_target_name(set->t[i], name, (int)sizeof(name))));
}

void cal_config_dump(const struct cal_config *cfg, const char *cli_checks,
		     const struct cal_target_set *cli_targets, const char *cli_header_filter,
		     const char **cli_excludes, int nr_cli_excludes, FILE *out)
{
	cJSON *root = cJSON_CreateObject(), *sev;
	char *checks, *text;
	size_t i;

	checks = cfg->checks && cli_checks ? xasprintf("%s,%s", cfg->checks, cli_checks) :
		 xstrdup(cli_checks ? cli_checks : cfg->checks ? cfg->checks : "");
	if (*checks)
		cJSON_AddStringToObject(root, "checks", checks);
	free(checks);
	if (cfg->nr_severities) {
		sev = cJSON_AddObjectToObject(root, "severities");
		for (i = 0; i < cfg->nr_severities; i++) {
			cJSON_DeleteItemFromObjectCaseSensitive(sev, cfg->severities[i].check);
			cJSON_AddStringToObject(sev, cfg->severities[i].check,
						cal_severity_name(cfg->severities[i].severity));
		}
	}
	if (cli_targets->n || cfg->targets.n)
		add_targets(root, cli_targets->n ? cli_targets : &cfg->targets);
	if (cfg->scope_set)
		cJSON_AddStringToObject(root, "default-scope", cfg->scope_system ? "system" : "device");
	if (cfg->excludes.n || nr_cli_excludes)
		add_string_list(root, "exclude", (const char *const *)cfg->excludes.v,
				(size_t)cfg->excludes.n, cli_excludes, nr_cli_excludes);
	if (cli_header_filter || cfg->header_filter)
		cJSON_AddStringToObject(root, "header-filter",
					cli_header_filter ? cli_header_filter : cfg->header_filter);
	if (cfg->warnings_as_errors)
		cJSON_AddStringToObject(root, "warnings-as-errors", cfg->warnings_as_errors);
	if (cfg->options.nr) {
		cJSON *opts = cJSON_AddObjectToObject(root, "check-options");
		for (i = 0; i < cfg->options.nr; i++)
			cJSON_AddStringToObject(opts, cfg->options.items[i].key,
						cfg->options.items[i].value);
	}
	text = cJSON_Print(root);
	fprintf(out, "%s\n", text);
	cJSON_free(text);
	cJSON_Delete(root);
}

void cal_config_release(struct cal_config *cfg)
{
	size_t i;
	free(cfg->path);
	free(cfg->dir);
	free(cfg->checks);
	for (i = 0; i < cfg->nr_severities; i++)
		free(cfg->severities[i].check);
	free(cfg->severities);
	cal_argv_clear(&cfg->excludes);
	free(cfg->header_filter);
	free(cfg->warnings_as_errors);
	for (i = 0; i < cfg->options.nr; i++) {
		free(cfg->options.items[i].key);
		free(cfg->options.items[i].value);
	}
	free(cfg->options.items);
	memset(cfg, 0, sizeof(*cfg));
}

void cal_config_cache_release(struct cal_config_cache *cache)
{
	size_t i;
	for (i = 0; i < cache->nr; i++) {
		cal_config_release(cache->items[i]);
		free(cache->items[i]);
	}
	free(cache->items);
	memset(cache, 0, sizeof(*cache));
}
