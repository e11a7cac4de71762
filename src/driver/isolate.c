#include "driver/isolate.h"

#include <clang-c/Index.h>
#include <errno.h>
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

#include "util/threads.h"
#include "parse/ast.h"

struct child {
	pid_t pid;		/* 0: free */
	int fd;			/* read end of the child's result pipe */
	size_t task;
	struct strbuf out;	/* what the child sent so far */
	double deadline;	/* 0: none */
	FILE *log;		/* the child's stderr, or NULL: it writes to ours */
	int unreadable;		/* its result could not be read (too large) */
};

struct pool {
	const struct cal_isolate_tasks *tasks;
	const struct cal_isolate_limits *limits;
};

/* The task runs on a thread of its own with this much stack (see run_on_big_stack). */
#define TASK_STACK_BYTES ((size_t)512 << 20)

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- the child ---- */

struct child_task {
	const struct cal_isolate_tasks *tasks;
	size_t i;
	struct strbuf *out;
};

/*
 * The signal stack is put back before the thread ends: saving a PCH (the
 * shared preamble) makes LLVM install a signal stack of its own on the
 * thread, and the sanitizers' thread exit unmaps the one it finds.
 */
static void *child_task_run(void *arg)
{
	struct child_task *ct = arg;
	stack_t before;
	int saved = sigaltstack(NULL, &before) == 0;

	cal_dispose_defer(1);	/* the child exits after the task: its last parse is not freed */
	ct->tasks->run(ct->i, ct->out, ct->tasks->arg);
	if (saved)
		sigaltstack(&before, NULL);
	return NULL;
}

/*
 * libclang parses on a thread of its own with an 8 MiB stack, which
 * templates nested a few thousand deep overflow; LIBCLANG_NOTHREADS makes
 * it parse on the calling thread, ours, with TASK_STACK_BYTES.
 */
