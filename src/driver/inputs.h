/*
 * Input files: the user's FILE and DIR arguments become a list of CUDA
 * source files (and cuTile Python files: .py given by name, or found by a
 * walk when they import cuda.tile).  Directories are walked (sorted, so output order is
 * stable) for .cu and .cuh files (a header that a linted .cu includes is
 * not linted on its own: see scheduler.h).  Each directory and each file
 * is visited once, by device and inode, so symlink loops end and a file
 * reached through two links is linted once; a directory that cannot be read
 * is an input error.  Each file is checked before it is parsed: it
 * must exist, be readable, be a CUDA source (.cu or .cuh), not be empty
 * and not be binary.  Problems are printed as one-line errors and counted;
 * the good files are still linted.
 *
 * With a compile database (CAL_INPUTS_SELECT), the arguments only select
 * its entries (driver/jobs.h): a named file of any suffix is taken as
 * named (the database says whether it is CUDA), a directory that holds no
 * CUDA file is no error here (its entries may be .cpp files compiled as
 * CUDA), and the directories named are kept, since they select the
 * entries below them.
 */
#ifndef CUATOMLINT_INPUTS_H
#define CUATOMLINT_INPUTS_H

struct cal_inputs {
	char **files;
	unsigned char *walked;	/* per file: found by a directory walk, not named */
	int nr, alloc;
	int nr_errors;
	char **dirs;		/* CAL_INPUTS_SELECT: the directories named, as written */
	int *dir_files;		/* per directory: the files its walk found, -1 if unreadable */
	int nr_dirs;
};

enum { CAL_INPUTS_SELECT = 1 };	/* flags: the inputs select compile-database entries */

void cal_inputs_collect(char *const *args, int n, int flags, struct cal_inputs *out);
void cal_inputs_release(struct cal_inputs *in);

#endif
