/*
 * JSON-RPC framing of the Language Server Protocol: each message is a
 * header ("Content-Length: N", other fields ignored, lines ending in
 * CRLF, a blank line) and N bytes of JSON.  The reader takes bytes as
 * they come and hands out whole bodies; it never trusts a length: a
 * header it cannot read is dropped up to its blank line (or, without one
 * in the first CAL_RPC_MAX_HEADER bytes, all that was read), and a body
 * over CAL_RPC_MAX_MESSAGE is skipped as it arrives, so a peer can never
 * make the server hold more than that.  The writer frames a cJSON tree.
 */
#ifndef CUATOMLINT_LSP_RPC_H
#define CUATOMLINT_LSP_RPC_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "cuatomlint/strbuf.h"

#define CAL_RPC_MAX_HEADER 4096
#define CAL_RPC_MAX_MESSAGE ((size_t)64 * 1024 * 1024)

struct cal_rpc_reader {
	struct strbuf in;	/* bytes read, not yet taken */
	size_t skip;		/* bytes of an oversized body still to drop */
};

enum cal_rpc_event {
	CAL_RPC_NEED_MORE,	/* no whole message yet */
	CAL_RPC_MESSAGE,	/* *body: one message's JSON text */
	CAL_RPC_BAD_HEADER,	/* a header without a readable Content-Length, dropped */
	CAL_RPC_TOO_LARGE,	/* a message over CAL_RPC_MAX_MESSAGE, being skipped */
};

void cal_rpc_reader_init(struct cal_rpc_reader *r);
/* Add bytes read; -1 if the buffer would pass its cap (the bytes are dropped). */
int cal_rpc_feed(struct cal_rpc_reader *r, const char *data, size_t len);
/* The next event; with CAL_RPC_MESSAGE, *body (allocated, NUL-terminated) and *len. */
enum cal_rpc_event cal_rpc_next(struct cal_rpc_reader *r, char **body, size_t *len);
void cal_rpc_reader_release(struct cal_rpc_reader *r);

/* Frame msg and write it to fd (fd < 0: discard); 0, or -1 on a write error. */
int cal_rpc_write(int fd, const cJSON *msg);

#endif
