#include "driver/scheduler.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "cuatomlint/strbuf.h"
#include "driver/isolate.h"
#include "util/diag.h"

struct shared {
	const struct cal_run_settings *settings;
	const struct cal_jobs *jobs;
	const struct cal_schedule *sched;
	struct cal_isolate_limits limits;	/* sched's */
	struct cal_findings *results;	/* one list per job */
	int *input_errors;		/* per job */
	size_t done;
	struct cal_cache *cache;
	struct cal_deps *included;	/* non-NULL: gather the .cuh files jobs include */
	double start;
	struct cal_worker *inline_worker;	/* for jobs no child could be forked for */
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void print_progress(struct shared *s)
{
	double spent = now() - s->start;
	double rate = spent > 0 ? (double)s->done / spent : 0;
	double left = rate > 0 ? (double)(s->jobs->nr - s->done) / rate : 0;
	fprintf(stderr, "\r[%zu/%zu] %.1f files/s, %.0f s left ", s->done, s->jobs->nr,
		rate, left);
	if (s->done == s->jobs->nr)
		fputc('\n', stderr);
	fflush(stderr);
}

static void job_done(struct shared *s)
{
	s->done++;
	if (s->sched->progress)
		print_progress(s);
}

/* Headers (.cuh) a job included, by real path, into the run's set. */
static void add_included_headers(struct shared *s, const struct cal_deps *deps)
{
	char real[PATH_MAX];
	size_t i;

	for (i = 0; i < deps->alloc; i++) {
		const char *p = deps->paths[i];
		size_t n = p ? strlen(p) : 0;
		if (n < 4 || strcmp(p + n - 4, ".cuh") || !realpath(p, real))
			continue;
		cal_deps_add(s->included, real);
	}
}

/* A job's result, in the parent: to the cache, the headers set, the run's lists. */
static void take_result(struct shared *s, size_t i, struct cal_findings *findings,
			int input_errors, struct cal_deps *deps, const char *key)
{
	const struct cal_job *job = &s->jobs->items[i];

	if (s->cache && key && !input_errors)
		cal_cache_store(s->cache, key, job->file, deps, findings);
	if (s->included)
		add_included_headers(s, deps);
	cal_jobs_remap_archs(s->jobs, job, findings, 0);
	s->results[i] = *findings;
	s->input_errors[i] = input_errors;
	memset(findings, 0, sizeof(*findings));
}

/* ---- the child ---- */

/*
 * The child's parse counters (--summary) travel with its result: the
 * parent adds them to its own.
 */
static atomic_long *parse_stat(int i)
{
	struct cal_parse_stats *st = &cal_parse_stats;
	atomic_long *fields[] = { &st->device, &st->host, &st->host_skipped, &st->saved,
				  &st->fallback_targets, &st->fallback_files };
	return fields[i];
}
#define NR_PARSE_STATS 6

static void put_stats(struct strbuf *out)
{
	int i;

	for (i = 0; i < NR_PARSE_STATS; i++)
		strbuf_addf(out, " %ld", atomic_load(parse_stat(i)));
}

static void reset_stats(void)
{
	int i;

	for (i = 0; i < NR_PARSE_STATS; i++)
		atomic_store(parse_stat(i), 0);
}

/*
 * "cuatomlint-job ERRORS NDEPS STATS...\n", NDEPS "LEN:PATH\n", then the
 * findings.
 */
static void put_result(struct strbuf *out, const struct cal_worker *worker,
		       const struct cal_deps *deps)
{
	size_t i;

	strbuf_addf(out, "cuatomlint-job %d %zu", worker->nr_input_errors, deps->nr);
	put_stats(out);
	strbuf_addch(out, '\n');
	for (i = 0; i < deps->alloc; i++)
		if (deps->paths[i])
			strbuf_addf(out, "%zu:%s\n", strlen(deps->paths[i]), deps->paths[i]);
	cal_findings_serialize(&worker->findings, out);
}

/* A test hook: CUATOMLINT_FAULT=parse-abort aborts the parse of files named fault-*. */
static void fault_hook(const char *file)
{
	const char *v = getenv("CUATOMLINT_FAULT"), *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	if (v && !strcmp(v, "parse-abort") && !strncmp(base, "fault-", 6))
		abort();
}

/* In the child: parse and walk job i; its result into out. */
static void job_run(size_t i, struct strbuf *out, void *arg)
{
	const struct shared *s = arg;
	const struct cal_job *job = &s->jobs->items[i];
	struct cal_worker worker;
	struct cal_deps deps = { NULL, 0, 0 };

	reset_stats();
	cal_worker_init(&worker, s->settings);
	worker.deps = (s->cache || s->included) ? &deps : NULL;
	fault_hook(job->file);
	cal_worker_run(&worker, job);
	put_result(out, &worker, &deps);
}

/* ---- the parent ---- */

static size_t get_count(const char **p, const char *end)
{
	size_t n = 0;
	while (*p < end && **p >= '0' && **p <= '9' && n < ((size_t)1 << 40))
		n = n * 10 + (size_t)(*(*p)++ - '0');
	return n;
}

/* Read put_stats()'s numbers and add them to the parent's counters. */
static int get_stats(const char **p, const char *end)
{
	long v[NR_PARSE_STATS];
	int i;

	for (i = 0; i < NR_PARSE_STATS; i++) {
		if (*p >= end || *(*p)++ != ' ')
			return -1;
		v[i] = (long)get_count(p, end);
	}
	for (i = 0; i < NR_PARSE_STATS; i++)
		atomic_fetch_add(parse_stat(i), v[i]);
	return 0;
}

/* Read back put_result(); 0, or -1 if the text is not whole. */
static int get_result(const struct strbuf *in, int *errors, struct cal_deps *deps,
		      struct cal_findings *out)
{
	static const char magic[] = "cuatomlint-job ";
	const char *p = in->buf, *end = in->buf + in->len;
	size_t nr, len;

