#include "driver/jobs.h"
#include "driver/host_memory.h"
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

static int is_hip_name(const char *file)
{
	size_t n = strlen(file);
	return n >= 4 && !strcmp(file + n - 4, ".hip");
}

/*
 * A HIP job's targets are its gfx targets; a job of other files becomes HIP
 * when every target it was given is one (--cuda-arch=gfx90a on a .cu: the
 * CUDA project's HIP build).  Given no gfx target, a HIP job judges the two
 * wavefront sizes: gfx90a (wave64, with FP64 atomics) and gfx1100 (wave32).
 * A CUDA job keeps its sm targets only.
 */
static void split_hip_targets(struct cal_target_set *set, int hip)
{
	struct cal_target_set kept = { .n = 0 };
	struct cal_target t;
	int i;

	hip |= cal_target_set_is_gfx(set);
	for (i = 0; i < set->n; i++)
		if (cal_target_is_gfx(set->t[i]) == hip)
			cal_target_set_add(&kept, set->t[i]);
	if (hip && !kept.n) {
		cal_target_parse("gfx90a", &t);
		cal_target_set_add(&kept, t);
		cal_target_parse("gfx1100", &t);
		cal_target_set_add(&kept, t);
	}
	if (kept.n)
		*set = kept;
}

/* The new job, NULL if it is excluded; *failed is set for a broken config. */
static struct cal_job *add_job(struct cal_jobs *jobs, const char *file,
			       const struct cal_job_defaults *d,
			       const struct cal_target_set *own_targets, int hip, int *failed)
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
	split_hip_targets(&job->targets, hip || is_hip_name(file));
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
		add_user_args(add_job(jobs, in->files[i], d, &user.targets, user.is_hip, &failed),
			      &user);
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
				      user->targets.n ? &user->targets : &c->targets,
				      c->is_hip || user->is_hip, failed);
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

/* What selecting entries by the inputs did, for the summary line. */
struct selection {
	const struct cal_compdb *db;
	const struct cal_job_defaults *d;
	const struct cal_compile_command *user;
	unsigned char *used;	/* per entry: a job was made from it */
	char **dirs;		/* the named directories' real paths, ending in '/' */
	int *dir_entries;	/* per directory: entries selected below it */
	int nr_dirs;
	int skipped, skipped_headers;	/* walked files with no entry */
	int uncompiled;		/* ... linted by --lint-uncompiled */
	int *failed;
};

static int is_header(const char *file)
{
	size_t n = strlen(file);
	return n >= 4 && !strcmp(file + n - 4, ".cuh");
}

static void select_entry(struct cal_jobs *jobs, struct selection *sel, size_t k)
{
	int i;
	add_entry_job(jobs, &sel->db->items[k], sel->d, sel->user, sel->failed);
	sel->used[k] = 1;
	for (i = 0; i < sel->nr_dirs; i++)
		sel->dir_entries[i] += cal_compdb_entry_under(sel->db, k, sel->dirs[i]);
}

/* Jobs for file's entries; how many it has. */
static int select_file(struct cal_jobs *jobs, struct selection *sel, const char *file)
{
	const struct cal_compdb *db = sel->db;
	size_t k;
	int n = 0;

	for (k = cal_compdb_find(db, file, 0); k < db->nr; k = cal_compdb_find(db, file, k + 1)) {
		if (!sel->used[k])
			select_entry(jobs, sel, k);
		n++;
	}
	return n;
}

/* A file the database lacks, with the command line's arguments only. */
static void add_plain_job(struct cal_jobs *jobs, struct selection *sel, const char *file)
{
	add_user_args(add_job(jobs, file, sel->d, &sel->user->targets, sel->user->is_hip,
			      sel->failed), sel->user);
}

/*
 * A file the database lacks, with the command of entry c (clang-tidy
 * interpolates the same way): its arguments and targets, the command
 * line's after them.
 */
static void add_borrowed_job(struct cal_jobs *jobs, struct selection *sel, const char *file,
			     const struct cal_compile_command *c)
{
	const struct cal_compile_command *user = sel->user;
	struct cal_job *job = add_job(jobs, file, sel->d,
				      user->targets.n ? &user->targets : &c->targets,
				      c->is_hip || user->is_hip, sel->failed);
	int i;

	if (!job)
		return;
	for (i = 0; i < c->clang_args.n; i++)
		cal_argv_push(&job->args, c->clang_args.v[i]);
	add_user_args(job, user);
}

