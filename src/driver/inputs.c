#include "driver/inputs.h"
#include "opencl/opencl.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cuatomlint/strbuf.h"
#include "util/diag.h"
#include "cutile/cutile.h"

#define SNIFF_BYTES 8192

static int input_error(struct cal_inputs *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int input_error(struct cal_inputs *in, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cal_verror(fmt, ap);
	va_end(ap);
	in->nr_errors++;
	return -1;
}

static int has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcmp(s + n - m, suffix);
}

static int is_cuda_name(const char *path)
{
	return has_suffix(path, ".cu") || has_suffix(path, ".cuh") || has_suffix(path, ".hip") ||
	       cal_ocl_is_source(path);
}

static void add_file(struct cal_inputs *in, const char *path, int walked)
{
	if (in->nr + 1 > in->alloc) {
		in->alloc = in->alloc ? in->alloc * 2 : 16;
		in->files = xrealloc(in->files, (size_t)in->alloc * sizeof(char *));
		in->walked = xrealloc(in->walked, (size_t)in->alloc);
	}
	in->walked[in->nr] = (unsigned char)walked;
	in->files[in->nr++] = xstrdup(path);
}

static int check_content(struct cal_inputs *in, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int r = 0;

	if (read_file(path, &sb) < 0)
		r = input_error(in, "cannot read '%s': %s", path, strerror(errno));
	else if (sb.len == 0)
		r = input_error(in, "'%s' is empty", path);
	else if (memchr(sb.buf, '\0', sb.len < SNIFF_BYTES ? sb.len : SNIFF_BYTES))
		r = input_error(in, "'%s' is a binary file, not source code", path);
	strbuf_release(&sb);
	return r;
}

static void add_checked_file(struct cal_inputs *in, const char *path)
{
	if (!is_cuda_name(path) && !cal_cutile_is_python(path)) {
		input_error(in, "'%s' is not a source file the tool reads (expected .cu, .cuh, "
			    ".cl or .py)", path);
		return;
	}
	if (check_content(in, path) == 0)
		add_file(in, path, 0);
}

/*
 * Directories and files already seen, by device and inode: a symlink loop
 * is walked once, and a file reached through two links is linted once.
 */
struct seen_id {
	dev_t dev;
	ino_t ino;
	int used;
};

struct seen_set {
	struct seen_id *slots;
	size_t nr, alloc;	/* alloc: a power of two, or 0 */
};

static size_t seen_slot(const struct seen_set *set, dev_t dev, ino_t ino)
{
	size_t h = ((size_t)ino * 0x9E3779B97F4A7C15ULL) ^ (size_t)dev, mask = set->alloc - 1;
	for (h &= mask; set->slots[h].used; h = (h + 1) & mask)
		if (set->slots[h].dev == dev && set->slots[h].ino == ino)
			break;
	return h;
}

/* 1 if st's file was seen before, else records it and returns 0. */
static int seen_before(struct seen_set *set, const struct stat *st)
{
	size_t i;

	if (2 * (set->nr + 1) > set->alloc) {
		struct seen_set bigger = { NULL, 0, set->alloc ? set->alloc * 2 : 64 };
		bigger.slots = xcalloc(bigger.alloc, sizeof(*bigger.slots));
		for (i = 0; i < set->alloc; i++)
			if (set->slots[i].used)
				bigger.slots[seen_slot(&bigger, set->slots[i].dev,
						       set->slots[i].ino)] = set->slots[i];
		bigger.nr = set->nr;
		free(set->slots);
		*set = bigger;
	}
	i = seen_slot(set, st->st_dev, st->st_ino);
	if (set->slots[i].used)
		return 1;
	set->slots[i] = (struct seen_id){ st->st_dev, st->st_ino, 1 };
	set->nr++;
	return 0;
}

