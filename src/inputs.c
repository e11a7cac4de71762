#include "inputs.h"
#include "opencl/opencl.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cuatomlint/strbuf.h"

#define SNIFF_BYTES 8192

static int input_error(struct cal_inputs *in, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int input_error(struct cal_inputs *in, const char *fmt, ...)
{
	va_list ap;
	fputs("cuatomlint: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
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
	return has_suffix(path, ".cu") || has_suffix(path, ".cuh") || cal_ocl_is_source(path);
}

static void add_file(struct cal_inputs *in, const char *path)
{
	if (in->nr + 1 > in->alloc) {
		in->alloc = in->alloc ? in->alloc * 2 : 16;
		in->files = xrealloc(in->files, (size_t)in->alloc * sizeof(char *));
	}
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
		r = input_error(in, "'%s' is a binary file, not CUDA source", path);
	strbuf_release(&sb);
	return r;
}

static void add_checked_file(struct cal_inputs *in, const char *path)
{
	if (!is_cuda_name(path)) {
		input_error(in, "'%s' is not a CUDA source file (expected .cu or .cuh)", path);
		return;
	}
	if (check_content(in, path) == 0)
		add_file(in, path);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collect .cu and .cuh files under dir, sorted; returns how many. */
static int walk_dir(struct cal_inputs *in, const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	int nr = 0, alloc = 0, found = 0, i;

	if (!d || depth > 64) {
		if (d)
			closedir(d);
		return 0;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (nr == alloc) {
			alloc = alloc ? alloc * 2 : 16;
			names = xrealloc(names, (size_t)alloc * sizeof(char *));
		}
		names[nr++] = xasprintf("%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)nr, sizeof(char *), name_cmp);
	for (i = 0; i < nr; i++) {
		struct stat st;
		if (stat(names[i], &st) < 0)
			;	/* vanished or a dangling link: nothing to lint */
		else if (S_ISDIR(st.st_mode))
			found += walk_dir(in, names[i], depth + 1);
		else if (S_ISREG(st.st_mode) && is_cuda_name(names[i]) && st.st_size == 0)
			;	/* an empty file found by the walk has nothing to lint */
		else if (S_ISREG(st.st_mode) && is_cuda_name(names[i]) &&
			 check_content(in, names[i]) == 0) {
			add_file(in, names[i]);
			found++;
		}
		free(names[i]);
	}
	free(names);
	return found;
}

void cal_inputs_collect(char *const *args, int n, struct cal_inputs *in)
{
	int i;

	memset(in, 0, sizeof(*in));
	for (i = 0; i < n; i++) {
		struct stat st;
		if (stat(args[i], &st) < 0) {
			input_error(in, "cannot open '%s': %s", args[i], strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			if (walk_dir(in, args[i], 0) == 0)
				input_error(in, "no CUDA source files (.cu, .cuh) in directory '%s'",
					    args[i]);
		} else if (!S_ISREG(st.st_mode)) {
			input_error(in, "'%s' is not a regular file", args[i]);
		} else {
			add_checked_file(in, args[i]);
		}
	}
}

void cal_inputs_release(struct cal_inputs *in)
{
	int i;
	for (i = 0; i < in->nr; i++)
		free(in->files[i]);
	free(in->files);
	memset(in, 0, sizeof(*in));
}
