/*
 * Workers (server.h): a child process per recently linted document, forked
 * from the server, that keeps its translation units between lints.  The
 * server sends it the open documents' texts and the path to lint; it
 * lints in its own process (lint.c, on a 512 MiB stack as the scheduler's
 * children do) and sends back the targets and the findings, in the
 * serialization the scheduler's children use.  Every message is "LEN\n"
 * and LEN bytes.  The server waits at most --timeout for a result.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "driver/cache.h"
#include "driver/isolate.h"
#include "lsp/server.h"
#include "parse/parse.h"
#include "util/overlay.h"
#include "util/threads.h"

#define WORKER_STACK ((size_t)512 * 1024 * 1024)

static int send_frame(int fd, const char *buf, size_t len)
{
	char head[32];
	int n = snprintf(head, sizeof(head), "%zu\n", len);
	return write_all(fd, head, (size_t)n) < 0 || write_all(fd, buf, len) < 0 ? -1 : 0;
}

/* Read one frame into out; deadline 0: wait forever.  -1 at the end, a broken frame or the deadline. */
static int read_frame(int fd, struct strbuf *out, double deadline)
{
	char buf[65536];
	size_t want = 0, header = 0;
	int have_len = 0;

	strbuf_reset(out);
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		int wait = deadline ? (int)((deadline - cal_lsp_now()) * 1000) + 1 : -1;
		ssize_t n;
		char *nl;

		if (have_len && out->len - header >= want)
			break;
		if (deadline && wait <= 0)
			return -1;
		if (poll(&p, 1, wait) < 0 && errno != EINTR)
			return -1;
		if (!(p.revents & (POLLIN | POLLHUP)))
			continue;
		if ((n = read(fd, buf, sizeof(buf))) <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			return -1;
		}
		if (strbuf_add(out, buf, (size_t)n) < 0)
			return -1;
		if (!have_len && (nl = memchr(out->buf, '\n', out->len)) != NULL) {
			char *end;
			want = strtoul(out->buf, &end, 10);
			if (end != nl)
				return -1;
			header = (size_t)(nl - out->buf) + 1;
			have_len = 1;
		}
	}
	memmove(out->buf, out->buf + header, want);
	out->len = want;
	out->buf[want] = '\0';
	return 0;
}

/* ---- the child ---- */

struct lint_call {
	struct cal_lsp_server *s;
	struct lsp_doc *d;
};

/*
 * The lint, on the large stack.  Building a preamble registers its
 * temporary file for removal on a crash, and LLVM then installs a signal
 * stack of its own on this thread; the thread's previous one is put back
 * before it ends, which the sanitizers' thread exit needs (they unmap the
 * stack they find).
 */
static void *lint_on_stack(void *arg)
{
	struct lint_call *c = arg;
	stack_t before;
	int saved = sigaltstack(NULL, &before) == 0;

	cal_lsp_lint(c->s, c->d);
	if (saved)
		sigaltstack(&before, NULL);
	return NULL;
}

/*
 * The request: {"path": P, "version": V, "host": B, "deviceFirst": B,
 * "overlays": [{"path": P, "text": T}...]}.
 */
static int take_request(struct cal_lsp_server *s, const struct strbuf *in, struct lsp_doc *d)
{
	cJSON *req = cJSON_ParseWithLength(in->buf, in->len), *o;
	const char *text;
	size_t len;
	const cJSON *path = cJSON_GetObjectItemCaseSensitive(req, "path");
	const cJSON *version = cJSON_GetObjectItemCaseSensitive(req, "version");

	if (!cJSON_IsString(path)) {
		cJSON_Delete(req);
		return -1;
	}
	cal_overlay_clear();
	cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(req, "overlays")) {
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(o, "path");
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "text");
		if (cJSON_IsString(p) && cJSON_IsString(t))
			cal_overlay_set(p->valuestring, t->valuestring, strlen(t->valuestring));
	}
	s->make_host = !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(req, "host"));
	s->device_first = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "deviceFirst"));
	memset(d, 0, sizeof(*d));
	d->path = xstrdup(path->valuestring);
	d->uri = xstrdup(d->path);
	d->version = cJSON_IsNumber(version) ? (long)version->valuedouble : 0;
	if (cal_overlay_get(d->path, &text, &len))
		d->len = len;	/* the size limit's measure; the text stays the overlay's */
	cJSON_Delete(req);
	return 0;
}

