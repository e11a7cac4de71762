/*
 * cuatomlint: the command-line front end.  Only this file decides the exit
 * status: 0 no findings at or above the fail level, 1 findings, 2 usage or
 * input errors (which win: a run that could not read its input is not
 * clean).
 */
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse/check.h"
#include "driver/check_select.h"
#include "rewrite/apply.h"
#include "rewrite/rewriter.h"
#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"
#include "driver/inputs.h"
#include "driver/host_memory.h"
#include "driver/jobs.h"
#include "driver/launcher.h"
#include "driver/isolate.h"
#include "filter/line_filter.h"
#include "lsp/lsp.h"
#include "driver/cache.h"
#include "driver/compdb_discover.h"
#include "driver/options.h"
#include "parse/parse.h"
#include "report/report.h"
#include "driver/run.h"
#include "driver/scheduler.h"
#include "driver/settle.h"
#include "driver/source_root.h"
#include "filter/suppress.h"
#include "util/diag.h"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_USAGE = 2 };

/* Each check, then its options (set as ID.Name in the config) with their defaults. */
static void list_checks(const int *enabled)
{
	const struct cal_check_option *o;
	int i;
	for (i = 0; i < cal_nr_checks; i++) {
		printf("%-22s %-7s %-3s %s\n", cal_checks[i]->id,
		       cal_severity_name(cal_checks[i]->severity),
		       enabled[i] ? "on" : "off", cal_checks[i]->summary);
		for (o = cal_checks[i]->options; o && o->name; o++)
			printf("%-22s   option %s.%s=%s: %s\n", "", cal_checks[i]->id, o->name,
			       o->default_value, o->help);
	}
}

static void print_version(void)
{
	CXString v = clang_getClangVersion();
	printf("cuatomlint %s\n%s\n", CUATOMLINT_VERSION, clang_getCString(v));
	clang_disposeString(v);
}

static int use_color(const struct cal_options *opts, FILE *out)
{
	if (opts->color == CAL_COLOR_ALWAYS)
		return 1;
	if (opts->color == CAL_COLOR_NEVER)
		return 0;
	return isatty(fileno(out)) && !getenv("NO_COLOR");
}

/* The rules SARIF lists: every check, and clang's own errors. */
static struct cal_rule *make_rules(const int *enabled, int *n)
{
	struct cal_rule *rules = xcalloc((size_t)cal_nr_checks + 2, sizeof(*rules));
	int i;
	for (i = 0; i < cal_nr_checks; i++) {
		rules[i].id = cal_checks[i]->id;
		rules[i].summary = cal_checks[i]->summary;
		rules[i].level = cal_checks[i]->severity;
		rules[i].enabled = enabled[i];
		rules[i].help_uri = cal_check_doc_url(cal_checks[i]);
	}
	rules[i].id = CAL_CHECK_CLANG_ERROR;
	rules[i].summary = "clang could not parse the code as CUDA; checks ran on what it recovered";
	rules[i].level = CAL_SEV_ERROR;
	rules[i].enabled = 1;
	i++;
	rules[i].id = CAL_CHECK_PARTIAL_PARSE;
	rules[i].summary = "a file parsed only partially: findings after its first clang error "
			   "may be missing, and its fixes are withheld";
	rules[i].level = CAL_SEV_WARNING;
	rules[i].enabled = 1;
	*n = i + 1;
	return rules;
}

static int report_sarif(const struct cal_options *opts, const struct cal_findings *list,
			struct cal_report_ctx *ctx, const int *enabled)
{
	char root[PATH_MAX];
	int r, i;

	if (!realpath(opts->srcroot ? opts->srcroot : ".", root)) {
		cal_error("cannot resolve --srcroot '%s'", opts->srcroot);
		return -1;
	}
	ctx->srcroot = root;
	ctx->rules = make_rules(enabled, &ctx->nr_rules);
	ctx->compact_rules = opts->launcher_argv != NULL;	/* merge adds the help */
	r = cal_report_sarif(list, ctx);
	for (i = 0; i < ctx->nr_rules; i++)
		free((void *)ctx->rules[i].help_uri);
	free((void *)ctx->rules);
	return r;
}

/*
 * The launcher's report file is written as the rewriter writes sources
 * (built in memory, then a temporary file renamed over it): a build never
 * sees half of one, and a link planted at its name is replaced, not
 * followed.  A device or pipe there (-o /dev/null) is written as it is.
 */
