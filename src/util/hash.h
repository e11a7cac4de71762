/*
 * The content hash of a file's text (64-bit FNV-1a): the parse records it
 * with every edit, the rewriter compares it with the file before writing,
 * and the cuTile front end keys its cache lines on it.
 */
#ifndef CUATOMLINT_UTIL_HASH_H
#define CUATOMLINT_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

/* Never 0: 0 means "unknown". */
uint64_t cal_content_hash(const char *data, size_t len);

#endif
