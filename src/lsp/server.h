/*
 * The language server's state and its message handling, without I/O
 * loops, so that a fuzzer drives it as the loop does (loop.c feeds it
 * stdin and runs its lints; fuzz_lsp feeds it bytes and runs none).
 *
 * Documents are kept whole (full sync) with their version; each change
 * sets the document's text as an overlay (util/overlay.h) and marks it
 * due for a lint after the debounce delay.  A lint (lint.c) runs in a
 * child process; its findings are published only if the document still
 * has the version that was linted, so a stale result never replaces a
 * newer one.  Where a lint makes a host parse after the device parse (the
 * code tests __CUDA_ARCH__), the device parse's findings are published
 * first and the merged result when the host parse ends (both only while
 * the document has the version linted, and the first not over a whole
 * result of the same version); the first is a subset of the second
 * (lint.c says why).  A code action request on a document with a
 * lint pending, or with only the device result, waits for the lint's end
 * (and may be cancelled meanwhile); otherwise it is answered from the
 * findings of the current version.
 */
#ifndef CUATOMLINT_LSP_SERVER_H
#define CUATOMLINT_LSP_SERVER_H

#include <cjson/cJSON.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "driver/options.h"
#include "driver/run.h"
#include "lsp/rpc.h"
#include "parse/toolkit.h"

/* JSON-RPC and LSP error codes */
enum {
	CAL_LSP_PARSE_ERROR = -32700,
	CAL_LSP_INVALID_REQUEST = -32600,
	CAL_LSP_METHOD_NOT_FOUND = -32601,
	CAL_LSP_INVALID_PARAMS = -32602,
	CAL_LSP_NOT_INITIALIZED = -32002,
	CAL_LSP_REQUEST_CANCELLED = -32800,
};

/* Documents larger than this are not linted (a message says so). */
#define CAL_LSP_MAX_DOCUMENT ((size_t)8 * 1024 * 1024)

/*
 * Where a document includes a header that its lint found findings in: the
 * #include line of the document that leads to it (the outermost entry of
 * the header's include stack in the document), read by the worker from
 * the translation unit (lint.c).  The header's findings are shown there
 * too (headers.c's cal_lsp_include_diagnostics).
 */
struct lsp_site {
	char *header;		/* as the findings name it */
	struct cal_range range;	/* the #include directive, in the document */
};

struct lsp_sites {
	struct lsp_site *items;
	size_t nr, alloc;
};

struct lsp_doc {
	char *uri, *path;
	char *text;
	size_t len;
	long version;
	int due;		/* a lint is wanted ... */
	double due_at;		/* ... at this time (monotonic seconds) */
	long linted;		/* the version findings are of; -1: none */
	int early;		/* findings are the device parse's only: the lint goes on */
	long settled;		/* the version whose whole result was published last; -1: none */
	int host_due;		/* hostParse "onSave": the next lint makes the host parse */
	struct cal_findings findings;
	struct cal_target_set targets;	/* the targets findings' arch bits index */
	struct lsp_sites sites;		/* of the headers findings lie in (a worker's lint only) */
};

struct lsp_settings {
	char *checks;		/* glob list, NULL: --checks or the defaults */
	char *compdb;		/* compile_commands.json's folder, NULL: discover */
	struct cal_target_set targets;	/* empty: --cuda-arch, the database or the default */
	int debounce_ms;
	/*
	 * hostParse "onSave": after an edit the host parse is not made (its
	 * findings are published after the next save or open); "always" (the
	 * default): made after every edit, its result published after the
	 * device parse's.
	 */
	int host_on_save;
};

/*
 * A worker: a child process that lints one document again and again,
 * keeping its translation units so that each edit is a reparse on a
 * precompiled preamble (parse.h's cal_tu_cache).  A worker that crashes,
 * hangs past --timeout or sends a broken result is killed; that lint
 * publishes no findings and the next one starts a new worker.
 */
struct lsp_worker {
	int pid;		/* 0: none */
	int to_child, from_child;
	char *uri;		/* the document it lints */
	double used;		/* when it last linted (the least recent goes first) */
	double deadline;	/* of its lint (--timeout), 0: none */
	int waits;		/* it sent the device parse's findings and waits for go or stop */
};

#define CAL_LSP_WORKERS 3

/*
 * An includer's share of a header's diagnostics (headers.c): the
 * findings its last final result placed in the header, as published.
 */
