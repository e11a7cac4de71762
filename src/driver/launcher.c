#include "driver/launcher.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver/compdb.h"
#include "cuatomlint/strbuf.h"
#include "driver/nvcc_flags.h"
#include "util/diag.h"

#define SARIF_SUFFIX ".cuatomlint.sarif"

static int has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcmp(s + n - m, suffix);
}

static int is_source_name(const char *s)
{
	static const char *const suffixes[] = { ".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".C" };
	size_t i;
	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
		if (has_suffix(s, suffixes[i]))
			return 1;
	return 0;
}

/* Flags whose separate value may look like a source file name. */
static int takes_file_value(const char *flag)
{
	static const char *const flags[] = {
		"-o", "--output-file", "-MF", "-MT", "-MQ", "--dependency-output",
		"--dependency-target-name", "-include", "--pre-include", "--options-file",
		"-optf", "-ccbin", "--compiler-bindir", "-isystem", "--system-include",
	};
	size_t i;
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (!strcmp(flag, flags[i]))
			return 1;
	return 0;
}

const char *cal_launcher_source(char *const *argv, int argc)
{
	const char *found = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-') {
			i += takes_file_value(argv[i]);
			continue;
		}
		if (is_source_name(argv[i]))
			found = argv[i];
	}
	return found;
}

static int compiles_only(char *const *argv, int argc)
{
	static const char *const flags[] = { "-c", "--compile", "-dc", "--device-c",
					     "-dw", "--device-w" };
	size_t k;
	int i;
	for (i = 1; i < argc; i++)
		for (k = 0; k < sizeof(flags) / sizeof(flags[0]); k++)
			if (!strcmp(argv[i], flags[k]))
				return 1;
	return 0;
}

/* The value of -o / --output-file in any spelling, or NULL. */
static const char *output_arg(char *const *argv, int argc)
{
	const char *out = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		if ((!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output-file")) && i + 1 < argc)
			out = argv[++i];
		else if (!strncmp(argv[i], "--output-file=", 14))
			out = argv[i] + 14;
		else if (!strncmp(argv[i], "-o=", 3))
			out = argv[i] + 3;
	}
	return out;
}

char *cal_launcher_object(char *const *argv, int argc, const char *source)
{
	const char *out = output_arg(argv, argc), *base, *dot;

	if (out)
		return xstrdup(out);
	if (!source)
		return NULL;
	if (!compiles_only(argv, argc))
		return xstrdup("a.out");
	/* nvcc -c dir/k.cu writes k.o in the current directory */
	base = strrchr(source, '/');
	base = base ? base + 1 : source;
	dot = strrchr(base, '.');
	return xasprintf("%.*s.o", (int)(dot ? dot - base : (long)strlen(base)), base);
}

int cal_launcher_jobs(const struct cal_options *opts, const struct cal_job_defaults *d,
		      struct cal_jobs *jobs)
{
	const char *source = cal_launcher_source(opts->launcher_argv, opts->launcher_argc);
	struct cal_compdb db;
	struct cal_inputs none;
	char cwd[PATH_MAX], *err = NULL;
	int r;

	memset(&db, 0, sizeof(db));
	memset(&none, 0, sizeof(none));
	if (!getcwd(cwd, sizeof(cwd))) {
		cal_error("cannot get the current directory: %s",
			strerror(errno));
		return -1;
	}
	db.items = xcalloc(1, sizeof(*db.items));
	db.alloc = 1;
	db.path = xstrdup("the launched command");
	if (cal_translate_command(cwd, source, opts->launcher_argv, opts->launcher_argc,
				  &db.items[0], &err) < 0) {
		cal_error("%s: %s", source, err);
		free(err);
		cal_compdb_release(&db);
		return -1;
	}
	db.nr = 1;
	r = cal_jobs_from_compdb(jobs, &db, &none, d);
	cal_compdb_release(&db);
	return r;
}

/* Is this a compile of a CUDA translation unit (else: just run the compiler)? */
static int lints(char *const *argv, int argc, const char *source)
{
	int i;
	if (!source || !compiles_only(argv, argc))
		return 0;
	if (has_suffix(source, ".cu") || has_suffix(source, ".cuh"))
		return 1;
	for (i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], "-x") && (!strcmp(argv[i + 1], "cu") ||
					       !strcmp(argv[i + 1], "cuda")))
			return 1;
	return 0;
}

static int run_compiler(char *const *argv)
{
	fflush(stdout);
	fflush(stderr);
	execvp(argv[0], argv);
	cal_error("cannot run the compiler '%s': %s", argv[0],
		strerror(errno));
	return 127;
}

/*
 * OBJ.cuatomlint.sarif beside the object; where the object is no file
 * (-o /dev/null, a pipe) there is no place for findings: the report goes
 * to the object's own device, not to "/dev/null.cuatomlint.sarif".
 */
static char *sarif_path(const char *object)
{
	struct stat st;

	if (stat(object, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		return xstrdup(object);
	return xasprintf("%s%s", object, SARIF_SUFFIX);
}

int cal_launcher_main(struct cal_options *opts, const int *enabled, cal_lint_fn lint)
{
	char *const *argv = opts->launcher_argv;
	int argc = opts->launcher_argc, status = 0;
	const char *source = cal_launcher_source(argv, argc);
	char *object, *sarif;

	if (!lints(argv, argc, source))
		return run_compiler(argv);
	object = cal_launcher_object(argv, argc, source);
	sarif = sarif_path(object);
	opts->format = CAL_FORMAT_SARIF;
	opts->output = sarif;
	opts->nr_inputs = 0;
	status = lint(opts, enabled);
	if (status == 1 && strcmp(sarif, object))
		fprintf(stderr, "cuatomlint: %s: findings in '%s'\n", source, sarif);
	else if (status == 1)
		fprintf(stderr, "cuatomlint: %s: findings not kept: the object '%s' is no file\n",
			source, object);
	else if (status)
		cal_warning("could not lint '%s'%s", source,
			opts->launcher_fail ? "" : "; compiling it anyway");
	opts->output = NULL;
	free(sarif);
	free(object);
	if (status && opts->launcher_fail)
		return status;
	return run_compiler(argv);
}
