/*
 * Running the jobs: -j N workers, each a thread with its own libclang
 * index and its own findings per job, so output never depends on which
 * worker finished first: the findings of job i are appended in job order
 * once all are done.
 *
 * On a terminal, a progress line on stderr shows done/total, files per
 * second and the time left.
 */
#ifndef CUATOMLINT_SCHEDULER_H
#define CUATOMLINT_SCHEDULER_H

#include "jobs.h"
#include "run.h"

struct cal_schedule {
	int workers;		/* 0: one per core */
	int progress;		/* print the progress line */
	struct cal_cache *cache;	/* NULL: no result cache */
	double seconds;		/* out: wall time */
};

/*
 * Run every job with the settings of proto (env, enabled checks, flags);
 * findings go to proto->findings (archs over jobs->all), input errors are
 * added to proto->nr_input_errors.
 */
void cal_schedule_run(struct cal_run *proto, const struct cal_jobs *jobs,
		      struct cal_schedule *sched);
int cal_default_workers(void);

#endif
