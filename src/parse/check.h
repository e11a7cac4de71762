/*
 * The check interface and the walk that feeds it.
 *
 * One walk per parse visits every cursor of the user's code (system headers
 * and the injected prelude are skipped) and hands each to every enabled
 * check's visit function, with a cal_walk that says where it is: which
 * parse (host, or the device parse of which targets), the enclosing
 * function and its execution space, and the chain of ancestors.
 *
 * Checks never print.  They call cal_report(), which returns a finding the
 * check may add notes and fixes to until its next cal_report() call; the
 * walk turns libclang locations into plain data at once.
 *
 * A check that needs the whole translation unit (for example: which
 * variables does any loop poll?) keeps state from begin() to end().
 */
#ifndef CUATOMLINT_CHECK_H
#define CUATOMLINT_CHECK_H

#include <clang-c/Index.h>
#include <stddef.h>
#include <stdint.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"

struct cal_ocl_profile;

enum cal_space {
	CAL_SPACE_NONE = 0,	/* not inside a function */
	CAL_SPACE_HOST = 1,
	CAL_SPACE_DEVICE = 2,
	CAL_SPACE_HOST_DEVICE = 3,
	CAL_SPACE_GLOBAL = 6,	/* __global__: device code, launched from host */
};

#define CAL_MAX_DEPTH 512

struct cal_walk;
struct cal_parse_info;
struct cal_tu_facts;
struct ct_call;

/* The languages a check judges (cal_check.languages; 0 means CUDA only). */
enum cal_check_language {
	CAL_LANG_CUDA = 1,
	CAL_LANG_OPENCL = 2,	/* OpenCL C parses */
	CAL_LANG_CUTILE = 4,	/* cuTile Python: its own front end, no cursor */
	/*
	 * HIP parses (the CUDA front end's dialect for AMD gfx targets): a
	 * check that judges them sees cal_parse_info.hip set; its fixes are
	 * offered there only with hip_fixes (else the walk drops them with a
	 * note: they spell CUDA-only code).
	 */
	CAL_LANG_HIP = 8,
};

/* A zero-terminated list of cursor kinds (no cursor kind is 0). */
#define CAL_KINDS(...) ((const enum CXCursorKind[]){ __VA_ARGS__, 0 })

/*
 * A check, as the engine knows it: everything the walk, the run and the
 * reporters need to know of a check is here, so that none of them names
 * a check.
 */
struct cal_check {
	const char *id;
	enum cal_severity severity;
	int enabled_by_default;
	const char *summary;	/* one sentence: --list-checks, docs, SARIF */
	const char *doc;	/* its page, relative to CUATOMLINT_DOCS_URL */
	unsigned languages;	/* enum cal_check_language bits; 0: CUDA */
	/*
	 * The cursor kinds visit() is handed (CAL_KINDS(...)); NULL: every
	 * cursor.  The walk dispatches by kind, so a check that wants few
	 * kinds costs nothing on the others.
	 */
	const enum CXCursorKind *kinds;
	/*
	 * user_words.h's words (bits) of which a parse's files must spell one
	 * for this check to find anything there; 0: it always runs.  The files
	 * read are all but the toolkit's, /usr/include's, /usr/lib's and the
	 * tool's (a project's -isystem headers count), entered or held by a
	 * precompiled header.  In a parse that spells none, the check neither
	 * claims errors nor walks: a template-heavy file with no atomic costs
	 * the atomic checks nothing.  (Known limit: an atomic type or macro
	 * that reaches the code only through the toolkit's or the platform's
	 * headers, never spelled in the project's files, is not judged there.)
	 * OpenCL parses and --system-headers run every check.
	 */
	unsigned needs_words;
	/*
	 * The check finds nothing in a host parse (it judges device code
	 * only, and a device parse sees all of it).  Where every other check
	 * needs words the first device parse's files do not spell, and the
	 * host's path opens no other file, the host parse is not made (run.c).
	 */
	int device_only;
	/*
	 * Does the translation unit, as its first device parse saw it, need
	 * its host parse for this check (which judges host code, or the host
	 * as a target)?  The construct that says so ("FILE:LINE: text", the
	 * facts' own), or NULL.  Asked of every check, enabled or not, so that
	 * the parses made (and so the targets a finding names) never depend
	 * on which checks are on.  NULL: never.
	 */
	const char *(*wants_host_parse)(const struct cal_tu_facts *facts);
	/*
	 * For a check that judges host code in the host parse as well as in
	 * the device parses (which see host functions too): does the host
	 * parse of this TU, made because its code tests the arch, need its
	 * indexing pass for this check (the members of class templates and
	 * the generic lambdas of host code no call leads to)?  NULL: no.
	 */
	int (*wants_host_index)(const struct cal_tu_facts *facts);
	/*
	 * Drop from errors (one parse's clang errors) those that this check's
	 * findings among found->items[first..] explain better: a known gap
	 * between clang and nvcc the check reports with its reason.  NULL: none.
	 */
	void (*explain_errors)(struct cal_findings *errors, const struct cal_findings *found,
			       size_t first);
	/*
	 * Before the walk: claim errors (one parse's clang errors) that are
	 * the user's error in the check's words, by dropping those the check's
	 * walk reports in their place or restating others in place (their
	 * check set to the check's ID: the run then takes them as findings).
	 * The parse is not partial for them, so the file's other findings
	 * keep their fixes.  Returns how many it claimed.  NULL: none.
	 */
	size_t (*claim_errors)(const struct cal_parse_info *parse, struct cal_findings *errors);
	void *(*begin)(struct cal_walk *w);
	void (*visit)(struct cal_walk *w, CXCursor c, void *state);
	/*
	 * Handed the cursors visit() is, once their children (and the
	 * instantiations calls there led to) are walked, with the walk's
	 * state as it was at visit().  NULL: not wanted.
	 */
	void (*leave)(struct cal_walk *w, CXCursor c, void *state);
	void (*end)(struct cal_walk *w, void *state);
	/*
	 * cuTile Python (CAL_LANG_CUTILE): the cuTile front end's walk hands
	 * it every call of every kernel (cutile/lint.h).  NULL: no cuTile half.
	 */
	void (*cutile_call)(struct ct_call *call);
	const struct cal_check_option *options;	/* tunables, {NULL}-ended: parse/check_option.h */
	int hip_fixes;		/* its fixes in HIP parses are HIP code */
};

