/*
 * A lint run: every input file parsed once for the host and once per
 * target, each parse walked by the enabled checks, all findings gathered
 * in one list.  cal_run_finish() sorts and merges them (a finding in a
 * header, or one found by several parses, becomes one finding with the
 * union of their archs) and fills in the arch names of messages.
 */
#ifndef CUATOMLINT_RUN_H
#define CUATOMLINT_RUN_H

#include <clang-c/Index.h>
#include <stdatomic.h>

#include "driver/cache.h"
#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "parse/toolkit.h"

struct cal_run {
	const struct cal_env *env;
	const struct cal_target_set *targets;
	const int *enabled;
	char *const *clang_args;
	int nr_clang_args;
	int verbose;
	int per_arch_parses;	/* never let one device parse stand for several targets */
	int host_parses;	/* always parse for the host, even when nothing needs it */
	int host_wanted;	/* this file needs its host parse (set by the device parse) */
	int partial_reported;	/* this file's partial parse has been said */
	int arch_dependent;	/* a user file of this file's TU mentions the arch */
	int scope_system;	/* atomic_ref rewrites use system scope, not device */
	const struct cal_option_settings *options;	/* the config's check options */
	int opencl;		/* the file is OpenCL C: one parse per device profile */
	int ocl_profile;	/* the profile being parsed */
	int system_headers;	/* --system-headers: the walk enters system headers */
	CXIndex index;
	struct cal_deps *deps;	/* non-NULL: gather every file a parse included */
	struct cal_findings findings;
	int nr_input_errors;
	size_t nr_partial_tus;	/* set by cal_run_finish: TUs left with clang errors */
};

/*
 * Parses made by every run of this process (workers are threads), for
 * --summary: device parses made and saved (targets less groups), host
 * parses made and skipped, and targets parsed alone because the replay of
 * their conditions failed (in how many files).  A parse's child process
 * sends its counts back with its findings (scheduler.c).
 */
struct cal_parse_stats {
	atomic_long device, host, host_skipped, saved, fallback_targets, fallback_files;
};
extern struct cal_parse_stats cal_parse_stats;

void cal_run_init(struct cal_run *run);
void cal_run_file(struct cal_run *run, const char *path);
void cal_run_finish(struct cal_run *run);
void cal_run_release(struct cal_run *run);

/* "{archs}" in a message is replaced by the names of the finding's targets. */
#define CAL_ARCHS_PLACEHOLDER "{archs}"

#endif
