/*
 * Finding the build's flags without -p, as clang-tidy does: walking up
 * from an input file's directory, the first compile_commands.json that has
 * an entry for the file is its database; failing that, the first
 * compile_flags.txt (one clang argument a line) gives the arguments.
 * Only when the command line gives neither -p nor arguments after "--".
 */
#ifndef CUATOMLINT_COMPDB_DISCOVER_H
#define CUATOMLINT_COMPDB_DISCOVER_H

#include "parse/parse.h"

/* The path of a compile_commands.json above file that lists it, or NULL; caller frees. */
char *cal_compdb_discover(const char *file);
/* Read the nearest compile_flags.txt above file into out; its path, or NULL; caller frees. */
char *cal_compile_flags_discover(const char *file, struct cal_argv *out);

#endif
