/*
 * One document's lint, as the command line lints one file: its compile
 * command found as clangd finds it (the settings' or --compile-commands-dir's
 * database, else a compile_commands.json above it that lists it, else a
 * compile_flags.txt above it), the same jobs (nvcc's flags translated),
 * the same scheduler (a child process with a time and memory limit: a
 * crash or a hang costs this lint only), then suppressions, the config
 * and the fix settlement the reports see.  Every open document's text
 * reaches libclang as an unsaved file.  A header is judged through a
 * translation unit that includes it, where the database or an open
 * document has one.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/cache.h"
#include "driver/compdb_discover.h"
#include "driver/host_memory.h"
#include "driver/isolate.h"
#include "driver/jobs.h"
#include "driver/run.h"
#include "driver/scheduler.h"
#include "driver/settle.h"
#include "driver/source_root.h"
#include "filter/suppress.h"
#include "lsp/server.h"
#include "parse/ast.h"
#include "rewrite/apply.h"
#include "rewrite/rewriter.h"
#include "util/overlay.h"
#include "util/profile.h"

/* What one lint holds. */
struct lsp_lint {
	struct cal_compdb db;
	int have_db;
	char *db_path;
	struct cal_argv flags;		/* compile_flags.txt's */
	struct cal_inputs inputs;
	struct cal_jobs jobs;
	struct cal_config_cache configs;
	struct cal_source_roots roots;
	struct CXUnsavedFile *unsaved;
	unsigned nr_unsaved;
	const char *doc;		/* the document linted */
	struct lsp_sites sites;		/* where it includes the headers findings lie in */
};

/* Does the text of file name base in one of its #include lines? */
static int includes(const char *file, const char *base)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p, *line;
	size_t n = strlen(base);
	int found = 0;

	if (read_file(file, &sb) < 0)
		goto out;
	for (line = sb.buf; line && !found; line = (p = strchr(line, '\n')) ? p + 1 : NULL) {
		const char *s = line, *end = strchr(line, '\n');
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s != '#' || !(p = strstr(s, "include")) || (end && p > end))
			continue;
		for (p += 7; (p = strstr(p, base)) && (!end || p < end); p += n)
			if ((p[-1] == '"' || p[-1] == '<' || p[-1] == '/') &&
			    (p[n] == '"' || p[n] == '>')) {
				found = 1;
				break;
			}
	}
out:
	strbuf_release(&sb);
	return found;
}

/* A translation unit that includes header: an entry of the database, else an open document. */
static char *includer_of(struct cal_lsp_server *s, struct lsp_lint *l, const char *header)
{
	const char *base = strrchr(header, '/') ? strrchr(header, '/') + 1 : header;
	size_t i;

	for (i = 0; l->have_db && i < l->db.nr; i++)
		if (includes(l->db.items[i].file, base))
			return xstrdup(l->db.items[i].file);
	for (i = 0; i < s->nr_docs; i++)
		if (s->docs[i].path && !cal_lsp_is_header(s->docs[i].path) &&
		    strcmp(s->docs[i].path, header) && includes(s->docs[i].path, base))
			return xstrdup(s->docs[i].path);
	return NULL;
}

/*
 * A worker lints one header again and again: the includer it found is kept
 * (reading every entry of a large database on each keystroke would not be),
 * and looked for again only when it no longer includes the header.
 */
static char *remembered_includer(struct cal_lsp_server *s, struct lsp_lint *l,
				 const char *header)
{
	const char *base = strrchr(header, '/') ? strrchr(header, '/') + 1 : header;

	if (s->includer && s->includer_of && !strcmp(s->includer_of, header) &&
	    includes(s->includer, base))
		return xstrdup(s->includer);
	free(s->includer);
	free(s->includer_of);
	s->includer = includer_of(s, l, header);
	s->includer_of = s->includer ? xstrdup(header) : NULL;
	return s->includer ? xstrdup(s->includer) : NULL;
}

static void find_database(struct cal_lsp_server *s, struct lsp_lint *l, const char *path)
{
	const char *fixed = s->settings.compdb ? s->settings.compdb : s->opts->compdb;
	char *err = NULL;

	l->db_path = fixed ? xstrdup(fixed) : cal_compdb_discover(path);
	if (!l->db_path)
		return;
	if (cal_compdb_load(l->db_path, &l->db, &err) < 0) {
		cal_lsp_log(s, 1, "cuatomlint: %s", err);
		free(err);
		cal_compdb_release(&l->db);
		return;
	}
	l->have_db = 1;
}

