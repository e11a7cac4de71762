#include "driver/run.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "atomics/amd_facts.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "cuatomlint/strbuf.h"
#include "parse/arch_dependence.h"
#include "parse/clang_gaps.h"
#include "cutile/cutile.h"
#include "parse/header_errors.h"
#include "opencl/opencl.h"
#include "checks/opencl_errors.h"
#include "driver/parsed_hash.h"
#include "driver/preamble.h"
#include "parse/parse.h"
#include "util/diag.h"
#include "util/profile.h"
#include "parse/ast.h"

/* More parses than any file gets: 64 targets' groups, the host, 8 OpenCL profiles. */
#define MAX_PARSES 80

/* One job's file being parsed by a worker, and what its first parse learnt. */
struct file_run {
	struct cal_worker *w;
	const struct cal_run_settings *set;
	const struct cal_job *job;
	int host_wanted;	/* this file needs its host parse (set by the device parse) */
	int host_index;		/* ... and its indexing pass there (check.h's skip_index) */
	int arch_dependent;	/* a user file of this file's TU mentions the arch */
	/* the first device parse's words (user_words.h) none of its files spells */
	unsigned first_words_absent;
	char *host_unread;	/* a system header there tests the arch (user_words.h) */
	int host_needless;	/* it tests the arch, but nothing the host sees can be judged */
	/* nor anything another target's parse sees, where the replay follows its path */
	int device_needless;
	int ocl_profile;	/* the OpenCL device profile being parsed */
	/* for the file's one partial-parse warning, said after its last parse */
	size_t nr_parses;	/* parses made */
	struct cal_parse_errors partial[MAX_PARSES];	/* those with clang errors left */
	size_t nr_partial;
	struct cal_finding first_error;	/* the first error shown (file, line, message) */
	int first_is_user;		/* ... in the user's files */
	char *memo_file;		/* the last file is_user_file() judged, */
	int memo_user;			/* and its answer */
	char *main_folder;		/* of the main file, real, with a trailing slash */
	int early_sent;			/* before_host was called before the arch replay, */
	enum cal_before_host early_next;	/* and answered this */
};

void cal_worker_init(struct cal_worker *w, const struct cal_run_settings *settings)
{
	memset(w, 0, sizeof(*w));
	w->settings = settings;
	/*
	 * excludeDeclarationsFromPCH=0, displayDiagnostics=0: we report them.
	 * Kept TUs need their index to outlive the worker: the cache owns it.
	 */
	w->index = settings->keep ? NULL : clang_createIndex(0, 0);
	/*
	 * excludeDeclarationsFromPCH=1: a parse then lists the function
	 * definitions clang instantiated among the TU's children (check.h's
	 * instantiations_listed), which saves the indexing pass.  On a PCH
	 * only where the PCH has facts (pch_facts.h): the TU's children and
	 * its preprocessing record leave out the PCH's, which the walk, the
	 * replay and the word scan read from the facts instead.
	 */
	w->listing = settings->keep ? NULL : clang_createIndex(1, 0);
}

static void print_args(const struct cal_parse_request *req, const char *path)
{
	struct cal_argv args = { 0 };
	struct strbuf line = STRBUF_INIT;
	int i;

	/* one write per line: workers of -j print at once */
	cal_parse_args(req, &args);
	strbuf_addf(&line, "cuatomlint: parse %s:", path);
	for (i = 0; i < args.n; i++)
		strbuf_addf(&line, " %s", args.v[i]);
	fprintf(stderr, "%s\n", line.buf);
	strbuf_release(&line);
	cal_argv_clear(&args);
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			  CXClientData data)
{
	CXString name = clang_getFileName(file);
	const char *s = clang_getCString(name);

	(void)stack;
	(void)depth;
	if (s && *s)
		cal_deps_add(data, s);
	clang_disposeString(name);
}

/* Drop the errors the findings of the parse's checks explain (their explain_errors hooks). */
static void explain_errors(const struct file_run *run, struct cal_findings *errors, size_t first)
{
	int i;

	for (i = 0; i < cal_nr_checks; i++)
		if (run->job->enabled[i] && cal_checks[i]->explain_errors)
			cal_checks[i]->explain_errors(errors, &run->w->findings, first);
}

/*
 * The errors the enabled checks claim before the walk (their claim_errors
 * hooks): those dropped are reported by the walk, those restated are
 * findings from now on.  Returns how many.
 */
static size_t claim_errors(const struct file_run *run, const struct cal_parse_info *info,
			   struct cal_findings *errors)
{
	size_t n = 0, i, kept = 0;
	int c;

	for (c = 0; c < cal_nr_checks; c++)
		if (run->job->enabled[c] && cal_checks[c]->claim_errors &&
		    (!info->hip || cal_check_judges(cal_checks[c], CAL_LANG_HIP)) &&
		    cal_parse_spells(info, cal_checks[c]))
			n += cal_checks[c]->claim_errors(info, errors);
	for (i = 0; i < errors->nr; i++) {
		if (strcmp(errors->items[i].check, "clang-diagnostic-error"))
			cal_findings_take(&run->w->findings, &errors->items[i]);
		else
			errors->items[kept++] = errors->items[i];
	}
	errors->nr = kept;
	return n;
}

