/*
 * codeAction/resolve's check, off the server's loop: the fix is judged
 * (cal_lsp_verify_fix: a parse of the text with the fix applied, for every
 * target and the host) in a child process forked from the server, which
 * sees the documents as they were when the user chose the action and
 * writes its verdict, one byte, to a pipe the loop polls beside stdin
 * (loop.c).  Meanwhile the server answers other messages and lints; the
 * resolve is answered when the verdict comes (server.c's
 * cal_lsp_resolve_answer, which withholds the edit if the document
 * changed meanwhile).  A $/cancelRequest for it kills the check (the child
 * leads a process group: its own parses' children go with it) and is
 * answered RequestCancelled.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lsp/server.h"

/* A test's hook: the child waits this long before the check (the order of replies is then sure). */
static void test_delay(void)
{
	const char *v = getenv("CUATOMLINT_TEST_RESOLVE_DELAY_MS");
	char *end;
	long ms = v ? strtol(v, &end, 10) : 0;
	struct timespec ts;

	if (!v || *end || ms <= 0 || ms > 60000)
		return;
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* In the child: nothing of the client's, nor of the other children's, stays open. */
static void child_close(struct cal_lsp_server *s, int keep)
{
	size_t i;
	int w;

	close(STDIN_FILENO);
	if (s->out_fd >= 0)
		close(s->out_fd);
	s->out_fd = -1;		/* the server alone talks to the client */
	for (w = 0; w < CAL_LSP_WORKERS; w++)
		if (s->workers[w].pid) {
			close(s->workers[w].to_child);
			close(s->workers[w].from_child);
		}
	for (i = 0; i < s->nr_resolves; i++)
		if (s->resolves[i].fd != keep)
			close(s->resolves[i].fd);
}

int cal_lsp_resolve_start(struct cal_lsp_server *s, const cJSON *id, cJSON *action,
			  struct lsp_doc *d, const struct cal_finding *f, size_t fix)
{
	struct lsp_resolve *r;
	int p[2];
	pid_t pid;

	if (!cal_lsp_env_ready(s) || pipe(p) < 0)	/* the env once, here: the children share it */
		return -1;
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		int v;
		char verdict;
		setpgid(0, 0);
#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		close(p[0]);
		child_close(s, p[1]);
		test_delay();
		v = cal_lsp_verify_fix(s, d, f, fix);
		verdict = v == 0 ? '0' : v == 1 ? '1' : '-';
		_exit(write_all(p[1], &verdict, 1) < 0);
	}
	setpgid(pid, pid);	/* as the child does: either may run first */
	close(p[1]);
	GROW(s->resolves, s->alloc_resolves, s->nr_resolves + 1);
	r = &s->resolves[s->nr_resolves++];
	r->id = cJSON_Duplicate(id, 1);
	r->action = action;
	r->pid = pid;
	r->fd = p[0];
	return 0;
}

/* End r's check (it ended, or is not wanted) and drop r; its id and action are the caller's. */
static void finish(struct cal_lsp_server *s, struct lsp_resolve *r)
{
	close(r->fd);
	kill(-r->pid, SIGKILL);		/* the group: the check's own parses too */
	while (waitpid(r->pid, NULL, 0) < 0 && errno == EINTR)
		;
	*r = s->resolves[--s->nr_resolves];
}

void cal_lsp_resolve_ready(struct cal_lsp_server *s, int fd)
{
	struct lsp_resolve *r = NULL;
	cJSON *id, *action;
	char verdict = '-';
	ssize_t n;
	size_t i;

	for (i = 0; i < s->nr_resolves && !r; i++)
		if (s->resolves[i].fd == fd)
			r = &s->resolves[i];
	if (!r)
		return;
	while ((n = read(fd, &verdict, 1)) < 0 && errno == EINTR)
		;
	if (n != 1)		/* the check crashed: not judged */
		verdict = '-';
	id = r->id;
	action = r->action;
	finish(s, r);
	cal_lsp_resolve_answer(s, id, action, verdict == '0' ? 0 : verdict == '1' ? 1 : -1);
	cJSON_Delete(id);
}

int cal_lsp_resolve_cancel(struct cal_lsp_server *s, const cJSON *id)
{
	size_t i;

	for (i = 0; i < s->nr_resolves; i++) {
		struct lsp_resolve *r = &s->resolves[i];
		cJSON *rid = r->id;
		if (!cJSON_Compare(rid, id, 1))
			continue;
		cJSON_Delete(r->action);
		finish(s, r);
		cal_lsp_respond_error(s, rid, CAL_LSP_REQUEST_CANCELLED, "request cancelled");
		cJSON_Delete(rid);
		return 1;
	}
	return 0;
}

void cal_lsp_resolve_release(struct cal_lsp_server *s)
{
	while (s->nr_resolves) {
		struct lsp_resolve *r = &s->resolves[s->nr_resolves - 1];
		cJSON *id = r->id, *action = r->action;
		finish(s, r);
		cJSON_Delete(id);
		cJSON_Delete(action);
	}
	free(s->resolves);
	s->resolves = NULL;
	s->alloc_resolves = 0;
}
