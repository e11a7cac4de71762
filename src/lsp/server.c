#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cuatomlint/version.h"
#include "lsp/server.h"
#include "report/report_lsp.h"
#include "util/overlay.h"

double cal_lsp_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void cal_lsp_server_init(struct cal_lsp_server *s, const struct cal_options *opts, int out_fd)
{
	memset(s, 0, sizeof(*s));
	s->opts = opts;
	s->out_fd = out_fd;
	s->settings.debounce_ms = 100;
	cal_rpc_reader_init(&s->reader);
}

static void doc_release(struct lsp_doc *d)
{
	if (d->path)
		cal_overlay_set(d->path, NULL, 0);
	free(d->uri);
	free(d->path);
	free(d->text);
	cal_findings_release(&d->findings);
	cal_lsp_sites_release(&d->sites);
}

void cal_lsp_server_release(struct cal_lsp_server *s)
{
	size_t i;

	for (i = 0; i < s->nr_docs; i++)
		doc_release(&s->docs[i]);
	free(s->docs);
	for (i = 0; i < s->nr_waiting; i++)
		cJSON_Delete(s->waiting[i]);
	free(s->waiting);
	cal_lsp_resolve_release(s);
	cal_lsp_headers_release(s);
	free(s->root);
	free(s->includer);
	free(s->includer_of);
	free(s->settings.checks);
	free(s->settings.compdb);
	cal_lsp_worker_stop(s, NULL);
	if (s->env_ready > 0)
		cal_env_release(&s->env);
	cal_rpc_reader_release(&s->reader);
}

void cal_lsp_send(struct cal_lsp_server *s, cJSON *msg)
{
	cJSON_AddStringToObject(msg, "jsonrpc", "2.0");
	cal_rpc_write(s->out_fd, msg);
	cJSON_Delete(msg);
}

static cJSON *notification(const char *method, cJSON *params)
{
	cJSON *m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "method", method);
	cJSON_AddItemToObject(m, "params", params);
	return m;
}

/* window/logMessage (type 1 error, 2 warning, 3 info, 4 log) */
void cal_lsp_log(struct cal_lsp_server *s, int type, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *p = cJSON_CreateObject();
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	cJSON_AddNumberToObject(p, "type", type);
	cJSON_AddStringToObject(p, "message", sb.buf);
	strbuf_release(&sb);
	cal_lsp_send(s, notification("window/logMessage", p));
}

static void respond(struct cal_lsp_server *s, const cJSON *id, cJSON *result)
{
	cJSON *m = cJSON_CreateObject();
	cJSON_AddItemToObject(m, "id", id ? cJSON_Duplicate(id, 0) : cJSON_CreateNull());
	cJSON_AddItemToObject(m, "result", result ? result : cJSON_CreateNull());
	cal_lsp_send(s, m);
}

void cal_lsp_respond_error(struct cal_lsp_server *s, const cJSON *id, int code, const char *what)
{
	cJSON *m = cJSON_CreateObject(), *e = cJSON_CreateObject();
	cJSON_AddItemToObject(m, "id", id ? cJSON_Duplicate(id, 0) : cJSON_CreateNull());
	cJSON_AddNumberToObject(e, "code", code);
	cJSON_AddStringToObject(e, "message", what);
	cJSON_AddItemToObject(m, "error", e);
	cal_lsp_send(s, m);
}

static const char *str_at(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static struct lsp_doc *find_doc(struct cal_lsp_server *s, const char *uri)
{
	size_t i;
	for (i = 0; uri && i < s->nr_docs; i++)
		if (!strcmp(s->docs[i].uri, uri))
			return &s->docs[i];
	return NULL;
}

static const char *doc_uri(const cJSON *params)
{
	return str_at(cJSON_GetObjectItemCaseSensitive(params, "textDocument"), "uri");
}

/* Which documents cuatomlint lints: by suffix, as the command line does. */
static int lintable(const char *path)
{
	static const char *const suffixes[] = { ".cu", ".cuh", ".cl", ".py" };
	size_t i, n = path ? strlen(path) : 0, k;

	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		k = strlen(suffixes[i]);
		if (n > k && !strcmp(path + n - k, suffixes[i]))
			return 1;
	}
	return 0;
}