/* The real path of path's folder with a trailing slash, or NULL. */
static char *folder_of(const char *path)
{
	char real[PATH_MAX], *slash;

	if (!realpath(path, real) || !(slash = strrchr(real, '/')))
		return NULL;
	slash[1] = '\0';
	return xstrdup(real);
}

/* Is path under the folder of the main file (the source tree when no --srcroot names one)? */
static int beside_main_file(struct file_run *run, const char *main_file, const char *path)
{
	char real[PATH_MAX];

	if (!run->main_folder)
		run->main_folder = folder_of(main_file);
	return run->main_folder && realpath(path, real) &&
	       !strncmp(real, run->main_folder, strlen(run->main_folder));
}

/*
 * Is e's file the user's: the main file, or a header outside the system
 * headers under --srcroot (without one, under the main file's folder: the
 * current directory, the default source root, often holds vendored code)?
 */
static int is_user_file(struct file_run *run, const char *main_file, const struct cal_finding *e)
{
	const char *file = e->range.begin.file;

	if (!file || !strcmp(file, main_file))
		return 1;
	if (e->system_header)
		return 0;
	if (!run->memo_file || strcmp(run->memo_file, file)) {
		free(run->memo_file);
		run->memo_file = xstrdup(file);
		run->memo_user = run->set->roots ? cal_source_roots_contain(run->set->roots, file)
						 : beside_main_file(run, main_file, file);
	}
	return run->memo_user;
}

/*
 * The errors in the user's files first, each part in clang's order: a
 * missing third-party header's errors must not hide the one that removed
 * the user's kernel.  Returns how many are the user's.
 */
static size_t users_first(struct file_run *run, const char *path, struct cal_findings *errors)
{
	struct cal_finding *sorted = xcalloc(errors->nr + 1, sizeof(*sorted));
	char *user = xcalloc(errors->nr + 1, 1);
	size_t i, n = 0, nr_user;

	for (i = 0; i < errors->nr; i++)
		if ((user[i] = (char)is_user_file(run, path, &errors->items[i])))
			sorted[n++] = errors->items[i];
	nr_user = n;
	for (i = 0; i < errors->nr; i++)
		if (!user[i])
			sorted[n++] = errors->items[i];
	memcpy(errors->items, sorted, errors->nr * sizeof(*sorted));
	free(sorted);
	free(user);
	return nr_user;
}

/* Count this parse's errors for the partial-parse warning; its first shown may be the one named. */
static void tally_errors(struct file_run *run, const struct cal_findings *errors, size_t nr_user,
			 uint64_t mask)
{
	const struct cal_finding *e = &errors->items[0];
	struct cal_finding *keep = &run->first_error;

	if (run->nr_partial < MAX_PARSES) {
		struct cal_parse_errors *pe = &run->partial[run->nr_partial++];
		pe->mask = mask;
		pe->nr = errors->nr;
		pe->hidden = errors->nr > CAL_CLANG_ERRORS_SHOWN
				     ? errors->nr - CAL_CLANG_ERRORS_SHOWN : 0;
	}
	/* the first parse's first error, unless a later parse has one in the user's files */
	if (keep->message && (run->first_is_user || !nr_user))
		return;
	cal_finding_clear(keep);
	keep->range.begin = e->range.begin;
	keep->range.begin.file = xstrdup(e->range.begin.file ? e->range.begin.file : "");
	keep->message = xstrdup(e->message);
	run->first_is_user = nr_user > 0;
}

/*
 * A parse's clang errors join the findings (the first CAL_CLANG_ERRORS_SHOWN
 * of them, those in the user's files first), less those a check's finding
 * explains (known clang-versus-nvcc gaps went before the walk); a parse
 * whose only errors were those is not partial.  Fixes are offered only for
 * code clang parsed cleanly.
 */
static void take_clang_errors(struct file_run *run, CXTranslationUnit tu,
			      struct cal_findings *errors, size_t first, const char *path,
			      uint64_t mask)
{
	struct cal_findings *findings = &run->w->findings;
	size_t i, had = errors->nr;

	explain_errors(run, errors, first);
	if (had && !errors->nr)
		for (i = first; i < findings->nr; i++)
			findings->items[i].partial_parse = 0;
	for (i = first; i < findings->nr; i++)
		if (findings->items[i].partial_parse)
			cal_finding_drop_fixes(&findings->items[i]);
	cal_header_errors_name_tu(tu, path, errors);
	if (errors->nr)
		tally_errors(run, errors, users_first(run, path, errors), mask);
	/* all are counted in the partial-parse warning; the first few are shown */
	for (i = 0; i < errors->nr; i++) {
		if (i < CAL_CLANG_ERRORS_SHOWN)
			cal_findings_take(findings, &errors->items[i]);
		else
			cal_finding_clear(&errors->items[i]);
	}
	free(errors->items);
}

struct cal_parse_stats cal_parse_stats;

static void print_plan(const struct file_run *run, const char *path,
		       const struct cal_arch_plan *plan)
{
	struct strbuf line = STRBUF_INIT;
	int g;

	strbuf_addf(&line, "cuatomlint: arch groups %s:", path);
	for (g = 0; g < plan->nr_groups; g++) {
		char *names = cal_target_mask_names(&run->job->targets, plan->groups[g]);
		strbuf_addf(&line, " {%s}", names);
		free(names);
	}
	if (plan->why)
		strbuf_addf(&line, "; parsed alone: %d (first: %s)", plan->nr_fallback, plan->why);
	fprintf(stderr, "%s\n", line.buf);
	strbuf_release(&line);
}

