/*
 * The tool's own messages on stderr, one line each, in one style:
 * "cuatomlint: error: ...", "cuatomlint: warning: ...", "cuatomlint: note: ...".
 * fmt is the message without the prefix and without a trailing newline.
 * Each line is written with one call, so that lines from parse processes
 * sharing stderr do not mix.  (Findings are the reporters' business, never
 * these.)
 */
#ifndef CUATOMLINT_UTIL_DIAG_H
#define CUATOMLINT_UTIL_DIAG_H

#include <stdarg.h>

void cal_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cal_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cal_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cal_verror(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

#endif
