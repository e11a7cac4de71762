/*
 * User regular expressions (--header-filter, HeaderFilterRegex, ...) are
 * POSIX extended ones, compiled by glibc's regcomp, which copies the tree
 * of a repeated atom once for every repetition it may need: 'a++++...+'
 * or '((a{255}){255}){255}' take gigabytes before regcomp returns.  POSIX
 * leaves adjacent repetition operators undefined; a bound nested in a
 * bound is legal but huge.  A pattern is accepted only when it has no
 * adjacent repetition operators and its expansion stays small.
 */
#ifndef CUATOMLINT_UTIL_REGEX_GUARD_H
#define CUATOMLINT_UTIL_REGEX_GUARD_H

/* 1 if pattern is safe to compile and compiles (REG_EXTENDED), else 0. */
int cal_regex_ok(const char *pattern);

#endif
