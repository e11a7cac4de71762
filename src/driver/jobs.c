#include "driver/jobs.h"
#include "cutile/cutile.h"
#include "opencl/opencl.h"

#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "util/diag.h"

static int excluded(const struct cal_job_defaults *d, const struct cal_config *cfg,
		    const char *file)
{
	int i;
	for (i = 0; i < d->nr_excludes; i++)
		if (fnmatch(d->excludes[i], file, 0) == 0)
			return 1;
	return cal_config_excludes(cfg, file);
}

static int select_checks(struct cal_job *job, const struct cal_job_defaults *d)
{
	if (cal_checks_select(job->config->checks, job->enabled) < 0)
		return -1;
	return cal_checks_apply(d->checks, job->enabled, "--checks");
}

/* The new job, NULL if it is excluded; *failed is set for a broken config. */
static struct cal_job *add_job(struct cal_jobs *jobs, const char *file,
			       const struct cal_job_defaults *d,
			       const struct cal_target_set *own_targets, int *failed)
{
	const struct cal_config *cfg = cal_config_for(d->configs, file);
	struct cal_job *job;
	int i;

	if (!cfg || (cfg && excluded(d, cfg, file))) {
		*failed |= !cfg;
		return NULL;
	}
	GROW(jobs->items, jobs->alloc, jobs->nr + 1);
	job = &jobs->items[jobs->nr++];
	memset(job, 0, sizeof(*job));
	job->file = path_normalize(xstrdup(file));
	job->config = cfg;
	if (select_checks(job, d) < 0)
		*failed = 1;
	if (cal_ocl_job(file, 0, &job->opencl, &job->args))
		return job;
	if (d->targets && d->targets->n)
		job->targets = *d->targets;
	else if (own_targets && own_targets->n)
		job->targets = *own_targets;
	else if (cfg->targets.n)
		job->targets = cfg->targets;
	else
		cal_target_set_add(&job->targets, d->default_target);
	for (i = 0; i < job->targets.n; i++)
		cal_target_set_add(&jobs->all, job->targets.t[i]);
	return job;
}

/* After the database's arguments: the command line's, translated. */
static void add_user_args(struct cal_job *job, const struct cal_compile_command *user)
{
	int i;
	if (!job)
		return;
	for (i = 0; i < user->clang_args.n; i++)
		cal_argv_push(&job->args, user->clang_args.v[i]);
	for (i = 0; i < user->unknown.n; i++)
		cal_argv_push(&job->args, user->unknown.v[i]);
}

static int argv_has(const struct cal_argv *a, const char *word)
{
	int i;
	for (i = 0; i < a->n; i++)
		if (!strcmp(a->v[i], word))
			return 1;
	return 0;
}

/* As print_translation(), less the flags kept for clang. */
static void print_user_translation(const struct cal_compile_command *c, int verbose)
{
	int i, any = 0;

	for (i = 0; i < c->notes.n; i++)
		cal_note("after '--': %s", c->notes.v[i]);
	for (i = 0; verbose && i < c->dropped.n; i++) {
		if (argv_has(&c->unknown, c->dropped.v[i]))
			continue;
		fprintf(stderr, "%s %s", any ? "" : "cuatomlint: after '--': dropped flags:",
			c->dropped.v[i]);
		any = 1;
	}
	if (any)
		fputc('\n', stderr);
}

/*
 * The words after "--" read as an nvcc command line, as a database's are
 * (-arch=sm_80 names a target, -Xcompiler's flags are unpacked, nvcc-only
 * flags are dropped); flags nvcc does not know are clang's and kept.
 */
static int translate_user_args(const struct cal_job_defaults *d, struct cal_compile_command *user)
{
	struct cal_argv argv = { 0 };
	char *err = NULL;
	int i, r;

	cal_argv_push(&argv, "nvcc");
	for (i = 0; i < d->nr_clang_args; i++)
		cal_argv_push(&argv, d->clang_args[i]);
	r = cal_translate_command(".", "-", argv.v, argv.n, user, &err);
	cal_argv_clear(&argv);
	if (r < 0) {
		cal_error("after '--': %s", err);
		free(err);
		return -1;
	}
	print_user_translation(user, d->verbose);
	return 0;
}