static int replaces_output(const struct cal_options *opts)
{
	struct stat st;
	return opts->output && opts->launcher_argv &&
	       (lstat(opts->output, &st) < 0 || S_ISREG(st.st_mode) || S_ISLNK(st.st_mode));
}

/* The report in mem (r: how writing it went) to path; frees *buf. */
static int write_replacing(const char *path, FILE *mem, char **buf, size_t *len, int r)
{
	const char *why = NULL;

	if (fclose(mem) != 0)
		r = -1;
	if (r == 0 && cal_write_file_replacing(path, *buf, *len, &why) < 0) {
		cal_error("cannot write '%s': %s", path, why);
		r = -1;
	}
	free(*buf);
	return r;
}

static int report(const struct cal_options *opts, const struct cal_findings *list,
		  const struct cal_target_set *targets, const int *enabled, int status)
{
	struct cal_report_ctx ctx;
	FILE *out = stdout;
	char *mem = NULL;
	size_t mem_len = 0;
	int r, replace = replaces_output(opts);

	if (replace && !(out = open_memstream(&mem, &mem_len))) {
		cal_error("out of memory for the report");
		return -1;
	}
	if (!replace && opts->output && !(out = fopen(opts->output, "w"))) {
		cal_error("cannot write '%s'", opts->output);
		return -1;
	}
	memset(&ctx, 0, sizeof(ctx));
	ctx.out = out;
	ctx.targets = targets;
	ctx.color = opts->format == CAL_FORMAT_TEXT && use_color(opts, out);
	ctx.exit_code = status;
	if (opts->format == CAL_FORMAT_SARIF)
		r = report_sarif(opts, list, &ctx, enabled);
	else if (opts->format == CAL_FORMAT_JSON)
		r = cal_report_json(list, &ctx);
	else
		r = cal_report_text(list, &ctx);
	if (replace)
		return write_replacing(opts->output, out, &mem, &mem_len, r);
	if (out != stdout && fclose(out) != 0)
		r = -1;
	return r;
}

static int matches(const char *regex, const char *path)
{
	regex_t re;
	int r;

	if (!regex || !path || regcomp(&re, regex, REG_EXTENDED | REG_NOSUB))
		return 0;
	r = regexec(&re, path, 0, NULL, 0) == 0;
	regfree(&re);
	return r;
}

/* --exclude-header-filter and --line-filter, clang-tidy's narrowing options */
static void narrow_findings(const struct cal_options *opts, const struct cal_jobs *jobs,
			    struct cal_findings *list)
{
	size_t i, kept = 0;

	for (i = 0; i < list->nr; i++) {
		struct cal_finding *f = &list->items[i];
		const char *file = f->range.begin.file;
		if ((opts->exclude_header_filter && !cal_jobs_has_file(jobs, file) &&
		     matches(opts->exclude_header_filter, file)) ||
		    (opts->line_filter && !cal_line_filter_keeps(opts->line_filter, file,
								 f->range.begin.line))) {
			cal_finding_clear(f);
			continue;
		}
		list->items[kept++] = *f;
	}
	list->nr = kept;
}

/* --warnings-as-errors: clang-tidy's way to fail CI on chosen checks */
static void promote_warnings(const struct cal_options *opts, struct cal_findings *list)
{
	size_t i;

	for (i = 0; opts->warnings_as_errors && i < list->nr; i++)
		if (list->items[i].severity == CAL_SEV_WARNING &&
		    cal_checks_glob_match(opts->warnings_as_errors, list->items[i].check))
			list->items[i].severity = CAL_SEV_ERROR;
}

static int exit_status(const struct cal_options *opts, const struct cal_findings *list)
{
	size_t i;
	for (i = 0; i < list->nr; i++)
		if (list->items[i].severity >= opts->fail_level)
			return EXIT_FINDINGS;
	return EXIT_CLEAN;
}

static int build_jobs(const struct cal_options *opts, const struct cal_env *env,
		      struct cal_inputs *inputs, struct cal_config_cache *configs,
		      struct cal_jobs *jobs)
{
	struct cal_job_defaults d = { opts->clang_args, opts->nr_clang_args, &opts->targets,
				      { cal_env_default_sm(env), 0 }, opts->verbose,
				      opts->checks, opts->excludes, opts->nr_excludes, configs,
				      opts->lint_uncompiled, opts->quiet };
	struct cal_compdb db;
	char *err = NULL;
	int r;

