/*
 * Jobs: what to parse, with which arguments, for which targets.
 *
 * Without a compile database every input file is one job with the
 * command line's clang arguments and targets.  Targets come from
 * --cuda-arch, else the database entry, else the .cuatomlint config,
 * else the toolkit's default.  With one (-p), each CUDA or OpenCL entry
 * is a job with its own translated arguments and targets; input files and
 * directories then only select entries (by real path, so relative,
 * absolute and symlinked spellings agree), a directory every entry below
 * it, whatever its suffix.  What the database lacks:
 *   - a file named on the command line is linted with the command of the
 *     nearest entry of its language (cal_compdb_nearest()), and a note
 *     says so; with no such entry, with the command line's arguments;
 *   - a .cu or .cuh a directory walk found is skipped, since the build does
 *     not compile it (headers are judged through the files that include
 *     them), and one line counts them; --lint-uncompiled lints them as
 *     named files are;
 *   - cuTile .py files and OpenCL .cl files never have a command (one is
 *     interpreted, the other built at run time): they are linted with the
 *     command line's arguments, a .cl with the nearest OpenCL entry's.
 * --cuda-arch on the command line overrides every job's targets.
 *
 * Findings record targets as bits over one target set; jobs of a
 * database may target different GPUs, so the run's set is the union of
 * all jobs' targets, and cal_jobs_remap_archs() moves a job's findings
 * from its own target bits to the union's.
 */
#ifndef CUATOMLINT_JOBS_H
#define CUATOMLINT_JOBS_H

#include <stddef.h>

#include "driver/check_select.h"
#include "driver/compdb.h"
#include "driver/config.h"
#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "driver/inputs.h"
#include "parse/parse.h"

struct cal_job {
	char *file;
	struct cal_argv args;		/* user clang arguments */
	struct cal_target_set targets;
	const struct cal_config *config;	/* the .cuatomlint that governs it */
	int enabled[CAL_MAX_CHECKS];	/* defaults, then config, then --checks */
	int opencl;			/* OpenCL C, parsed per device profile (no targets) */
};

struct cal_jobs {
	struct cal_job *items;
	size_t nr, alloc;
	struct cal_target_set all;	/* union of every job's targets */
	/* -p: every file the database compiles (host code too), for program-wide evidence */
	struct cal_argv program_files;
};

struct cal_job_defaults {
	char *const *clang_args;	/* after "--" on the command line */
	int nr_clang_args;
	const struct cal_target_set *targets;	/* --cuda-arch, or empty */
	struct cal_target default_target;	/* the toolkit's default */
	int verbose;			/* list the flags a translation dropped */
	const char *checks;		/* --checks */
	const char *const *excludes;	/* --exclude */
	int nr_excludes;
	struct cal_config_cache *configs;
	int lint_uncompiled;		/* -p: lint walked files with no entry too */
	int quiet;			/* no summary line of skipped files */
};

/*
 * One job per input file.  Both return -1 after an error message if a
 * config file is broken; excluded files make no job.
 */
int cal_jobs_from_inputs(struct cal_jobs *jobs, const struct cal_inputs *in,
			 const struct cal_job_defaults *d);
/*
 * Jobs from the database, selected by in (all entries if in is empty); a
 * named directory that selects nothing is an input error, counted in in.
 */
int cal_jobs_from_compdb(struct cal_jobs *jobs, const struct cal_compdb *db,
			 struct cal_inputs *in, const struct cal_job_defaults *d);
/* Findings [from, list->nr) of job: their arch bits move to jobs->all's. */
void cal_jobs_remap_archs(const struct cal_jobs *jobs, const struct cal_job *job,
			  struct cal_findings *list, size_t from);
/* Is path the main file of one of the jobs? */
int cal_jobs_has_file(const struct cal_jobs *jobs, const char *path);
void cal_jobs_release(struct cal_jobs *jobs);

/*
 * Evidence of memory another processor reads and writes (host_memory.h): in
 * the CUDA files of the run, then (-p) in every file the database compiles.
 * Caller frees; NULL if none.
 */
char *cal_jobs_host_memory(const struct cal_jobs *jobs, int hip);

#endif