void cal_lsp_mark_due(struct cal_lsp_server *s, struct lsp_doc *d, double delay)
{
	if (!d->path || !lintable(d->path))
		return;
	d->due = 1;
	d->due_at = cal_lsp_now() + delay;
}

/* Lint everything again, host parses included (a setting or a file on disk changed). */
static void all_due(struct cal_lsp_server *s)
{
	size_t i;
	for (i = 0; i < s->nr_docs; i++) {
		s->docs[i].host_due = 1;
		cal_lsp_mark_due(s, &s->docs[i], 0);
	}
}

void cal_lsp_publish_json(struct cal_lsp_server *s, const char *uri, long version, cJSON *diags)
{
	cJSON *p = cJSON_CreateObject();
	cJSON_AddStringToObject(p, "uri", uri);
	if (version >= 0)
		cJSON_AddNumberToObject(p, "version", (double)version);
	cJSON_AddItemToObject(p, "diagnostics", diags);
	cal_lsp_send(s, notification("textDocument/publishDiagnostics", p));
}

/* The text of a document: kept, and the overlay every read of its file sees. */
static void set_text(struct cal_lsp_server *s, struct lsp_doc *d, const char *text)
{
	free(d->text);
	d->len = strlen(text);
	d->text = xstrndup(text, d->len);
	if (!d->path || !lintable(d->path))
		return;
	if (d->len > CAL_LSP_MAX_DOCUMENT) {
		cal_overlay_set(d->path, NULL, 0);
		cal_lsp_log(s, 2, "cuatomlint: '%s' is too large to lint (%zu bytes, at most %zu)",
			    d->path, d->len, CAL_LSP_MAX_DOCUMENT);
		return;
	}
	cal_overlay_set(d->path, d->text, d->len);
}

/* ---- settings ---- */

static void set_string(char **field, const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (cJSON_IsString(v)) {
		free(*field);
		*field = v->valuestring[0] ? xstrdup(v->valuestring) : NULL;
	}
}

/*
 * {"checks": "-*,volatile-*", "compileCommandsDir": "build",
 *  "cudaArch": "sm_80,sm_90", "debounceMs": 100, "hostParse": "always"},
 * at the top or under "cuatomlint" (VS Code's section).
 */
static void apply_settings(struct cal_lsp_server *s, const cJSON *obj)
{
	const cJSON *inner = cJSON_GetObjectItemCaseSensitive(obj, "cuatomlint");
	const cJSON *v;
	const char *bad;
	int bad_len;

	if (cJSON_IsObject(inner))
		obj = inner;
	if (!cJSON_IsObject(obj))
		return;
	set_string(&s->settings.checks, obj, "checks");
	set_string(&s->settings.compdb, obj, "compileCommandsDir");
	v = cJSON_GetObjectItemCaseSensitive(obj, "cudaArch");
	if (cJSON_IsString(v)) {
		struct cal_target_set t = { .n = 0 };
		if (cal_target_set_add_list(&t, v->valuestring, &bad, &bad_len) < 0)
			cal_lsp_log(s, 1, "cuatomlint: invalid GPU architecture '%.*s' in cudaArch",
				    bad_len, bad);
		else
			s->settings.targets = t;
	}
	v = cJSON_GetObjectItemCaseSensitive(obj, "hostParse");
	if (cJSON_IsString(v) && (!strcmp(v->valuestring, "always") ||
				  !strcmp(v->valuestring, "onSave")))
		s->settings.host_on_save = !strcmp(v->valuestring, "onSave");
	else if (v)
		cal_lsp_log(s, 1, "cuatomlint: hostParse is \"always\" or \"onSave\"");
	v = cJSON_GetObjectItemCaseSensitive(obj, "debounceMs");
	if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 10000)
		s->settings.debounce_ms = (int)v->valuedouble;
}

/* ---- requests ---- */

static void set_root(struct cal_lsp_server *s, const cJSON *params)
{
	const cJSON *folders = cJSON_GetObjectItemCaseSensitive(params, "workspaceFolders");
	const char *uri = str_at(params, "rootUri");
	const char *path = str_at(params, "rootPath");

	if (!uri && cJSON_IsArray(folders))
		uri = str_at(cJSON_GetArrayItem(folders, 0), "uri");
	free(s->root);
	s->root = uri ? cal_lsp_path_from_uri(uri) : path ? xstrdup(path) : NULL;
}

