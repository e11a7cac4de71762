/*
 * Compile databases: the translation units of a build, read from its
 * compile_commands.json through libclang's compilation-database API, each
 * command translated (nvcc_flags.h) into arguments for the parses.
 *
 * The JSON is first read with cJSON only to give a broken file a clear
 * error with its line; libclang then reads the commands ("arguments" or
 * "command", relative "directory" and "file").  Entries that are not CUDA
 * are skipped; entries for the same file with the same translated
 * arguments collapse into one.  Nothing from the database is executed.
 */
#ifndef CUATOMLINT_COMPDB_H
#define CUATOMLINT_COMPDB_H

#include <stddef.h>

#include "driver/nvcc_flags.h"

struct cal_compdb {
	struct cal_compile_command *items;
	size_t nr, alloc;
	size_t nr_skipped;	/* entries that are not CUDA */
	/* every entry's file, CUDA or not: the program whose memory a kernel sees */
	struct cal_argv program_files;
	char *path;		/* the JSON file read */
	/* cal_compdb_find()'s index: items by real path, built at load */
	size_t *by_path;	/* slots: index + 1 of the first item of a path */
	size_t by_path_alloc;	/* a power of two */
	size_t *next_same;	/* per item: the next item of the same path, or nr */
	char **real;		/* per item: its file's real path (or as written) */
};

/*
 * Load from a build directory or a path to the JSON file.  Returns 0, or
 * -1 with a one-line reason in *err (caller frees).
 */
int cal_compdb_load(const char *path, struct cal_compdb *db, char **err);
/* The entries for file (absolute or relative to the cwd), in database order. */
size_t cal_compdb_find(const struct cal_compdb *db, const char *file,
		       size_t start);
/*
 * The entry whose command best suits file, which has none (clang's
 * interpolation, simplified): of the entries of the same language (OpenCL
 * C for opencl, else CUDA), one in file's own folder, else in the nearest
 * folder above it, else the one sharing the longest folder path; the first
 * in database order among equals.  db->nr if the language has no entry.
 */
size_t cal_compdb_nearest(const struct cal_compdb *db, const char *file, int opencl);
/* Is entry i's file (by real path) below dir, a real path ending in '/'? */
int cal_compdb_entry_under(const struct cal_compdb *db, size_t i, const char *dir);
void cal_compdb_release(struct cal_compdb *db);

#endif
