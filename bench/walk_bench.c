/*
 * The walk alone: parse each file once (one device parse), then walk that
 * parse R times with no check enabled (the traversal, the instantiation
 * search and the indexer) and R times with every check enabled, and print
 * the median CPU milliseconds of each per file and their sums.  The parse,
 * which costs some 30 times the walk, is not timed, so the figures resolve
 * what a change of the walk or of the dispatch to checks costs, even on a
 * loaded machine (CPU time of this thread, not wall time).
 *
 *   cc ... bench/walk_bench.c build/libcuatomlint_core.a -lclang ...  (see README.md)
 *   walk_bench [--reps R] [--arch sm_90] [--per-check 1] FILE... [-- CLANG_ARGS...]
 *
 * --per-check 1 also walks with each check alone and prints, summed over the
 * files, what each adds to the walk with no check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "parse/check.h"
#include "parse/parse.h"
#include "parse/toolkit.h"

static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median CPU ms of reps walks of info with enabled; *found: findings of one walk. */
static double time_walks(const struct cal_parse_info *info, const int *enabled, int reps,
			 size_t *found)
{
	double *t = calloc((size_t)reps, sizeof(*t)), median;
	int r;

	for (r = 0; r < reps; r++) {
		struct cal_findings out = { 0 };
		double a = cpu_ms();
		cal_walk_parse(info, enabled, &out);
		t[r] = cpu_ms() - a;
		*found = out.nr;
		cal_findings_release(&out);
	}
	qsort(t, (size_t)reps, sizeof(*t), cmp_double);
	median = t[reps / 2];
	free(t);
	return median;
}

int main(int argc, char **argv)
{
	struct cal_env env;
	struct cal_target_set targets = { 0 };
	struct cal_target arch;
	const char *arch_name = "sm_90";
	int reps = 9, i, j, first_file, nr_files = 0, dashes = argc, per_check = 0;
	int none[CAL_MAX_CHECKS] = { 0 }, all[CAL_MAX_CHECKS];
	double sum_none = 0, sum_all = 0, alone[CAL_MAX_CHECKS] = { 0 };
	CXIndex index;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			dashes = i;
			break;
		}
	for (first_file = 1; first_file + 1 < dashes && argv[first_file][0] == '-'; first_file += 2) {
		if (!strcmp(argv[first_file], "--reps"))
			reps = (int)strtol(argv[first_file + 1], NULL, 10);
		else if (!strcmp(argv[first_file], "--arch"))
			arch_name = argv[first_file + 1];
		else if (!strcmp(argv[first_file], "--per-check"))
			per_check = (int)strtol(argv[first_file + 1], NULL, 10);
	}
	if (reps < 1 || cal_target_parse(arch_name, &arch) < 0 ||
	    cal_target_set_add(&targets, arch) < 0 || cal_env_setup(&env, NULL, 0) < 0) {
		fprintf(stderr, "walk_bench: bad arguments or no CUDA environment\n");
		return 2;
	}
	for (i = 0; i < cal_nr_checks; i++)
		all[i] = 1;
	index = clang_createIndex(0, 0);
	printf("%-72s %9s %9s %9s\n", "file (median of reps walks, CPU ms)", "no check", "all",
	       "findings");
	for (i = first_file; i < dashes; i++) {
		struct cal_parse_request req = { &env, &targets, &targets.t[0],
						 argv + dashes + (dashes < argc),
						 argc - dashes - (dashes < argc), 0, 0, NULL, 0 };
		struct cal_parse_info info;
		int nr_errors = 0;
		char *err = NULL;
		size_t found = 0;
		double t_none, t_all;
		CXTranslationUnit tu = cal_parse_file(index, argv[i], &req, &nr_errors, &err);

		if (!tu) {
			fprintf(stderr, "walk_bench: cannot parse %s: %s\n", argv[i], err);
			free(err);
			continue;
		}
		memset(&info, 0, sizeof(info));
		info.tu = tu;
		info.main_file = argv[i];
		info.arch_mask = 1;
		info.targets = &targets;
		info.arch = &targets.t[0];
		info.partial = nr_errors > 0;
		info.prelude_path = env.dir;
		info.cuda_major = env.ver_major;
		t_none = time_walks(&info, none, reps, &found);
		t_all = time_walks(&info, all, reps, &found);
		printf("%-72s %9.2f %9.2f %9zu\n", argv[i], t_none, t_all, found);
		for (j = 0; per_check && j < cal_nr_checks; j++) {
			int one[CAL_MAX_CHECKS] = { 0 };
			one[j] = 1;
			alone[j] += time_walks(&info, one, reps, &found) - t_none;
		}
		sum_none += t_none;
		sum_all += t_all;
		nr_files++;
		clang_disposeTranslationUnit(tu);
	}
	printf("%-72s %9.2f %9.2f\n", "sum", sum_none, sum_all);
	for (j = 0; per_check && j < cal_nr_checks; j++)
		printf("  %-70s %9.2f\n", cal_checks[j]->id, alone[j]);
	printf("%d files, %d reps each, %s\n", nr_files, reps, arch_name);
	clang_disposeIndex(index);
	cal_env_release(&env);
	return nr_files ? 0 : 1;
}
