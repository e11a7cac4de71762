/*
 * cuatomlint lsp: a Language Server Protocol 3.17 server on stdin and
 * stdout, for .cu, .cuh, .cl and cuTile .py documents.  docs/editors.md
 * says how editors start it; server.h how it is built.
 */
#ifndef CUATOMLINT_LSP_H
#define CUATOMLINT_LSP_H

#include "driver/options.h"

/* Serve until "exit" or the end of stdin; returns the exit status (0 after shutdown). */
int cal_lsp_main(const struct cal_options *opts);

#endif