/*
 * Does a check need the host parse of this TU?  Every check is asked,
 * enabled or not: the parses made, and so the targets a finding names,
 * never depend on which other checks are on.
 */
static const struct cal_check *host_parse_wanted(const struct cal_tu_facts *facts)
{
	int i;

	for (i = 0; i < cal_nr_checks; i++)
		if (cal_checks[i]->wants_host_parse && cal_checks[i]->wants_host_parse(facts))
			return cal_checks[i];
	return NULL;
}

/*
 * Can no check find anything in a parse (a host parse: host) that reads
 * only files of the first device parse, which spell none of words_absent?
 * Every check is asked, enabled or not (as above): each needs its words
 * spelled, or judges device code only where host.
 */
static int findless(const struct file_run *run, unsigned words_absent, int host)
{
	enum cal_check_language lang = cal_target_set_is_gfx(&run->job->targets) ? CAL_LANG_HIP
										 : CAL_LANG_CUDA;
	int i;

	if (!words_absent)
		return 0;
	for (i = 0; i < cal_nr_checks; i++)
		if (cal_check_judges(cal_checks[i], lang) && !(host && cal_checks[i]->device_only) &&
		    (!cal_checks[i]->needs_words || (cal_checks[i]->needs_words & ~words_absent)))
			return 0;
	return 1;
}

/* HIP's sides differ by __HIP_DEVICE_COMPILE__ too, which the replay does not read. */
static int host_findless(const struct file_run *run, unsigned words_absent)
{
	return !run->set->host_parses && !cal_target_set_is_gfx(&run->job->targets) &&
	       findless(run, words_absent, 1);
}

/* Does a check need the host parse's indexing pass (check.h's skip_index)?  Asked as above. */
static const struct cal_check *host_index_wanted(const struct cal_tu_facts *facts)
{
	int i;

	for (i = 0; i < cal_nr_checks; i++)
		if (cal_checks[i]->wants_host_index && cal_checks[i]->wants_host_index(facts))
			return cal_checks[i];
	return NULL;
}

/*
 * The first line the host's path reads otherwise that spells a word a
 * check of host code needs (what made host_findless() fail), or NULL.
 */
static const char *host_words_read(const struct file_run *run, const struct cal_tu_facts *facts)
{
	int b;

	for (b = 0; b < CAL_PP_NR_WORDS; b++)
		if (facts->host_word_where[b] &&
		    !host_findless(run, CAL_WORDS_ALL & ~(1u << b)))
			return facts->host_word_where[b];
	return NULL;
}

/* --verbose: why the host parse is made (which construct, which check), or skipped. */
static void say_host_parse(const struct file_run *run, const char *path,
			   const struct cal_tu_facts *facts, const struct cal_check *wanted,
			   const struct cal_check *index)
{
	const char *read, *host_read;

	if (!run->set->verbose)
		return;
	host_read = host_words_read(run, facts);
	read = host_read ? "; the host's path reads " : "";
	host_read = host_read ? host_read : "";
	if (run->set->host_parses)
		fprintf(stderr, "cuatomlint: host parse %s: made: --host-parses\n", path);
	else if (run->host_needless && host_findless(run, run->first_words_absent))
		fprintf(stderr, "cuatomlint: host parse %s: skipped: the code tests the arch (%s), "
			"but no check can find anything there: no file of the parse spells an "
			"atomic or a fence, and the host's path opens no other file\n", path,
			facts->arch_where);
	else if (run->host_needless)
		fprintf(stderr, "cuatomlint: host parse %s: skipped: the code tests the arch (%s), "
			"but no check of host code can find anything the device parse did not: "
			"the lines only the host's path reads spell no atomic or fence, and it "
			"opens no other file\n", path, facts->arch_where);
	else if (wanted)
		fprintf(stderr, "cuatomlint: host parse %s: made: %s judges host code (%s)\n",
			path, wanted->id, wanted->wants_host_parse(facts));
	else if (facts->depends_on_arch && index)
		fprintf(stderr, "cuatomlint: host parse %s: made: the code tests the arch (%s); "
			"with its indexing pass: %s judges host code%s%s\n", path, facts->arch_where,
			index->id, read, host_read);
	else if (facts->depends_on_arch)
		fprintf(stderr, "cuatomlint: host parse %s: made: the code tests the arch (%s); "
			"without its indexing pass: no check judges the host code's instantiations "
			"that no call leads to%s%s\n", path, facts->arch_where, read, host_read);
	else
		fprintf(stderr, "cuatomlint: host parse %s: skipped: the code does not test the "
			"arch and no check judges its host code\n", path);
}

/*
 * Which targets does the device parse tu of targets->t[first] stand for?
 * All of them when no user file mentions the arch; else those whose
 * replayed conditions agree with its own (arch_pp.h).
 */
