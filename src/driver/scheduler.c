#include "driver/scheduler.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "cuatomlint/strbuf.h"
#include "util/threads.h"
#include "util/diag.h"

/*
 * Each job runs in a child process of its own (fork, one per job, at most
 * `workers` at once), as run-clang-tidy runs one clang-tidy per file: a
 * parse that crashes libclang, grows without bound (#include "/dev/zero")
 * or blocks (a FIFO include) costs that file only.  The child sends its
 * findings back as data, in the cache's serialization, over a pipe.  The
 * parent is one thread that polls the pipes, so forking is always safe;
 * it alone reads and writes the cache.
 */
struct worker {
	pid_t pid;		/* 0: free */
	int fd;			/* read end of the child's result pipe */
	size_t job;
	struct strbuf out;	/* what the child sent so far */
	double deadline;	/* 0: none */
	FILE *log;		/* the child's stderr, or NULL: it writes to ours */
	int unreadable;		/* its result could not be read (too large) */
};

struct shared {
	const struct cal_run_settings *settings;
	const struct cal_jobs *jobs;
	const struct cal_schedule *sched;
	struct cal_findings *results;	/* one list per job */
	int *input_errors;		/* per job */
	size_t next, done;
	struct cal_cache *cache;
	struct cal_deps *included;	/* non-NULL: gather the .cuh files jobs include */
	double start;
	struct cal_worker *inline_worker;	/* for jobs no child could be forked for */
};

/* The parse runs on a thread of its own with this much stack (see child_parse). */
#define PARSE_STACK_BYTES ((size_t)512 << 20)

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

struct child_job {
	struct cal_worker *worker;
	const struct cal_job *job;
};

static void *child_parse(void *arg)
{
	struct child_job *cj = arg;
	cal_worker_run(cj->worker, cj->job);
	return NULL;
}

/*
 * libclang parses on a thread of its own with an 8 MiB stack, which
 * templates nested a few thousand deep overflow; LIBCLANG_NOTHREADS makes
 * it parse on the calling thread, ours, with PARSE_STACK_BYTES.
 */
static void parse_on_big_stack(struct cal_worker *worker, const struct cal_job *job)
{
	struct child_job cj = { worker, job };

	setenv("LIBCLANG_NOTHREADS", "1", 1);
	if (cal_thread_run_with_stack(child_parse, &cj, PARSE_STACK_BYTES) < 0) {
		unsetenv("LIBCLANG_NOTHREADS");
		child_parse(&cj);
	}
}

/* The process's address space now, in bytes (0 if unknown). */
static rlim_t address_space_now(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long pages = 0;
	long page = sysconf(_SC_PAGESIZE);

	if (!f)
		return 0;
	if (fscanf(f, "%lu", &pages) != 1)
		pages = 0;
	fclose(f);
	return (rlim_t)pages * (rlim_t)(page > 0 ? page : 4096);
}

/*
 * The parse may add megabytes to the address space the child starts with
 * (libclang's mappings; a sanitizer's shadow memory, terabytes reserved,
 * which a plain RLIMIT_AS would leave no room beside).
 */
static void limit_memory(int megabytes)
{
	struct rlimit rl;
	if (megabytes <= 0)
		return;
	rl.rlim_cur = rl.rlim_max = address_space_now() + ((rlim_t)megabytes << 20);
	setrlimit(RLIMIT_AS, &rl);
}

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