/* A file with no entry: named, or walked under --lint-uncompiled. */
static void add_uncompiled(struct cal_jobs *jobs, struct selection *sel, const char *file,
			   int named)
{
	int opencl = cal_ocl_is_source(file);
	size_t k = cal_compdb_nearest(sel->db, file, opencl);
	const char *db_path = sel->db->path;

	if (k == sel->db->nr) {
		/* OpenCL C is built at run time: no command is the rule, not news */
		if (!opencl)
			cal_warning("no compile command for '%s' in '%s', nor one of a CUDA file to "
				    "borrow; linting it with the command line's arguments",
				    file, db_path);
		add_plain_job(jobs, sel, file);
		return;
	}
	if (named)
		cal_note("no compile command for '%s' in '%s'; linting it with the command of "
			 "'%s', the nearest entry", file, db_path, sel->db->items[k].file);
	else if (sel->d->verbose)
		fprintf(stderr, "cuatomlint: %s: no compile command; linting it with the command "
			"of '%s'\n", file, sel->db->items[k].file);
	add_borrowed_job(jobs, sel, file, &sel->db->items[k]);
}

static int is_excluded(const struct cal_job_defaults *d, const char *file)
{
	const struct cal_config *cfg = cal_config_for(d->configs, file);
	return cfg && excluded(d, cfg, file);
}

/* A walked .cu or .cuh with no entry: the build does not compile it. */
static void skip_walked(struct selection *sel, const char *file)
{
	if (is_excluded(sel->d, file))
		return;
	sel->skipped++;
	sel->skipped_headers += is_header(file);
	if (sel->d->verbose)
		fprintf(stderr, "cuatomlint: %s: skipped: no compile command in '%s'\n", file,
			sel->db->path);
}

/* --lint-uncompiled: a walked file with no entry, as if named (but no line each). */
static void lint_walked(struct cal_jobs *jobs, struct selection *sel, const char *file)
{
	sel->uncompiled++;
	add_uncompiled(jobs, sel, file, 0);
}

static void select_input(struct cal_jobs *jobs, struct selection *sel,
			 const struct cal_inputs *in, int i)
{
	const char *file = in->files[i];

	if (select_file(jobs, sel, file))
		return;
	if (cal_cutile_is_python(file))	/* cuTile files never have one */
		add_plain_job(jobs, sel, file);
	else if (!in->walked[i] || cal_ocl_is_source(file))
		add_uncompiled(jobs, sel, file, !in->walked[i]);
	else if (sel->d->lint_uncompiled && !is_excluded(sel->d, file))
		lint_walked(jobs, sel, file);
	else
		skip_walked(sel, file);
}

/* A named directory's real path with a trailing '/', as entries' real paths are compared. */
static char *dir_prefix(const char *dir)
{
	char real[PATH_MAX];
	size_t n;

	if (!realpath(dir, real))
		return xstrdup(dir);
	n = strlen(real);
	return xasprintf("%s%s", real, n && real[n - 1] == '/' ? "" : "/");
}

/* Entries below a named directory that no walked file selected (.cpp with -x cu, ...). */
static void select_below_dirs(struct cal_jobs *jobs, struct selection *sel)
{
	size_t k;
	int i;

	for (k = 0; k < sel->db->nr; k++)
		for (i = 0; i < sel->nr_dirs && !sel->used[k]; i++)
			if (cal_compdb_entry_under(sel->db, k, sel->dirs[i]))
				select_entry(jobs, sel, k);
}

/* "under 'src'", or "under the 3 folders named". */
static char *where(const struct cal_inputs *in)
{
	if (in->nr_dirs == 1)
		return xasprintf("under '%s'", in->dirs[0]);
	return xasprintf("under the %d folders named", in->nr_dirs);
}

static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

