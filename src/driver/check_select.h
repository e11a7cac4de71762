/*
 * Choosing checks: --checks=GLOB[,GLOB...] where a leading '-' disables
 * and later globs override earlier ones, starting from each check's
 * default.  A positive glob that matches no check is an error (a typo
 * would otherwise silently lint nothing).
 */
#ifndef CUATOMLINT_CHECK_SELECT_H
#define CUATOMLINT_CHECK_SELECT_H

#include "parse/check.h"	/* CAL_MAX_CHECKS */

/*
 * Does the glob list select check id (the last glob that matches decides;
 * none: no)?  For --warnings-as-errors.  Globs match the ID as printed and
 * with clang-tidy's prefix (cuatomlint-volatile-sync) alike.
 */
int cal_checks_glob_match(const char *globs, const char *id);
/* enabled has cal_nr_checks entries; returns 0, or -1 after an error message. */
int cal_checks_select(const char *globs, int *enabled);
/* Apply globs on top of enabled; where names the source in errors ("--checks"). */
int cal_checks_apply(const char *globs, int *enabled, const char *where);

#endif