static cJSON *capabilities(int resolve)
{
	cJSON *caps = cJSON_CreateObject(), *sync = cJSON_CreateObject();
	cJSON *save = cJSON_CreateObject(), *actions = cJSON_CreateObject();
	cJSON *kinds = cJSON_CreateArray();

	cJSON_AddBoolToObject(sync, "openClose", 1);
	cJSON_AddNumberToObject(sync, "change", 1);	/* full */
	cJSON_AddBoolToObject(save, "includeText", 0);
	cJSON_AddItemToObject(sync, "save", save);
	cJSON_AddItemToObject(caps, "textDocumentSync", sync);
	cJSON_AddItemToArray(kinds, cJSON_CreateString("quickfix"));
	cJSON_AddItemToObject(actions, "codeActionKinds", kinds);
	if (resolve)	/* the fixes' edits are checked when asked for (on_resolve) */
		cJSON_AddBoolToObject(actions, "resolveProvider", 1);
	cJSON_AddItemToObject(caps, "codeActionProvider", actions);
	return caps;
}

/* capabilities.a.b.c... of the client's initialize, or NULL */
static const cJSON *client_cap(const cJSON *params, const char *const *path)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(params, "capabilities");

	for (; v && *path; path++)
		v = cJSON_GetObjectItemCaseSensitive(v, *path);
	return v;
}

static void read_client_caps(struct cal_lsp_server *s, const cJSON *params)
{
	static const char *const watch[] = { "workspace", "didChangeWatchedFiles",
					     "dynamicRegistration", NULL };
	static const char *const resolve[] = { "textDocument", "codeAction", "resolveSupport",
					       "properties", NULL };
	const cJSON *p;

	s->watch_files = cJSON_IsTrue(client_cap(params, watch));
	cJSON_ArrayForEach(p, client_cap(params, resolve))
		if (cJSON_IsString(p) && !strcmp(p->valuestring, "edit"))
			s->lazy_edits = 1;
}

static void on_initialize(struct cal_lsp_server *s, const cJSON *id, const cJSON *params)
{
	cJSON *result, *info;

	if (s->initialized) {
		cal_lsp_respond_error(s, id, CAL_LSP_INVALID_REQUEST, "initialize was sent twice");
		return;
	}
	s->initialized = 1;
	result = cJSON_CreateObject();
	info = cJSON_CreateObject();
	set_root(s, params);
	read_client_caps(s, params);
	apply_settings(s, cJSON_GetObjectItemCaseSensitive(params, "initializationOptions"));
	cJSON_AddItemToObject(result, "capabilities", capabilities(s->lazy_edits));
	cJSON_AddStringToObject(info, "name", "cuatomlint");
	cJSON_AddStringToObject(info, "version", CUATOMLINT_VERSION);
	cJSON_AddItemToObject(result, "serverInfo", info);
	respond(s, id, result);
}

static int range_lines(const cJSON *range, double *first, double *last)
{
	const cJSON *start = cJSON_GetObjectItemCaseSensitive(range, "start");
	const cJSON *end = cJSON_GetObjectItemCaseSensitive(range, "end");
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(start, "line");
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(end, "line");

	if (!cJSON_IsNumber(a) || !cJSON_IsNumber(b))
		return -1;
	*first = a->valuedouble;
	*last = b->valuedouble;
	return 0;
}

/*
 * What a fix's action carries for codeAction/resolve: the document, the
 * version and the finding it was offered for (its index, check and offset:
 * a finding list of the same version may be a newer lint's).
 */
static cJSON *resolve_data(const struct lsp_doc *d, const struct cal_finding *f, size_t i)
{
	cJSON *data = cJSON_CreateObject();

	cJSON_AddStringToObject(data, "uri", d->uri);
	cJSON_AddNumberToObject(data, "version", (double)d->version);
	cJSON_AddNumberToObject(data, "finding", (double)i);
	cJSON_AddStringToObject(data, "check", f->check);
	cJSON_AddNumberToObject(data, "offset", f->range.begin.offset);
	return data;
}