static void plan_groups(struct file_run *run, const char *path, CXTranslationUnit tu,
			struct cal_pch_view *pch, int first, struct cal_arch_plan *plan)
{
	struct cal_tu_facts facts;
	const struct cal_check *wanted, *index;
	struct timespec a, b;
	int known = !run->host_unread;	/* its files are all the others' (parse.c's KeepGoing) */
	/* the host's path replayed, where a host parse may be skipped for it */
	int host_view = known && !run->set->host_parses &&
			!cal_target_set_is_gfx(&run->job->targets);

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
	cal_arch_plan_make(tu, pch->facts ? pch : NULL, &run->job->targets, first,
			   run->set->env->dir, host_view, plan, &facts);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
	run->arch_dependent = facts.depends_on_arch;
	wanted = host_parse_wanted(&facts);
	run->host_wanted |= wanted != NULL;
	index = host_index_wanted(&facts);
	run->host_index = index != NULL;
	/* where the host's text differs from the first parse's, no check of host code finds a word */
	run->host_needless = facts.depends_on_arch && host_view && !facts.host_why &&
			     !run->host_wanted &&
			     host_findless(run, CAL_WORDS_ALL & ~facts.host_words);
	run->device_needless = findless(run, run->first_words_absent, 0) && known;
	say_host_parse(run, path, &facts, wanted, index);
	if (run->set->verbose && facts.depends_on_arch && !run->host_wanted &&
	    host_findless(run, run->first_words_absent) && !run->host_needless)
		fprintf(stderr, "cuatomlint: host parse %s: no check could find anything there, but "
			"the host's path may open a file this parse did not: %s\n", path,
			run->host_unread ? run->host_unread : facts.host_why);
	cal_tu_facts_release(&facts);
	/*
	 * HIP: the replay reads CUDA's arch macros only, and gfx targets differ
	 * beyond the user's text (the HIP headers' warpSize is
	 * __AMDGCN_WAVEFRONT_SIZE, 64 or 32): one parse per gfx target.
	 */
	if (run->set->per_arch_parses || cal_target_set_is_gfx(&run->job->targets)) {
		cal_arch_plan_release(plan);
		cal_arch_plan_each(&run->job->targets, first, plan);
	}
	if (plan->nr_fallback)
		atomic_fetch_add(&cal_parse_stats.fallback_files, 1);
	atomic_fetch_add(&cal_parse_stats.fallback_targets, plan->nr_fallback);
	if (!run->set->verbose)
		return;
	fprintf(stderr, "cuatomlint: arch replay %s: %.1f ms CPU\n", path,
		(double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6);
	print_plan(run, path, plan);
}

/*
 * The facts of the PCH pch (pch_facts.h), read once for a run of parses
 * on it; NULL: none to be had (CUATOMLINT_PCH_FACTS=0, a test hook, says
 * so too).  A parse takes the indexer's way where they are NULL or do not
 * find every declaration again (decls_found); their words serve either way.
 */
static const struct cal_pch_facts *pch_facts_of(struct cal_worker *w, const char *pch)
{
	const char *v = getenv("CUATOMLINT_PCH_FACTS");
	char *path;

	if (v && !strcmp(v, "0"))
		return NULL;
	if (w->facts_of && !strcmp(w->facts_of, pch))
		return w->facts_ok ? &w->facts : NULL;
	cal_pch_facts_release(&w->facts);
	free(w->facts_of);
	w->facts_of = xstrdup(pch);
	path = cal_pch_facts_path(pch);
	w->facts_ok = cal_pch_facts_read(path, &w->facts) == 0;
	free(path);
	return w->facts_ok ? &w->facts : NULL;
}

/* Is d (an error or its note) in a file the PCH holds? */
static int diagnostic_in(CXDiagnostic d, const struct cal_deps *held)
{
	CXFile file;
	CXDiagnosticSet notes = clang_getChildDiagnostics(d);
	unsigned i, n = clang_getNumDiagnosticsInSet(notes);
	char *name, *real;
	int in;

	clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
	name = file ? cal_take_string(clang_getFileName(file)) : NULL;
	real = name ? realpath(name, NULL) : NULL;
	/* a file the PCH cannot be told apart from counts as held */
	in = name && (!real || cal_deps_has(held, real));
	free(real);
	free(name);
	for (i = 0; !in && i < n; i++) {
		CXDiagnostic note = clang_getDiagnosticInSet(notes, i);
		in = diagnostic_in(note, held);
		clang_disposeDiagnostic(note);
	}
	return in;
}

/*
 * Are all of tu's errors, and their notes, outside the files the PCH
 * holds?  Then their include stacks run through files the parse entered
 * itself, as a parse without the PCH gives them, and it need not be made
 * again (a TU whose own includes meet a known clang-versus-nvcc gap:
 * CCCL's __assert_fail under -DNDEBUG, in every such TU of a project).
 */
static int errors_outside_pch(CXTranslationUnit tu, const char *pch)
{
	struct cal_deps named = { 0 }, held = { 0 };
	unsigned i, n = clang_getNumDiagnostics(tu);
	int outside = 1;
	size_t k;

	/* the PCH names its files as its build did, a parse on it absolute: compare real paths */
	cal_preamble_deps(pch, &named);
	for (k = 0; k < named.alloc; k++) {
		char *real = named.paths[k] ? realpath(named.paths[k], NULL) : NULL;
		if (real)
			cal_deps_add(&held, real);
		free(real);
	}
	cal_deps_release(&named);
	for (i = 0; outside && i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
			outside = held.nr && !diagnostic_in(d, &held);
		clang_disposeDiagnostic(d);
	}
	cal_deps_release(&held);
	return outside;
}

/* May tu, a parse on req's PCH (if any) with nr_errors clang errors, be kept? */
static int keeps_pch(const struct cal_parse_request *req, CXTranslationUnit tu, int nr_errors)
{
	return req->pch && tu && (!nr_errors || errors_outside_pch(tu, req->pch));
}

/*
 * The parse of req, through the shared preamble where it can be had
 * (req->pch set, caller frees).  A parse with clang errors in the PCH's
 * files is made again without it: their include stacks must name the
 * user's files.  On a PCH
 * with facts, the parse lists its instantiations and *view holds the
 * facts bound to it (released by the caller); one whose declarations are
 * not all found again is made again the indexer's way.
 */
static CXTranslationUnit parse_shared(struct file_run *run, const char *path,
				      struct cal_parse_request *req, char **pch, int *nr_errors,
				      char **err, int *listed, struct cal_pch_view *view)
{
	const struct cal_run_settings *set = run->set;
	CXIndex index = set->keep ? cal_tu_cache_index(set->keep) : run->w->index;
	const struct cal_pch_facts *facts = NULL;
	CXTranslationUnit tu;
	char *why = NULL;
	int kept;

	*pch = NULL;
	/* a kept parse (the language server) has a preamble of its own */
	if (set->shared_preamble && !set->system_headers && !set->keep)
		req->pch = *pch = cal_preamble_get(run->w->index, path, req, &why);
	if (why && set->verbose)
		fprintf(stderr, "cuatomlint: %s for %s: %s\n",
			req->pch ? "shared preamble of the system includes" : "no shared preamble",
			path, why);
	free(why);
	if (set->verbose)
		print_args(req, path);
	if (req->pch && run->w->listing)
		facts = pch_facts_of(run->w, req->pch);
	if (facts && !facts->decls_found)
		facts = NULL;
	*listed = run->w->listing && (!req->pch || facts);
	tu = cal_parse_file(*listed ? run->w->listing : index, path, req, nr_errors, err);
	kept = keeps_pch(req, tu, *nr_errors);
	if (kept && facts && cal_pch_view_bind(view, facts, tu) < 0) {
		if (set->verbose)
			fprintf(stderr, "cuatomlint: the shared preamble's facts do not match the "
				"parse of %s (the declaration at offset %u of '%s' is not found "
				"again); parsed again through the indexer\n", path,
				view->missed ? view->missed->offset : 0,
				view->missed ? facts->files[view->missed->file].name : "?");
		cal_parse_release(req, tu);
		*listed = 0;
		tu = cal_parse_file(index, path, req, nr_errors, err);
		kept = keeps_pch(req, tu, *nr_errors);
	} else if (view->facts && set->verbose) {
		fprintf(stderr, "cuatomlint: shared preamble's facts for %s: %zu declarations of "
			"the user's headers, %zu macros\n", path, view->nr_decls,
			view->facts->nr_macros);
	}
	if (!req->pch || kept)
		return tu;
	if (set->verbose)
		fprintf(stderr, "cuatomlint: shared preamble dropped for %s: %s; parsed again "
			"without it\n", path, tu ? "the parse has clang errors" : *err);
	if (tu)
		cal_parse_release(req, tu);
	free(*err);
	free(*pch);
	req->pch = *pch = NULL;
	*nr_errors = 0;
	*listed = run->w->listing != NULL;
	return cal_parse_file(*listed ? run->w->listing : index, path, req, nr_errors, err);
}

/* Is flag on in a build that may say -mFLAG or -mno-FLAG?  The last one wins. */
static int m_flag(const struct cal_argv *args, const char *flag)
{
	int i, on = 0;
	for (i = 0; i < args->n; i++) {
		const char *a = args->v[i];
		if (strncmp(a, "-m", 2))
			continue;
		if (!strcmp(a + 2, flag))
			on = 1;
		else if (!strncmp(a + 2, "no-", 3) && !strcmp(a + 5, flag))
			on = 0;
	}
	return on;
}

/* words (user_words.h) in words: "an atomic, a fence or shared memory" */
static void add_words_phrase(struct strbuf *sb, unsigned words)
{
	static const char *const names[] = { "an atomic", "a fence", "a volatile", "a PTX load",
					     "shared memory" };
	static const unsigned bits[] = { CAL_WORD_ATOMIC, CAL_WORD_ATOMIC, CAL_WORD_VOLATILE,
					 CAL_WORD_VOLATILE, CAL_WORD_SHARED };
	size_t i, n = 0, total = 0;

	for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
		total += (words & bits[i]) != 0;
	for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
		if (words & bits[i])
			strbuf_addf(sb, "%s%s", n++ == 0 ? "" : n == total ? " or " : ", ", names[i]);
}

/* --verbose: the enabled checks a parse's words leave out (check.h's needs_words). */
static void say_skipped_checks(const struct file_run *run, const char *path,
			       const struct cal_parse_info *info)
{
	struct strbuf ids = STRBUF_INIT, words = STRBUF_INIT;
	unsigned need = 0;
	char name[16];
	int c;

	for (c = 0; c < cal_nr_checks; c++)
		if (run->job->enabled[c] && !cal_parse_spells(info, cal_checks[c]) &&
		    cal_check_judges(cal_checks[c], info->hip ? CAL_LANG_HIP : CAL_LANG_CUDA)) {
			strbuf_addf(&ids, "%s%s", ids.len ? ", " : "", cal_checks[c]->id);
			need |= cal_checks[c]->needs_words;
		}
	add_words_phrase(&words, need);
	if (ids.len)
		fprintf(stderr, "cuatomlint: checks %s (%s): no file of the parse spells %s: "
			"skipped: %s\n", path,
			info->arch ? cal_target_name(*info->arch, name, sizeof(name)) : "the host",
			words.buf, ids.buf);
	strbuf_release(&ids);
	strbuf_release(&words);
}

/* What the walk and the checks know of one parse (not yet whether it is partial). */
static void describe_parse(const struct file_run *run, CXTranslationUnit tu, const char *path,
			   const struct cal_target *arch, uint64_t mask, unsigned words_absent,
			   struct cal_parse_info *info)
{
	const struct cal_job *job = run->job;
	const struct cal_run_settings *set = run->set;

