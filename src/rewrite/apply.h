/*
 * The fix stage of a run: --fix, --fix-dry-run, --export-fixes and
 * --verify-nvcc, after the findings are final (merged, suppressed,
 * filtered).
 *
 * With --fix, every translation unit whose files were rewritten is parsed
 * again with the same arguments (host and every target); if the rewrite
 * added clang errors, the files it sees that were rewritten are rolled
 * back.  For a translation unit whose own file was not rewritten (only a
 * header it includes was), the error count before the rewrite is measured
 * by parsing it once more before writing.  --verify-nvcc then compiles
 * each rewritten translation unit with the toolkit's nvcc (`nvcc -c -o
 * /dev/null`) for every target of the build nvcc supports; nothing else is
 * ever executed, and nothing is taken from a compile database but the
 * include, define and -std arguments.  nvcc builds `sh -c` lines from its
 * arguments, so it compiles a copy under a temporary name (tu.cu), and a
 * file whose arguments hold anything but letters, digits and _-./+,=:@%
 * is not verified (an error naming the argument).
 */
#ifndef CUATOMLINT_FIXITS_APPLY_H
#define CUATOMLINT_FIXITS_APPLY_H

#include <stddef.h>
#include <stdio.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "parse/parse.h"
#include "parse/toolkit.h"

/* nvcc 13 compiles for sm_75 and newer. */
#define CAL_NVCC_MIN_SM 75

/*
 * A translation unit of the run as the fix stage sees it: what it needs to
 * parse it again and to compile it with nvcc.  The driver fills these from
 * its jobs; everything is borrowed.
 */
struct cal_fix_job {
	const char *file;
	struct cal_argv args;		/* user clang arguments */
	struct cal_target_set targets;
	int opencl;			/* OpenCL C, parsed per device profile */
};

struct cal_fix_jobs {
	const struct cal_fix_job *items;
	size_t nr;
};

/*
 * How the fix stage runs its parses: count(k, arg) for every k < nr, each
 * giving translation unit k's number of clang errors into errors[k], or,
 * where it gave none (it crashed, timed out or ran out of memory), why into
 * failed[k] (allocated text: "crashed (signal 11, ...)"; the caller frees
 * it).  The driver runs each in a child process of its own, under
 * --timeout and the memory limit, as it runs the lint parses
 * (driver/isolate.h): a re-parse that fails costs that unit's rewrite only.
 */
struct cal_fix_runner {
	void (*run)(const struct cal_fix_runner *self, size_t nr,
		    int (*count)(size_t k, void *arg), void *arg, int *errors, char **failed);
	const void *ctx;
};

struct cal_fix_request {
	int apply;		/* --fix */
	int dry_run;		/* --fix-dry-run: the diff goes to out */
	const char *export_path;	/* --export-fixes */
	int verify_nvcc;
	const struct cal_env *env;
	const struct cal_fix_jobs *jobs;
	FILE *out;
	FILE *log;
	const char *srcroot;	/* --srcroot: --fix-dry-run paths relative to it (NULL: cwd) */
	const struct cal_fix_runner *runner;	/* runs the re-parses */
	/*
	 * The texts the files have beside the disk's (the language server's
	 * open documents): every re-parse sees them, the planned texts over
	 * them.  NULL: the files as on disk.
	 */
	const struct CXUnsavedFile *unsaved;
	unsigned nr_unsaved;
};

/*
 * 0, or -1 if a file could not be rewritten or kept (a re-parse that adds
 * clang errors or fails rolls its unit back), the export or nvcc failed.
 */
int cal_fix_run(const struct cal_fix_request *req, const struct cal_findings *list);

/*
 * Before the report, when fixes leave the tool (--fix-dry-run,
 * --export-fixes, JSON, SARIF): parse every translation unit the planned
 * rewrite touches with the new texts in memory, and mark not applied the
 * fixes --fix would roll back (where the rewrite adds clang errors), so
 * what is exported is what --fix writes.  One more parse per such
 * translation unit and target; a second (of the files as they are) only
 * where the first has clang errors.  A unit whose parse fails (crashes,
 * times out, runs out of memory) has its fixes withheld too, with one
 * error line; returns the number of such units.
 */
int cal_fix_predict(const struct cal_fix_request *req, struct cal_findings *list);

#endif
