/*
 * Text overlays: the editor's unsaved text of a file, which read_file()
 * returns instead of the file's content on disk.  The language server
 * (src/lsp/) sets one for each open document, so everything that reads a
 * source (suppression comments, the cuTile front end, the reporters'
 * position conversions) sees what libclang parses from its unsaved files.
 * One process-wide table, written only by the server's one thread before
 * it forks a parse; a lint without the server has none.  Paths are
 * compared as written (the server gives absolute paths).
 */
#ifndef CUATOMLINT_UTIL_OVERLAY_H
#define CUATOMLINT_UTIL_OVERLAY_H

#include <stddef.h>

/* Set path's text (copied); text NULL removes the overlay. */
void cal_overlay_set(const char *path, const char *text, size_t len);
/* path's overlay: 1 with *text and *len (borrowed until the next set), else 0. */
int cal_overlay_get(const char *path, const char **text, size_t *len);
/* How many overlays there are, and the i-th's path (for libclang's unsaved files). */
size_t cal_overlay_count(void);
const char *cal_overlay_path(size_t i);
void cal_overlay_clear(void);

#endif