	memset(info, 0, sizeof(*info));
	info->tu = tu;
	info->main_file = path;
	info->is_host = arch == NULL && !job->opencl;
	/* a host parse that is the only one (no device target) judges all */
	info->skip_index = info->is_host && job->targets.n > 0 && !run->host_wanted &&
			   !run->host_index;
	info->arch_mask = mask;
	info->targets = &job->targets;
	info->arch = arch;
	info->prelude_path = set->env->dir;
	info->scope_system = job->config->scope_system;
	info->options = &job->config->options;
	info->system_headers = set->system_headers;
	info->cuda_major = set->env->ver_major;
	info->opencl = job->opencl ? cal_ocl_std() : 0;
	info->ocl_profile = job->opencl ? cal_ocl_profile(run->ocl_profile) : NULL;
	info->hip = !job->opencl && cal_target_set_is_gfx(&job->targets);
	info->host_memory = info->hip ? set->host_memory_hip : set->host_memory;
	info->unsafe_fp_atomics = info->hip && m_flag(&job->args, "unsafe-fp-atomics");
	info->wavefront = info->hip && arch ? cal_amd_wavefront(*arch, m_flag(&job->args,
									    "wavefrontsize64")) : 0;
	info->words_absent = words_absent;
}

/*
 * The words (user_words.h) no file of the parse spells; for the first
 * device parse (first), also whether a system header there tests the arch.
 */
static unsigned words_absent(struct file_run *run, CXTranslationUnit tu,
			     const struct cal_pch_view *view, const char *pch, int first)
{
	const struct cal_run_settings *set = run->set;
	const struct cal_pch_facts *facts = view->facts;

	/* an OpenCL program's atomics are its language's own words: no gate there */
	if (run->job->opencl || set->system_headers)
		return 0;
	/*
	 * A parse on the PCH the indexer's way (its declarations not all found
	 * again) reads the PCH's #include lines from its record: the PCH's
	 * words, as its build found them, spare deserializing every declaration
	 * of the PCH on the way there.
	 */
	if (!facts && pch && run->w->listing)
		facts = pch_facts_of(run->w, pch);
	return CAL_WORDS_ALL & ~cal_env_user_words(set->env, tu, facts,
						   first ? &run->host_unread : NULL);
}

/*
 * The language server's early result before the arch replay (run.h's
 * early_before_replay): with one target the replay only decides whether a
 * host parse follows, and the findings' targets do not wait for it.
 */
static int early_first(const struct file_run *run)
{
	return run->set->before_host && run->set->early_before_replay &&
	       run->job->targets.n == 1;
}

/*
 * The language server's edit without a host parse (run.h's no_host_parse):
 * with one target the arch replay would decide only whether to make it.
 */
static int replay_needless(const struct file_run *run)
{
	return run->set->no_host_parse && run->job->targets.n == 1;
}

/*
 * Parse and walk once, for arch (NULL: the host) and the targets of mask.
 * Given a plan, the parse first groups the targets (plan_groups) and then
 * stands for its own group.  Returns -1 if the file could not be parsed.
 */
static int run_one_parse(struct file_run *run, const char *path, int arch_index,
			 uint64_t mask, struct cal_arch_plan *plan)
{
	const struct cal_job *job = run->job;
	const struct cal_run_settings *set = run->set;
	const struct cal_target *arch = arch_index >= 0 ? &job->targets.t[arch_index] : NULL;
	struct cal_parse_request req = { set->env, &job->targets, arch,
					 job->args.v, job->args.n,
					 job->opencl, run->ocl_profile, set->unsaved, set->nr_unsaved,
					 set->keep, NULL };
	struct cal_parse_info info;
	int nr_errors = 0;
	unsigned absent;
	char *err;
	CXTranslationUnit tu;
	struct cal_findings errors = { 0 };
	size_t first = run->w->findings.nr;
	char *ocl_headers = NULL, *pch;
	struct cal_profile_mark m;
	struct cal_pch_view view = { 0 };
	int listed = 0;

	cal_profile_start(&m);
	tu = parse_shared(run, path, &req, &pch, &nr_errors, &err, &listed, &view);
	cal_profile_lap(&m, arch ? "parse (device)" : "parse (host)");
	if (!job->opencl)	/* the summary's parse counts are CUDA's */
		atomic_fetch_add(arch ? &cal_parse_stats.device : &cal_parse_stats.host, 1);
	if (!tu) {
		cal_error("cannot parse '%s': %s", path, err);
		free(err);
		run->w->nr_input_errors++;
		return -1;
	}
	run->nr_parses++;
	absent = words_absent(run, tu, &view, pch, plan != NULL);
	if (plan)
		run->first_words_absent = absent;
	if (plan && replay_needless(run)) {
		cal_arch_plan_each(&job->targets, arch_index, plan);
	} else if (plan && !early_first(run)) {
		plan_groups(run, path, tu, &view, arch_index, plan);
		mask = plan->groups[0];
		cal_profile_lap(&m, "arch replay");
	}
	cal_collect_clang_errors(tu, mask, path, NULL, &errors);
	/* not the user's errors: the checks see a clean parse and may fix */
	nr_errors -= (int)cal_clang_gaps_filter(tu, arch, cal_clang_gaps_rdc(&job->args), &errors,
						 set->verbose ? stderr : NULL);
	describe_parse(run, tu, path, arch, mask, absent, &info);
	info.instantiations_listed = listed;
	info.pch_decls = view.decls;
	info.nr_pch_decls = view.nr_decls;
	if (set->verbose && info.words_absent)
		say_skipped_checks(run, path, &info);
	nr_errors -= (int)claim_errors(run, &info, &errors);
	info.partial = nr_errors > 0;
	if (job->opencl)
		info.prelude_path = ocl_headers = cal_ocl_header_dir(tu);
	cal_profile_lap(&m, "clang errors");
	if (cal_walk_parse_guarded(&info, job->enabled, &run->w->findings) < 0) {
		cal_error("internal error: a check crashed on '%s'; "
			"its findings are lost, other files are not affected", path);
		run->w->nr_input_errors++;
		free(ocl_headers);
		cal_findings_release(&errors);
		cal_pch_view_release(&view);
		cal_parse_release(&req, tu);
		free(pch);
		return -1;
	}
	free(ocl_headers);
	if (job->opencl)	/* the front end says clang's errors in its checks' words */
		cal_ocl_restate_clang_errors(&errors, info.ocl_profile, job->enabled);
	cal_profile_start(&m);
	cal_record_parsed_hashes(tu, &run->w->findings, first);
	cal_profile_lap(&m, "parsed hashes");
	take_clang_errors(run, tu, &errors, first, path, mask);
	cal_profile_lap(&m, "take errors");
	if (set->after_walk)
		set->after_walk(set->after_walk_ctx, tu, &run->w->findings);
	if (plan && early_first(run) && !replay_needless(run)) {
		run->early_next = set->before_host(set->before_host_ctx, job, &run->w->findings);
		run->early_sent = 1;
		cal_profile_lap(&m, "early result");
		if (run->early_next == CAL_HOST_STOP)	/* no parse follows: no groups to make */
			cal_arch_plan_each(&job->targets, arch_index, plan);
		else
			plan_groups(run, path, tu, &view, arch_index, plan);
		cal_profile_lap(&m, "arch replay");
	}
	if (run->w->deps) {
		clang_getInclusions(tu, add_inclusion, run->w->deps);
		if (req.pch)	/* the TU's inclusions leave out the PCH's */
			cal_preamble_deps(req.pch, run->w->deps);
	}
	cal_pch_view_release(&view);
	cal_parse_release(&req, tu);
	free(pch);
	cal_profile_lap(&m, "after the walk");
	cal_profile_say(arch ? "device parse" : "host parse");
	return 0;
}

static int newest_in(uint64_t group)
{
	int i;
	for (i = 63; i >= 0; i--)
		if (group & ((uint64_t)1 << i))
			return i;
	return -1;
}

/*
 * A benchmark hook: CUATOMLINT_BENCH=plan-only stops each file after its
 * first parse and its arch groups (bench/replay_agreement.py measures the
 * replay on whole projects at the price of one parse a file).
 */
static int plan_only(void)
{
	const char *v = getenv("CUATOMLINT_BENCH");
	return v && !strcmp(v, "plan-only");
}

/* Whether a host parse the file needs is made: the language server's say (run.h's before_host). */
static enum cal_before_host host_next(struct file_run *run)
{
	const struct cal_run_settings *set = run->set;

