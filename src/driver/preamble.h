/*
 * The shared preamble: most translation units of a project begin with the
 * same includes of system headers (the toolkit's runtime, CCCL, the C++
 * library) and are parsed with the same arguments; those headers are
 * parsed once into a precompiled header (parse/pch.h) that every later
 * parse with the same arguments and the same prefix loads (-include-pch),
 * in whichever worker process it runs.
 *
 * The prefix of a file is its leading run of `#include <...>` lines (blank
 * lines and comments between them allowed, parse/prefix.h); it ends at the
 * first other line, so a macro defined before an include, a quoted include
 * or a conditional ends it, and before a header that a -I folder holds.  A PCH is keyed by the parse's whole argument list
 * (the target, the CUDA environment, the user's flags) and the prefix; it
 * is built only when a second parse with the same key comes (the first is
 * parsed plainly: a file linted alone, or a re-lint of one changed file,
 * never pays for a PCH), and never holds user code: a prefix that includes
 * a header outside the system headers, or that clang finds errors in, is
 * not shared, and those parses are plain.  The PCH lives in the run's
 * private folder (cal_env's dir), as the prelude it includes does: its
 * paths are the run's own, so no later run could load it; a re-lint gets
 * its speed from the result cache instead, whose entries name every
 * header the PCH read among their dependencies.
 *
 * The project's own headers (the default; CUATOMLINT_PCH_USER=0 keeps the
 * PCH to system headers, the paragraph above): the prefix then takes
 * quoted includes too, named by the path clang finds them at (next to the
 * includer, else in the -iquote folders, then the -I folders; a folder
 * clang takes for a system one is left to its search), and a TU's
 * own header (foo.cuh for foo.cu) or an unguarded one is read through (its
 * leading includes join the prefix, which ends there), so TUs whose own
 * headers begin with the project's common header share a PCH of it.  A
 * parse that loads it sees the header's declarations, macros, preprocessing
 * record, skipped ranges and text as one that reads it (libclang visits and
 * reads the PCH's), so the walk, the arch replay, NOLINT and the parsed
 * hashes agree; the build refuses what would read otherwise (pch.c): a
 * header named by a path the PCH respells (relative, "./"), forced by
 * -include (the replay reads those from the TU's inclusions), naming
 * __BASE_FILE__ or __INCLUDE_LEVEL__, or entered again by the prefix read
 * on its own PCH (no include guard).  A prefix ends before a header through
 * a relative -I folder and, in a TU named by a relative path, before its
 * first quoted include (the PCH would name them absolute).  Its PCH is
 * built on the PCH of the TU's system includes where that exists (chained,
 * parse/pch.h), so it holds, and its build parses, only the user headers.
 *
 * Every parse begins with what clang's CUDA mode and the tool include
 * before a file's first line (the CUDA runtime wrapper, the prelude): the
 * PCH of the empty prefix holds just that, and every file with the same
 * arguments shares it where the PCH of its own system includes cannot be
 * had (the first two files that begin with them: that PCH, which parses
 * the runtime wrapper again, pays back from the third; most of a small
 * project's files begin with includes of their own).  A user PCH may be
 * built on it; the PCH of system includes is not (clang 19 loses the
 * base's macros in such a chain: preamble.c's get_system).
 *
 * Nothing in the output depends on it: a parse that loads the PCH sees the
 * same declarations, macros and user files as one that reads the headers,
 * and a parse with clang errors in the PCH's files (a template of a header
 * instantiated wrongly) is made again without it: the errors' include
 * stacks then name the user's files, as header_errors.c expects.  Errors
 * elsewhere have the same include stacks either way, and keep the parse.
 */
#ifndef CUATOMLINT_PREAMBLE_H
#define CUATOMLINT_PREAMBLE_H

#include <clang-c/Index.h>

#include "driver/cache.h"
#include "parse/parse.h"
#include "parse/toolkit.h"

/*
 * The PCH for the parse req of file path (caller frees), or NULL: then *why
 * says why (caller frees; NULL when there is nothing to say).  The PCH
 * is built here when this is the second parse with its key.
 */
char *cal_preamble_get(CXIndex index, const char *path, const struct cal_parse_request *req,
		       char **why);

/* Add the files the PCH at pch read to deps (the result cache's dependencies). */
void cal_preamble_deps(const char *pch, struct cal_deps *deps);

#endif