int cal_jobs_from_inputs(struct cal_jobs *jobs, const struct cal_inputs *in,
			 const struct cal_job_defaults *d)
{
	struct cal_compile_command user;
	int i, failed = 0;

	if (translate_user_args(d, &user) < 0)
		return -1;
	for (i = 0; i < in->nr; i++)
		add_user_args(add_job(jobs, in->files[i], d, &user.targets, &failed), &user);
	cal_compile_command_release(&user);
	return failed ? -1 : 0;
}

/* Guesses are always worth a note; dropped flags only with --verbose. */
static void print_translation(const struct cal_compile_command *c, int verbose)
{
	int i;
	for (i = 0; i < c->notes.n; i++)
		cal_note("%s: %s", c->file, c->notes.v[i]);
	if (!verbose || !c->dropped.n)
		return;
	fprintf(stderr, "cuatomlint: %s: dropped flags:", c->file);
	for (i = 0; i < c->dropped.n; i++)
		fprintf(stderr, " %s", c->dropped.v[i]);
	fputc('\n', stderr);
}

static void add_entry_job(struct cal_jobs *jobs, const struct cal_compile_command *c,
			  const struct cal_job_defaults *d, const struct cal_compile_command *user,
			  int *failed)
{
	/* targets after "--" come later on the command line: they win */
	struct cal_job *job = add_job(jobs, c->file, d,
				      user->targets.n ? &user->targets : &c->targets, failed);
	int i;

	if (!job)
		return;
	print_translation(c, d->verbose);
	if (c->is_opencl && !job->opencl && cal_ocl_job(c->file, 1, &job->opencl, &job->args))
		job->targets.n = 0;
	for (i = 0; i < c->clang_args.n; i++)
		cal_argv_push(&job->args, c->clang_args.v[i]);
	add_user_args(job, user);
}

int cal_jobs_from_compdb(struct cal_jobs *jobs, const struct cal_compdb *db,
			 const struct cal_inputs *in, const struct cal_job_defaults *d)
{
	struct cal_compile_command user;
	size_t k;
	int i, failed = 0;

	if (translate_user_args(d, &user) < 0)
		return -1;
	if (!in->nr)
		for (k = 0; k < db->nr; k++)
			add_entry_job(jobs, &db->items[k], d, &user, &failed);
	for (i = 0; i < in->nr; i++) {
		k = cal_compdb_find(db, in->files[i], 0);
		if (k == db->nr) {	/* cuTile .py files never have one: no warning */
			if (!cal_cutile_is_python(in->files[i]))
				cal_warning("no compile command for '%s' in "
					"'%s'; linting it with the command line's arguments",
					in->files[i], db->path);
			add_user_args(add_job(jobs, in->files[i], d, &user.targets, &failed), &user);
		}
		for (; k < db->nr; k = cal_compdb_find(db, in->files[i], k + 1))
			add_entry_job(jobs, &db->items[k], d, &user, &failed);
	}
	cal_compile_command_release(&user);
	return failed ? -1 : 0;
}

static int index_in(const struct cal_target_set *set, struct cal_target t)
{
	int i;
	for (i = 0; i < set->n; i++)
		if (set->t[i].sm == t.sm && set->t[i].suffix == t.suffix)
			return i;
	return -1;
}

static uint64_t remap_mask(const struct cal_jobs *jobs, const struct cal_job *job, uint64_t m)
{
	uint64_t out = m & CAL_HOST_BIT;
	int i, j;
	for (i = 0; i < job->targets.n; i++) {
		if (!(m & ((uint64_t)1 << i)))
			continue;
		j = index_in(&jobs->all, job->targets.t[i]);
		if (j >= 0)
			out |= (uint64_t)1 << j;
	}
	return out;
}

void cal_jobs_remap_archs(const struct cal_jobs *jobs, const struct cal_job *job,
			  struct cal_findings *list, size_t from)
{
	size_t i;
	for (i = from; i < list->nr; i++)
		list->items[i].archs = remap_mask(jobs, job, list->items[i].archs);
}

int cal_jobs_has_file(const struct cal_jobs *jobs, const char *path)
{
	size_t i;
	for (i = 0; i < jobs->nr; i++)
		if (!strcmp(jobs->items[i].file, path))
			return 1;
	return 0;
}

void cal_jobs_release(struct cal_jobs *jobs)
{
	size_t i;
	for (i = 0; i < jobs->nr; i++) {
		free(jobs->items[i].file);
		cal_argv_clear(&jobs->items[i].args);
	}
	free(jobs->items);
	memset(jobs, 0, sizeof(*jobs));
}