static void child_main(const struct shared *s, size_t i, int fd, FILE *log)
{
	const struct cal_job *job = &s->jobs->items[i];
	struct cal_worker worker;
	struct cal_deps deps = { NULL, 0, 0 };
	struct strbuf out = STRBUF_INIT;

#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);	/* no orphan parses a killed run */
#endif
	if (log)
		dup2(fileno(log), STDERR_FILENO);
	limit_memory(s->sched->memory_limit_mb);
	reset_stats();
	cal_worker_init(&worker, s->settings);
	worker.deps = (s->cache || s->included) ? &deps : NULL;
	fault_hook(job->file);
	parse_on_big_stack(&worker, job);
	put_result(&out, &worker, &deps);
	_exit(write_all(fd, out.buf, out.len) < 0 ? 3 : 0);
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

static const char *signal_name(int sig)
{
	const char *name = strsignal(sig);
	return name ? name : "unknown signal";
}

/* Did a child use half its address-space limit in resident memory? */
static int near_memory_limit(const struct shared *s, long max_rss_kb)
{
	int limit = s->sched->memory_limit_mb;
	return limit > 0 && max_rss_kb >= (long)limit * 512;
}

/* One line: why the job's child gave no result. */
static void report_lost(const struct shared *s, const struct worker *w, int status,
			int timed_out, int out_of_memory)
{
	const char *file = s->jobs->items[w->job].file;
	int limit = s->sched->memory_limit_mb;

	if (timed_out)
		cal_error("cannot lint '%s': its parses took longer than "
			"%d s (--timeout)", file, s->sched->timeout);
	else if (w->unreadable)
		cal_error("cannot lint '%s': its findings could not be "
			"read back (more than %zu MiB)", file, STRBUF_MAX_LEN >> 20);
	else if (WIFSIGNALED(status) && out_of_memory && limit > 0)
		cal_error("cannot lint '%s': its parses reached the "
			"memory limit of %d MB (--parse-memory-limit)", file, limit);
	else if (WIFSIGNALED(status))
		cal_error("cannot lint '%s': libclang crashed "
			"(signal %d, %s)", file, WTERMSIG(status), signal_name(WTERMSIG(status)));
	else
		cal_error("cannot lint '%s': its parse process "
			"failed (exit status %d)", file,
			WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/*
 * Pass on what the child wrote to stderr, in one piece (workers of -j never
 * interleave), only our own lines: not libclang's or LLVM's crash dumps, so
 * that a lost file is one clear line.
 */
static int replay_log(struct worker *w)
{
	char chunk[4096];
	int at_start = 1, keep = 1, out_of_memory = 0;

	if (!w->log)
		return 0;
	rewind(w->log);
	while (fgets(chunk, sizeof(chunk), w->log)) {
		if (at_start)
			keep = !strncmp(chunk, "cuatomlint: ", 12);
		if (keep)
			fputs(chunk, stderr);
		else if (at_start && !strncmp(chunk, "LLVM ERROR: out of memory", 25))
			out_of_memory = 1;
		at_start = strchr(chunk, '\n') != NULL;
	}
	fclose(w->log);
	w->log = NULL;
	return out_of_memory;
}

static void finish(struct shared *s, struct worker *w, int timed_out)
{
	struct cal_findings findings = { 0 };
	struct cal_deps deps = { NULL, 0, 0 };
	char key[CAL_CACHE_KEY_LEN + 1];
	struct rusage ru;
	int status = 0, errors = 0, oom;

	if (timed_out)
		kill(w->pid, SIGKILL);
	memset(&ru, 0, sizeof(ru));
	while (wait4(w->pid, &status, 0, &ru) < 0 && errno == EINTR)
		;
	close(w->fd);
	if (timed_out || !WIFEXITED(status) || WEXITSTATUS(status) ||
	    get_result(&w->out, &errors, &deps, &findings) < 0) {
		cal_findings_release(&findings);
		oom = replay_log(w) || near_memory_limit(s, ru.ru_maxrss);
		report_lost(s, w, status, timed_out, oom);
		errors = 1;
	} else {
		oom = replay_log(w) || near_memory_limit(s, ru.ru_maxrss);
		if (errors && oom && s->sched->memory_limit_mb > 0)
			cal_note("the parses of '%s' reached the memory "
				"limit of %d MB (--parse-memory-limit)",
				s->jobs->items[w->job].file, s->sched->memory_limit_mb);
	}
	if (s->cache)
		cal_cache_key(s->cache, &s->jobs->items[w->job], key);
	take_result(s, w->job, &findings, errors, &deps, s->cache ? key : NULL);
	cal_deps_release(&deps);
	strbuf_release(&w->out);
	w->pid = 0;
	job_done(s);
}

/* 1 if the cache answered job i. */
static int from_cache(struct shared *s, size_t i)
{
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
	return 1;
}

/* No child to be had: the job runs here, without isolation. */
static void run_inline(struct shared *s, size_t i)
{
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

static void start(struct shared *s, struct worker *w, size_t i)
{
	int fds[2];
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	if (pipe(fds) < 0) {
		run_inline(s, i);
		return;
	}
	w->log = tmpfile();
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		if (w->log)
			fclose(w->log);
		w->log = NULL;
		run_inline(s, i);
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		child_main(s, i, fds[1], w->log);
	}
	close(fds[1]);
	w->pid = pid;
	w->fd = fds[0];
	w->job = i;
	w->unreadable = 0;
	strbuf_init(&w->out);
	w->deadline = s->sched->timeout > 0 ? now() + s->sched->timeout : 0;
}

/* Read what a child sent; finish it at end of file. */
static void drain(struct shared *s, struct worker *w)
{
	char buf[65536];
	ssize_t n = read(w->fd, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n > 0 && strbuf_add(&w->out, buf, (size_t)n) == 0)
		return;
	if (n != 0) {	/* a read error, or more than a strbuf holds */
		w->unreadable = 1;
		kill(w->pid, SIGKILL);
	}
	finish(s, w, 0);
}

/* Milliseconds until the nearest deadline (-1: none). */
static int poll_timeout(const struct worker *w, int n)
{
	double t = now(), nearest = 0;
	int i;

	for (i = 0; i < n; i++)
		if (w[i].pid && w[i].deadline && (!nearest || w[i].deadline < nearest))
			nearest = w[i].deadline;
	if (!nearest)
		return -1;
	return nearest <= t ? 0 : (int)((nearest - t) * 1000) + 1;
}

/* Wait for the running children once: read, reap, time out. */
static void wait_some(struct shared *s, struct worker *w, int n)
{
	struct pollfd *pfd = xcalloc((size_t)n, sizeof(*pfd));
	int i, k = 0, *which = xcalloc((size_t)n, sizeof(*which));

	for (i = 0; i < n; i++)
		if (w[i].pid) {
			pfd[k].fd = w[i].fd;
			pfd[k].events = POLLIN;
			which[k++] = i;
		}
	if (poll(pfd, (nfds_t)k, poll_timeout(w, n)) > 0)
		for (i = 0; i < k; i++)
			if (pfd[i].revents)
				drain(s, &w[which[i]]);
	for (i = 0; i < n; i++)
		if (w[i].pid && w[i].deadline && now() >= w[i].deadline)
			finish(s, &w[i], 1);
	free(pfd);
	free(which);
}

/*
 * One tiny CUDA parse in the parent before the first fork: libclang's and
 * LLVM's one-time set-up (lazy symbol binding, target registries) is then
 * inherited by every child instead of being redone in each.
 */
static void warm_up_libclang(void)
{
	static int done;
	static const char *const args[] = { "-x", "cuda", "--cuda-device-only", "-nocudainc",
					    "-nocudalib", "--cuda-gpu-arch=sm_90" };
	struct CXUnsavedFile file = { "cuatomlint-warm-up.cu", "__global__ void k() {}\n", 23 };
	CXIndex index;
	CXTranslationUnit tu = NULL;

	if (done)
		return;
	done = 1;
	index = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(index, file.Filename, args,
					(int)(sizeof(args) / sizeof(args[0])), &file, 1,
					CXTranslationUnit_KeepGoing, &tu) == CXError_Success)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
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
	struct worker *w;
	int n = sched->workers > 0 ? sched->workers : cal_default_workers(), i, running;

	if ((size_t)n > jobs->nr)
		n = jobs->nr ? (int)jobs->nr : 1;
	memset(&s, 0, sizeof(s));
	s.settings = settings;
	s.jobs = jobs;
	s.sched = sched;
	s.results = xcalloc(jobs->nr + 1, sizeof(*s.results));
	s.input_errors = xcalloc(jobs->nr + 1, sizeof(*s.input_errors));
	s.cache = sched->cache;
	s.included = included;
	s.start = now();
	w = xcalloc((size_t)n, sizeof(*w));
	warm_up_libclang();
	for (;;) {
		for (i = 0, running = 0; i < n; i++) {
			while (!w[i].pid && s.next < jobs->nr) {
				size_t job = s.next++;
				if (from_cache(&s, job))
					job_done(&s);
				else
					start(&s, &w[i], job);
			}
			running += w[i].pid != 0;
		}
		if (!running)
			break;
		wait_some(&s, w, n);
	}
	collect(result, &s);
	if (s.inline_worker) {
		cal_worker_release(s.inline_worker);
		free(s.inline_worker);
	}
	free(w);
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
