/*
 * Where a lint's time goes, phase by phase, for the benchmarks: with
 * CUATOMLINT_PROFILE=1 in the environment, each parse's and each lint's
 * phases (the parse or reparse, the arch replay, the walk of the written
 * code, the indexing pass, the instantiations, what follows) are summed
 * per thread and printed as one stderr line when the caller says so.
 * Times are the thread's CPU time (the steady figure on a shared machine)
 * and wall time.  Without the variable every call returns at once.
 */
#ifndef CUATOMLINT_UTIL_PROFILE_H
#define CUATOMLINT_UTIL_PROFILE_H

struct cal_profile_mark {
	double cpu, wall;	/* seconds, when the phase began */
};

/* Is CUATOMLINT_PROFILE set (to anything but "0")? */
int cal_profile_on(void);
/* A phase begins now. */
void cal_profile_start(struct cal_profile_mark *m);
/* The phase since m is called phase (a string literal); m starts the next one. */
void cal_profile_lap(struct cal_profile_mark *m, const char *phase);
/* "cuatomlint: profile WHAT: PHASE CPU/WALL ms, ..." of this thread's phases, then forget them. */
void cal_profile_say(const char *what);

#endif
