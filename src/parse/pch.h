/*
 * A precompiled header of the includes a translation unit begins with
 * (the shared preamble, driver/preamble.c): parsed once with the very
 * arguments of a parse (cal_parse_args), saved with libclang, and loaded
 * by later parses with the same arguments through -include-pch.
 *
 * It holds only system headers (the toolkit, CCCL, the C++ library) and
 * the tool's own files (the prelude, the prefix header): no user code, so
 * no finding, suppression comment or fix can live in it, and a parse that
 * loads it sees the same declarations in the same order as one that reads
 * the headers.  With b->user (the default; CUATOMLINT_PCH_USER=0 unsets it, driver/preamble.h) it
 * may hold the project's own headers, each of which must read the same
 * from the PCH as from its file: named by a path the PCH keeps (absolute,
 * no "." component), not forced by -include, not naming __BASE_FILE__ or
 * __INCLUDE_LEVEL__, and not entered again when the prefix is read on the
 * PCH (an include guard or #pragma once).  With b->facts it also writes
 * the PCH's facts there (pch_facts.h), for parses that list their
 * instantiations instead of running the indexing pass.
 */
#ifndef CUATOMLINT_PCH_H
#define CUATOMLINT_PCH_H

#include <clang-c/Index.h>

#include "parse/parse.h"
#include "util/strvec.h"

struct cal_pch_build {
	const char *header;	/* the prefix header: the includes, one a line */
	const char *out;	/* the PCH, written through out.tmp.PID and a rename */
	const char *ours;	/* files under this folder are the tool's, not the user's */
	struct cal_argv *deps;	/* receives every other file the prefix included */
	int user;		/* may hold the project's own headers (driver/preamble.h) */
	const char *base;	/* a PCH of a prefix of b->header's lines to build on, or NULL */
	const char *facts;	/* where its facts go (pch_facts.h), or NULL */
};

/*
 * Build b->out from b->header with req's arguments (req->pch unused).
 * With b->base, the PCH is chained: built with -include-pch b->base, it
 * holds only what the header adds to the base's lines, and a parse that
 * loads it loads the base too (clang finds it by the path recorded in the
 * PCH), so the base must stay where it is; *b->deps then lacks the base's
 * files (they were not entered).
 * Returns 0, or -1 with why in *why (caller frees): clang errors in the
 * prefix, a header of it that is not a system header (with b->user: one
 * of the user headers above), a failed save.
 */
int cal_pch_build(CXIndex index, const struct cal_parse_request *req,
		  const struct cal_pch_build *b, char **why);

#endif