static void run_on_big_stack(const struct cal_isolate_tasks *tasks, size_t i, struct strbuf *out)
{
	struct child_task ct = { tasks, i, out };

	setenv("LIBCLANG_NOTHREADS", "1", 1);
	if (cal_thread_run_with_stack(child_task_run, &ct, TASK_STACK_BYTES) < 0) {
		unsetenv("LIBCLANG_NOTHREADS");
		child_task_run(&ct);
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
void cal_isolate_limit_memory(int megabytes)
{
	struct rlimit rl;
	if (megabytes <= 0)
		return;
	rl.rlim_cur = rl.rlim_max = address_space_now() + ((rlim_t)megabytes << 20);
	setrlimit(RLIMIT_AS, &rl);
}

static void child_main(const struct pool *p, size_t i, int fd, FILE *log)
{
	struct strbuf out = STRBUF_INIT;

#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);	/* no orphan parses a killed run */
#endif
	if (log)
		dup2(fileno(log), STDERR_FILENO);
	cal_isolate_limit_memory(p->limits->memory_limit_mb);
	run_on_big_stack(p->tasks, i, &out);
	_exit(write_all(fd, out.buf, out.len) < 0 ? 3 : 0);
}

/* ---- the parent ---- */

/* Did a child use half its address-space limit in resident memory? */
static int near_memory_limit(const struct pool *p, long max_rss_kb)
{
	int limit = p->limits->memory_limit_mb;
	return limit > 0 && max_rss_kb >= (long)limit * 512;
}

static const char *signal_name(int sig)
{
	const char *name = strsignal(sig);
	return name ? name : "unknown signal";
}

char *cal_isolate_why(const struct cal_isolate_end *end, const struct cal_isolate_limits *limits)
{
	if (end->timed_out)
		return xasprintf("timed out after %d s (--timeout)", limits->timeout);
	if (end->unreadable)
		return xasprintf("its result could not be read back (more than %zu MiB)",
				 STRBUF_MAX_LEN >> 20);
	if (WIFSIGNALED(end->status) && end->out_of_memory && limits->memory_limit_mb > 0)
		return xasprintf("reached the memory limit of %d MB (--parse-memory-limit)",
				 limits->memory_limit_mb);
	if (WIFSIGNALED(end->status))
		return xasprintf("crashed (signal %d, %s)", WTERMSIG(end->status),
				 signal_name(WTERMSIG(end->status)));
	return xasprintf("its process failed (exit status %d)",
			 WIFEXITED(end->status) ? WEXITSTATUS(end->status) : -1);
}

/*
 * Pass on what the child wrote to stderr, in one piece (workers of -j never
 * interleave), only our own lines: not libclang's or LLVM's crash dumps, so
 * that a lost task is one clear line.
 */
static int replay_log(struct child *c)
{
	char chunk[4096];
	int at_start = 1, keep = 1, out_of_memory = 0;

	if (!c->log)
		return 0;
	rewind(c->log);
	while (fgets(chunk, sizeof(chunk), c->log)) {
		if (at_start)
			keep = !strncmp(chunk, "cuatomlint: ", 12);
		if (keep)
			fputs(chunk, stderr);
		else if (at_start && !strncmp(chunk, "LLVM ERROR: out of memory", 25))
			out_of_memory = 1;
		at_start = strchr(chunk, '\n') != NULL;
	}
	fclose(c->log);
	c->log = NULL;
	return out_of_memory;
}

static void finish(const struct pool *p, struct child *c, int timed_out)
{
	struct cal_isolate_end end;
	struct rusage ru;
	int status = 0;

	if (timed_out)
		kill(c->pid, SIGKILL);
	memset(&ru, 0, sizeof(ru));
	while (wait4(c->pid, &status, 0, &ru) < 0 && errno == EINTR)
		;
	close(c->fd);
	memset(&end, 0, sizeof(end));
	end.status = status;
	end.timed_out = timed_out;
	end.unreadable = c->unreadable;
	end.lost = timed_out || c->unreadable || !WIFEXITED(status) || WEXITSTATUS(status);
	end.out_of_memory = replay_log(c) || near_memory_limit(p, ru.ru_maxrss);
	c->pid = 0;
	p->tasks->done(c->task, &c->out, &end, p->tasks->arg);
	strbuf_release(&c->out);
}

/* No child to be had: the task runs here, without isolation. */
static void run_here(const struct pool *p, size_t i)
{
	const struct cal_isolate_tasks *t = p->tasks;
	struct cal_isolate_end ok;
	struct strbuf out = STRBUF_INIT;

	if (t->run_here) {
		t->run_here(i, t->arg);
		return;
	}
	memset(&ok, 0, sizeof(ok));
	t->run(i, &out, t->arg);
	t->done(i, &out, &ok, t->arg);
	strbuf_release(&out);
}

static void start(const struct pool *p, struct child *c, size_t i)
{
	int fds[2];
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	if (pipe(fds) < 0) {
		run_here(p, i);
		return;
	}
	c->log = tmpfile();
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		if (c->log)
			fclose(c->log);
		c->log = NULL;
		run_here(p, i);
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		child_main(p, i, fds[1], c->log);
	}
	close(fds[1]);
	c->pid = pid;
	c->fd = fds[0];
	c->task = i;
	c->unreadable = 0;
	strbuf_init(&c->out);
	c->deadline = p->limits->timeout > 0 ? now() + p->limits->timeout : 0;
}

/* Read what a child sent; finish it at end of file. */
static void drain(const struct pool *p, struct child *c)
{
	char buf[65536];
	ssize_t n = read(c->fd, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n > 0 && strbuf_add(&c->out, buf, (size_t)n) == 0)
		return;
	if (n != 0) {	/* a read error, or more than a strbuf holds */
		c->unreadable = 1;
		kill(c->pid, SIGKILL);
	}
	finish(p, c, 0);
}

/* Milliseconds until the nearest deadline (-1: none). */
static int poll_timeout(const struct child *c, int n)
{
	double t = now(), nearest = 0;
	int i;

	for (i = 0; i < n; i++)
		if (c[i].pid && c[i].deadline && (!nearest || c[i].deadline < nearest))
			nearest = c[i].deadline;
	if (!nearest)
		return -1;
	return nearest <= t ? 0 : (int)((nearest - t) * 1000) + 1;
}

/* Wait for the running children once: read, reap, time out. */
static void wait_some(const struct pool *p, struct child *c, int n)
{
	struct pollfd *pfd = xcalloc((size_t)n, sizeof(*pfd));
	int i, k = 0, *which = xcalloc((size_t)n, sizeof(*which));

	for (i = 0; i < n; i++)
		if (c[i].pid) {
			pfd[k].fd = c[i].fd;
			pfd[k].events = POLLIN;
			which[k++] = i;
		}
	if (poll(pfd, (nfds_t)k, poll_timeout(c, n)) > 0)
		for (i = 0; i < k; i++)
			if (pfd[i].revents)
				drain(p, &c[which[i]]);
	for (i = 0; i < n; i++)
		if (c[i].pid && c[i].deadline && now() >= c[i].deadline)
			finish(p, &c[i], 1);
	free(pfd);
	free(which);
}

/*
 * One tiny CUDA parse in the parent before the first fork: libclang's and
 * LLVM's one-time set-up (lazy symbol binding, target registries) is then
 * inherited by every child instead of being redone in each.
 */
void cal_isolate_warm_up(void)
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
		cal_dispose_tu(tu);
	clang_disposeIndex(index);
}

