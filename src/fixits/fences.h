/*
 * No doubled fences in fixed code.
 *
 * Several fixes begin with a fence ("__threadfence(); atomicExch(p, v)",
 * "(__threadfence(), ...)").  Where the text just before the edit (blanks
 * and line breaks only in between) already is the same fence statement,
 * the user's or another edit's, a second fence orders nothing more: the
 * edit's leading fence is dropped.  Nothing but the edit changes.
 */
#ifndef CUATOMLINT_FIXITS_FENCES_H
#define CUATOMLINT_FIXITS_FENCES_H

#include <stddef.h>

#include "cuatomlint/finding.h"

/*
 * before[0, len) is the file up to an edit's offset; r the edit's
 * replacement.  If r starts with the fence statement that before ends
 * with: r without its fence (caller frees), and *fence_start is where
 * that statement starts in before (no other edit may change the text from
 * there on).  Else NULL.
 */
char *cal_without_doubled_fence(const char *r, const char *before, size_t len,
				size_t *fence_start);

#endif
