/*
 * Parsing one CUDA source file: the clang arguments for its host-side
 * parse and for each device-side parse, and the libclang call.
 *
 * Device parses are one per target: __CUDA_ARCH__-guarded code exists only
 * in the parse of that target.  Targets newer than clang 19 knows are
 * parsed as sm_90a with __CUDA_ARCH__ redefined to the real value.
 */
#ifndef CUATOMLINT_PARSE_H
#define CUATOMLINT_PARSE_H

#include <clang-c/Index.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "parse/toolkit.h"
#include "util/strvec.h"

/*
 * Translation units kept between lints of the same files (the language
 * server's worker process): a parse with the same file and arguments as a
 * kept one reparses it with the new unsaved files
 * (clang_reparseTranslationUnit), on the precompiled preamble (the
 * includes at the top of the file) that its first parse made; only the
 * code below the preamble is parsed again.  One per process; a TU kept
 * here is disposed by the cache, never by the caller (cal_parse_release).
 */
struct cal_tu_cache;
struct cal_tu_cache *cal_tu_cache_new(void);
void cal_tu_cache_free(struct cal_tu_cache *c);
/* The index the kept TUs are parsed in (created at the first call). */
CXIndex cal_tu_cache_index(struct cal_tu_cache *c);

struct cal_parse_request {
	const struct cal_env *env;
	const struct cal_target_set *targets;
	const struct cal_target *arch;	/* NULL: host-side parse */
	char *const *user_args;		/* after "--" */
	int nr_user_args;
	int opencl;			/* parse as OpenCL C ... */
	int ocl_profile;		/* ... for this device profile */
	/* files whose text is given, not read (a planned rewrite); may be NULL */
	struct CXUnsavedFile *unsaved;
	unsigned nr_unsaved;
	struct cal_tu_cache *keep;	/* NULL: parse afresh and let the caller dispose */
	/* a precompiled prefix of the file's includes (pch.h) to load, or NULL */
	const char *pch;
};

/* The clang arguments (without the file name) for one parse. */
void cal_parse_args(const struct cal_parse_request *req, struct cal_argv *out);

/*
 * Parse path; returns the TU or NULL (with a message in *err, caller
 * frees).  *nr_errors counts clang's error and fatal diagnostics.
 */
CXTranslationUnit cal_parse_file(CXIndex index, const char *path,
				 const struct cal_parse_request *req,
				 int *nr_errors, char **err);

/* Done with a TU of cal_parse_file(): disposed, unless req->keep keeps it. */
void cal_parse_release(const struct cal_parse_request *req, CXTranslationUnit tu);

/* Findings that come from clang, not from a check. */
#define CAL_CHECK_CLANG_ERROR "clang-diagnostic-error"
#define CAL_CHECK_PARTIAL_PARSE "clang-partial-parse"
/*
 * clang parses with no error limit (after 20 errors it would stop
 * instantiating templates), but a parse shows only this many of its
 * errors, those in the user's files first; the partial-parse warning
 * counts them all.
 */
#define CAL_CLANG_ERRORS_SHOWN 20
/*
 * clang's errors as findings of the pseudo-check "clang-diagnostic-error",
 * with archs set to arch_mask.
 */
void cal_collect_clang_errors(CXTranslationUnit tu, uint64_t arch_mask,
			      const char *main_file, const char *skip_prefix,
			      struct cal_findings *out);

/* One parse of a file that clang left errors in. */
struct cal_parse_errors {
	uint64_t mask;		/* the targets it stands for (CAL_HOST_BIT: the host) */
	size_t nr;		/* its errors (known clang-versus-nvcc gaps left out) */
	size_t hidden;		/* of those, not shown (past CAL_CLANG_ERRORS_SHOWN) */
};

/* What a file's partial-parse warning says. */
struct cal_partial_parse {
	const char *main_file;
	const struct cal_target_set *targets;	/* names the masks; NULL: name none */
	const struct cal_parse_errors *parses;	/* in the order they were made */
	size_t nr_parses;
	int all_parses;		/* every parse of the file had errors */
	const struct cal_finding *first;	/* the first error, chosen as shown */
};

/*
 * The one finding that says a file was parsed only partially, at its start:
 * "parsed partially for sm_75, sm_90 and the host: 87 clang errors in each
 * parse (first: FILE:LINE: MESSAGE); findings after that point may be
 * missing; fixes withheld", the count of each parse when they differ, a
 * hint when the first error is a header not found, and a note with the
 * number of errors not shown.  Its archs are every target affected.
 */
void cal_partial_parse_finding(const struct cal_partial_parse *p, struct cal_findings *out);

#endif