static int num_at(const cJSON *obj, const char *key, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!cJSON_IsNumber(v) || v->valuedouble < 0)
		return -1;
	*out = v->valuedouble;
	return 0;
}

/* The finding and fix data names, if its document still has them; else NULL. */
static const struct cal_finding *resolve_target(struct cal_lsp_server *s, const cJSON *data,
						struct lsp_doc **doc, size_t *fix)
{
	struct lsp_doc *d = find_doc(s, str_at(data, "uri"));
	const char *check = str_at(data, "check");
	const struct cal_finding *f;
	double version, finding, x, offset;

	if (!d || !check || num_at(data, "version", &version) < 0 ||
	    num_at(data, "finding", &finding) < 0 || num_at(data, "fix", &x) < 0 ||
	    num_at(data, "offset", &offset) < 0 || (double)d->version != version ||
	    d->linted != d->version || d->early || finding >= (double)d->findings.nr)
		return NULL;
	f = &d->findings.items[(size_t)finding];
	if (strcmp(f->check, check) || (double)f->range.begin.offset != offset ||
	    x >= (double)f->nr_fixes || f->fixes[(size_t)x].not_applied)
		return NULL;
	*doc = d;
	*fix = (size_t)x;
	return f;
}

/* The action without its edit, greyed out with why (and the title saying so where given). */
static void withhold(cJSON *action, const char *why, const char *title_note)
{
	cJSON *disabled = cJSON_CreateObject();
	const char *title = str_at(action, "title");

	if (title_note && title) {
		char *t = xasprintf("%s (%s)", title, title_note);
		cJSON_ReplaceItemInObjectCaseSensitive(action, "title", cJSON_CreateString(t));
		free(t);
	}
	cJSON_AddStringToObject(disabled, "reason", why);
	cJSON_AddItemToObject(action, "disabled", disabled);
}

void cal_lsp_resolve_answer(struct cal_lsp_server *s, const cJSON *id, cJSON *action, int verdict)
{
	const struct cal_finding *f;
	struct lsp_doc *d = NULL;
	const char *why = NULL, *note = NULL;
	size_t fix = 0;

	if (!(f = resolve_target(s, cJSON_GetObjectItemCaseSensitive(action, "data"), &d, &fix))) {
		why = "the document changed since this action was offered: ask for the actions again";
	} else if (verdict == 0) {
		cJSON_AddItemToObject(action, "edit", cal_lsp_fix_edit(f, fix));
	} else if (verdict == 1) {
		why = "the fix would add clang errors: the file with the fix applied was parsed "
		      "again (as --fix-dry-run does) and gives errors the file does not";
		note = "withheld: it would add clang errors";
	} else {
		why = "the fix could not be checked: the parse of the file with the fix applied "
		      "failed (see the server's log)";
		note = "withheld: it could not be checked";
	}
	if (why) {
		cJSON *p = cJSON_CreateObject();
		withhold(action, why, note);
		cJSON_AddNumberToObject(p, "type", 2);
		cJSON_AddStringToObject(p, "message", why);
		cal_lsp_send(s, notification("window/showMessage", p));
	}
	respond(s, id, action);
}

/*
 * codeAction/resolve: a fix's edit, given only once the fix is judged as
 * --fix-dry-run judges it (cal_lsp_verify_fix): the rewritten text is
 * parsed again and must give no clang error the text did not have.  The
 * check runs in a child process (resolve.c) while the server goes on; the
 * answer comes when it ends (cal_lsp_resolve_answer).  A fix that would
 * add errors is returned without its edit, disabled, saying why (and a
 * window/showMessage says it too: the user chose it and sees nothing
 * happen).
 */
static void on_resolve(struct cal_lsp_server *s, const cJSON *id, const cJSON *params)
{
	const cJSON *data = cJSON_GetObjectItemCaseSensitive(params, "data");
	const struct cal_finding *f;
	struct lsp_doc *d = NULL;
	cJSON *action;
	size_t fix = 0;

	if (!cJSON_IsObject(params) || !str_at(params, "title")) {
		cal_lsp_respond_error(s, id, CAL_LSP_INVALID_PARAMS, "codeAction/resolve needs a code action");
		return;
	}
	action = cJSON_Duplicate(params, 1);
	if (cJSON_HasObjectItem(action, "edit") || !cJSON_IsObject(data)) {
		respond(s, id, action);		/* nothing to resolve (the NOLINT action) */
		return;
	}
	if (!(f = resolve_target(s, data, &d, &fix)))
		cal_lsp_resolve_answer(s, id, action, -1);	/* stale: refused at once */
	else if (cal_lsp_resolve_start(s, id, action, d, f, fix) < 0)
		/* no child process: checked here, as the loop waits */
		cal_lsp_resolve_answer(s, id, action, cal_lsp_verify_fix(s, d, f, fix));
}

