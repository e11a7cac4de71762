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
 * newer one.  A code action request on a document with a lint pending
 * waits for it (and may be cancelled meanwhile); otherwise it is answered
 * from the findings of the current version.
 */
#ifndef CUATOMLINT_LSP_SERVER_H
#define CUATOMLINT_LSP_SERVER_H

#include <cjson/cJSON.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "driver/options.h"
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

struct lsp_doc {
	char *uri, *path;
	char *text;
	size_t len;
	long version;
	int due;		/* a lint is wanted ... */
	double due_at;		/* ... at this time (monotonic seconds) */
	long linted;		/* the version findings are of; -1: none */
	struct cal_findings findings;
	struct cal_target_set targets;	/* the targets findings' arch bits index */
};

struct lsp_settings {
	char *checks;		/* glob list, NULL: --checks or the defaults */
	char *compdb;		/* compile_commands.json's folder, NULL: discover */
	struct cal_target_set targets;	/* empty: --cuda-arch, the database or the default */
	int debounce_ms;
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
};

#define CAL_LSP_WORKERS 3

struct cal_lsp_server {
	const struct cal_options *opts;
	int out_fd;		/* where messages go; -1: nowhere (the fuzzer) */
	struct cal_rpc_reader reader;
	int initialized, shutdown, exited, exit_code;
	char *root;		/* the workspace folder, or NULL */
	struct lsp_settings settings;
	struct lsp_doc *docs;
	size_t nr_docs, alloc_docs;
	cJSON **waiting;	/* code action requests waiting for a lint */
	size_t nr_waiting, alloc_waiting;
	struct cal_env env;
	int env_ready;		/* 1 set up, -1 failed */
	struct lsp_worker workers[CAL_LSP_WORKERS];
	int no_workers;		/* lint each time in a fresh child (the scheduler's) */
	struct cal_tu_cache *keep;	/* in a worker: its kept TUs */
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

/* lint.c: the CUDA environment, set up at the first lint; 0 if it cannot be. */
int cal_lsp_env_ready(struct cal_lsp_server *s);

/* worker.c: lint d in its worker (started if needed); as cal_lsp_lint. */
void cal_lsp_worker_lint(struct cal_lsp_server *s, struct lsp_doc *d);
/* Stop the worker of uri (NULL: every worker). */
void cal_lsp_worker_stop(struct cal_lsp_server *s, const char *uri);

#endif
