#include "driver/source_root.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cuatomlint/strbuf.h"
#include "util/diag.h"

/* dir's real path with a trailing slash, or NULL. */
static char *root_dir(const char *dir)
{
	char real[PATH_MAX];
	size_t n;

	if (!realpath(dir, real))
		return NULL;
	n = strlen(real);
	return xasprintf("%s%s", real, n && real[n - 1] == '/' ? "" : "/");
}

/* -p names the database's directory or the file itself. */
static char *compdb_dir(const char *compdb)
{
	struct stat st;
	const char *slash;

	if (stat(compdb, &st) == 0 && S_ISDIR(st.st_mode))
		return root_dir(compdb);
	slash = strrchr(compdb, '/');
	if (!slash)
		return root_dir(".");
	if (slash == compdb)
		return root_dir("/");
	{
		char *dir = xasprintf("%.*s", (int)(slash - compdb), compdb);
		char *r = root_dir(dir);
		free(dir);
		return r;
	}
}

static void add_root(struct cal_source_roots *roots, char *dir)
{
	if (!dir)
		return;
	roots->dirs = xrealloc(roots->dirs, (size_t)(roots->nr + 1) * sizeof(*roots->dirs));
	roots->dirs[roots->nr++] = dir;
}

int cal_source_roots_init(struct cal_source_roots *roots, const char *srcroot,
			  const char *compdb)
{
	char *dir;

	memset(roots, 0, sizeof(*roots));
	if (srcroot) {
		dir = root_dir(srcroot);
		if (!dir) {
			cal_error("cannot resolve --srcroot '%s'", srcroot);
			return -1;
		}
		add_root(roots, dir);
		return 0;
	}
	add_root(roots, root_dir("."));
	if (compdb)
		add_root(roots, compdb_dir(compdb));
	return 0;
}

void cal_source_roots_add(struct cal_source_roots *roots, char *const *dirs, int n)
{
	int i;
	for (i = 0; i < n; i++)
		add_root(roots, root_dir(dirs[i]));
}

void cal_source_roots_release(struct cal_source_roots *roots)
{
	int i;
	for (i = 0; i < roots->nr; i++)
		free(roots->dirs[i]);
	free(roots->dirs);
	memset(roots, 0, sizeof(*roots));
}

static int under_roots(const struct cal_source_roots *roots, const char *path)
{
	char real[PATH_MAX];
	int i;

	if (!path || !realpath(path, real))
		return 0;
	for (i = 0; i < roots->nr; i++)
		if (!strncmp(real, roots->dirs[i], strlen(roots->dirs[i])))
			return 1;
	return 0;
}

int cal_source_roots_contain(const struct cal_source_roots *roots, const char *path)
{
	return under_roots(roots, path);
}

/* May the tool report in, or edit, path? */
static int inside(const struct cal_source_roots *roots, const struct cal_jobs *jobs,
		  const char *path)
{
	return path && (cal_jobs_has_file(jobs, path) || under_roots(roots, path));
}

/* The first file a finding's fixes edit outside the roots, or NULL. */
static const char *edit_outside(const struct cal_source_roots *roots,
				const struct cal_jobs *jobs, const struct cal_finding *f)
{
	size_t i, j;

	for (i = 0; i < f->nr_fixes; i++)
		for (j = 0; j < f->fixes[i].nr_edits; j++)
			if (!inside(roots, jobs, f->fixes[i].edits[j].file))
				return f->fixes[i].edits[j].file;
	return NULL;
}

static void drop_outside_fixes(const struct cal_source_roots *roots,
			       const struct cal_jobs *jobs, struct cal_finding *f)
{
	const char *outside = edit_outside(roots, jobs, f);
	char *msg;

	if (!outside)
		return;
	msg = xasprintf("no fix offered: it would edit '%s', outside the source tree "
			"(--srcroot or --header-filter to allow)", outside);
	cal_finding_drop_fixes(f);
	cal_finding_add_note(f, &f->range, msg);
	free(msg);
}

int cal_source_roots_keep(const struct cal_source_roots *roots, const struct cal_jobs *jobs,
			  struct cal_finding *f)
{
	/* clang's errors are shown wherever they are (clang-tidy's habit): they
	 * explain why a parse got no fixes */
	if (f->range.begin.file && strcmp(f->check, "clang-diagnostic-error") &&
	    !inside(roots, jobs, f->range.begin.file))
		return 0;
	drop_outside_fixes(roots, jobs, f);
	return 1;
}