/* The job of file: as -p selects it, else with compile_flags.txt's or the command line's arguments. */
static int build_jobs(struct cal_lsp_server *s, struct lsp_lint *l, const char *file)
{
	const struct cal_options *o = s->opts;
	const struct cal_target_set *targets = s->settings.targets.n ? &s->settings.targets
								       : &o->targets;
	struct cal_job_defaults d = { o->clang_args, o->nr_clang_args, targets,
				      { cal_env_default_sm(&s->env), 0 }, 0,
				      s->settings.checks ? s->settings.checks : o->checks,
				      o->excludes, o->nr_excludes, &l->configs, 0, 1 };
	char *found;

	/* the file as named, whether or not it is on disk: its text is the editor's */
	l->inputs.files = xcalloc(2, sizeof(*l->inputs.files));
	l->inputs.walked = xcalloc(2, 1);
	l->inputs.files[0] = xstrdup(file);
	l->inputs.nr = l->inputs.alloc = 1;
	if (l->have_db)
		return cal_jobs_from_compdb(&l->jobs, &l->db, &l->inputs, &d);
	if (!o->clang_args && (found = cal_compile_flags_discover(file, &l->flags)) != NULL) {
		d.clang_args = l->flags.v;
		d.nr_clang_args = l->flags.n;
		free(found);
	}
	return cal_jobs_from_inputs(&l->jobs, &l->inputs, &d);
}

/* Every open document's text, for libclang (cuTile's front end reads the overlays). */
static void collect_unsaved(struct lsp_lint *l)
{
	size_t i, n = cal_overlay_count();

	l->unsaved = xcalloc(n + 1, sizeof(*l->unsaved));
	for (i = 0; i < n; i++) {
		const char *path = cal_overlay_path(i), *text;
		size_t len;
		if (!cal_overlay_get(path, &text, &len))
			continue;
		l->unsaved[l->nr_unsaved].Filename = path;
		l->unsaved[l->nr_unsaved].Contents = text;
		l->unsaved[l->nr_unsaved].Length = (unsigned long)len;
		l->nr_unsaved++;
	}
}

/* The jobs parsed in this process (a worker's), as the scheduler's children parse them. */
static void run_here(const struct cal_run_settings *set, const struct cal_jobs *jobs,
		     struct cal_run_result *result)
{
	struct cal_worker w;
	size_t i, j;

	cal_worker_init(&w, set);
	for (i = 0; i < jobs->nr; i++) {
		cal_worker_run(&w, &jobs->items[i]);
		cal_jobs_remap_archs(jobs, &jobs->items[i], &w.findings, 0);
		for (j = 0; j < w.findings.nr; j++)
			cal_findings_take(&result->findings, &w.findings.items[j]);
		cal_findings_release(&w.findings);
		result->nr_input_errors += w.nr_input_errors;
	}
	cal_worker_release(&w);
}

/* After the parses: the findings as the reports get them (merged, suppressed, settled). */
static void settle(struct cal_lsp_server *s, struct lsp_lint *l, struct cal_run_result *result)
{
	cal_run_finish(result, &l->jobs.all);
	cal_suppress_apply(&result->findings);
	cal_settle_config(&result->findings, &l->jobs, &l->configs, s->opts->header_filter,
			  &l->roots);
	cal_fixes_settle(&result->findings);
}

/* ---- include sites (server.h's lsp_site) ---- */

struct site_scan {
	CXTranslationUnit tu;
	struct lsp_lint *l;
	char **wanted;		/* the headers findings lie in, normalized, without a site yet */
	size_t nr_wanted;
};

static char *normalized(const char *path)
{
	return path_normalize(xstrdup(path));
}

static int same_path(const char *a, const char *b)
{
	char *x = normalized(a);
	int same = !strcmp(x, b);

	free(x);
	return same;
}

static int wanted_index(const struct site_scan *sc, const char *norm)
{
	size_t i;
	for (i = 0; i < sc->nr_wanted; i++)
		if (!strcmp(sc->wanted[i], norm))
			return (int)i;
	return -1;
}

/*
 * The #include directive at offset of the document (its header name): from
 * the line's first character that is not blank to the end of the name ('"'
 * or '>'), else of the line.  text is the parse's own buffer of the
 * document (the editor's unsaved text), which the offsets index: no second
 * read of the file for each site.
 */