/*
 * A reply: "early\n" (the device parse's findings; the lint goes on) or
 * "final\n", then "targets N SM SUFFIX ...\n", the include sites
 * (cal_lsp_sites_put), then the findings.
 */
static void put_reply(const char *phase, const struct cal_findings *found,
		      const struct cal_target_set *targets, struct lsp_sites *sites,
		      struct strbuf *out)
{
	int i;

	strbuf_addf(out, "%s\ntargets %d", phase, targets->n);
	for (i = 0; i < targets->n; i++)
		strbuf_addf(out, " %u %d", targets->t[i].sm, targets->t[i].suffix);
	strbuf_addch(out, '\n');
	cal_lsp_sites_put(sites, out);
	cal_findings_serialize(found, out);
}

/* The server's answer to an early reply: "go" (make the host parse) or "stop". */
enum cal_before_host cal_lsp_worker_send_early(struct cal_lsp_server *s,
					       const struct cal_findings *found,
					       const struct cal_target_set *targets,
					       struct lsp_sites *sites)
{
	struct strbuf reply = STRBUF_INIT, answer = STRBUF_INIT;
	enum cal_before_host next = CAL_HOST_STOP;

	put_reply("early", found, targets, sites, &reply);
	if (send_frame(s->to_server, reply.buf, reply.len) == 0 &&
	    read_frame(s->from_server, &answer, 0) == 0 && !strcmp(answer.buf, "go"))
		next = CAL_HOST_MAKE;
	strbuf_release(&reply);
	strbuf_release(&answer);
	return next;
}

static void worker_main(struct cal_lsp_server *s, int in, int out)
{
	struct strbuf req = STRBUF_INIT, reply = STRBUF_INIT;
	struct lsp_doc d;
	struct lint_call call = { s, &d };

#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);	/* no worker outlives its server */
#endif
	/* --parse-memory-limit, on top of what the worker starts with (its kept TUs count) */
	cal_isolate_limit_memory(s->opts->parse_memory_limit);
	s->out_fd = -1;		/* the server alone talks to the client */
	s->from_server = in;
	s->to_server = out;
	s->keep = cal_tu_cache_new();
	/*
	 * Parse on this large stack, not on a thread of libclang's own: its
	 * threads would get LLVM's signal stack too (lint_on_stack).
	 */
	setenv("LIBCLANG_NOTHREADS", "1", 1);
	while (read_frame(in, &req, 0) == 0) {
		strbuf_reset(&reply);
		if (take_request(s, &req, &d) == 0) {
			if (cal_thread_run_with_stack(lint_on_stack, &call, WORKER_STACK) < 0)
				cal_lsp_lint(s, &d);
			put_reply("final", &d.findings, &d.targets, &d.sites, &reply);
			free(d.path);
			free(d.uri);
			cal_findings_release(&d.findings);
			cal_lsp_sites_release(&d.sites);
		}
		if (send_frame(out, reply.buf, reply.len) < 0)
			break;
	}
	_exit(0);
}

/* ---- the server ---- */

static void worker_kill(struct lsp_worker *w)
{
	if (!w->pid)
		return;
	close(w->to_child);
	close(w->from_child);
	kill(w->pid, SIGKILL);
	while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
		;
	free(w->uri);
	memset(w, 0, sizeof(*w));
}

void cal_lsp_worker_stop(struct cal_lsp_server *s, const char *uri)
{
	int i;
	for (i = 0; i < CAL_LSP_WORKERS; i++)
		if (s->workers[i].pid && (!uri || !strcmp(s->workers[i].uri, uri)))
			worker_kill(&s->workers[i]);
}

static struct lsp_worker *worker_start(struct cal_lsp_server *s, const char *uri)
{
	struct lsp_worker *w = &s->workers[0];
	int to[2], from[2], i;
	pid_t pid;

