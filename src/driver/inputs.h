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
 */
#ifndef CUATOMLINT_INPUTS_H
#define CUATOMLINT_INPUTS_H

struct cal_inputs {
	char **files;
	int nr, alloc;
	int nr_errors;
};

void cal_inputs_collect(char *const *args, int n, struct cal_inputs *out);
void cal_inputs_release(struct cal_inputs *in);

#endif