/* The registry (checks/checks.def), in --list-checks order. */
#define CAL_MAX_CHECKS 64
extern const struct cal_check *const cal_checks[];
extern const int cal_nr_checks;
const struct cal_check *cal_check_find(const char *id);
/* Does check judge code of language (one enum cal_check_language bit)? */
int cal_check_judges(const struct cal_check *check, enum cal_check_language language);
/* The URL of the check's page (SARIF helpUri); caller frees. */
char *cal_check_doc_url(const struct cal_check *check);

/* "{archs}" in a message is replaced by the names of the finding's targets. */
#define CAL_ARCHS_PLACEHOLDER "{archs}"

struct cal_parse_info {
	CXTranslationUnit tu;
	const char *main_file;		/* as given by the user */
	int is_host;			/* 0: device parse */
	/*
	 * A host parse made only because the user's code tests the arch,
	 * where no check's wants_host_parse or wants_host_index said so (nor
	 * --host-parses): the checks report there on written code only
	 * (arch-unsupported's redefinition of atomicAdd), so the indexing
	 * pass, which finds only instantiations no call leads to, is left
	 * out: a tenth to a quarter of the host parse.  (Known limit: a
	 * host-only class-template member that no call reaches and that
	 * spells its compare-and-swap only through a system header's macro
	 * is not judged there, for no user file names a CAS.)
	 */
	int skip_index;
	/*
	 * The parse was made with no PCH through an index that lists local
	 * declarations only (excludeDeclarationsFromPCH): the TU's children
	 * then hold every function definition clang instantiated, after the
	 * template's own (ASTUnit keeps each as a top-level declaration).  The
	 * walk takes them from there instead of the indexing pass.
	 */
	int instantiations_listed;
	/*
	 * Such a parse on a shared PCH: the top-level declarations of the
	 * PCH's user headers, which its children leave out, found again from
	 * the PCH's facts (pch_facts.h), in the order of the PCH.  The walk
	 * visits them first, as the TU's children would hold them.
	 */
	const CXCursor *pch_decls;
	size_t nr_pch_decls;
	/*
	 * The targets this parse stands for.  A device parse is made for one
	 * target (arch) but stands for every target of the build when the
	 * user's code does not test __CUDA_ARCH__ (see arch_dependence.h), so
	 * a check that judges targets must ask cal_walk_targets_below(), not
	 * arch->sm.
	 */
	uint64_t arch_mask;
	const struct cal_target_set *targets;
	const struct cal_target *arch;	/* the device parse's own target, or NULL */
	int partial;			/* clang reported errors */
	const char *prelude_path;	/* file the tool injected */
	int scope_system;		/* config: rewrite to system scope, not device */
	/* a host-pinned or managed allocation in the run's files ("NAME (FILE:LINE)"), or NULL */
	const char *host_memory;
	int system_headers;		/* --system-headers: walk them too */
	int cuda_major;			/* the toolkit's CUDA major version, 0 if unknown */
	int opencl;			/* an OpenCL C parse (its version: 120, 200, 300) for ... */
	const struct cal_ocl_profile *ocl_profile;	/* ... this device profile */
	const struct cal_option_settings *options;	/* the config's check options, or NULL */
	/*
	 * A HIP parse (the job's targets are AMD gfx targets): the CUDA checks
	 * judge it in HIP's terms (wavefront size, gfx facts), and a fix that
	 * spells CUDA-only code (cuda::atomic_ref, PTX) is not offered.
	 */
	int hip;
	int unsafe_fp_atomics;	/* HIP: the build passes -munsafe-fp-atomics */
	unsigned wavefront;	/* HIP: the target's wavefront size in this build (amd_facts.h) */
	/* user_words.h bits its files are known not to spell (0: none known) */
	unsigned words_absent;
};