	for (i = 1; i < CAL_LSP_WORKERS; i++)
		if (!s->workers[i].pid || (w->pid && s->workers[i].used < w->used))
			w = &s->workers[i];
	worker_kill(w);
	cal_isolate_warm_up();
	if (pipe(to) < 0)
		return NULL;
	if (pipe(from) < 0) {
		close(to[0]);
		close(to[1]);
		return NULL;
	}
	if ((pid = fork()) < 0) {
		close(to[0]); close(to[1]); close(from[0]); close(from[1]);
		return NULL;
	}
	if (pid == 0) {
		close(to[1]);
		close(from[0]);
		close(STDIN_FILENO);	/* the client's: only the server reads it */
		close(s->out_fd);
		for (i = 0; i < CAL_LSP_WORKERS; i++)
			if (s->workers[i].pid) {
				close(s->workers[i].to_child);
				close(s->workers[i].from_child);
			}
		worker_main(s, to[0], from[1]);
	}
	close(to[0]);
	close(from[1]);
	w->pid = pid;
	w->to_child = to[1];
	w->from_child = from[0];
	w->uri = xstrdup(uri);
	return w;
}

static struct lsp_worker *worker_of(struct cal_lsp_server *s, const char *uri)
{
	int i;
	for (i = 0; i < CAL_LSP_WORKERS; i++)
		if (s->workers[i].pid && !strcmp(s->workers[i].uri, uri))
			return &s->workers[i];
	return worker_start(s, uri);
}

static char *request_of(const struct lsp_doc *d, int host)
{
	cJSON *req = cJSON_CreateObject(), *list = cJSON_CreateArray();
	size_t i, n = cal_overlay_count();
	char *text;

	cJSON_AddStringToObject(req, "path", d->path);
	cJSON_AddNumberToObject(req, "version", (double)d->version);
	cJSON_AddBoolToObject(req, "host", host);
	cJSON_AddBoolToObject(req, "deviceFirst", 1);
	for (i = 0; i < n; i++) {
		const char *path = cal_overlay_path(i), *t;
		size_t len;
		cJSON *o;
		if (!cal_overlay_get(path, &t, &len) || memchr(t, '\0', len))
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "path", path);
		cJSON_AddStringToObject(o, "text", t);
		cJSON_AddItemToArray(list, o);
	}
	cJSON_AddItemToObject(req, "overlays", list);
	text = cJSON_PrintUnformatted(req);
	cJSON_Delete(req);
	return text;
}

/* A reply into d's findings and targets; *early: it is the device parse's. */
static int take_reply(const struct strbuf *in, struct lsp_doc *d, int *early)
{
	const char *p = in->buf, *nl = memchr(in->buf, '\n', in->len);
	char *end;
	long n, i;

	if (!nl || (strncmp(p, "early\n", 6) && strncmp(p, "final\n", 6)))
		return -1;
	*early = p[0] == 'e';
	p = nl + 1;
	nl = memchr(p, '\n', in->len - (size_t)(p - in->buf));
	if (!nl || strncmp(p, "targets ", 8))
		return -1;
	n = strtol(p + 8, &end, 10);
	if (n < 0 || n > CAL_MAX_TARGETS)
		return -1;
	for (i = 0, p = end; i < n; i++) {
		long sm = strtol(p, &end, 10), suffix = strtol(end, &end, 10);
		if (end > nl || sm <= 0 || suffix < 0 || suffix > 127)
			return -1;
		d->targets.t[i].sm = (unsigned)sm;
		d->targets.t[i].suffix = (char)suffix;
		p = end;
	}
	d->targets.n = (int)n;
	p = nl + 1;
	if (cal_lsp_sites_take(&p, in->buf + in->len, d->path, &d->sites) < 0)
		return -1;
	return cal_findings_deserialize(p, in->len - (size_t)(p - in->buf), &d->findings);
}

static void lint_failed(struct cal_lsp_server *s, struct lsp_worker *w, const char *path)
{
	cal_lsp_log(s, 1, "cuatomlint: the lint of '%s' crashed, timed out or failed; "
		    "its worker is stopped", path);
	worker_kill(w);
}

