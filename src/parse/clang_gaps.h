/*
 * Known clang-versus-nvcc gaps: code nvcc compiles that clang 19 rejects
 * because its CUDA wrapper headers differ from nvcc's, not because the
 * user's code is wrong.  Such a clang error is not the user's: it is not
 * a finding (it would fail CI and withhold every fix of the file); with
 * --verbose one line on stderr says which gap it was.
 *
 * The gaps are one table (clang_gaps.c), each entry recognised by clang's
 * message and by what its notes say, never by message alone: the same
 * message with other notes is a real error and stays one.
 */
#ifndef CUATOMLINT_CLANG_GAPS_H
#define CUATOMLINT_CLANG_GAPS_H

#include <clang-c/Index.h>
#include <stdio.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "util/strvec.h"

/*
 * Drop from errors (one parse's clang-diagnostic-error findings) those
 * that a known gap explains.  arch is the parse's own target (NULL: the
 * host parse); rdc: the parse has -fgpu-rdc (nvcc's -rdc=true).  With
 * verbose, each dropped error is named on verbose.  Returns how many
 * errors were dropped.
 */
size_t cal_clang_gaps_filter(CXTranslationUnit tu, const struct cal_target *arch, int rdc,
			     struct cal_findings *errors, FILE *verbose);

/*
 * How many of the parse's errors a known gap explains (as
 * cal_clang_gaps_filter() would drop them): the fix stage's re-parses
 * count only the others, so a fix whose #include brings in a header with
 * such an error is not rolled back for it.
 */
size_t cal_clang_gaps_count(CXTranslationUnit tu, const struct cal_target *arch, int rdc);

/* Do a job's user clang arguments ask for relocatable device code (-fgpu-rdc)? */
int cal_clang_gaps_rdc(const struct cal_argv *args);

#endif