	memset(jobs, 0, sizeof(*jobs));
	if (opts->launcher_argv)
		return cal_launcher_jobs(opts, &d, jobs);
	if (!opts->compdb)
		return cal_jobs_from_inputs(jobs, inputs, &d);
	if (cal_compdb_load(opts->compdb, &db, &err) < 0) {
		cal_error("%s", err);
		free(err);
		cal_compdb_release(&db);
		return -1;
	}
	r = cal_jobs_from_compdb(jobs, &db, inputs, &d);
	/* the jobs own the list now */
	jobs->program_files = db.program_files;
	memset(&db.program_files, 0, sizeof(db.program_files));
	if (r == 0 && !jobs->nr && !db.nr) {
		cal_error("no CUDA translation units in '%s'", db.path);
		r = -1;
	}
	cal_compdb_release(&db);
	return r;
}

/* Parses made and saved: one device parse per group of targets that see the same code. */
static void print_parse_summary(void)
{
	const struct cal_parse_stats *p = &cal_parse_stats;
	fprintf(stderr, "%-24s %8ld\n%-24s %8ld\n%-24s %8ld\n%-24s %8ld\n%-24s %8ld\n",
		"device parses", (long)p->device, "device parses saved", (long)p->saved,
		"host parses", (long)p->host, "host parses skipped", (long)p->host_skipped,
		"targets parsed alone", (long)p->fallback_targets);
	if (p->fallback_files)
		fprintf(stderr, "%-24s %8ld\n", "files parsed per arch", (long)p->fallback_files);
}

/* Findings per check, files, errors and time, on stderr. */
static void print_summary(const struct cal_findings *list, const struct cal_jobs *jobs,
			  int nr_errors, size_t nr_partial, double seconds)
{
	size_t i, count;
	int c;

	fprintf(stderr, "\n%-24s %8s\n", "check", "findings");
	for (c = 0; c < cal_nr_checks; c++) {
		for (i = count = 0; i < list->nr; i++)
			count += !strcmp(list->items[i].check, cal_checks[c]->id);
		if (count)
			fprintf(stderr, "%-24s %8zu\n", cal_checks[c]->id, count);
	}
	for (i = count = 0; i < list->nr; i++)
		count += !strcmp(list->items[i].check, CAL_CHECK_CLANG_ERROR);
	if (count)
		fprintf(stderr, "%-24s %8zu\n", CAL_CHECK_CLANG_ERROR, count);
	fprintf(stderr, "%-24s %8zu\n%-24s %8zu\n", "total findings", list->nr,
		"translation units", jobs->nr);
	/*
	 * Translation units clang reported errors for: checks ran on what it
	 * recovered and no fixes were offered (each has a clang-partial-parse
	 * warning of its own).
	 */
	if (nr_partial)
		fprintf(stderr, "%-24s %8zu\n", "parsed partially, no fix", nr_partial);
	fprintf(stderr, "%-24s %8d\n%-24s %8.2f\n", "input errors", nr_errors,
		"seconds", seconds);
	print_parse_summary();
}

/* cuatomlint merge A.sarif B.sarif... [-o FILE] */
static int merge(const struct cal_options *opts)
{
	FILE *out = stdout;
	int r;

	if (opts->nr_inputs < 2) {
		cal_error("merge needs SARIF files to merge");
		return EXIT_USAGE;
	}
	if (opts->output && !(out = fopen(opts->output, "w"))) {
		cal_error("cannot write '%s'", opts->output);
		return EXIT_USAGE;
	}
	r = cal_sarif_merge(opts->inputs + 1, opts->nr_inputs - 1, out);
	if (out != stdout && fclose(out) != 0)
		r = -1;
	return r < 0 ? EXIT_USAGE : EXIT_CLEAN;
}

/* The fix stage's view of the jobs (borrowed; free the items). */
static struct cal_fix_jobs fix_jobs_of(const struct cal_jobs *jobs)
{
	struct cal_fix_job *items = xcalloc(jobs->nr + 1, sizeof(*items));
	struct cal_fix_jobs fix_jobs = { items, jobs->nr };
	size_t i;

	for (i = 0; i < jobs->nr; i++) {
		const struct cal_job *job = &jobs->items[i];
		items[i] = (struct cal_fix_job){ job->file, job->args, job->targets, job->opencl };
	}
	return fix_jobs;
}

/* The fix stage's re-parses run as the lint parses do: -j, --timeout, memory limit. */
static struct cal_isolate_limits reparse_limits(const struct cal_options *opts)
{
	struct cal_isolate_limits limits = { opts->jobs, opts->timeout, opts->parse_memory_limit };
	return limits;
}

