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

int cal_source_roots_init(struct cal_source_roots *roots, const char *srcroot,
			  const char *compdb)
{
	memset(roots, 0, sizeof(*roots));
	if (srcroot) {
		roots->dirs[0] = root_dir(srcroot);
		if (!roots->dirs[0]) {
			cal_error("cannot resolve --srcroot '%s'", srcroot);
			return -1;
		}
		return 0;
	}
	roots->dirs[0] = root_dir(".");
	if (compdb)
		roots->dirs[1] = compdb_dir(compdb);
	return 0;
}

void cal_source_roots_release(struct cal_source_roots *roots)
{
	free(roots->dirs[0]);
	free(roots->dirs[1]);
	memset(roots, 0, sizeof(*roots));
}

static int under_roots(const struct cal_source_roots *roots, const char *path)
{
	char real[PATH_MAX];
	size_t i;

	if (!path || !realpath(path, real))
		return 0;
	for (i = 0; i < 2; i++)
		if (roots->dirs[i] && !strncmp(real, roots->dirs[i], strlen(roots->dirs[i])))
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
