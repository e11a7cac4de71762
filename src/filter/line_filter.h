/*
 * --line-filter, as clang-tidy has it: a JSON list of
 * {"name": FILE, "lines": [[FIRST, LAST], ...]}; only findings in a listed
 * file (its path ends with FILE), on a listed line (every line when
 * "lines" is absent), are reported.  Used to lint just the lines a change
 * touched.
 */
#ifndef CUATOMLINT_LINE_FILTER_H
#define CUATOMLINT_LINE_FILTER_H

/* Is json a valid line filter?  0, or -1 with a one-line reason in *why (static). */
int cal_line_filter_check(const char *json, const char **why);
/* Does the filter (already checked) keep a finding at file:line? */
int cal_line_filter_keeps(const char *json, const char *file, unsigned line);

#endif
