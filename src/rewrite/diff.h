/*
 * Unified diff of two texts, line by line, for --fix-dry-run.
 *
 * Lines are compared with their line endings, so a CRLF file shows its
 * "\r" at the end of each printed line, exactly as `diff -u` does.  The
 * common head and tail are trimmed first; Myers' O(ND) algorithm runs on
 * the middle, where a fix-it run differs in few lines.  Hunks carry three
 * lines of context; counts of one are omitted as GNU diff does.
 */
#ifndef CUATOMLINT_FIXITS_DIFF_H
#define CUATOMLINT_FIXITS_DIFF_H

#include <stddef.h>

#include "cuatomlint/strbuf.h"

#define CAL_DIFF_CONTEXT 3

/*
 * Append to out the diff from a to b with "--- a/PATH" / "+++ b/PATH"
 * headers (PATH as given, for `patch -p1`).  Nothing is appended if the
 * texts are equal.
 */
void cal_diff_unified(struct strbuf *out, const char *path, const char *a, size_t alen,
		      const char *b, size_t blen);

#endif