	if (in->len < sizeof(magic) || memcmp(p, magic, sizeof(magic) - 1))
		return -1;
	p += sizeof(magic) - 1;
	*errors = (int)get_count(&p, end);
	if (p >= end || *p++ != ' ')
		return -1;
	nr = get_count(&p, end);
	if (get_stats(&p, end) < 0)
		return -1;
	for (; nr && p < end && *p++ == '\n'; nr--) {
		char *path;
		len = get_count(&p, end);
		if (p >= end || *p++ != ':' || (size_t)(end - p) < len)
			return -1;
		path = xstrndup(p, len);
		cal_deps_add(deps, path);
		free(path);
		p += len;
	}
	if (nr || p >= end || *p++ != '\n')
		return -1;
	return cal_findings_deserialize(p, (size_t)(end - p), out);
}

/* One line: why job i's child gave no result. */
static void report_lost(const struct shared *s, size_t i, const struct cal_isolate_end *end)
{
	const char *file = s->jobs->items[i].file;
	int limit = s->sched->memory_limit_mb;
	char *why;

	if (end->timed_out)
		cal_error("cannot lint '%s': its parses took longer than "
			"%d s (--timeout)", file, s->sched->timeout);
	else if (end->unreadable)
		cal_error("cannot lint '%s': its findings could not be "
			"read back (more than %zu MiB)", file, STRBUF_MAX_LEN >> 20);
	else if (WIFSIGNALED(end->status) && end->out_of_memory && limit > 0)
		cal_error("cannot lint '%s': its parses reached the "
			"memory limit of %d MB (--parse-memory-limit)", file, limit);
	else if (WIFSIGNALED(end->status)) {
		why = cal_isolate_why(end, &s->limits);	/* "crashed (signal N, name)" */
		cal_error("cannot lint '%s': libclang %s", file, why);
		free(why);
	} else
		cal_error("cannot lint '%s': its parse process "
			"failed (exit status %d)", file,
			WIFEXITED(end->status) ? WEXITSTATUS(end->status) : -1);
}

/* In the parent: what job i's child sent, or why it sent nothing. */
static void job_end(size_t i, const struct strbuf *out, const struct cal_isolate_end *end,
		    void *arg)
{
	struct shared *s = arg;
	struct cal_findings findings = { 0 };
	struct cal_deps deps = { NULL, 0, 0 };
	char key[CAL_CACHE_KEY_LEN + 1];
	int errors = 0;

	if (end->lost || get_result(out, &errors, &deps, &findings) < 0) {
		cal_findings_release(&findings);
		report_lost(s, i, end);
		errors = 1;
	} else if (errors && end->out_of_memory && s->sched->memory_limit_mb > 0) {
		cal_note("the parses of '%s' reached the memory "
			"limit of %d MB (--parse-memory-limit)",
			s->jobs->items[i].file, s->sched->memory_limit_mb);
	}
	if (s->cache)
		cal_cache_key(s->cache, &s->jobs->items[i], key);
	take_result(s, i, &findings, errors, &deps, s->cache ? key : NULL);
	cal_deps_release(&deps);
	job_done(s);
}

/* 1 if the cache answered job i. */
static int from_cache(size_t i, void *arg)
{
	struct shared *s = arg;
	const struct cal_job *job = &s->jobs->items[i];
	struct cal_findings findings = { 0 };
	struct cal_deps deps = { NULL, 0, 0 };
	char key[CAL_CACHE_KEY_LEN + 1];

	if (!s->cache)
		return 0;
	cal_cache_key(s->cache, job, key);
	if (!cal_cache_lookup(s->cache, key, job->file, &findings, &deps)) {
		cal_deps_release(&deps);
		return 0;
	}
	take_result(s, i, &findings, 0, &deps, NULL);
	cal_deps_release(&deps);
	job_done(s);
	return 1;
}

/* No child to be had: the job runs here, without isolation. */
static void run_inline(size_t i, void *arg)
{
	struct shared *s = arg;
	struct cal_deps deps = { NULL, 0, 0 };
	char key[CAL_CACHE_KEY_LEN + 1];

	if (!s->inline_worker) {
		s->inline_worker = xcalloc(1, sizeof(*s->inline_worker));
		cal_worker_init(s->inline_worker, s->settings);
	}
	s->inline_worker->deps = &deps;
	cal_worker_run(s->inline_worker, &s->jobs->items[i]);
	s->inline_worker->deps = NULL;
	if (s->cache)
		cal_cache_key(s->cache, &s->jobs->items[i], key);
	take_result(s, i, &s->inline_worker->findings, s->inline_worker->nr_input_errors, &deps,
		    s->cache ? key : NULL);
	cal_deps_release(&deps);
	job_done(s);
}

static void collect(struct cal_run_result *result, struct shared *s)
{
	size_t i, j;
	for (i = 0; i < s->jobs->nr; i++) {
		for (j = 0; j < s->results[i].nr; j++)
			cal_findings_take(&result->findings, &s->results[i].items[j]);
		cal_findings_release(&s->results[i]);
		result->nr_input_errors += s->input_errors[i];
	}
}

static void run_phase(const struct cal_run_settings *settings, const struct cal_jobs *jobs,
		      struct cal_schedule *sched, struct cal_deps *included,
		      struct cal_run_result *result)
{
	struct shared s;
	struct cal_isolate_tasks tasks = { jobs->nr, &s, from_cache, job_run, job_end, run_inline };

