#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuatomlint/strbuf.h"
#include "arch_dependence.h"
#include "checks/arch_unsupported.h"
#include "fixits/rewriter.h"
#include "parse.h"
#include "opencl/opencl.h"

void cal_run_init(struct cal_run *run)
{
	/* excludeDeclarationsFromPCH=0, displayDiagnostics=0: we report them */
	run->index = clang_createIndex(0, 0);
}

static void print_args(const struct cal_parse_request *req, const char *path)
{
	struct cal_argv args = { 0 };
	struct strbuf line = STRBUF_INIT;
	int i;

	/* one write per line: workers of -j print at once */
	cal_parse_args(req, &args);
	strbuf_addf(&line, "cuatomlint: parse %s:", path);
	for (i = 0; i < args.n; i++)
		strbuf_addf(&line, " %s", args.v[i]);
	fprintf(stderr, "%s\n", line.buf);
	strbuf_release(&line);
	cal_argv_clear(&args);
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			  CXClientData data)
{
	CXString name = clang_getFileName(file);
	const char *s = clang_getCString(name);

	(void)stack;
	(void)depth;
	if (s && *s)
		cal_deps_add(data, s);
	clang_disposeString(name);
}

static int mentions(const char *text, size_t size, const char *word)
{
	size_t n = strlen(word);
	const char *p = text, *end = text + size;

	while ((size_t)(end - p) >= n && (p = memchr(p, word[0], (size_t)(end - p - n + 1)))) {
		if (!memcmp(p, word, n))
			return 1;
		p++;
	}
	return 0;
}

struct builtin_scan {
	CXTranslationUnit tu;
	const char *env_dir;
	int found;
};

static void scan_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			   CXClientData data)
{
	struct builtin_scan *scan = data;
	CXString name;
	const char *contents, *s;
	size_t size;
	int ours;

	(void)stack;
	(void)depth;
	if (scan->found ||
	    clang_Location_isInSystemHeader(clang_getLocationForOffset(scan->tu, file, 0)))
		return;
	name = clang_getFileName(file);
	s = clang_getCString(name);
	ours = s && !strncmp(s, scan->env_dir, strlen(scan->env_dir));
	clang_disposeString(name);
	if (ours)
		return;
	contents = clang_getFileContents(scan->tu, file, &size);
	scan->found = contents && mentions(contents, size, "__nv_atomic_");
}

/* Does a user file of the translation unit name an __nv_atomic_* builtin? */
static int names_nv_atomic_builtin(const struct cal_run *run, CXTranslationUnit tu)
{
	struct builtin_scan scan = { tu, run->env->dir, 0 };
	clang_getInclusions(tu, scan_inclusion, &scan);
	return scan.found;
}

/*
 * A parse's clang errors join the findings, less those an arch-unsupported
 * finding explains; a parse whose only errors were those is not partial.
 * Fixes are offered only for code clang parsed cleanly.
 */
static void take_clang_errors(struct cal_run *run, struct cal_findings *errors, size_t first)
{
	size_t i, had = errors->nr;

	if (had && !cal_arch_supersede_errors(errors, &run->findings, first))
		for (i = first; i < run->findings.nr; i++)
			run->findings.items[i].partial_parse = 0;
	for (i = first; i < run->findings.nr; i++)
		if (run->findings.items[i].partial_parse)
			cal_finding_drop_fixes(&run->findings.items[i]);
	for (i = 0; i < errors->nr; i++)
		cal_findings_take(&run->findings, &errors->items[i]);
	free(errors->items);
}

static int check_enabled(const struct cal_run *run, const char *id)
{
	int i;
	for (i = 0; i < cal_nr_checks; i++)
		if (!strcmp(cal_checks[i]->id, id))
			return run->enabled[i];
	return 0;
}

/*
 * Parse and walk once.  A device parse given a shared_mask stands for all
 * those targets when the user's code does not depend on the target.
 * Returns -1 if the file could not be parsed, 1 if this parse turned out
 * to stand for its own target only although shared_mask asked for more,
 * else 0.
 */
