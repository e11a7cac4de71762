#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuatomlint/strbuf.h"
#include "parse.h"

void cal_run_init(struct cal_run *run)
{
	/* excludeDeclarationsFromPCH=0, displayDiagnostics=0: we report them */
	run->index = clang_createIndex(0, 0);
}

static void print_args(const struct cal_parse_request *req, const char *path)
{
	struct cal_argv args = { 0 };
	int i;
	cal_parse_args(req, &args);
	fprintf(stderr, "cuatomlint: parse %s:", path);
	for (i = 0; i < args.n; i++)
		fprintf(stderr, " %s", args.v[i]);
	fputc('\n', stderr);
	cal_argv_clear(&args);
}

static void run_one_parse(struct cal_run *run, const char *path,
			  const struct cal_target *arch, uint64_t mask)
{
	struct cal_parse_request req = { run->env, run->targets, arch,
					 run->clang_args, run->nr_clang_args };
	struct cal_parse_info info;
	int nr_errors = 0;
	char *err;
	CXTranslationUnit tu;

	if (run->verbose)
		print_args(&req, path);
	tu = cal_parse_file(run->index, path, &req, &nr_errors, &err);
	if (!tu) {
		fprintf(stderr, "cuatomlint: error: cannot parse '%s': %s\n", path, err);
		free(err);
		run->nr_input_errors++;
		return;
	}
	cal_collect_clang_errors(tu, mask, path, NULL, &run->findings);
	memset(&info, 0, sizeof(info));
	info.tu = tu;
	info.main_file = path;
	info.is_host = arch == NULL;
	info.arch_mask = mask;
	info.targets = run->targets;
	info.arch = arch;
	info.partial = nr_errors > 0;
	info.prelude_path = run->env->dir;
	cal_walk_parse(&info, run->enabled, &run->findings);
	clang_disposeTranslationUnit(tu);
}

void cal_run_file(struct cal_run *run, const char *path)
{
	int i;

	run_one_parse(run, path, NULL, CAL_HOST_BIT);
	for (i = 0; i < run->targets->n; i++)
		run_one_parse(run, path, &run->targets->t[i], (uint64_t)1 << i);
}

static void fill_arch_names(struct cal_run *run, struct cal_finding *f)
{
	char *at = strstr(f->message, CAL_ARCHS_PLACEHOLDER);
	char *names, *msg;

	if (!at)
		return;
	names = cal_target_mask_names(run->targets, f->archs);
	msg = xasprintf("%.*s%s%s", (int)(at - f->message), f->message, names,
			at + strlen(CAL_ARCHS_PLACEHOLDER));
	free(names);
	free(f->message);
	f->message = msg;
}

void cal_run_finish(struct cal_run *run)
{
	size_t i;
	cal_findings_sort_merge(&run->findings);
	for (i = 0; i < run->findings.nr; i++)
		fill_arch_names(run, &run->findings.items[i]);
}

void cal_run_release(struct cal_run *run)
{
	cal_findings_release(&run->findings);
	if (run->index)
		clang_disposeIndex(run->index);
	run->index = NULL;
}