/* The actions of the findings of d on the lines of the request's range. */
static void answer_code_action(struct cal_lsp_server *s, const cJSON *req)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
	const cJSON *params = cJSON_GetObjectItemCaseSensitive(req, "params");
	struct lsp_doc *d = find_doc(s, doc_uri(params));
	cJSON *actions = cJSON_CreateArray();
	double first, last;
	size_t i;

	if (range_lines(cJSON_GetObjectItemCaseSensitive(params, "range"), &first, &last) < 0) {
		cJSON_Delete(actions);
		cal_lsp_respond_error(s, id, CAL_LSP_INVALID_PARAMS, "codeAction needs a range");
		return;
	}
	for (i = 0; d && d->linted == d->version && i < d->findings.nr; i++) {
		const struct cal_finding *f = &d->findings.items[i];
		if (!f->range.begin.file || strcmp(f->range.begin.file, d->path) ||
		    (double)f->range.end.line - 1 < first || (double)f->range.begin.line - 1 > last)
			continue;
		if (s->lazy_edits) {
			cJSON *lazy = resolve_data(d, f, i);
			cal_lsp_code_actions(f, &d->targets, lazy, actions);
			cJSON_Delete(lazy);
		} else {
			cal_lsp_code_actions(f, &d->targets, NULL, actions);
		}
	}
	respond(s, id, actions);
}

static void on_code_action(struct cal_lsp_server *s, const cJSON *msg, const cJSON *params)
{
	struct lsp_doc *d = find_doc(s, doc_uri(params));

	/* its findings are of an older text, or the device parse's only: answer after the lint */
	if (d && (d->due || d->early)) {
		GROW(s->waiting, s->alloc_waiting, s->nr_waiting + 1);
		s->waiting[s->nr_waiting++] = cJSON_Duplicate(msg, 1);
		return;
	}
	answer_code_action(s, msg);
}

/* Answer the waiting requests for uri (all of them: uri NULL). */
static void answer_waiting(struct cal_lsp_server *s, const char *uri)
{
	size_t i = 0;

	while (i < s->nr_waiting) {
		cJSON *req = s->waiting[i];
		const char *u = doc_uri(cJSON_GetObjectItemCaseSensitive(req, "params"));
		if (uri && (!u || strcmp(u, uri))) {
			i++;
			continue;
		}
		s->waiting[i] = s->waiting[--s->nr_waiting];
		answer_code_action(s, req);
		cJSON_Delete(req);
	}
}

static void on_cancel(struct cal_lsp_server *s, const cJSON *params)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(params, "id");
	size_t i;

	for (i = 0; id && i < s->nr_waiting; i++) {
		const cJSON *wid = cJSON_GetObjectItemCaseSensitive(s->waiting[i], "id");
		if (cJSON_Compare(wid, id, 1)) {
			cal_lsp_respond_error(s, wid, CAL_LSP_REQUEST_CANCELLED, "request cancelled");
			cJSON_Delete(s->waiting[i]);
			s->waiting[i] = s->waiting[--s->nr_waiting];
			return;
		}
	}
	if (id)
		cal_lsp_resolve_cancel(s, id);
}

/* ---- document notifications ---- */

