/*
 * Comments blanked from source text, for the textual tests that must not
 * see them (parse/arch_dependence.c: does a file mention the arch?).
 * Read from outside input: fuzzed (test/fuzz/fuzz_prefix.c).
 */
#ifndef CUATOMLINT_COMMENTS_H
#define CUATOMLINT_COMMENTS_H

#include <stddef.h>

/*
 * A copy of text with its comments blanked (newlines kept, so offsets and lines
 * stay), or NULL where it has none: comments never reach the
 * preprocessor, and a remark such as ggml's "__CUDA_ARCH__ is undefined
 * in host passes" tests no arch.  It may only ever blank too little:
 * string and character literals are passed over (a "//" in one opens no
 * comment), a literal ends at a newline, a quote after a digit is a
 * digit separator, and a text holding a raw string literal is left whole.
 */
char *cal_blank_comments(const char *text, size_t len);

#endif