struct lsp_borrowed {
	char *header;		/* the header's path, normalized */
	char *includer;		/* the URI of the document whose lint found them */
	cJSON *diags;		/* non-empty */
};

/* A codeAction/resolve whose fix is being checked (resolve.c). */
struct lsp_resolve {
	cJSON *id;		/* the request's */
	cJSON *action;		/* the action asked for, without its edit */
	int pid;		/* the check: a child process, leading a process group */
	int fd;			/* its verdict comes here */
};

struct cal_lsp_server {
	const struct cal_options *opts;
	int out_fd;		/* where messages go; -1: nowhere (the fuzzer) */
	struct cal_rpc_reader reader;
	int initialized, shutdown, exited, exit_code;
	char *root;		/* the workspace folder, or NULL */
	int watch_files;	/* the client registers file watchers when asked (dynamicRegistration) */
	int watching;		/* they were asked for */
	int lazy_edits;		/* the client resolves a code action's edit (codeAction/resolve) */
	struct lsp_settings settings;
	struct lsp_doc *docs;
	size_t nr_docs, alloc_docs;
	struct lsp_borrowed *borrowed;	/* the includers' shares of headers' diagnostics */
	size_t nr_borrowed, alloc_borrowed;
	cJSON **waiting;	/* code action requests waiting for a lint */
	size_t nr_waiting, alloc_waiting;
	struct lsp_resolve *resolves;	/* resolves whose check runs */
	size_t nr_resolves, alloc_resolves;
	struct cal_env env;
	int env_ready;		/* 1 set up, -1 failed */
	struct lsp_worker workers[CAL_LSP_WORKERS];
	int no_workers;		/* lint each time in a fresh child (the scheduler's) */
	struct cal_tu_cache *keep;	/* in a worker: its kept TUs */
	/* in a worker, during a lint: the server's pipes and what its request asked */
	int from_server, to_server;
	int make_host;		/* make the host parse where the code needs one */
	int device_first;	/* send the device parse's findings before the host parse */
	int expect_host;	/* the last lint made a host parse: send them before the replay */
	char *includer, *includer_of;	/* the TU that judges a header, and the header */
};

void cal_lsp_server_init(struct cal_lsp_server *s, const struct cal_options *opts, int out_fd);
void cal_lsp_server_release(struct cal_lsp_server *s);
/* Bytes from the client: every whole message in them is handled. */
void cal_lsp_server_feed(struct cal_lsp_server *s, const char *data, size_t len);
/* The monotonic clock, in seconds. */
double cal_lsp_now(void);