void cal_isolate_run(const struct cal_isolate_tasks *tasks, const struct cal_isolate_limits *limits)
{
	struct pool p = { tasks, limits };
	struct child *c;
	size_t next = 0;
	int n = limits->workers > 0 ? limits->workers : cal_default_workers(), i, running;

	if ((size_t)n > tasks->nr)
		n = tasks->nr ? (int)tasks->nr : 1;
	c = xcalloc((size_t)n, sizeof(*c));
	cal_isolate_warm_up();
	for (;;) {
		for (i = 0, running = 0; i < n; i++) {
			while (!c[i].pid && next < tasks->nr) {
				size_t task = next++;
				if (!tasks->skip || !tasks->skip(task, tasks->arg))
					start(&p, &c[i], task);
			}
			running += c[i].pid != 0;
		}
		if (!running)
			break;
		wait_some(&p, c, n);
	}
	free(c);
}

/* ---- the fix stage's re-parses ---- */

struct fix_tasks {
	const struct cal_isolate_limits *limits;
	int (*count)(size_t k, void *arg);
	void *arg;
	int *errors;
	char **failed;
};

static void fix_task_run(size_t k, struct strbuf *out, void *arg)
{
	struct fix_tasks *ft = arg;
	strbuf_addf(out, "cuatomlint-reparse %d\n", ft->count(k, ft->arg));
}

static void fix_task_done(size_t k, const struct strbuf *out, const struct cal_isolate_end *end,
			  void *arg)
{
	struct fix_tasks *ft = arg;
	char nl = 0;

	if (!end->lost && out->len && out->buf[out->len - 1] == '\n' &&
	    sscanf(out->buf, "cuatomlint-reparse %d%c", &ft->errors[k], &nl) == 2 && nl == '\n')
		return;
	ft->failed[k] = end->lost ? cal_isolate_why(end, ft->limits)
				  : xstrdup("its process sent no result");
}

static void fix_run(const struct cal_fix_runner *self, size_t nr,
		    int (*count)(size_t k, void *arg), void *arg, int *errors, char **failed)
{
	struct fix_tasks ft = { self->ctx, count, arg, errors, failed };
	struct cal_isolate_tasks tasks = { nr, &ft, NULL, fix_task_run, fix_task_done, NULL };

	cal_isolate_run(&tasks, ft.limits);
}

struct cal_fix_runner cal_isolate_fix_runner(const struct cal_isolate_limits *limits)
{
	struct cal_fix_runner r = { fix_run, limits };
	return r;
}