/* --fix, --fix-dry-run, --export-fixes: after the report, on the final findings. */
static int fix(const struct cal_options *opts, const struct cal_env *env,
	       const struct cal_jobs *jobs, const struct cal_findings *list)
{
	struct cal_fix_jobs fix_jobs = fix_jobs_of(jobs);
	struct cal_isolate_limits limits = reparse_limits(opts);
	struct cal_fix_runner runner = cal_isolate_fix_runner(&limits);
	struct cal_fix_request req = { opts->fix, opts->fix_dry_run, opts->export_fixes,
				       opts->verify_nvcc, env, &fix_jobs, stdout, stderr,
				       opts->srcroot, &runner, NULL, 0 };
	int r = 0;

	if (opts->fix || opts->fix_dry_run || opts->export_fixes) {
		fflush(stdout);
		r = cal_fix_run(&req, list);
	}
	free((void *)fix_jobs.items);
	return r;
}

/*
 * Where fixes leave the tool (a diff, YAML, JSON, SARIF), they are the
 * ones --fix writes: withhold those it would roll back.  (--fix itself
 * finds out by writing; the text report needs no second parse.)
 */
static int predict_rollbacks(const struct cal_options *opts, const struct cal_env *env,
			     const struct cal_jobs *jobs, struct cal_findings *list)
{
	struct cal_fix_jobs fix_jobs;
	struct cal_isolate_limits limits = reparse_limits(opts);
	struct cal_fix_runner runner = cal_isolate_fix_runner(&limits);
	struct cal_fix_request req = { 0, 0, NULL, 0, env, &fix_jobs, stdout, stderr,
				       opts->srcroot, &runner, NULL, 0 };
	int failures;

	if (!opts->fix_dry_run && !opts->export_fixes && opts->format == CAL_FORMAT_TEXT)
		return 0;
	fix_jobs = fix_jobs_of(jobs);
	failures = cal_fix_predict(&req, list);
	free((void *)fix_jobs.items);
	return failures ? -1 : 0;
}

static int fix_options_ok(const struct cal_options *opts)
{
	if (opts->fix && opts->fix_dry_run) {
		cal_error("--fix and --fix-dry-run exclude each other");
		return 0;
	}
	if (opts->system_headers && (opts->fix || opts->fix_dry_run || opts->export_fixes)) {
		cal_error("--system-headers reports only: a fix never "
			"edits a system header, so it excludes --fix, --fix-dry-run and --export-fixes");
		return 0;
	}
	if (opts->verify_nvcc && !opts->fix) {
		cal_error("--verify-nvcc needs --fix");
		return 0;
	}
	return 1;
}

/* With -p the inputs select database entries (driver/inputs.h). */
static void collect_inputs(const struct cal_options *opts, struct cal_inputs *in)
{
	cal_inputs_collect(opts->inputs, opts->nr_inputs, opts->compdb ? CAL_INPUTS_SELECT : 0, in);
}

/*
 * Without -p or clang arguments, the build's flags for the first input
 * file: a compile_commands.json above it that lists it, else a
 * compile_flags.txt above it (clang-tidy's habit).  *db and *flags own
 * what opts then points to.
 */
static void discover_flags(struct cal_options *opts, char **db, struct cal_argv *flags)
{
	struct stat st;
	char *found;
	int i;

	if (opts->compdb || opts->clang_args || opts->launcher_argv)
		return;
	for (i = 0; i < opts->nr_inputs; i++)
		if (stat(opts->inputs[i], &st) == 0 && S_ISREG(st.st_mode))
			break;
	if (i == opts->nr_inputs)
		return;
	if ((*db = cal_compdb_discover(opts->inputs[i])) != NULL) {
		opts->compdb = *db;
		found = xstrdup(*db);
	} else if ((found = cal_compile_flags_discover(opts->inputs[i], flags)) != NULL) {
		opts->clang_args = flags->v;
		opts->nr_clang_args = flags->n;
	}
	if (found && opts->verbose)
		fprintf(stderr, "cuatomlint: %s: using '%s'\n", opts->inputs[i], found);
	free(found);
}

/* --config / --config-file: one config for every file (the later option wins over none) */
static int fixed_config(const struct cal_options *opts, struct cal_config_cache *configs)
{
	if (opts->config && opts->config_file) {
		cal_error("--config and --config-file exclude each other");
		return -1;
	}
	if (opts->config || opts->config_file)
		return cal_config_set_fixed(configs, opts->config, opts->config_file);
	return 0;
}