static void directive_range(const char *doc, const char *text, size_t len, unsigned offset,
			    unsigned line, struct cal_range *r)
{
	unsigned bol, start, end;

	memset(r, 0, sizeof(*r));
	r->begin = (struct cal_pos){ xstrdup(doc), offset, line, 1 };
	r->end = (struct cal_pos){ xstrdup(doc), offset, line, 1 };
	if (!text || offset >= len)
		return;
	for (bol = offset; bol && text[bol - 1] != '\n'; bol--)
		;
	for (start = bol; start < offset && (text[start] == ' ' || text[start] == '\t');)
		start++;
	end = offset + 1;
	if (text[offset] == '"' || text[offset] == '<') {
		char close = text[offset] == '"' ? '"' : '>';
		while (end < len && text[end] != close && text[end] != '\n')
			end++;
		if (end < len && text[end] == close)
			end++;
	} else {
		while (end < len && text[end] != '\n')
			end++;
	}
	r->begin.offset = start;
	r->begin.column = start - bol + 1;
	r->end.offset = end;
	r->end.column = end - bol + 1;
}

/* clang_getInclusions' visitor: the site of each wanted header, in the document. */
static void visit_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct site_scan *sc = data;
	CXString name;
	char *norm;
	int k;
	unsigned i;

	if (!depth || !sc->nr_wanted)
		return;
	name = clang_getFileName(file);
	norm = clang_getCString(name) ? normalized(clang_getCString(name)) : NULL;
	clang_disposeString(name);
	if (!norm || (k = wanted_index(sc, norm)) < 0 ||
	    clang_Location_isInSystemHeader(clang_getLocationForOffset(sc->tu, file, 0))) {
		free(norm);
		return;
	}
	for (i = depth; i-- > 0;) {	/* the outermost entry in the document */
		CXFile in;
		unsigned line, column, offset;
		CXString in_name;
		const char *text;
		size_t len = 0;
		int here;
		clang_getFileLocation(stack[i], &in, &line, &column, &offset);
		in_name = clang_getFileName(in);
		here = clang_getCString(in_name) && same_path(clang_getCString(in_name), sc->l->doc);
		clang_disposeString(in_name);
		if (!here)
			continue;
		GROW(sc->l->sites.items, sc->l->sites.alloc, sc->l->sites.nr + 1);
		sc->l->sites.items[sc->l->sites.nr].header = xstrdup(sc->wanted[k]);
		text = cal_file_contents(sc->tu, in, &len);
		directive_range(sc->l->doc, text, len, offset, line,
				&sc->l->sites.items[sc->l->sites.nr].range);
		sc->l->sites.nr++;
		free(sc->wanted[k]);
		sc->wanted[k] = sc->wanted[--sc->nr_wanted];
		break;
	}
	free(norm);
}

/*
 * run.h's after_walk: where the findings so far lie in headers that have
 * no site yet, read the TU's inclusions for the #include lines of the
 * document that lead to them.  Nothing to read (the common case) costs
 * nothing: clang_getInclusions visits every file of the TU.
 */
static void after_walk(void *ctx, CXTranslationUnit tu, const struct cal_findings *so_far)
{
	struct site_scan sc = { tu, ctx, NULL, 0 };
	size_t i, j, alloc = 0;

	for (i = 0; i < so_far->nr; i++) {
		const char *file = so_far->items[i].range.begin.file;
		char *norm;
		int known = 0;
		if (!file || !cal_lsp_is_header(file) || !strcmp(file, sc.l->doc))
			continue;
		norm = normalized(file);
		for (j = 0; j < sc.l->sites.nr && !known; j++)
			known = !strcmp(sc.l->sites.items[j].header, norm);
		if (known || wanted_index(&sc, norm) >= 0 || !strcmp(norm, sc.l->doc)) {
			free(norm);
			continue;
		}
		GROW(sc.wanted, alloc, sc.nr_wanted + 1);
		sc.wanted[sc.nr_wanted++] = norm;
	}
	if (sc.nr_wanted)
		clang_getInclusions(tu, visit_inclusion, &sc);
	for (i = 0; i < sc.nr_wanted; i++)
		free(sc.wanted[i]);
	free(sc.wanted);
}

struct host_gate {
	struct cal_lsp_server *s;
	struct lsp_lint *l;
	int sent;		/* the early result went (once a lint: a file may have several jobs) */
	int stopped;		/* the server said stop: the lint's result is not wanted */
};

/*
 * Before a host parse (run.h's before_host), in a worker: the findings of
 * the device parse, settled as the whole lint's will be, go to the server
 * first.  They are a subset of the final result's: the host parse's
 * findings only join them (a finding both parses make is one, its targets
 * the union; a host finding on the same line of the same check becomes a
 * note of the first), and the one finding that names every parse, the
 * partial-parse warning, is made after the last parse, so it is in the
 * final result only.
 */