/* server.c, for loop.c and lint.c */
void cal_lsp_send(struct cal_lsp_server *s, cJSON *msg);	/* frees msg */
void cal_lsp_log(struct cal_lsp_server *s, int type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void cal_lsp_respond_error(struct cal_lsp_server *s, const cJSON *id, int code, const char *what);
/*
 * server.c: answer the resolve id of action (taken) after its check:
 * verdict 0 the fix adds no clang error (the edit is given), 1 it does,
 * -1 not judged (both withheld).  Where the document changed since the
 * action was offered (before or during the check), withheld as stale.
 */
void cal_lsp_resolve_answer(struct cal_lsp_server *s, const cJSON *id, cJSON *action, int verdict);
/*
 * resolve.c: check d's finding f's fix-th fix in a child process for the
 * resolve id of action (taken on success); -1 if no child could be made.
 */
int cal_lsp_resolve_start(struct cal_lsp_server *s, const cJSON *id, cJSON *action,
			  struct lsp_doc *d, const struct cal_finding *f, size_t fix);
/* resolve.c: the loop saw fd (a check's) readable: answer its resolve. */
void cal_lsp_resolve_ready(struct cal_lsp_server *s, int fd);
/* resolve.c: cancel the resolve id if its check runs (answered RequestCancelled); 1 if it did. */
int cal_lsp_resolve_cancel(struct cal_lsp_server *s, const cJSON *id);
/* resolve.c: end every check (the server ends). */
void cal_lsp_resolve_release(struct cal_lsp_server *s);
/* Publish diags (taken) as uri's diagnostics; version -1: none given. */
void cal_lsp_publish_json(struct cal_lsp_server *s, const char *uri, long version, cJSON *diags);
/* Lint d after delay seconds (if it is a document cuatomlint lints). */
void cal_lsp_mark_due(struct cal_lsp_server *s, struct lsp_doc *d, double delay);
/* The document due for a lint soonest, or NULL; *wait: seconds until it is due. */
struct lsp_doc *cal_lsp_next_due(struct cal_lsp_server *s, double *wait);
/* After a lint of d at version: publish unless d changed since; answer waiting requests. */
void cal_lsp_publish(struct cal_lsp_server *s, struct lsp_doc *d, long version);

/*
 * lint.c: lint d's current text; its findings replace d's (d->linted = its
 * version).  In a worker (s->keep set) the parses run in this process on
 * the kept TUs; else each lint runs in a fresh child (the scheduler's).
 */
void cal_lsp_lint(struct cal_lsp_server *s, struct lsp_doc *d);

/*
 * lint.c: would --fix keep d's finding f's fix-th fix?  Judged as
 * --fix-dry-run judges it (rewrite/apply.h's cal_fix_predict): the
 * translation unit of d (a header's includer) is parsed for every target
 * and the host with the fix applied to the open documents' texts, in child
 * processes under --timeout; 0: it adds no clang error, 1: it does, -1:
 * not judged (a parse failed, the document cannot be linted).
 */
int cal_lsp_verify_fix(struct cal_lsp_server *s, struct lsp_doc *d, const struct cal_finding *f,
		       size_t fix);

/* lint.c: the CUDA environment, set up at the first lint; 0 if it cannot be. */
int cal_lsp_env_ready(struct cal_lsp_server *s);

/*
 * worker.c: lint d in its worker (started if needed); as cal_lsp_lint,
 * except that where the device parse's findings come first d->early is
 * set and the lint goes on in the worker: the caller publishes them
 * (cal_lsp_publish_early) and calls cal_lsp_worker_finish.
 */
void cal_lsp_worker_lint(struct cal_lsp_server *s, struct lsp_doc *d);
/*
 * The rest of the lint of uri at version, after its device result: go 0
 * tells the worker to stop (the document changed: the result is not
 * wanted).  The result replaces the document's findings if it still has
 * that version.
 */
void cal_lsp_worker_finish(struct cal_lsp_server *s, const char *uri, long version, int go);
/* Does the worker of uri wait for cal_lsp_worker_finish? */
int cal_lsp_worker_waits(struct cal_lsp_server *s, const char *uri);
/*
 * worker.c, in a worker: send the device parse's findings (and the sites of
 * the headers they lie in); whether to make the host parse.
 */
enum cal_before_host cal_lsp_worker_send_early(struct cal_lsp_server *s,
					       const struct cal_findings *found,
					       const struct cal_target_set *targets,
					       struct lsp_sites *sites);
/* server.c: publish the device result of d at version (d->early), if still current. */
void cal_lsp_publish_early(struct cal_lsp_server *s, struct lsp_doc *d, long version);
/* Stop the worker of uri (NULL: every worker). */
void cal_lsp_worker_stop(struct cal_lsp_server *s, const char *uri);

/* headers.c */
void cal_lsp_sites_release(struct lsp_sites *sites);
/* headers.c, in a worker: sort sites (by place, then header) and write them for the server. */
void cal_lsp_sites_put(struct lsp_sites *sites, struct strbuf *out);
/* headers.c: read what cal_lsp_sites_put wrote at *p (moved past it); -1 if broken. */
int cal_lsp_sites_take(const char **p, const char *end, const char *doc, struct lsp_sites *out);
/*
 * headers.c: append to diags (d's own) one diagnostic a site of d whose
 * header holds findings of d's lint: on the #include line, saying how
 * many, the first's message, each as related information.
 */
void cal_lsp_include_diagnostics(const struct lsp_doc *d, cJSON *diags);
/* headers.c: is path a header (.cuh, .h, .hpp)? */
int cal_lsp_is_header(const char *path);
/* headers.c: after d's final publish, publish the headers its findings are in (not open). */
void cal_lsp_headers_publish(struct cal_lsp_server *s, struct lsp_doc *d);
/* headers.c: the document includer closed: its findings in headers go. */
void cal_lsp_headers_forget(struct cal_lsp_server *s, const char *includer);
/* headers.c: the header closed: its includers' shares go, the open includers are linted. */
void cal_lsp_headers_closed(struct cal_lsp_server *s, const char *header);
void cal_lsp_headers_release(struct cal_lsp_server *s);

#endif
