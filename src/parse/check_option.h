/*
 * Per-check options, as clang-tidy's Options.get: a check declares what a
 * team may tune (a bound, a list of names), each with its default, in its
 * descriptor's NULL-terminated `options` array:
 *
 *   static const struct cal_check_option warp_options[] = {
 *     { "MaxCallDepth", CAL_OPTION_INT, "8", 0, 64,
 *       "callers followed to prove every lane of the warp arrives" },
 *     { .name = NULL },
 *   };
 *
 * and reads a value with one call from the walk context (in begin(), or
 * wherever it needs it): cal_option_int(w, "MaxCallDepth").  Values are
 * set in .cuatomlint ("check-options": {"volatile-warp-sync.MaxCallDepth":
 * "12"}, or clang-tidy's CheckOptions), checked when the config is read
 * (an unknown option or a bad value is a config error), and shown with
 * their defaults by --list-checks.
 */
#ifndef CUATOMLINT_CHECK_OPTION_H
#define CUATOMLINT_CHECK_OPTION_H

#include <stddef.h>

#include "parse/check.h"

enum cal_option_type {
	CAL_OPTION_INT,		/* a decimal integer in [min, max] */
	CAL_OPTION_STRING,	/* any text, e.g. a comma-separated list of names */
};

struct cal_check_option {
	const char *name;		/* "MaxCallDepth"; set as "CHECK-ID.MaxCallDepth" */
	enum cal_option_type type;
	const char *default_value;	/* as it would be written in the config */
	long min, max;			/* CAL_OPTION_INT only */
	const char *help;		/* one line for --list-checks */
};

/* One value set in a config: key is "CHECK-ID.Name" (no cuatomlint- prefix). */
struct cal_option_setting {
	char *key;
	char *value;
};

struct cal_option_settings {
	struct cal_option_setting *items;
	size_t nr, alloc;
};

/* The current check's option name: the config's value, else its default. */
long cal_option_int(const struct cal_walk *w, const char *name);
const char *cal_option_string(const struct cal_walk *w, const char *name);

/*
 * The declared option that a config key ("volatile-warp-sync.MaxCallDepth",
 * "cuatomlint-" prefix allowed) names.  NULL with *check NULL: the key is
 * not one of our checks' (another tool's, in a shared clang-tidy file);
 * NULL with *check set: our check has no such option.
 */
const struct cal_check_option *cal_check_option_find(const char *key,
						     const struct cal_check **check);
/* Is value valid for opt (an integer in [min, max] for CAL_OPTION_INT)?  -1 if not. */
int cal_check_option_check(const struct cal_check_option *opt, const char *value);

#endif
