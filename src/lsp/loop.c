/*
 * The server's loop on stdin and stdout: one thread polls stdin (and the
 * pipes of codeAction/resolve's checks, resolve.c) until the next document
 * is due for a lint (its debounce delay passed), lints it
 * (the parse runs in a child process, lint.c), handles what arrived
 * meanwhile, and publishes the result only if the document was not
 * changed since (server.h).  Stdout carries the protocol alone: the
 * descriptor is kept for it and fd 1 is pointed at stderr, so a line
 * printed by any layer cannot corrupt a message.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsp/lsp.h"
#include "lsp/server.h"

/* Read what stdin holds now (wait_ms: how long to wait for it); -1 at its end. */
static int read_input(struct cal_lsp_server *s, int fd, int wait_ms)
{
	struct pollfd p = { fd, POLLIN, 0 };
	char buf[65536];
	ssize_t n;
	int r;

	while ((r = poll(&p, 1, wait_ms)) < 0 && errno == EINTR)
		;
	if (r <= 0)
		return 0;
	while ((n = read(fd, buf, sizeof(buf))) < 0 && errno == EINTR)
		;
	if (n <= 0)
		return -1;
	cal_lsp_server_feed(s, buf, (size_t)n);
	return 0;
}

/* Everything that arrived while a lint ran. */
static int drain(struct cal_lsp_server *s, int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };

	while (!s->exited && poll(&p, 1, 0) > 0)
		if (read_input(s, fd, 0) < 0)
			return -1;
	return 0;
}

/*
 * Wait for stdin or the verdict of a resolve's check (resolve.c), at most
 * wait_ms (-1: no limit); the checks that ended are answered first, then
 * what stdin holds is read.  -1 at stdin's end.
 */
static int wait_input(struct cal_lsp_server *s, int fd, int wait_ms)
{
	size_t n = 1 + s->nr_resolves, i;
	struct pollfd *p = xcalloc(n, sizeof(*p));
	int r;

	p[0] = (struct pollfd){ fd, POLLIN, 0 };
	for (i = 1; i < n; i++)
		p[i] = (struct pollfd){ s->resolves[i - 1].fd, POLLIN, 0 };
	while ((r = poll(p, n, wait_ms)) < 0 && errno == EINTR)
		;
	for (i = 1; r > 0 && i < n; i++)
		if (p[i].revents)	/* looked up by fd: an answer drops its entry */
			cal_lsp_resolve_ready(s, p[i].fd);
	r = r > 0 && p[0].revents ? read_input(s, fd, 0) : 0;
	free(p);
	return r;
}

static struct lsp_doc *doc_by_uri(struct cal_lsp_server *s, const char *uri)
{
	size_t i;
	for (i = 0; i < s->nr_docs; i++)
		if (!strcmp(s->docs[i].uri, uri))
			return &s->docs[i];
	return NULL;
}

/*
 * Lint d, then publish unless what arrived meanwhile changed or closed it.
 * Where the worker sends the device parse's findings first, they are
 * published, and the host parse is made only if the document did not
 * change meanwhile (else its result would be stale: the next lint starts
 * at once).
 */
static int lint_due(struct cal_lsp_server *s, struct lsp_doc *d, int in)
{
	char *uri = xstrdup(d->uri);
	long version = d->version;
	int r;

	if (s->no_workers)
		cal_lsp_lint(s, d);
	else
		cal_lsp_worker_lint(s, d);
	r = drain(s, in);
	d = doc_by_uri(s, uri);
	if (cal_lsp_worker_waits(s, uri)) {
		if (d)
			cal_lsp_publish_early(s, d, version);
		cal_lsp_worker_finish(s, uri, version, d && d->version == version);
		if (drain(s, in) < 0)
			r = -1;
		d = doc_by_uri(s, uri);
	}
	if (d)
		cal_lsp_publish(s, d, version);
	free(uri);
	return r;
}

int cal_lsp_main(const struct cal_options *opts)
{
	struct cal_lsp_server s;
	int out = dup(STDOUT_FILENO), in = STDIN_FILENO, code;

	if (out < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
		return 1;
	fcntl(out, F_SETFD, FD_CLOEXEC);
	signal(SIGPIPE, SIG_IGN);	/* a client gone: the write fails, the loop ends */
	cal_lsp_server_init(&s, opts, out);
	/* CUATOMLINT_LSP_WORKERS=0: a fresh child per lint, nothing kept (for comparison) */
	s.no_workers = getenv("CUATOMLINT_LSP_WORKERS") && !strcmp(getenv("CUATOMLINT_LSP_WORKERS"), "0");
	while (!s.exited) {
		double wait = 3600;
		struct lsp_doc *d = cal_lsp_next_due(&s, &wait);
		if (d && wait <= 0) {
			if (lint_due(&s, d, in) < 0)
				break;
			continue;
		}
		if (wait_input(&s, in, d ? (int)(wait * 1000) + 1 : -1) < 0)
			break;
	}
	code = s.exited ? s.exit_code : 1;
	cal_lsp_server_release(&s);
	close(out);
	return code;
}
