/*
 * Launcher mode: cuatomlint [options] --launcher COMPILER ARGS...
 *
 * Used as CMAKE_CUDA_COMPILER_LAUNCHER (or any build's compiler wrapper):
 * the compile command is translated like a compile database entry, its
 * translation unit is linted, the findings are written as SARIF next to
 * the object file (-o k.cu.o gives k.cu.o.cuatomlint.sarif), and then the
 * real compiler is run with ARGS unchanged (exec: its exit status is the
 * build's).  Linting scales out wherever the build runs, and
 * `cuatomlint merge` collects the files.
 *
 * The lint never breaks the build: a finding or a file the tool cannot
 * lint is reported and the compiler still runs.  With --launcher-fail a
 * lint status other than 0 (findings at or above --fail-level, or an input
 * error) stops the compile with exit status 1 (or 2) instead, as -Werror
 * would.  Commands that do not compile a CUDA source (device link, link,
 * --version) run the compiler without linting.
 */
#ifndef CUATOMLINT_LAUNCHER_H
#define CUATOMLINT_LAUNCHER_H

#include "driver/jobs.h"
#include "driver/options.h"

/* lint is the normal run; it builds its jobs with cal_launcher_jobs(). */
typedef int (*cal_lint_fn)(struct cal_options *opts, const int *enabled);
int cal_launcher_main(struct cal_options *opts, const int *enabled, cal_lint_fn lint);

/* The one job of the launched command. Returns -1 after an error message. */
int cal_launcher_jobs(const struct cal_options *opts, const struct cal_job_defaults *d,
		      struct cal_jobs *jobs);

/* The source file a compile command compiles, or NULL (exposed for the unit test). */
const char *cal_launcher_source(char *const *argv, int argc);
/* The object file it writes (caller frees), or NULL if it compiles nothing. */
char *cal_launcher_object(char *const *argv, int argc, const char *source);

#endif
