/*
 * libFuzzer target for the language server's message reader and
 * dispatcher (src/lsp/rpc.c, server.c): arbitrary bytes as what a client
 * sends on stdin, fed in two pieces split where the first byte says, so
 * that headers and bodies arrive cut anywhere.  Every message is handled
 * (initialize, documents opened, changed, closed, code actions, cancel,
 * shutdown, exit); the lints themselves are not run (they are the walk's
 * target).  Beyond "no crash, no sanitizer report, no leak": the reader
 * never holds more than its cap.  Built and run by scripts/fuzz.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lsp/server.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond) do { if (!(cond)) abort(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct cal_options opts;
	struct cal_lsp_server s;
	size_t cut;

	if (!size)
		return 0;
	cut = data[0] % size;
	cal_lsp_server_init(&s, &opts, -1);
	cal_lsp_server_feed(&s, (const char *)data + 1, cut);
	cal_lsp_server_feed(&s, (const char *)data + 1 + cut, size - 1 - cut);
	REQUIRE(s.reader.in.len <= CAL_RPC_MAX_MESSAGE + CAL_RPC_MAX_HEADER);
	cal_lsp_server_release(&s);
	return 0;
}