/* A walk lints the Python files that import cuda.tile (cuTile kernels). */
static int imports_cuda_tile(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int r = read_file(path, &sb) == 0 && cal_cutile_imports_tile(sb.buf, sb.len);
	strbuf_release(&sb);
	return r;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sorted paths of dir's entries (no dot files); NULL if it cannot be read. */
static char **read_entries(const char *dir, int *nr)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	int alloc = 0;

	*nr = 0;
	if (!d)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (*nr == alloc) {
			alloc = alloc ? alloc * 2 : 16;
			names = xrealloc(names, (size_t)alloc * sizeof(char *));
		}
		names[(*nr)++] = xasprintf("%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)*nr, sizeof(char *), name_cmp);
	return names ? names : xcalloc(1, sizeof(char *));
}

static int walk_dir(struct cal_inputs *in, struct seen_set *seen, const char *dir, int depth);

/* One entry of a walked directory; returns how many files it added. */
static int walk_entry(struct cal_inputs *in, struct seen_set *seen, const char *path, int depth)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return 0;	/* vanished or a dangling link: nothing to lint */
	if (S_ISDIR(st.st_mode))
		return seen_before(seen, &st) ? 0 : walk_dir(in, seen, path, depth + 1);
	if (!S_ISREG(st.st_mode) || seen_before(seen, &st))
		return 0;
	if (cal_cutile_is_python(path)) {	/* only cuTile Python files */
		if (!imports_cuda_tile(path))
			return 0;
		add_file(in, path, 1);
		return 1;
	}
	if (!is_cuda_name(path) || st.st_size == 0)
		return 0;	/* an empty file found by the walk has nothing to lint */
	if (check_content(in, path) < 0)
		return 0;
	add_file(in, path, 1);
	return 1;
}

/* Collect .cu and .cuh files under dir, sorted; returns how many, or -1 if unreadable. */
static int walk_dir(struct cal_inputs *in, struct seen_set *seen, const char *dir, int depth)
{
	char **names;
	int nr, found = 0, i;

	if (depth > 64)
		return 0;
	names = read_entries(dir, &nr);
	if (!names)
		return input_error(in, "cannot read directory '%s': %s", dir, strerror(errno));
	for (i = 0; i < nr; i++) {
		int n = walk_entry(in, seen, names[i], depth);
		found += n > 0 ? n : 0;
		free(names[i]);
	}
	free(names);
	return found;
}

/*
 * With a compile database a named .cpp may be CUDA (nvcc -x cu): the
 * database decides, so a file of another suffix is taken as named.
 */
static int selects_as_named(const char *path, int flags)
{
	return (flags & CAL_INPUTS_SELECT) && !has_suffix(path, ".cu") && !has_suffix(path, ".cuh");
}

static void collect_dir(struct cal_inputs *in, struct seen_set *seen, const char *arg, int flags)
{
	int errors = in->nr_errors, found;

	found = walk_dir(in, seen, arg, 0);
	if (flags & CAL_INPUTS_SELECT) {
		in->dirs = xrealloc(in->dirs, (size_t)(in->nr_dirs + 1) * sizeof(*in->dirs));
		in->dir_files = xrealloc(in->dir_files, (size_t)(in->nr_dirs + 1) * sizeof(int));
		in->dir_files[in->nr_dirs] = found;	/* -1: unreadable, said already */
		in->dirs[in->nr_dirs++] = xstrdup(arg);
	} else if (found == 0 && in->nr_errors == errors) {
		input_error(in, "no CUDA source files (.cu, .cuh) in directory '%s'", arg);
	}
}

static void collect_one(struct cal_inputs *in, struct seen_set *seen, const char *arg,
			int flags)
{
	struct stat st;

	if (stat(arg, &st) < 0) {
		input_error(in, "cannot open '%s': %s", arg, strerror(errno));
	} else if (S_ISDIR(st.st_mode)) {
		if (!seen_before(seen, &st))
			collect_dir(in, seen, arg, flags);
	} else if (!S_ISREG(st.st_mode)) {
		input_error(in, "'%s' is not a regular file", arg);
	} else if (!seen_before(seen, &st)) {
		if (selects_as_named(arg, flags))
			add_file(in, arg, 0);
		else
			add_checked_file(in, arg);
	}
}

void cal_inputs_collect(char *const *args, int n, int flags, struct cal_inputs *in)
{
	struct seen_set seen = { NULL, 0, 0 };
	int i;

	memset(in, 0, sizeof(*in));
	for (i = 0; i < n; i++)
		collect_one(in, &seen, args[i], flags);
	free(seen.slots);
}

void cal_inputs_release(struct cal_inputs *in)
{
	int i;
	for (i = 0; i < in->nr; i++)
		free(in->files[i]);
	for (i = 0; i < in->nr_dirs; i++)
		free(in->dirs[i]);
	free(in->files);
	free(in->walked);
	free(in->dirs);
	free(in->dir_files);
	memset(in, 0, sizeof(*in));
}
