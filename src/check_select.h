/*
 * Choosing checks: --checks=GLOB[,GLOB...] where a leading '-' disables
 * and later globs override earlier ones, starting from each check's
 * default.  A positive glob that matches no check is an error (a typo
 * would otherwise silently lint nothing).
 */
#ifndef CUATOMLINT_CHECK_SELECT_H
#define CUATOMLINT_CHECK_SELECT_H

#define CAL_MAX_CHECKS 64

/* enabled has cal_nr_checks entries; returns 0, or -1 after an error message. */
int cal_checks_select(const char *globs, int *enabled);
/* Apply globs on top of enabled; where names the source in errors ("--checks"). */
int cal_checks_apply(const char *globs, int *enabled, const char *where);

#endif
