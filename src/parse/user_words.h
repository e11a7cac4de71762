/*
 * What the files of a parse spell (all but the toolkit's and the
 * platform's), for the checks that can find nothing where those files
 * never name what they judge (check.h's needs_words): an atomic-free file
 * costs them no walk.
 */
#ifndef CUATOMLINT_PARSE_USER_WORDS_H
#define CUATOMLINT_PARSE_USER_WORDS_H

#include <stddef.h>
#include <clang-c/Index.h>

struct cal_env;
struct cal_pch_facts;

enum cal_user_word {
	/*
	 * An atomic of any API ("atom" in any case: atomicAdd, cuda::atomic_ref,
	 * __nv_atomic_*, __hip_atomic_*, unsafeAtomicAdd, PTX atom), a member
	 * of one (compare_exchange), a fence (__threadfence*, fence.*, membar)
	 * or PTX's other atomic and ordered accesses (red., .relaxed,
	 * .acquire, .release, .cta).
	 */
	CAL_WORD_ATOMIC = 1,
	/*
	 * volatile, other than asm's qualifier (asm volatile, __asm__
	 * __volatile__), or a PTX load (ld.volatile, ld.global.cg: a poll
	 * through inline PTX)
	 */
	CAL_WORD_VOLATILE = 2,
	/*
	 * a declaration of shared memory (__shared__, HIP_DYNAMIC_SHARED,
	 * __attribute__((shared))): a helper's pointer parameter named
	 * shared_vals, or PTX's .shared state space, declares none
	 */
	CAL_WORD_SHARED = 4,
	CAL_WORDS_ALL = 7,
};

/* The words of one file's text. */
unsigned cal_text_user_words(const char *text, size_t len);
/*
 * The words of text the host's side of a CUDA parse reads (the arch
 * replay's host lines, string literals left out): an atomic is spelt
 * "atomic" there, in any case; "atom" alone is PTX's (device code) or
 * CuTe's vocabulary (Copy_Atom, MMA_Atom, AtomLayoutMNK), which CUTLASS 3's
 * host-only lines spell everywhere.
 */
unsigned cal_text_host_words(const char *text, size_t len);

/*
 * The words of every file of the parse tu but those under a folder of
 * platform (NULL-terminated: the toolkit, /usr/include, the tool's own
 * files): the main file, each file clang entered, each file a counted
 * file's #include opens (a header a precompiled header holds is not
 * entered).  A project's -isystem headers count: they may define the
 * user's volatile or atomic types and macros.  With host_unread (*host_unread
 * NULL on entry): the first such header that clang takes for a system
 * header and that tests the arch, "FILE: why" (caller frees): the arch
 * replay does not read it, so the host may open there a file this parse
 * did not (a host parse is then made: run.c).  pch: the facts of the PCH of
 * a parse whose record leaves out the PCH's (pch_facts.h), or NULL.
 */
unsigned cal_parse_user_words(CXTranslationUnit tu, const struct cal_pch_facts *pch,
			      const char *const *platform, char **host_unread);

/*
 * The same, with platform: the tool's own folder, /usr/include, /usr/lib
 * (clang's and gcc's headers) and env's toolkits (as named and as real
 * paths).
 */
unsigned cal_env_user_words(const struct cal_env *env, CXTranslationUnit tu,
			    const struct cal_pch_facts *pch, char **host_unread);

#endif
