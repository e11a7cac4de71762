/*
 * Running the jobs: each job (one file's parses) in a child process of its
 * own (driver/isolate.h), at most -j N at once, so a crash, a runaway
 * include or a time-out costs that file only (one error line, exit status
 * 2) and all others are linted.  Children send their findings back as data
 * (the cache's serialization); output never depends on which child
 * finished first: the findings of job i are appended in job order once all
 * are done.  The parse runs on a 512 MiB stack (templates nested thousands
 * deep), under --timeout and --parse-memory-limit.  The parent alone reads
 * and writes the cache.
 *
 * On a terminal, a progress line on stderr shows done/total, files per
 * second and the time left.
 */
#ifndef CUATOMLINT_SCHEDULER_H
#define CUATOMLINT_SCHEDULER_H

#include "driver/jobs.h"
#include "driver/run.h"

struct cal_schedule {
	int workers;		/* 0: one per core */
	int progress;		/* print the progress line */
	struct cal_cache *cache;	/* NULL: no result cache */
	double seconds;		/* out: wall time */
	int timeout;		/* seconds per job; 0: none */
	int memory_limit_mb;	/* address space per job's process; 0: none */
};

/*
 * Run every job (its file, targets, checks and clang arguments) with the
 * run's settings; findings go to result->findings (archs over jobs->all),
 * input errors are added to result->nr_input_errors.
 */
void cal_schedule_run(const struct cal_run_settings *settings, const struct cal_jobs *jobs,
		      struct cal_schedule *sched, struct cal_run_result *result);

#endif
