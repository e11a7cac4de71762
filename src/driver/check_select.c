/*
 * Choosing checks by glob (check_select.h) over the registry.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/check_select.h"
#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "util/diag.h"

/* clang-tidy users name our checks with the tool's prefix: cuatomlint-volatile-sync */
#define TIDY_PREFIX "cuatomlint-"

static int glob_matches(const char *pattern, const char *id)
{
	char prefixed[128];

	if (fnmatch(pattern, id, 0) == 0)
		return 1;
	snprintf(prefixed, sizeof(prefixed), TIDY_PREFIX "%s", id);
	return fnmatch(pattern, prefixed, 0) == 0;
}

static int apply_glob(const char *glob, size_t len, int *enabled, const char *where)
{
	int positive = 1, matched = 0, i;
	char *pattern;

	while (len && (*glob == ' ' || *glob == '\t')) {
		glob++;
		len--;
	}
	while (len && (glob[len - 1] == ' ' || glob[len - 1] == '\t'))
		len--;
	if (!len)
		return 0;
	if (*glob == '-') {
		positive = 0;
		glob++;
		len--;
	}
	pattern = xstrndup(glob, len);
	for (i = 0; i < cal_nr_checks; i++) {
		if (glob_matches(pattern, cal_checks[i]->id)) {
			enabled[i] = positive;
			matched = 1;
		}
	}
	if (!matched && positive) {
		cal_error("no check matches '%s' in %s (see --list-checks)",
			pattern, where);
		free(pattern);
		return -1;
	}
	free(pattern);
	return 0;
}

int cal_checks_apply(const char *globs, int *enabled, const char *where)
{
	const char *p = globs;

	if (!globs)
		return 0;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (apply_glob(p, len, enabled, where) < 0)
			return -1;
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

int cal_checks_select(const char *globs, int *enabled)
{
	int i;
	for (i = 0; i < cal_nr_checks; i++)
		enabled[i] = cal_checks[i]->enabled_by_default;
	return cal_checks_apply(globs, enabled, "--checks");
}

int cal_checks_glob_match(const char *globs, const char *id)
{
	const char *p = globs, *end;
	int match = 0;

	for (; p && *p; p = *end ? end + 1 : end) {
		int positive = 1;
		char *pattern;
		end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p == '-') {
			positive = 0;
			p++;
		}
		pattern = xstrndup(p, (size_t)(end - p));
		while (*pattern && strchr(" \t", pattern[strlen(pattern) - 1]))
			pattern[strlen(pattern) - 1] = '\0';
		if (*pattern && glob_matches(pattern, id))
			match = positive;
		free(pattern);
	}
	return match;
}
