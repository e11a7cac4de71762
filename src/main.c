/*
 * cuatomlint: the command-line front end.  Only this file decides the exit
 * status: 0 no findings at or above the fail level, 1 findings, 2 usage or
 * input errors (which win: a run that could not read its input is not
 * clean).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "check_select.h"
#include "cuatomlint/version.h"
#include "inputs.h"
#include "options.h"
#include "report.h"
#include "run.h"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_USAGE = 2 };

static void list_checks(const int *enabled)
{
	int i;
	for (i = 0; i < cal_nr_checks; i++)
		printf("%-22s %-7s %-3s %s\n", cal_checks[i]->id,
		       cal_severity_name(cal_checks[i]->severity),
		       enabled[i] ? "on" : "off", cal_checks[i]->summary);
}

static void print_version(void)
{
	CXString v = clang_getClangVersion();
	printf("cuatomlint %s\n%s\n", CUATOMLINT_VERSION, clang_getCString(v));
	clang_disposeString(v);
}

static int default_targets(struct cal_options *opts, const struct cal_env *env)
{
	struct cal_target t = { cal_env_default_sm(env), 0 };
	if (opts->targets.n)
		return 0;
	return cal_target_set_add(&opts->targets, t);
}

static int use_color(const struct cal_options *opts, FILE *out)
{
	if (opts->color == CAL_COLOR_ALWAYS)
		return 1;
	if (opts->color == CAL_COLOR_NEVER)
		return 0;
	return isatty(fileno(out)) && !getenv("NO_COLOR");
}

static int report(const struct cal_options *opts, const struct cal_findings *list,
		  const struct cal_target_set *targets)
{
	struct cal_report_ctx ctx;
	FILE *out = stdout;
	int r;

	if (opts->output && !(out = fopen(opts->output, "w"))) {
		fprintf(stderr, "cuatomlint: error: cannot write '%s'\n", opts->output);
		return -1;
	}
	ctx.out = out;
	ctx.targets = targets;
	ctx.color = opts->format == CAL_FORMAT_TEXT && use_color(opts, out);
	r = opts->format == CAL_FORMAT_JSON ? cal_report_json(list, &ctx)
					    : cal_report_text(list, &ctx);
	if (out != stdout && fclose(out) != 0)
		r = -1;
	return r;
}

static int exit_status(const struct cal_options *opts, const struct cal_findings *list)
{
	size_t i;
	for (i = 0; i < list->nr; i++)
		if (list->items[i].severity >= opts->fail_level)
			return EXIT_FINDINGS;
	return EXIT_CLEAN;
}

static int lint(struct cal_options *opts, const int *enabled)
{
	struct cal_env env;
	struct cal_inputs inputs;
	struct cal_run run;
	int i, status;

	cal_inputs_collect(opts->inputs, opts->nr_inputs, &inputs);
	if (!inputs.nr) {
		cal_inputs_release(&inputs);
		return EXIT_USAGE;
	}
	if (cal_env_setup(&env, opts->cuda_path, opts->builtin_cuda) < 0 ||
	    default_targets(opts, &env) < 0) {
		cal_env_release(&env);
		cal_inputs_release(&inputs);
		return EXIT_USAGE;
	}
	memset(&run, 0, sizeof(run));
	run.env = &env;
	run.targets = &opts->targets;
	run.enabled = enabled;
	run.clang_args = opts->clang_args;
	run.nr_clang_args = opts->nr_clang_args;
	run.verbose = opts->verbose;
	run.per_arch_parses = opts->per_arch_parses;
	cal_run_init(&run);
	for (i = 0; i < inputs.nr; i++)
		cal_run_file(&run, inputs.files[i]);
	cal_run_finish(&run);
	status = exit_status(opts, &run.findings);
	if (report(opts, &run.findings, &opts->targets) < 0)
		status = EXIT_USAGE;
	if (inputs.nr_errors || run.nr_input_errors)
		status = EXIT_USAGE;
	cal_run_release(&run);
	cal_env_release(&env);
	cal_inputs_release(&inputs);
	return status;
}

int main(int argc, char **argv)
{
	struct cal_options opts;
	int enabled[64];
	int status;

	if (cal_options_parse(argc, argv, &opts) < 0) {
		cal_options_release(&opts);
		return EXIT_USAGE;
	}
	if (cal_checks_select(opts.checks, enabled) < 0) {
		status = EXIT_USAGE;
	} else if (opts.show_help) {
		cal_options_usage(stdout);
		status = EXIT_CLEAN;
	} else if (opts.show_version) {
		print_version();
		status = EXIT_CLEAN;
	} else if (opts.list_checks) {
		list_checks(enabled);
		status = EXIT_CLEAN;
	} else if (opts.nr_inputs == 0) {
		fprintf(stderr, "cuatomlint: error: no input files (see --help)\n");
		status = EXIT_USAGE;
	} else {
		status = lint(&opts, enabled);
	}
	cal_options_release(&opts);
	return status;
}