	memset(&s, 0, sizeof(s));
	s.settings = settings;
	s.jobs = jobs;
	s.sched = sched;
	s.limits = (struct cal_isolate_limits){ sched->workers, sched->timeout,
						sched->memory_limit_mb };
	s.results = xcalloc(jobs->nr + 1, sizeof(*s.results));
	s.input_errors = xcalloc(jobs->nr + 1, sizeof(*s.input_errors));
	s.cache = sched->cache;
	s.included = included;
	s.start = now();
	cal_isolate_run(&tasks, &s.limits);
	collect(result, &s);
	if (s.inline_worker) {
		cal_worker_release(s.inline_worker);
		free(s.inline_worker);
	}
	free(s.results);
	free(s.input_errors);
	sched->seconds += now() - s.start;
}

static int is_header_job(const struct cal_job *job)
{
	size_t n = strlen(job->file);
	return n >= 4 && !strcmp(job->file + n - 4, ".cuh");
}

static int included_in(const struct cal_deps *included, const char *file)
{
	char real[PATH_MAX];
	size_t i;
	if (!realpath(file, real))
		return 0;
	for (i = 0; i < included->alloc; i++)
		if (included->paths[i] && !strcmp(included->paths[i], real))
			return 1;
	return 0;
}

/* The jobs (shallow copies) that are headers, or that are not. */
static void select_jobs(const struct cal_jobs *jobs, int headers, struct cal_jobs *out)
{
	size_t i;
	*out = *jobs;
	out->items = xcalloc(jobs->nr + 1, sizeof(*out->items));
	out->nr = out->alloc = 0;
	for (i = 0; i < jobs->nr; i++)
		if (is_header_job(&jobs->items[i]) == headers)
			out->items[out->nr++] = jobs->items[i];
}

/*
 * Sources first; then only the headers none of them included (their
 * findings came through the translation units that include them).
 */
void cal_schedule_run(const struct cal_run_settings *settings, const struct cal_jobs *jobs,
		      struct cal_schedule *sched, struct cal_run_result *result)
{
	struct cal_jobs sources, headers;
	struct cal_deps included = { NULL, 0, 0 };
	size_t i, kept = 0;

	sched->seconds = 0;
	select_jobs(jobs, 1, &headers);
	if (!headers.nr || headers.nr == jobs->nr) {
		free(headers.items);
		run_phase(settings, jobs, sched, NULL, result);
		return;
	}
	select_jobs(jobs, 0, &sources);
	run_phase(settings, &sources, sched, &included, result);
	for (i = 0; i < headers.nr; i++) {
		if (!included_in(&included, headers.items[i].file))
			headers.items[kept++] = headers.items[i];
		else if (settings->verbose)
			fprintf(stderr, "cuatomlint: %s: not linted on its own: a linted file "
				"includes it\n", headers.items[i].file);
	}
	headers.nr = kept;
	if (headers.nr)
		run_phase(settings, &headers, sched, NULL, result);
	cal_deps_release(&included);
	free(sources.items);
	free(headers.items);
}