static enum cal_before_host before_host(void *ctx, const struct cal_job *job,
					const struct cal_findings *so_far)
{
	struct host_gate *g = ctx;
	struct cal_run_result early;
	struct strbuf copy = STRBUF_INIT;
	enum cal_before_host next;

	if (!g->s->make_host)
		return CAL_HOST_SKIP;
	if (!g->s->device_first || g->sent)
		return g->stopped ? CAL_HOST_STOP : CAL_HOST_MAKE;
	g->sent = 1;
	memset(&early, 0, sizeof(early));
	cal_findings_serialize(so_far, &copy);	/* a deep copy: the run keeps its own */
	if (cal_findings_deserialize(copy.buf, copy.len, &early.findings) < 0) {
		strbuf_release(&copy);
		return CAL_HOST_MAKE;
	}
	strbuf_release(&copy);
	cal_jobs_remap_archs(&g->l->jobs, job, &early.findings, 0);
	settle(g->s, g->l, &early);
	next = cal_lsp_worker_send_early(g->s, &early.findings, &g->l->jobs.all, &g->l->sites);
	cal_findings_release(&early.findings);
	g->stopped = next == CAL_HOST_STOP;
	return next;
}

/* Parse and check the jobs in a child process; the findings as the reports get them. */
static void run(struct cal_lsp_server *s, struct lsp_lint *l, struct cal_findings *out)
{
	const struct cal_options *o = s->opts;
	struct cal_run_settings set;
	struct cal_schedule sched = { 1, 0, NULL, 0, o->timeout, o->parse_memory_limit };
	struct cal_run_result result;
	struct cal_profile_mark m;
	struct host_gate gate = { s, l, 0, 0 };
	long hosts = atomic_load(&cal_parse_stats.host);
	char *host_memory = cal_jobs_host_memory(&l->jobs, 0);
	char *host_memory_hip = cal_jobs_host_memory(&l->jobs, 1);

	memset(&set, 0, sizeof(set));
	memset(&result, 0, sizeof(result));
	set.env = &s->env;
	set.per_arch_parses = o->per_arch_parses;
	set.host_parses = o->host_parses;
	set.host_memory = host_memory;
	set.host_memory_hip = host_memory_hip;
	set.unsaved = l->unsaved;
	set.nr_unsaved = l->nr_unsaved;
	set.keep = s->keep;
	if (s->keep) {	/* a worker: this process is the isolation, its TUs are kept */
		set.before_host = before_host;
		set.before_host_ctx = &gate;
		set.early_before_replay = s->expect_host;
		set.no_host_parse = !s->make_host;
		set.after_walk = after_walk;
		set.after_walk_ctx = l;
		run_here(&set, &l->jobs, &result);
		/* the next lint of this document likely makes a host parse if this one did */
		if (!gate.stopped && s->make_host)
			s->expect_host = atomic_load(&cal_parse_stats.host) > hosts;
	} else {
		cal_schedule_run(&set, &l->jobs, &sched, &result);
	}
	free(host_memory);
	free(host_memory_hip);
	cal_profile_start(&m);
	settle(s, l, &result);
	cal_profile_lap(&m, "merge, suppress, settle");
	if (result.nr_input_errors)
		cal_lsp_log(s, 1, "cuatomlint: the lint of '%s' failed (see the server's stderr)",
			    l->jobs.nr ? l->jobs.items[0].file : "?");
	*out = result.findings;
}

static void lint_release(struct lsp_lint *l)
{
	cal_jobs_release(&l->jobs);
	cal_config_cache_release(&l->configs);
	cal_inputs_release(&l->inputs);
	cal_source_roots_release(&l->roots);
	if (l->have_db)
		cal_compdb_release(&l->db);
	free(l->db_path);
	cal_argv_clear(&l->flags);
	free(l->unsaved);
	cal_lsp_sites_release(&l->sites);
}

int cal_lsp_env_ready(struct cal_lsp_server *s)
{
	if (!s->env_ready)
		s->env_ready = cal_env_setup(&s->env, s->opts->cuda_path,
					     s->opts->builtin_cuda) < 0 ? -1 : 1;
	return s->env_ready > 0;
}

/*
 * What a lint of d parses: its database, its jobs (a header's through the
 * translation unit that includes it, *file), the open documents' texts.
 */