static int run_one_parse(struct cal_run *run, const char *path,
			 const struct cal_target *arch, uint64_t mask, uint64_t shared_mask)
{
	int own_only = 0;
	struct cal_parse_request req = { run->env, run->targets, arch,
					 run->clang_args, run->nr_clang_args,
					 run->opencl, run->ocl_profile };
	struct cal_parse_info info;
	int nr_errors = 0;
	char *err;
	CXTranslationUnit tu;
	struct cal_findings errors = { 0 };
	size_t first = run->findings.nr;
	char *ocl_headers = NULL;

	if (run->verbose)
		print_args(&req, path);
	tu = cal_parse_file(run->index, path, &req, &nr_errors, &err);
	if (!tu) {
		fprintf(stderr, "cuatomlint: error: cannot parse '%s': %s\n", path, err);
		free(err);
		run->nr_input_errors++;
		return -1;
	}
	if (shared_mask) {
		own_only = run->per_arch_parses || cal_tu_depends_on_arch(tu);
		if (!own_only)
			mask = shared_mask;
	}
	cal_collect_clang_errors(tu, mask, path, NULL, &errors);
	memset(&info, 0, sizeof(info));
	info.tu = tu;
	info.main_file = path;
	info.is_host = arch == NULL && !run->opencl;
	info.arch_mask = mask;
	info.targets = run->targets;
	info.arch = arch;
	info.partial = nr_errors > 0;
	info.prelude_path = run->env->dir;
	if (run->opencl)
		info.prelude_path = ocl_headers = cal_ocl_header_dir(tu);
	info.scope_system = run->scope_system;
	info.cuda_major = run->env->ver_major;
	info.opencl = run->opencl;
	info.ocl_profile = run->opencl ? cal_ocl_profile(run->ocl_profile) : NULL;
	cal_walk_parse(&info, run->enabled, &run->findings);
	free(ocl_headers);
	if (run->opencl && check_enabled(run, "arch-unsupported"))
		cal_ocl_restate_errors(&errors, info.ocl_profile, "arch-unsupported");
	cal_record_parsed_hashes(tu, &run->findings, first);
	take_clang_errors(run, &errors, first);
	if (run->deps)
		clang_getInclusions(tu, add_inclusion, run->deps);
	if (arch && !run->host_wanted && !run->opencl)
		run->host_wanted = names_nv_atomic_builtin(run, tu);
	clang_disposeTranslationUnit(tu);
	return own_only;
}

/*
 * The newest target is parsed first: its CUDA headers declare every
 * overload, so a parse that stands for all targets sees every call
 * resolved.  Only if the user's code depends on __CUDA_ARCH__ are the
 * other targets parsed one by one.
 *
 * The host parse sees the same code as a device parse except what
 * #ifndef __CUDA_ARCH__ hides from the GPU, and only nv-atomic-host judges
 * host code; so it is made only where it can differ (the code tests
 * __CUDA_ARCH__) or matter (a user file of the TU names an __nv_atomic_*
 * builtin), or with --host-parses.
 */
void cal_run_file(struct cal_run *run, const char *path)
{
	int i, own_only, last = run->targets->n - 1;
	uint64_t all = ((uint64_t)1 << run->targets->n) - 1;

	if (run->opencl) {
		/* one parse per device profile; findings name their profiles in words */
		for (i = 0; i < cal_ocl_nr_profiles(); i++) {
			run->ocl_profile = i;
			if (run_one_parse(run, path, NULL, 0, 0) < 0)
				return;
		}
		return;
	}
	if (last < 0) {
		run_one_parse(run, path, NULL, CAL_HOST_BIT, 0);
		return;
	}
	run->host_wanted = run->host_parses;
	own_only = run_one_parse(run, path, &run->targets->t[last], (uint64_t)1 << last,
				 last ? all : 0);
	if (own_only < 0)
		return;
	if (own_only == 1 || run->host_wanted)
		run_one_parse(run, path, NULL, CAL_HOST_BIT, 0);
	if (own_only != 1)
		return;
	for (i = 0; i < last; i++)
		run_one_parse(run, path, &run->targets->t[i], (uint64_t)1 << i, 0);
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