/* --dump-config: the config of the first input (else of the current directory) */
static int dump_config(const struct cal_options *opts)
{
	struct cal_config_cache configs;
	const struct cal_config *cfg;
	int status = EXIT_USAGE;

	memset(&configs, 0, sizeof(configs));
	if (fixed_config(opts, &configs) == 0 &&
	    (cfg = cal_config_for(&configs, opts->nr_inputs ? opts->inputs[0] : ".")) != NULL) {
		cal_config_dump(cfg, opts->checks, &opts->targets, opts->header_filter,
				opts->excludes, opts->nr_excludes, stdout);
		status = EXIT_CLEAN;
	}
	cal_config_cache_release(&configs);
	return status;
}


/* Parse and check every job, in worker processes; returns the wall time. */
static double run_jobs(const struct cal_options *opts, struct cal_env *env,
		       const struct cal_jobs *jobs, const struct cal_source_roots *roots,
		       struct cal_run_result *run)
{
	int i;
	struct cal_run_settings settings;
	struct cal_schedule sched = { 0, 0, NULL, 0, 0, 0 };
	char *host_memory, *host_memory_hip;

	memset(run, 0, sizeof(*run));
	memset(&settings, 0, sizeof(settings));
	settings.env = env;
	settings.verbose = opts->verbose;
	settings.per_arch_parses = opts->per_arch_parses;
	settings.host_parses = opts->host_parses;
	settings.system_headers = opts->system_headers;
	settings.shared_preamble = !opts->no_shared_preamble;
	settings.roots = opts->srcroot ? roots : NULL;
	sched.workers = opts->jobs;
	sched.timeout = opts->timeout;
	sched.memory_limit_mb = opts->parse_memory_limit;
	sched.progress = isatty(STDERR_FILENO) && !opts->verbose && !opts->launcher_argv &&
			 !opts->quiet;
	/* a fix needs the hash of what this run parsed, which the cache does not keep */
	if (!opts->no_cache && !opts->fix && !opts->fix_dry_run && !opts->export_fixes)
		sched.cache = cal_cache_open(opts->cache_dir ? opts->cache_dir : CAL_CACHE_DEFAULT_DIR,
					     env, opts->per_arch_parses | opts->host_parses << 1 |
						     opts->system_headers << 2,
					     opts->verbose);
	/* which clang errors a parse shows first depends on --srcroot */
	for (i = 0; settings.roots && i < roots->nr; i++)
		cal_cache_salt(sched.cache, roots->dirs[i]);
	settings.host_memory = host_memory = cal_jobs_host_memory(jobs, 0);
	settings.host_memory_hip = host_memory_hip = cal_jobs_host_memory(jobs, 1);
	cal_cache_salt(sched.cache, host_memory);
	cal_cache_salt(sched.cache, host_memory_hip);
	cal_schedule_run(&settings, jobs, &sched, run);
	cal_cache_close(sched.cache);
	free(host_memory);
	free(host_memory_hip);
	cal_run_finish(run, &jobs->all);
	return sched.seconds;
}

/* What one lint holds from its inputs to its report. */
struct lint_state {
	struct cal_env env;
	struct cal_inputs inputs;
	struct cal_jobs jobs;
	struct cal_config_cache configs;
	struct cal_source_roots roots;
};

/*
 * The findings after the run: suppressions, config, filters, then the
 * report and the fixes.  Returns the exit status.
 */
static int settle_and_emit(struct cal_options *opts, struct lint_state *l,
			   struct cal_run_result *run, const int *enabled, double seconds)
{
	int status;

	cal_suppress_apply(&run->findings);
	cal_settle_config(&run->findings, &l->jobs, &l->configs, opts->header_filter,
		     opts->launcher_argv ? NULL : &l->roots);
	narrow_findings(opts, &l->jobs, &run->findings);
	promote_warnings(opts, &run->findings);
	status = exit_status(opts, &run->findings);
	if (l->inputs.nr_errors || run->nr_input_errors)
		status = EXIT_USAGE;
	cal_fixes_settle(&run->findings);
	if (predict_rollbacks(opts, &l->env, &l->jobs, &run->findings) < 0)
		status = EXIT_USAGE;
	if (report(opts, &run->findings, &l->jobs.all, enabled, status) < 0)
		status = EXIT_USAGE;
	if (fix(opts, &l->env, &l->jobs, &run->findings) < 0)
		status = EXIT_USAGE;
	if (opts->summary || (isatty(STDERR_FILENO) && !opts->launcher_argv && !opts->quiet))
		print_summary(&run->findings, &l->jobs, l->inputs.nr_errors + run->nr_input_errors,
			      run->nr_partial_tus, seconds);
	return status;
}