static int prepare(struct cal_lsp_server *s, struct lsp_doc *d, struct lsp_lint *l,
		   char **file, int remember)
{
	if ((s->opts->config || s->opts->config_file) &&
	    cal_config_set_fixed(&l->configs, s->opts->config, s->opts->config_file) < 0)
		return -1;
	find_database(s, l, d->path);
	if (cal_lsp_is_header(d->path))
		*file = remember ? remembered_includer(s, l, d->path)
				 : includer_of(s, l, d->path);
	if (cal_source_roots_init(&l->roots, s->opts->srcroot ? s->opts->srcroot : s->root,
				  l->db_path) < 0 ||
	    build_jobs(s, l, *file ? *file : d->path) < 0 || !l->jobs.nr) {
		cal_lsp_log(s, 1, "cuatomlint: cannot lint '%s' (see the server's stderr)", d->path);
		return -1;
	}
	collect_unsaved(l);
	return 0;
}

void cal_lsp_lint(struct cal_lsp_server *s, struct lsp_doc *d)
{
	struct lsp_lint l;
	struct cal_findings found = { 0 };
	char *file = NULL;
	double start = cal_lsp_now();
	struct cal_profile_mark m;

	memset(&l, 0, sizeof(l));
	l.doc = d->path;
	d->due = 0;
	cal_findings_release(&d->findings);
	cal_lsp_sites_release(&d->sites);
	d->linted = d->version;
	memset(&d->targets, 0, sizeof(d->targets));
	if (d->len > CAL_LSP_MAX_DOCUMENT || !cal_lsp_env_ready(s))
		return;
	cal_profile_start(&m);
	if (prepare(s, d, &l, &file, 1) < 0)
		goto out;
	cal_profile_lap(&m, "database, jobs");
	run(s, &l, &found);
	d->findings = found;
	d->targets = l.jobs.all;
	d->sites = l.sites;
	memset(&l.sites, 0, sizeof(l.sites));
	cal_lsp_log(s, 4, "cuatomlint: linted '%s' version %ld%s%s in %.0f ms: %zu findings",
		    d->path, d->version, file ? " through " : "", file ? file : "",
		    (cal_lsp_now() - start) * 1000, found.nr);
out:
	free(file);
	lint_release(&l);
	cal_profile_say("lint");
}

/* f with its fix-th fix alone (its alternatives would conflict with it), into one. */
static void one_fix(const struct cal_finding *f, size_t fix, struct cal_findings *one)
{
	const struct cal_fix *src = &f->fixes[fix];
	struct cal_finding g;
	struct cal_fix *nf;
	size_t i;

	memset(&g, 0, sizeof(g));
	g.check = f->check;
	g.severity = f->severity;
	cal_range_copy(&g.range, &f->range);
	g.message = xstrdup(f->message ? f->message : "");
	g.archs = f->archs;
	nf = cal_finding_add_fix(&g, src->description);
	for (i = 0; i < src->nr_edits; i++)
		cal_fix_add_edit(nf, &src->edits[i]);
	cal_findings_take(one, &g);
}

int cal_lsp_verify_fix(struct cal_lsp_server *s, struct lsp_doc *d, const struct cal_finding *f,
		       size_t fix)
{
	const struct cal_options *o = s->opts;
	struct cal_isolate_limits limits = { 1, o->timeout, o->parse_memory_limit };
	struct cal_fix_runner runner = cal_isolate_fix_runner(&limits);
	struct cal_findings one = { 0 };
	struct cal_fix_job *items = NULL;
	struct cal_fix_jobs fix_jobs = { NULL, 0 };
	struct lsp_lint l;
	char *file = NULL;
	size_t i;
	int r = -1;

	memset(&l, 0, sizeof(l));
	if (!cal_lsp_env_ready(s) || prepare(s, d, &l, &file, 0) < 0)
		goto out;
	items = xcalloc(l.jobs.nr + 1, sizeof(*items));
	for (i = 0; i < l.jobs.nr; i++)
		items[i] = (struct cal_fix_job){ l.jobs.items[i].file, l.jobs.items[i].args,
						 l.jobs.items[i].targets, l.jobs.items[i].opencl };
	fix_jobs.items = items;
	fix_jobs.nr = l.jobs.nr;
	one_fix(f, fix, &one);
	{
		struct cal_fix_request req = { 0, 0, NULL, 0, &s->env, &fix_jobs, stderr, stderr,
					       NULL, &runner, l.unsaved, l.nr_unsaved };
		if (cal_fix_predict(&req, &one) == 0)
			r = one.items[0].fixes[0].not_applied ? 1 : 0;
	}
out:
	cal_findings_release(&one);
	free(items);
	free(file);
	lint_release(&l);
	return r;
}
