/*
 * Does a translation unit's own code depend on the target architecture?
 *
 * Only __CUDA_ARCH__ (and the __CUDA_ARCH_FEAT_* macros) differ between the
 * device parses of one file; __CUDA_ARCH_LIST__ is the same in all of
 * them.  If no file of the user's (the main file and the non-system headers
 * it includes) mentions them, every device parse builds the same AST for
 * the user's code: the CUDA headers still declare different overloads per
 * target, but the checks judge targets through the facts table, not
 * through clang's overload sets.  Then one device parse can stand for all
 * targets.  The scan is textual and conservative: a mention in a comment
 * also counts.  Where the user's code does mention the arch, the targets
 * are grouped by replaying its conditions (arch_pp.h): one device parse per
 * group of targets that see the same code.
 */
#ifndef CUATOMLINT_ARCH_DEPENDENCE_H
#define CUATOMLINT_ARCH_DEPENDENCE_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "parse/arch_pp.h"

struct cal_pch_view;

/* "NAME(params) body" of a macro definition, from its tokens; NULL: none (caller frees). */
char *cal_macro_definition_text(CXTranslationUnit tu, CXCursor def);

/* The text test alone, for unit tests. */
int cal_text_mentions_arch(const char *text, size_t len);
/*
 * Does text hold the name of a compare-and-swap: every CAS row of the
 * atomics tables (atomicCAS*, __nv_atomic_compare_exchange*, the
 * compare_exchange_* members, HIP's) holds "atomicCAS" or
 * "compare_exchange" (test_atomics.c checks the tables against it).
 */
int cal_text_names_cas(const char *text, size_t len);

/* What the parse plan learns about the user's files of a TU. */
struct cal_tu_facts {
	int depends_on_arch;	/* cal_text_mentions_arch() in a user file */
	int names_nv_atomic;	/* a user file names an __nv_atomic_* builtin */
	int names_cas;		/* ... a compare-and-swap (cal_text_names_cas) */
	/* "FILE:LINE: text" of the first of each, for --verbose; or NULL */
	char *arch_where, *nv_atomic_where;
	/*
	 * "FILE:LINE: text" of the first __nv_atomic_* builtin named on a line
	 * the host's path reads, NULL where it reads none: as nv_atomic_where
	 * unless the replay of the host's path (host_view) read every line of
	 * it (host_why NULL) and found the names only under #ifdef __CUDA_ARCH__.
	 */
	char *host_nv_atomic_where;
	/*
	 * "FILE:LINE: text" of a user file's declaration or definition of
	 * atomicAdd(double ...), which nvcc's host pass defines too; or NULL
	 */
	char *double_add_where;
	/*
	 * Asked (cal_arch_plan_make's host_view) where the code tests the
	 * arch: NULL if the replay of the host's path opens no file the first
	 * parse did not (the system headers aside) and decides every condition
	 * on it; else where it could not ("FILE:LINE: reason: text").
	 */
	char *host_why;
	/*
	 * Where host_why is NULL: the words (user_words.h) of the lines the
	 * host's path reads and the first parse skipped, the only text in which
	 * the host's view can differ; every word elsewhere.
	 */
	unsigned host_words;
	/* --verbose: "FILE:LINE: text" where each of host_words (1 << i) was first read, or NULL */
	char *host_word_where[CAL_PP_NR_WORDS];
};

void cal_tu_facts_release(struct cal_tu_facts *facts);

/*
 * Group the targets of set by what the user's files see, from the device
 * parse tu of set->t[first] (see arch_pp.h): one group when no user file
 * mentions the arch.  Files under skip_prefix (the tool's own support
 * files) count as system headers.  host_view: replay the host's path too
 * (out->host_why).  pch: a parse on a PCH through an index of local
 * declarations, whose record leaves out the PCH's: its facts stand for
 * those (pch_facts.h); else NULL.
 */
void cal_arch_plan_make(CXTranslationUnit tu, struct cal_pch_view *pch,
			const struct cal_target_set *set, int first, const char *skip_prefix,
			int host_view, struct cal_arch_plan *plan,
			struct cal_tu_facts *out);

#endif