void cal_lsp_worker_lint(struct cal_lsp_server *s, struct lsp_doc *d)
{
	struct lsp_worker *w;
	struct strbuf reply = STRBUF_INIT;
	double start = cal_lsp_now();
	char *req;
	int timeout = s->opts->timeout, early = 0;
	int host = !s->settings.host_on_save || d->host_due;

	d->due = 0;
	d->early = 0;
	cal_findings_release(&d->findings);
	cal_lsp_sites_release(&d->sites);
	memset(&d->targets, 0, sizeof(d->targets));
	d->linted = d->version;
	if (!cal_lsp_env_ready(s))	/* set up once, here: the workers share it */
		return;
	if (d->len > CAL_LSP_MAX_DOCUMENT)
		return;
	if (!(w = worker_of(s, d->uri))) {
		cal_lsp_log(s, 1, "cuatomlint: cannot start a worker for '%s'", d->path);
		return;
	}
	d->host_due = 0;
	w->used = start;
	w->deadline = timeout > 0 ? start + timeout : 0;
	req = request_of(d, host);
	if (!req || send_frame(w->to_child, req, strlen(req)) < 0 ||
	    read_frame(w->from_child, &reply, w->deadline) < 0 ||
	    take_reply(&reply, d, &early) < 0) {
		lint_failed(s, w, d->path);
		cal_findings_release(&d->findings);
		cal_lsp_sites_release(&d->sites);
		memset(&d->targets, 0, sizeof(d->targets));
	} else {
		d->early = early;
		w->waits = early;
		cal_lsp_log(s, 4, "cuatomlint: linted '%s' version %ld%s in %.0f ms: %zu findings",
			    d->path, d->version, early ? " (device parse)" : "",
			    (cal_lsp_now() - start) * 1000, d->findings.nr);
	}
	cJSON_free(req);
	strbuf_release(&reply);
}

static struct lsp_doc *doc_at(struct cal_lsp_server *s, const char *uri, long version)
{
	size_t i;
	for (i = 0; i < s->nr_docs; i++)
		if (!strcmp(s->docs[i].uri, uri))
			return s->docs[i].version == version ? &s->docs[i] : NULL;
	return NULL;
}

/* The path of the open document uri (allocated), for the sites of its lint's reply. */
static char *d_path_of(struct cal_lsp_server *s, const char *uri)
{
	size_t i;
	for (i = 0; i < s->nr_docs; i++)
		if (!strcmp(s->docs[i].uri, uri) && s->docs[i].path)
			return xstrdup(s->docs[i].path);
	return xstrdup("");
}

static struct lsp_worker *waiting_worker(struct cal_lsp_server *s, const char *uri)
{
	int i;
	for (i = 0; i < CAL_LSP_WORKERS; i++)
		if (s->workers[i].pid && s->workers[i].waits && !strcmp(s->workers[i].uri, uri))
			return &s->workers[i];
	return NULL;
}

int cal_lsp_worker_waits(struct cal_lsp_server *s, const char *uri)
{
	return waiting_worker(s, uri) != NULL;
}

void cal_lsp_worker_finish(struct cal_lsp_server *s, const char *uri, long version, int go)
{
	struct lsp_worker *w = waiting_worker(s, uri);
	struct lsp_doc got, *d;
	struct strbuf reply = STRBUF_INIT;
	int early = 1;

	if (!w)		/* stopped meanwhile (the document closed, the settings changed) */
		return;
	w->waits = 0;
	memset(&got, 0, sizeof(got));
	got.path = d_path_of(s, uri);
	if (send_frame(w->to_child, go ? "go" : "stop", go ? 2 : 4) < 0 ||
	    read_frame(w->from_child, &reply, w->deadline) < 0 ||
	    take_reply(&reply, &got, &early) < 0 || early) {
		cal_findings_release(&got.findings);
		cal_lsp_sites_release(&got.sites);
		free(got.path);
		lint_failed(s, w, uri);
		/* the device parse's findings stand: the host parse's are lost */
		if ((d = doc_at(s, uri, version)) != NULL)
			d->early = 0;
		strbuf_release(&reply);
		return;
	}
	strbuf_release(&reply);
	d = doc_at(s, uri, version);
	free(got.path);
	if (!go || !d || d->linted != version) {
		cal_findings_release(&got.findings);
		cal_lsp_sites_release(&got.sites);
		return;
	}
	cal_findings_release(&d->findings);
	cal_lsp_sites_release(&d->sites);
	d->sites = got.sites;
	d->findings = got.findings;
	d->targets = got.targets;
	d->early = 0;
	cal_lsp_log(s, 4, "cuatomlint: linted '%s' version %ld in %.0f ms: %zu findings",
		    d->path, version, (cal_lsp_now() - w->used) * 1000, d->findings.nr);
}