	if (run->early_sent)
		return run->early_next;
	return set->before_host ? set->before_host(set->before_host_ctx, run->job, &run->w->findings)
				: CAL_HOST_MAKE;
}

/*
 * A group of targets whose replayed path opens only files of the first
 * parse, which spell nothing any check judges: its parse could find
 * nothing (its clang errors aside), so it is not made.
 */
static void skip_group(struct file_run *run, const char *path, uint64_t group)
{
	struct strbuf words = STRBUF_INIT;
	char *names;

	atomic_fetch_add(&cal_parse_stats.saved, 1);
	if (!run->set->verbose)
		return;
	names = cal_target_mask_names(&run->job->targets, group);
	add_words_phrase(&words, run->first_words_absent);
	fprintf(stderr, "cuatomlint: parse of {%s} %s: skipped: no check can find anything there: "
		"no file of the first parse spells %s, and the replay of its path opens no other "
		"file\n", names, path, words.buf);
	free(names);
	strbuf_release(&words);
}

/*
 * The newest target is parsed first: its CUDA headers declare every
 * overload, so a parse that stands for several targets sees every call
 * resolved.  Its parse groups the targets by what the user's files see
 * (one group when they never test the arch); each other group is parsed
 * once, as its newest target, and stands for the whole group.
 *
 * The host parse sees the same code as a device parse except what
 * #ifndef __CUDA_ARCH__ hides from the GPU, and few checks judge host
 * code; so it is made only where it can differ (the code tests
 * __CUDA_ARCH__) or matter (a check's wants_host_parse says so, as
 * nv-atomic-host's does where a user file names an __nv_atomic_*
 * builtin), or with --host-parses.
 */
static void parse_file(struct file_run *run, const char *path)
{
	int g, host, last = run->job->targets.n - 1;
	struct cal_arch_plan plan;
	enum cal_before_host next;

	if (cal_cutile_is_python(path)) {	/* cuTile: its own front end, no clang */
		if (run->w->deps)	/* the cache keys its result on the file's content */
			cal_deps_add(run->w->deps, path);
		if (cal_cutile_lint_file(path, run->job->enabled, &run->w->findings) < 0)
			run->w->nr_input_errors++;
		return;
	}
	if (run->job->opencl) {
		int i;
		/* one parse per device profile; findings name their profiles in words */
		for (i = 0; i < cal_ocl_nr_profiles(); i++) {
			run->ocl_profile = i;
			if (run_one_parse(run, path, -1, 0, NULL) < 0)
				return;
		}
		return;
	}
	if (last < 0) {
		run_one_parse(run, path, -1, CAL_HOST_BIT, NULL);
		return;
	}
	run->host_wanted = run->set->host_parses;
	if (run_one_parse(run, path, last, (uint64_t)1 << last, &plan) < 0)
		return;
	atomic_fetch_add(&cal_parse_stats.saved, run->job->targets.n - plan.nr_groups);
	if (plan_only()) {
		cal_arch_plan_release(&plan);
		return;
	}
	host = (run->arch_dependent && !run->host_needless) || run->host_wanted;
	next = host ? host_next(run) : run->early_sent ? run->early_next : CAL_HOST_SKIP;
	if (!host)
		atomic_fetch_add(&cal_parse_stats.host_skipped, 1);
	if (next == CAL_HOST_STOP) {	/* the language server no longer wants the result */
		cal_arch_plan_release(&plan);
		return;
	}
	if (host && next == CAL_HOST_MAKE)
		run_one_parse(run, path, -1, CAL_HOST_BIT, NULL);
	for (g = 1; g < plan.nr_groups; g++)
		if (run->device_needless && !(plan.groups[g] & plan.alone))
			skip_group(run, path, plan.groups[g]);
		else
			run_one_parse(run, path, newest_in(plan.groups[g]), plan.groups[g], NULL);
	cal_arch_plan_release(&plan);
}

/* Once the file's parses are made: its one partial-parse warning, naming every target hit. */
static void say_partial(struct file_run *run, const char *path)
{
	struct cal_partial_parse p = { path, run->job->opencl ? NULL : &run->job->targets,
				       run->partial, run->nr_partial,
				       run->nr_partial == run->nr_parses, &run->first_error };

	if (run->nr_partial)
		cal_partial_parse_finding(&p, &run->w->findings);
	cal_finding_clear(&run->first_error);
	free(run->memo_file);
	free(run->main_folder);
	free(run->host_unread);
	run->memo_file = run->main_folder = run->host_unread = NULL;
}

static void run_file(struct file_run *run, const char *path)
{
	parse_file(run, path);
	say_partial(run, path);
}

void cal_worker_run(struct cal_worker *w, const struct cal_job *job)
{
	struct file_run run;

	memset(&run, 0, sizeof(run));
	run.w = w;
	run.set = w->settings;
	run.job = job;
	memset(&w->findings, 0, sizeof(w->findings));
	w->nr_input_errors = 0;
	run_file(&run, job->file);
}

void cal_worker_release(struct cal_worker *w)
{
	cal_findings_release(&w->findings);
	if (w->index)
		clang_disposeIndex(w->index);
	if (w->listing)
		clang_disposeIndex(w->listing);
	cal_pch_facts_release(&w->facts);
	free(w->facts_of);
	w->facts_of = NULL;
	w->index = w->listing = NULL;
}

static void fill_arch_names(const struct cal_target_set *targets, struct cal_finding *f)
{
	char *at = strstr(f->message, CAL_ARCHS_PLACEHOLDER);
	char *names, *msg;

	if (!at)
		return;
	names = cal_target_mask_names(targets, f->archs);
	msg = xasprintf("%.*s%s%s", (int)(at - f->message), f->message, names,
			at + strlen(CAL_ARCHS_PLACEHOLDER));
	free(names);
	free(f->message);
	f->message = msg;
}

void cal_run_finish(struct cal_run_result *result, const struct cal_target_set *targets)
{
	size_t i;
	result->nr_partial_tus = cal_header_errors_merge(&result->findings);
	cal_findings_sort_merge(&result->findings);
	for (i = 0; i < result->findings.nr; i++)
		fill_arch_names(targets, &result->findings.items[i]);
	cal_findings_merge_lines(&result->findings);
}
