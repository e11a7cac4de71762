/*
 * The include prefix of a source file (the shared preamble's key,
 * driver/preamble.h): its leading run of `#include <NAME>` lines, with
 * blank lines and comments between them.  Any other line ends it: a
 * quoted include, a macro, a conditional, a line continuation, text after
 * an include but a line comment.  Read from outside input: fuzzed
 * (test/fuzz/fuzz_prefix.c).
 */
#ifndef CUATOMLINT_PREFIX_H
#define CUATOMLINT_PREFIX_H

#include <stddef.h>

#include "cuatomlint/strbuf.h"

/* Append text's prefix to out, normalized: "#include <NAME>\n" a line. */
void cal_include_prefix(const char *text, size_t len, struct strbuf *out);

/*
 * The same, quoted includes too ("#include \"NAME\"\n", NAME free of '"'
 * and '>'), and `#pragma once` lines passed over: the prefix that may reach
 * the project's own headers (driver/preamble.h).
 */
void cal_include_prefix_user(const char *text, size_t len, struct strbuf *out);

#endif
