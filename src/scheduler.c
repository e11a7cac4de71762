#include "scheduler.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"

struct shared {
	const struct cal_run *proto;
	const struct cal_jobs *jobs;
	struct cal_findings *results;	/* one list per job */
	int *input_errors;		/* per job */
	size_t next, done;
	pthread_mutex_t lock;
	int progress;
	struct cal_cache *cache;
	struct cal_deps *included;	/* non-NULL: gather the .cuh files jobs include */
	double start;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int cal_default_workers(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
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

/* Take the next job index, or -1 when none is left; counts the one finished. */
static long take_job(struct shared *s, int finished)
{
	long i = -1;
	pthread_mutex_lock(&s->lock);
	if (finished) {
		s->done++;
		if (s->progress)
			print_progress(s);
	}
	if (s->next < s->jobs->nr)
		i = (long)s->next++;
	pthread_mutex_unlock(&s->lock);
	return i;
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
		pthread_mutex_lock(&s->lock);
		cal_deps_add(s->included, real);
		pthread_mutex_unlock(&s->lock);
	}
}

/*
 * The job's findings from the cache, else from a parse whose findings
 * (in the job's own target bits) go to the cache unless it failed.
 * The files it included go to *deps.
 */
static void run_or_reuse(struct cal_run *run, struct shared *s, const struct cal_job *job,
			 struct cal_deps *deps)
{
	char key[CAL_CACHE_KEY_LEN + 1];

	if (s->cache) {
		cal_cache_key(s->cache, job, key);
		if (cal_cache_lookup(s->cache, key, job->file, &run->findings, deps))
			return;
	}
	run->deps = deps;
	cal_run_file(run, job->file);
	run->deps = NULL;
	if (s->cache && !run->nr_input_errors)
		cal_cache_store(s->cache, key, job->file, deps, &run->findings);
}

static void run_job(struct cal_run *run, struct shared *s, size_t i)
{
	const struct cal_job *job = &s->jobs->items[i];
	struct cal_deps deps = { NULL, 0, 0 };

	run->targets = &job->targets;
	run->enabled = job->enabled;
	run->scope_system = job->config->scope_system;
	run->opencl = job->opencl;
	run->clang_args = job->args.v;
	run->nr_clang_args = job->args.n;
	run->nr_input_errors = 0;
	memset(&run->findings, 0, sizeof(run->findings));
	if (s->cache || s->included)
		run_or_reuse(run, s, job, &deps);
	else
		cal_run_file(run, job->file);
	if (s->included)
		add_included_headers(s, &deps);
	cal_deps_release(&deps);
	cal_jobs_remap_archs(s->jobs, job, &run->findings, 0);
	s->results[i] = run->findings;
	s->input_errors[i] = run->nr_input_errors;
	memset(&run->findings, 0, sizeof(run->findings));
}

static void *worker(void *arg)
{
	struct shared *s = arg;
	struct cal_run run = *s->proto;
	long i;

	memset(&run.findings, 0, sizeof(run.findings));
	cal_run_init(&run);
	for (i = take_job(s, 0); i >= 0; i = take_job(s, 1))
		run_job(&run, s, (size_t)i);
	cal_run_release(&run);
	return NULL;
}

static void collect(struct cal_run *proto, struct shared *s)
{
	size_t i, j;
	for (i = 0; i < s->jobs->nr; i++) {
		for (j = 0; j < s->results[i].nr; j++)
			cal_findings_take(&proto->findings, &s->results[i].items[j]);
		cal_findings_release(&s->results[i]);
		proto->nr_input_errors += s->input_errors[i];
	}
}

static void run_phase(struct cal_run *proto, const struct cal_jobs *jobs,
		      struct cal_schedule *sched, struct cal_deps *included)
{
	struct shared s;
	pthread_t *threads;
	int n = sched->workers > 0 ? sched->workers : cal_default_workers(), i, started = 0;

	if ((size_t)n > jobs->nr)
		n = jobs->nr ? (int)jobs->nr : 1;
	memset(&s, 0, sizeof(s));
	s.proto = proto;
	s.jobs = jobs;
	s.results = xcalloc(jobs->nr + 1, sizeof(*s.results));
	s.input_errors = xcalloc(jobs->nr + 1, sizeof(*s.input_errors));
	s.progress = sched->progress;
	s.cache = sched->cache;
	s.included = included;
	s.start = now();
	pthread_mutex_init(&s.lock, NULL);
	threads = xcalloc((size_t)n, sizeof(*threads));
	for (i = 0; i < n; i++)
		started += pthread_create(&threads[started], NULL, worker, &s) == 0;
	if (!started)
		worker(&s);	/* no threads to be had: do the work here */
	for (i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	collect(proto, &s);
	pthread_mutex_destroy(&s.lock);
	free(threads);
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
void cal_schedule_run(struct cal_run *proto, const struct cal_jobs *jobs,
		      struct cal_schedule *sched)
{
	struct cal_jobs sources, headers;
	struct cal_deps included = { NULL, 0, 0 };
	size_t i, kept = 0;

	sched->seconds = 0;
	select_jobs(jobs, 1, &headers);
	if (!headers.nr || headers.nr == jobs->nr) {
		free(headers.items);
		run_phase(proto, jobs, sched, NULL);
		return;
	}
	select_jobs(jobs, 0, &sources);
	run_phase(proto, &sources, sched, &included);
	for (i = 0; i < headers.nr; i++) {
		if (!included_in(&included, headers.items[i].file))
			headers.items[kept++] = headers.items[i];
		else if (proto->verbose)
			fprintf(stderr, "cuatomlint: %s: not linted on its own: a linted file "
				"includes it\n", headers.items[i].file);
	}
	headers.nr = kept;
	if (headers.nr)
		run_phase(proto, &headers, sched, NULL);
	cal_deps_release(&included);
	free(sources.items);
	free(headers.items);
}