static void on_did_open(struct cal_lsp_server *s, const cJSON *params)
{
	const cJSON *td = cJSON_GetObjectItemCaseSensitive(params, "textDocument");
	const cJSON *version = cJSON_GetObjectItemCaseSensitive(td, "version");
	const char *uri = str_at(td, "uri"), *text = str_at(td, "text");
	struct lsp_doc *d;

	if (!uri || !text) {
		cal_lsp_log(s, 1, "cuatomlint: didOpen without a uri or text");
		return;
	}
	if (!(d = find_doc(s, uri))) {
		GROW(s->docs, s->alloc_docs, s->nr_docs + 1);
		d = &s->docs[s->nr_docs++];
		memset(d, 0, sizeof(*d));
		d->uri = xstrdup(uri);
		d->path = cal_lsp_path_from_uri(uri);
		if (d->path)
			path_normalize(d->path);
	}
	d->version = cJSON_IsNumber(version) ? (long)version->valuedouble : 0;
	d->linted = -1;
	d->settled = -1;
	d->early = 0;
	d->host_due = 1;
	set_text(s, d, text);
	cal_lsp_mark_due(s, d, 0);
}

static void on_did_change(struct cal_lsp_server *s, const cJSON *params)
{
	const cJSON *td = cJSON_GetObjectItemCaseSensitive(params, "textDocument");
	const cJSON *version = cJSON_GetObjectItemCaseSensitive(td, "version");
	const cJSON *changes = cJSON_GetObjectItemCaseSensitive(params, "contentChanges");
	struct lsp_doc *d = find_doc(s, str_at(td, "uri"));
	const cJSON *last = cJSON_IsArray(changes) ? cJSON_GetArrayItem(changes,
						     cJSON_GetArraySize(changes) - 1) : NULL;
	const char *text = str_at(last, "text");

	if (!d || !text || cJSON_GetObjectItemCaseSensitive(last, "range")) {
		cal_lsp_log(s, 1, "cuatomlint: didChange of a document not open, or not in full");
		return;
	}
	d->version = cJSON_IsNumber(version) ? (long)version->valuedouble : d->version + 1;
	set_text(s, d, text);
	cal_lsp_mark_due(s, d, s->settings.debounce_ms / 1000.0);
}

static int names_config(const char *uri)
{
	const char *base = uri ? strrchr(uri, '/') : NULL;
	return base && (!strcmp(base, "/.cuatomlint") || !strcmp(base, "/.clang-tidy") ||
			!strcmp(base, "/compile_commands.json") ||
			!strcmp(base, "/compile_flags.txt"));
}

static void on_did_save(struct cal_lsp_server *s, const cJSON *params)
{
	const char *uri = doc_uri(params);
	struct lsp_doc *d = find_doc(s, uri);

	if (names_config(uri)) {
		all_due(s);
	} else if (d) {
		d->host_due = 1;
		cal_lsp_mark_due(s, d, 0);
	}
}

static void on_did_close(struct cal_lsp_server *s, const cJSON *params)
{
	const char *uri = doc_uri(params);
	struct lsp_doc *d = find_doc(s, uri);
	char *closed;

	if (!d)
		return;
	closed = xstrdup(d->uri);
	cal_lsp_worker_stop(s, closed);
	if (d->path)
		cal_lsp_headers_closed(s, d->path);
	doc_release(d);
	*d = s->docs[--s->nr_docs];
	answer_waiting(s, closed);
	cal_lsp_headers_forget(s, closed);
	/* a closed document shows no diagnostics (clangd's habit) */
	cal_lsp_publish_json(s, closed, -1, cJSON_CreateArray());
	free(closed);
}

/* ---- lints, for the loop ---- */

struct lsp_doc *cal_lsp_next_due(struct cal_lsp_server *s, double *wait)
{
	struct lsp_doc *best = NULL;
	size_t i;

	for (i = 0; i < s->nr_docs; i++)
		if (s->docs[i].due && (!best || s->docs[i].due_at < best->due_at))
			best = &s->docs[i];
	if (best)
		*wait = best->due_at - cal_lsp_now();
	return best;
}

/* d's diagnostics: its findings', then those of its #include lines (headers.c). */
static cJSON *doc_diagnostics(const struct lsp_doc *d)
{
	cJSON *diags = cal_lsp_diagnostics(&d->findings, d->path, &d->targets);

	cal_lsp_include_diagnostics(d, diags);
	return diags;
}

void cal_lsp_publish_early(struct cal_lsp_server *s, struct lsp_doc *d, long version)
{
	/*
	 * Not over the whole result of the same version (a save, a setting
	 * changed): the host parse's findings would go and come back.
	 */
	if (d->version != version || d->linted != version || !d->early || d->settled == version)
		return;
	cal_lsp_publish_json(s, d->uri, version, doc_diagnostics(d));
}

