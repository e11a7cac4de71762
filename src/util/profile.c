#include "util/profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cuatomlint/strbuf.h"

#define MAX_PHASES 24

struct phase {
	const char *name;
	double cpu, wall;
};

static _Thread_local struct phase phases[MAX_PHASES];
static _Thread_local int nr_phases;

int cal_profile_on(void)
{
	static int on = -1;
	const char *v;

	if (on < 0) {
		v = getenv("CUATOMLINT_PROFILE");
		on = v && *v && strcmp(v, "0") != 0;
	}
	return on;
}

static double seconds(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void cal_profile_start(struct cal_profile_mark *m)
{
	if (!cal_profile_on())
		return;
	m->cpu = seconds(CLOCK_THREAD_CPUTIME_ID);
	m->wall = seconds(CLOCK_MONOTONIC);
}

void cal_profile_lap(struct cal_profile_mark *m, const char *phase)
{
	struct cal_profile_mark now;
	int i;

	if (!cal_profile_on())
		return;
	cal_profile_start(&now);
	for (i = 0; i < nr_phases && strcmp(phases[i].name, phase); i++)
		;
	if (i == nr_phases && nr_phases < MAX_PHASES)
		phases[nr_phases++] = (struct phase){ phase, 0, 0 };
	if (i < nr_phases) {
		phases[i].cpu += now.cpu - m->cpu;
		phases[i].wall += now.wall - m->wall;
	}
	*m = now;
}

void cal_profile_say(const char *what)
{
	struct strbuf line = STRBUF_INIT;
	int i;

	if (!cal_profile_on() || !nr_phases)
		return;
	strbuf_addf(&line, "cuatomlint: profile %s:", what);
	for (i = 0; i < nr_phases; i++)
		strbuf_addf(&line, "%s %s %.0f/%.0f ms", i ? "," : "", phases[i].name,
			    phases[i].cpu * 1e3, phases[i].wall * 1e3);
	fprintf(stderr, "%s (CPU/wall)\n", line.buf);
	strbuf_release(&line);
	nr_phases = 0;
}
