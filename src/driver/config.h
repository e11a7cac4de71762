/*
 * The .cuatomlint configuration file, found by walking up from each
 * linted file (the nearest one wins; none means defaults).  It is JSON, or
 * clang-tidy's YAML (config_yaml.h: Checks, WarningsAsErrors,
 * HeaderFilterRegex, CheckOptions, InheritParentConfig, or these keys):
 *
 *   {
 *     "checks": "-*,volatile-*,scope-mismatch",
 *     "severities": { "scope-mismatch": "error" },
 *     "cuda-arch": "sm_75,sm_90",          (or a list)
 *     "default-scope": "device",           (or "system": atomic_ref rewrites)
 *     "exclude": ["vendor*", "gen*.cu"],  (globs, relative to the file's folder)
 *     "header-filter": "include/.*",       (POSIX extended regex)
 *     "inherit-parent": true,              (extend the .cuatomlint above)
 *     "check-options": { "volatile-warp-sync.MaxCallDepth": 12 },
 *     "warnings-as-errors": "volatile-*"
 *   }
 *
 * With "inherit-parent": true (clang-tidy's InheritParentConfig) the
 * nearest config above this one's folder is read first: its "checks" run
 * before these, its severities apply unless these name the same check,
 * its cuda-arch, default-scope and header-filter hold unless given here,
 * and its excludes (relative to its own folder) still exclude.
 * --config=JSON or --config-file=PATH replace the search for every file
 * (an inline config's folder is the current directory).
 *
 * Command-line options override it: --checks applies after "checks",
 * --cuda-arch replaces "cuda-arch", --exclude adds to "exclude",
 * --header-filter replaces "header-filter".  A broken file is an error
 * naming the file and the line.
 */
#ifndef CUATOMLINT_CONFIG_H
#define CUATOMLINT_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "parse/check_option.h"
#include "util/strvec.h"

#define CAL_CONFIG_NAME ".cuatomlint"

struct cal_severity_override {
	char *check;
	enum cal_severity severity;
};

struct cal_config {
	char *path;		/* NULL: no file, defaults */
	char *dir;		/* its folder: excludes are relative to it */
	char *checks;
	struct cal_severity_override *severities;
	size_t nr_severities, alloc_severities;
	struct cal_target_set targets;
	int scope_system;
	struct cal_argv excludes;
	char *header_filter;
	int scope_set;		/* "default-scope" given (here or inherited) */
	int inherit;		/* "inherit-parent": true */
	const struct cal_config *parent;	/* the config it extends, or NULL */
	char *warnings_as_errors;	/* globs: these checks' warnings are errors */
	struct cal_option_settings options;	/* "check-options", checked */
};

/* Configs read so far, by path; lookups walk up from a file. */
struct cal_config_cache {
	struct cal_config **items;
	size_t nr, alloc;
	struct cal_config none;	/* for files with no config above them */
	const struct cal_config *fixed;	/* --config / --config-file: every file's */
};

/*
 * The config that governs file; NULL after printing an error (a broken
 * file).  The cache owns the result.
 */
const struct cal_config *cal_config_for(struct cal_config_cache *cache, const char *file);
/* Parse text (read from path) into cfg; -1 after printing an error. */
int cal_config_parse(const char *path, const char *text, size_t len, struct cal_config *cfg);
/*
 * --config=TEXT (origin NULL) or --config-file=PATH: the config of every
 * file from now on; -1 after printing an error.
 */
int cal_config_set_fixed(struct cal_config_cache *cache, const char *text, const char *path);
/* --dump-config: cfg with the command line's overrides, as a .cuatomlint file. */
void cal_config_dump(const struct cal_config *cfg, const char *cli_checks,
		     const struct cal_target_set *cli_targets, const char *cli_header_filter,
		     const char **cli_excludes, int nr_cli_excludes, FILE *out);
/* Does the config exclude file? */
int cal_config_excludes(const struct cal_config *cfg, const char *file);
void cal_config_release(struct cal_config *cfg);
void cal_config_cache_release(struct cal_config_cache *cache);

#endif