void cal_lsp_publish(struct cal_lsp_server *s, struct lsp_doc *d, long version)
{
	if (d->version != version || d->linted != version || d->early)
		return;		/* changed while it was linted: the next lint publishes */
	cal_lsp_publish_json(s, d->uri, version, doc_diagnostics(d));
	d->settled = version;
	cal_lsp_headers_publish(s, d);
	answer_waiting(s, d->uri);
}

/* ---- dispatch ---- */

struct method {
	const char *name;
	void (*notify)(struct cal_lsp_server *s, const cJSON *params);
};

static void on_config(struct cal_lsp_server *s, const cJSON *params)
{
	apply_settings(s, cJSON_GetObjectItemCaseSensitive(params, "settings"));
	cal_lsp_worker_stop(s, NULL);	/* they lint with the settings they were started with */
	all_due(s);
}

/* .cuatomlint, a compile database or a source changed on disk: lint everything again */
static void on_watched(struct cal_lsp_server *s, const cJSON *params)
{
	all_due(s);
}

static void on_nothing(struct cal_lsp_server *s, const cJSON *params)
{
}

/* The id of the server's one request, client/registerCapability. */
#define WATCH_REQUEST_ID "cuatomlint/watch"

/*
 * Ask the client to watch the files that change what a lint sees (the
 * configuration, the compile commands), where it can: editors that send
 * workspace/didChangeWatchedFiles only for what was registered would
 * otherwise not tell the server of a .cuatomlint changed outside them.
 */
static void on_initialized(struct cal_lsp_server *s, const cJSON *params)
{
	static const char *const globs[] = { "**/.cuatomlint", "**/.clang-tidy",
					     "**/compile_commands.json", "**/compile_flags.txt" };
	cJSON *m, *p, *regs, *reg, *opts, *watchers;
	size_t i;

	if (!s->watch_files || s->watching)
		return;
	s->watching = 1;
	watchers = cJSON_CreateArray();
	for (i = 0; i < sizeof(globs) / sizeof(globs[0]); i++) {
		cJSON *w = cJSON_CreateObject();
		cJSON_AddStringToObject(w, "globPattern", globs[i]);
		cJSON_AddItemToArray(watchers, w);
	}
	opts = cJSON_CreateObject();
	cJSON_AddItemToObject(opts, "watchers", watchers);
	reg = cJSON_CreateObject();
	cJSON_AddStringToObject(reg, "id", "cuatomlint-watched-files");
	cJSON_AddStringToObject(reg, "method", "workspace/didChangeWatchedFiles");
	cJSON_AddItemToObject(reg, "registerOptions", opts);
	regs = cJSON_CreateArray();
	cJSON_AddItemToArray(regs, reg);
	p = cJSON_CreateObject();
	cJSON_AddItemToObject(p, "registrations", regs);
	m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "id", WATCH_REQUEST_ID);
	cJSON_AddStringToObject(m, "method", "client/registerCapability");
	cJSON_AddItemToObject(m, "params", p);
	cal_lsp_send(s, m);
}

/*
 * The client's answer to the server's request: nothing to say back (a
 * response is never answered); a refusal is logged, the server goes on
 * without watchers (a save from the editor still lints again).
 */
static void on_response(struct cal_lsp_server *s, const cJSON *msg)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(msg, "id");
	const cJSON *err = cJSON_GetObjectItemCaseSensitive(msg, "error");

	if (err && cJSON_IsString(id) && !strcmp(id->valuestring, WATCH_REQUEST_ID))
		cal_lsp_log(s, 2, "cuatomlint: the client did not register the file watchers: %s",
			    str_at(err, "message") ? str_at(err, "message") : "no reason given");
}

static const struct method notifications[] = {
	{ "initialized", on_initialized },
	{ "textDocument/didOpen", on_did_open },
	{ "textDocument/didChange", on_did_change },
	{ "textDocument/didSave", on_did_save },
	{ "textDocument/didClose", on_did_close },
	{ "workspace/didChangeConfiguration", on_config },
	{ "workspace/didChangeWatchedFiles", on_watched },
	{ "$/cancelRequest", on_cancel },
	{ "$/setTrace", on_nothing },
};