/* The one line that counts the walked files the build does not compile. */
static void print_skipped(const struct selection *sel, const char *under)
{
	int headers = sel->skipped_headers, sources = sel->skipped - headers;
	const char *db = sel->db->path;

	if (!sources)
		cal_note("skipped %d header%s %s with no compile command in '%s': headers are "
			 "judged through the files that include them", headers, plural(headers),
			 under, db);
	else if (!headers)
		cal_note("skipped %d file%s %s with no compile command in '%s' (--lint-uncompiled "
			 "to lint %s with the nearest entry's command)", sources, plural(sources),
			 under, db, sources == 1 ? "it" : "them");
	else
		cal_note("skipped %d files %s with no compile command in '%s' (%d header%s, judged "
			 "through the files that include them; --lint-uncompiled to lint the other "
			 "%d with the nearest entry's command)", sel->skipped, under, db,
			 headers, plural(headers), sources);
}

static void print_selection(const struct selection *sel, const struct cal_inputs *in)
{
	char *under;

	if (sel->d->quiet || (!sel->skipped && !sel->uncompiled))
		return;
	under = where(in);
	if (sel->uncompiled)
		cal_note("%d file%s %s with no compile command in '%s' linted with the nearest "
			 "entry's command (--lint-uncompiled)", sel->uncompiled,
			 plural(sel->uncompiled), under, sel->db->path);
	if (sel->skipped)
		print_skipped(sel, under);
	free(under);
}

/* A named directory that selected nothing and held no file to lint. */
static void check_dirs(const struct selection *sel, struct cal_inputs *in)
{
	int i;

	for (i = 0; i < sel->nr_dirs; i++) {
		if (sel->dir_entries[i] || in->dir_files[i])
			continue;
		cal_error("no compile command in '%s' and no CUDA source file (.cu, .cuh) under "
			  "directory '%s'", sel->db->path, in->dirs[i]);
		in->nr_errors++;
	}
}

static void select_inputs(struct cal_jobs *jobs, struct selection *sel, struct cal_inputs *in)
{
	int i;

	sel->nr_dirs = in->nr_dirs;
	sel->dirs = xcalloc((size_t)in->nr_dirs + 1, sizeof(*sel->dirs));
	sel->dir_entries = xcalloc((size_t)in->nr_dirs + 1, sizeof(*sel->dir_entries));
	for (i = 0; i < in->nr_dirs; i++)
		sel->dirs[i] = dir_prefix(in->dirs[i]);
	for (i = 0; i < in->nr; i++)
		select_input(jobs, sel, in, i);
	select_below_dirs(jobs, sel);
	check_dirs(sel, in);
	print_selection(sel, in);
	if (!jobs->nr && sel->skipped && !in->nr_errors) {
		cal_error("nothing to lint: no file under the folders named has a compile command "
			  "in '%s'", sel->db->path);
		in->nr_errors++;
	}
	for (i = 0; i < in->nr_dirs; i++)
		free(sel->dirs[i]);
	free(sel->dirs);
	free(sel->dir_entries);
}

int cal_jobs_from_compdb(struct cal_jobs *jobs, const struct cal_compdb *db,
			 struct cal_inputs *in, const struct cal_job_defaults *d)
{
	struct cal_compile_command user;
	struct selection sel;
	size_t k;
	int failed = 0;

	if (translate_user_args(d, &user) < 0)
		return -1;
	memset(&sel, 0, sizeof(sel));
	sel.db = db;
	sel.d = d;
	sel.user = &user;
	sel.failed = &failed;
	sel.used = xcalloc(db->nr + 1, 1);
	if (!in->nr && !in->nr_dirs)
		for (k = 0; k < db->nr; k++)
			add_entry_job(jobs, &db->items[k], d, &user, &failed);
	else
		select_inputs(jobs, &sel, in);
	free(sel.used);
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
	cal_argv_clear(&jobs->program_files);
	memset(jobs, 0, sizeof(*jobs));
}

/*
 * Evidence of memory another processor reads and writes (host_memory.h): in
 * the CUDA files of the run, then (-p) in every file the database compiles,
 * where a project's host code allocates what its kernels poll.
 */
char *cal_jobs_host_memory(const struct cal_jobs *jobs, int hip)
{
	char **files = xcalloc(jobs->nr + (size_t)jobs->program_files.n + 1, sizeof(*files));
	size_t i, n = 0;
	char *found;

	for (i = 0; i < jobs->nr; i++)
		if (!jobs->items[i].opencl)
			files[n++] = jobs->items[i].file;
	for (i = 0; i < (size_t)jobs->program_files.n; i++)
		files[n++] = jobs->program_files.v[i];
	found = cal_host_memory_evidence(files, n, hip);
	free(files);
	return found;
}