/* The jobs of a lint, once its inputs are known; EXIT_USAGE where there are none. */
static int lint_inputs(struct cal_options *opts, const int *enabled, struct lint_state *l)
{
	struct cal_run_result run;
	double seconds;
	int status;

	if (cal_env_setup(&l->env, opts->cuda_path, opts->builtin_cuda) < 0 ||
	    build_jobs(opts, &l->env, &l->inputs, &l->configs, &l->jobs) < 0)
		return EXIT_USAGE;
	if (!l->jobs.nr && !opts->launcher_argv && !l->inputs.nr_errors) {
		cal_error("no input files: every input is excluded");
		return EXIT_USAGE;
	}
	seconds = run_jobs(opts, &l->env, &l->jobs, &l->roots, &run);
	status = settle_and_emit(opts, l, &run, enabled, seconds);
	cal_findings_release(&run.findings);
	return status;
}

static void release_lint(const struct cal_options *opts, struct lint_state *l)
{
	cal_jobs_release(&l->jobs);
	cal_config_cache_release(&l->configs);
	if (opts->keep_env && l->env.dir) {
		/* bench/ reruns the --verbose arguments with clang++ */
		fprintf(stderr, "cuatomlint: kept support files in %s\n", l->env.dir);
		cal_env_keep(&l->env);
	}
	cal_env_release(&l->env);
	cal_inputs_release(&l->inputs);
	cal_source_roots_release(&l->roots);
}

static int lint(struct cal_options *opts, const int *enabled)
{
	struct lint_state l;
	struct cal_argv found_flags = { 0 };
	char *found_db = NULL;
	int status = EXIT_USAGE;

	memset(&l, 0, sizeof(l));
	if (fixed_config(opts, &l.configs) < 0) {
		cal_config_cache_release(&l.configs);
		goto done;
	}
	discover_flags(opts, &found_db, &found_flags);
	if (cal_source_roots_init(&l.roots, opts->srcroot, opts->compdb) < 0) {
		cal_config_cache_release(&l.configs);
		goto done;
	}
	collect_inputs(opts, &l.inputs);
	if (opts->compdb && !opts->srcroot)	/* -p src/: src's headers are the user's */
		cal_source_roots_add(&l.roots, l.inputs.dirs, l.inputs.nr_dirs);
	if ((!l.inputs.nr && !opts->compdb && !opts->launcher_argv) ||
	    (opts->compdb && l.inputs.nr_errors && !l.inputs.nr)) {
		cal_inputs_release(&l.inputs);
		cal_source_roots_release(&l.roots);
		cal_config_cache_release(&l.configs);
		goto done;
	}
	status = lint_inputs(opts, enabled, &l);
	release_lint(opts, &l);
done:
	if (found_db)
		opts->compdb = NULL;
	if (found_flags.v) {
		opts->clang_args = NULL;
		opts->nr_clang_args = 0;
	}
	free(found_db);
	cal_argv_clear(&found_flags);
	return status;
}

int main(int argc, char **argv)
{
	struct cal_options opts;
	int enabled[64];
	int status;


	if (cal_options_parse(argc, argv, &opts) < 0) {
		cal_options_release(&opts);
		return EXIT_USAGE;
	}
	if (cal_checks_select(opts.checks, enabled) < 0) {
		status = EXIT_USAGE;
	} else if (opts.nr_inputs && !strcmp(opts.inputs[0], "merge")) {
		status = merge(&opts);
	} else if (opts.nr_inputs == 1 && !strcmp(opts.inputs[0], "lsp")) {
		status = cal_lsp_main(&opts);
	} else if (opts.launcher_argv) {
		status = cal_launcher_main(&opts, enabled, lint);
	} else if (opts.show_help) {
		cal_options_usage(stdout);
		status = EXIT_CLEAN;
	} else if (opts.show_version) {
		print_version();
		status = EXIT_CLEAN;
	} else if (opts.list_checks) {
		list_checks(enabled);
		status = EXIT_CLEAN;
	} else if (opts.dump_config) {
		status = dump_config(&opts);
	} else if (!fix_options_ok(&opts)) {
		status = EXIT_USAGE;
	} else if (opts.nr_inputs == 0 && !opts.compdb) {
		cal_error("no input files (see --help)");
		status = EXIT_USAGE;
	} else {
		status = lint(&opts, enabled);
	}
	cal_options_release(&opts);
	return status;
}