static void on_notification(struct cal_lsp_server *s, const char *method, const cJSON *params)
{
	size_t i;

	if (!strcmp(method, "exit")) {
		s->exited = 1;
		s->exit_code = s->shutdown ? 0 : 1;
		return;
	}
	if (!s->initialized || s->shutdown)
		return;		/* dropped, as the protocol says */
	for (i = 0; i < sizeof(notifications) / sizeof(notifications[0]); i++)
		if (!strcmp(method, notifications[i].name)) {
			notifications[i].notify(s, params);
			return;
		}
	/* unknown notifications, "$/" ones above all, are ignored */
}

static void on_request(struct cal_lsp_server *s, const cJSON *msg, const char *method,
		       const cJSON *id, const cJSON *params)
{
	if (!s->initialized && strcmp(method, "initialize")) {
		cal_lsp_respond_error(s, id, CAL_LSP_NOT_INITIALIZED, "the server is not initialized");
	} else if (s->shutdown) {
		cal_lsp_respond_error(s, id, CAL_LSP_INVALID_REQUEST, "the server is shut down");
	} else if (!strcmp(method, "initialize")) {
		on_initialize(s, id, params);
	} else if (!strcmp(method, "shutdown")) {
		s->shutdown = 1;
		respond(s, id, NULL);
	} else if (!strcmp(method, "textDocument/codeAction")) {
		on_code_action(s, msg, params);
	} else if (!strcmp(method, "codeAction/resolve")) {
		on_resolve(s, id, params);
	} else {
		cal_lsp_respond_error(s, id, CAL_LSP_METHOD_NOT_FOUND, "method not found");
	}
}

static void handle(struct cal_lsp_server *s, const char *body, size_t len)
{
	cJSON *msg = cJSON_ParseWithLength(body, len);
	const cJSON *id, *method;

	if (!msg) {
		cal_lsp_respond_error(s, NULL, CAL_LSP_PARSE_ERROR, "the message is not JSON");
		return;
	}
	id = cJSON_GetObjectItemCaseSensitive(msg, "id");
	method = cJSON_GetObjectItemCaseSensitive(msg, "method");
	if (cJSON_IsObject(msg) && !method && id &&
	    (cJSON_HasObjectItem(msg, "result") || cJSON_HasObjectItem(msg, "error"))) {
		/* a response (its id null where the client could not read the request) */
		on_response(s, msg);
	} else if (!cJSON_IsObject(msg) || (id && !cJSON_IsNumber(id) && !cJSON_IsString(id)) ||
	    (method && !cJSON_IsString(method))) {
		cal_lsp_respond_error(s, NULL, CAL_LSP_INVALID_REQUEST, "not a JSON-RPC message");
	} else if (!method) {
		cal_lsp_respond_error(s, NULL, CAL_LSP_INVALID_REQUEST, "a message without a method");
	} else if (id) {
		on_request(s, msg, method->valuestring, id,
			   cJSON_GetObjectItemCaseSensitive(msg, "params"));
	} else {
		on_notification(s, method->valuestring,
				cJSON_GetObjectItemCaseSensitive(msg, "params"));
	}
	cJSON_Delete(msg);
}

void cal_lsp_server_feed(struct cal_lsp_server *s, const char *data, size_t len)
{
	char *body;
	size_t n;
	enum cal_rpc_event ev;

	if (cal_rpc_feed(&s->reader, data, len) < 0)
		cal_lsp_respond_error(s, NULL, CAL_LSP_INVALID_REQUEST, "input too large: dropped");
	while (!s->exited && (ev = cal_rpc_next(&s->reader, &body, &n)) != CAL_RPC_NEED_MORE) {
		if (ev == CAL_RPC_BAD_HEADER) {
			cal_lsp_respond_error(s, NULL, CAL_LSP_PARSE_ERROR,
				      "a message header without a valid Content-Length");
		} else if (ev == CAL_RPC_TOO_LARGE) {
			cal_lsp_respond_error(s, NULL, CAL_LSP_INVALID_REQUEST,
				      "a message larger than 64 MiB: skipped");
		} else {
			handle(s, body, n);
			free(body);
		}
	}
}
