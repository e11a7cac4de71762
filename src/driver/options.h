/*
 * Command-line options.  cal_options_parse() fills struct cal_options from
 * argv through one table of option descriptions; it never exits, it
 * returns -1 after printing a one-line error.
 */
#ifndef CUATOMLINT_OPTIONS_H
#define CUATOMLINT_OPTIONS_H

#include <stdio.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "util/strvec.h"

enum cal_format { CAL_FORMAT_TEXT, CAL_FORMAT_JSON, CAL_FORMAT_SARIF };
enum cal_color { CAL_COLOR_AUTO, CAL_COLOR_ALWAYS, CAL_COLOR_NEVER };

struct cal_options {
	char **inputs;
	int nr_inputs;
	char **clang_args;	/* everything after "--" (borrowed from argv) */
	int nr_clang_args;
	struct cal_target_set targets;	/* empty: the toolkit's default */
	const char *cuda_path;
	int builtin_cuda;
	enum cal_format format;
	enum cal_color color;
	const char *checks;	/* glob list, NULL: defaults */
	enum cal_severity fail_level;
	const char *output;	/* NULL: stdout */
	const char *srcroot;	/* SARIF %SRCROOT%; NULL: cwd */
	int jobs;		/* -j; 0: one per core */
	int timeout;		/* --timeout: seconds per file, 0: none */
	int parse_memory_limit;	/* --parse-memory-limit: MB per file's parses, 0: none */
	const char **excludes;	/* --exclude globs (exclude_words.v) */
	int nr_excludes;
	struct cal_argv exclude_words;	/* owns them: each comma-separated word */
	const char *header_filter;
	int summary;		/* --summary */
	const char *compdb;	/* -p: build directory or compile_commands.json */
	int list_checks;
	int show_version;
	int show_help;
	int verbose;
	int per_arch_parses;
	int host_parses;	/* --host-parses: parse for the host even when nothing needs it */
	int fix;		/* --fix: rewrite files in place */
	int fix_dry_run;	/* --fix-dry-run: print a unified diff */
	const char *export_fixes;	/* --export-fixes FILE (YAML) */
	int verify_nvcc;	/* --verify-nvcc: compile rewritten files */
	const char *cache_dir;	/* --cache-dir; NULL: CAL_CACHE_DEFAULT_DIR */
	int no_cache;		/* --no-cache (a later --cache-dir turns it on again) */
	char **launcher_argv;	/* --launcher COMPILER ARGS...: the rest of argv */
	int launcher_argc;
	int launcher_fail;	/* --launcher-fail: findings fail the compile */
	int keep_env;		/* --keep-env: leave the parses' support files (bench/) */
	/* clang-tidy's options */
	const char *warnings_as_errors;	/* globs: these checks' findings are errors */
	const char **extra_args;	/* --extra-arg: after the clang arguments */
	int nr_extra_args;
	const char **extra_args_before;	/* --extra-arg-before: before them */
	int nr_extra_args_before;
	char **joined_args;	/* owns clang_args when extra args were given */
	int quiet;		/* --quiet: no summary, no progress */
	int lint_uncompiled;	/* --lint-uncompiled: with -p, walked files with no entry too */
	const char *exclude_header_filter;	/* regex: headers never reported */
	const char *line_filter;	/* JSON (checked): only these lines */
	const char *config;	/* --config: inline .cuatomlint JSON, for every file */
	const char *config_file;	/* --config-file: this .cuatomlint for every file */
	int dump_config;	/* --dump-config: print the first input's config, exit */
	int system_headers;	/* --system-headers: findings in system headers too */
	int no_shared_preamble;	/* --no-shared-preamble: every parse reads its headers */
};

#define CAL_DEFAULT_TIMEOUT 300
#define CAL_DEFAULT_PARSE_MEMORY_MB 4096

int cal_options_parse(int argc, char **argv, struct cal_options *opts);
void cal_options_release(struct cal_options *opts);
void cal_options_usage(FILE *out);

#endif
