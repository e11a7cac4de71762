/*
 * A lint run: every input file parsed once for the host and once per
 * target, each parse walked by the enabled checks, all findings gathered
 * in one list.  cal_run_finish() sorts and merges them (a finding in a
 * header, or one found by several parses, becomes one finding with the
 * union of their archs) and fills in the arch names of messages.
 *
 * Three roles, three structs: the settings every parse of the run shares
 * (cal_run_settings, set once by main), a worker that parses one job's
 * file at a time (cal_worker: its libclang index and the job's findings),
 * and the run's result (cal_run_result, every job's findings merged).
 */
#ifndef CUATOMLINT_RUN_H
#define CUATOMLINT_RUN_H

#include <clang-c/Index.h>
#include <stdatomic.h>

#include "driver/cache.h"
#include "driver/jobs.h"
#include "driver/source_root.h"
#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"
#include "parse/pch_facts.h"
#include "parse/toolkit.h"

/* What follows the first device parse of a file, where a host parse would (before_host). */
enum cal_before_host {
	CAL_HOST_MAKE,		/* the host parse, then the file's other parses */
	CAL_HOST_SKIP,		/* no host parse; the file's other parses */
	CAL_HOST_STOP,		/* no parse more: the result is not wanted */
};

/* How every parse of the run is made; read-only once the jobs run. */
struct cal_run_settings {
	const struct cal_env *env;
	int verbose;
	int per_arch_parses;	/* never let one device parse stand for several targets */
	int host_parses;	/* always parse for the host, even when nothing needs it */
	int system_headers;	/* --system-headers: the walk enters system headers */
	int shared_preamble;	/* parses share a PCH of their system includes (preamble.h) */
	/*
	 * --srcroot's tree, or NULL (then the main file's folder): a parse
	 * shows the clang errors in it first, as the ones the user can act on.
	 */
	const struct cal_source_roots *roots;
	const char *host_memory;	/* host_memory.h: evidence in the run's files, or NULL */
	const char *host_memory_hip;	/* the same for HIP jobs (HIP's allocators count too) */
	/* the editor's unsaved text of files (the language server's documents), or NULL */
	struct CXUnsavedFile *unsaved;
	unsigned nr_unsaved;
	struct cal_tu_cache *keep;	/* the language server's worker: TUs kept and reparsed */
	/*
	 * The language server's worker: called with the job's findings so far
	 * when the file's first device parse is walked and a host parse is to
	 * follow, so that it may publish them first; it says whether the host
	 * parse is made (NULL: always).
	 */
	enum cal_before_host (*before_host)(void *ctx, const struct cal_job *job,
					    const struct cal_findings *so_far);
	void *before_host_ctx;
	/*
	 * With one target, call before_host as soon as the device parse is
	 * walked, before the arch replay says whether a host parse follows
	 * (the worker expects one: the last lint made it); where none follows,
	 * its answer is ignored.
	 */
	int early_before_replay;
	/*
	 * The language server's edit with hostParse "onSave": no host parse
	 * (before_host says so), and with one target no arch replay either.
	 */
	int no_host_parse;
	/*
	 * The language server's worker: called with each parse's translation
	 * unit once it is walked, and the job's findings so far (before the
	 * device result goes first): where the findings lie in headers, the
	 * worker reads the #include lines that lead to them (lsp/lint.c).
	 */
	void (*after_walk)(void *ctx, CXTranslationUnit tu, const struct cal_findings *so_far);
	void *after_walk_ctx;
};

/*
 * One worker (a child process, or the parent for a job no child could be
 * forked for): parses one job's file at a time.
 */
struct cal_worker {
	const struct cal_run_settings *settings;
	CXIndex index;
	CXIndex listing;	/* local declarations only (check.h's instantiations_listed) */
	struct cal_pch_facts facts;	/* of the PCH facts_of, read last (pch_facts.h) */
	char *facts_of;
	int facts_ok;		/* read whole (decls_found: every declaration found again) */
	struct cal_deps *deps;	/* non-NULL: gather every file a parse included */
	/* the last job's result */
	struct cal_findings findings;
	int nr_input_errors;
};

/* What the run found: every job's findings, merged by cal_run_finish(). */
struct cal_run_result {
	struct cal_findings findings;
	int nr_input_errors;
	size_t nr_partial_tus;	/* set by cal_run_finish: TUs left with clang errors */
};

/*
 * Parses made by every run of this process (workers are threads), for
 * --summary: device parses made and saved (targets less groups), host
 * parses made and skipped, and targets parsed alone because the replay of
 * their conditions failed (in how many files).  A parse's child process
 * sends its counts back with its findings (scheduler.c).
 */
struct cal_parse_stats {
	atomic_long device, host, host_skipped, saved, fallback_targets, fallback_files;
};
extern struct cal_parse_stats cal_parse_stats;

void cal_worker_init(struct cal_worker *w, const struct cal_run_settings *settings);
/* Parse and walk job's file; its findings and input errors replace w's. */
void cal_worker_run(struct cal_worker *w, const struct cal_job *job);
void cal_worker_release(struct cal_worker *w);

/* Merge result's findings; targets: the run's (all jobs' targets). */
void cal_run_finish(struct cal_run_result *result, const struct cal_target_set *targets);

#endif