/* Do parse's files spell one of check's needs_words (or need it none)? */
int cal_parse_spells(const struct cal_parse_info *parse, const struct cal_check *check);

struct cal_walk {
	const struct cal_parse_info *parse;
	CXCursor function;		/* innermost enclosing function, or null */
	enum cal_space space;		/* its execution space */
	CXCursor stack[CAL_MAX_DEPTH];	/* ancestors of the current cursor */
	int depth;
	int in_instantiation;		/* walking a template specialization */
	unsigned long serial;		/* this walk's, unique in the process (memos key on it) */
	unsigned long visits;		/* cursors handed to the checks so far, this one counted */
	unsigned frame;			/* instantiations being walked inside one another */
	unsigned long depth_cuts;	/* cursors whose children CAL_MAX_DEPTH kept from the walk */
	/* the reach graph (analysis/reach.h) the checks that ask share, or NULL */
	struct cal_reach *reach;

	/* private to walk.c */
	const struct cal_check *current;
	struct cal_findings *out;
	struct cal_finding pending;
	int has_pending;
	void **states;
};

/* Is this code compiled for the GPU in this parse? */
int cal_walk_in_device_code(const struct cal_walk *w);
/* Is this code compiled for the host in this parse? */
int cal_walk_in_host_code(const struct cal_walk *w);
/*
 * The targets of this parse whose sm is below min_sm, as a mask for
 * cal_finding.archs; 0 if none (or in the host parse).
 */
uint64_t cal_walk_targets_below(const struct cal_walk *w, unsigned min_sm);
/* Is decl one the tool injected (the prelude or the built-in environment)? */
int cal_walk_decl_in_prelude(const struct cal_walk *w, CXCursor decl);
/* Declared by CUDA's headers, the built-in environment or the prelude:
 * the CUDA function, not a user function of the same name. */
int cal_walk_decl_from_cuda(const struct cal_walk *w, CXCursor decl);
/*
 * Walking an instantiation whose written code depends on a template type
 * parameter (of the function or of an enclosing class template): an edit of
 * that shared text would change every other instantiation too.
 */
int cal_walk_in_dependent_instantiation(const struct cal_walk *w);
/* The function being walked as the user would name it: "Acc<double>::add",
 * "sum<float, 4>".  Caller frees. */
char *cal_walk_function_name(const struct cal_walk *w);
/* The same for any function cursor fn (one kept for a report after the walk). */
char *cal_function_name(CXCursor fn);
/* The nth ancestor (0 = parent), or a null cursor. */
CXCursor cal_walk_parent(const struct cal_walk *w, int n);

/*
 * Report a finding of the current check at cursor c (its whole extent, as
 * seen at the macro use site).  The returned finding stays valid until the
 * next cal_report call.
 */
struct cal_finding *cal_report(struct cal_walk *w, CXCursor c, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
struct cal_finding *cal_report_range(struct cal_walk *w, CXSourceRange r,
				     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void cal_note_at(struct cal_walk *w, struct cal_finding *f, CXCursor c,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Walk one parse with the enabled checks, appending findings to out. */
void cal_walk_parse(const struct cal_parse_info *parse, const int *enabled,
		    struct cal_findings *out);
/*
 * The same inside libclang's crash recovery: a crash in the walk or a
 * check costs this parse its findings (returns -1, out untouched), never
 * the run.  The environment variable CUATOMLINT_TEST_WALK_CRASH, set to
 * part of a file name, makes that file's walk crash (for tests).
 */
int cal_walk_parse_guarded(const struct cal_parse_info *parse, const int *enabled,
			   struct cal_findings *out);

#endif
