/*
 * Source text for the reporters: the text reporter prints the line under
 * a finding, the SARIF reporter converts byte columns to UTF-16 columns
 * and fingerprints lines.  The cache keeps the last file read, since
 * findings arrive sorted by file.
 */
#ifndef CUATOMLINT_SOURCE_CACHE_H
#define CUATOMLINT_SOURCE_CACHE_H

#include <stddef.h>

#include "cuatomlint/strbuf.h"

struct cal_source_cache {
	char *path;
	struct strbuf text;
	int ok;
};

#define CAL_SOURCE_CACHE_INIT { NULL, STRBUF_INIT, 0 }

/*
 * The line holding byte offset (at 1-based byte column), without its line
 * ending, or NULL if the file cannot be read or the position is off it.
 */
const char *cal_source_line(struct cal_source_cache *c, const char *path,
			    unsigned offset, unsigned column, size_t *len);
/* 1-based UTF-16 column of 1-based byte column in line (clamped to the line). */
unsigned cal_utf16_column(const char *line, size_t len, unsigned byte_column);
void cal_source_cache_release(struct cal_source_cache *c);

#endif
