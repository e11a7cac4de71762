/*
 * Which targets see the same code?  A small preprocessor that replays, for
 * each target, the conditional directives of the user's files of one
 * translation unit, from the text and the facts one real parse (of the
 * "first" target) gave: the files, which #include line opened which file,
 * the ranges that parse skipped, and the macros it defined.
 *
 * For each target it records a trace: the value of every #if/#elif/#ifdef/
 * #ifndef the user's files evaluate on that target's path, and the value of
 * every arch-dependent expression their code spells (__CUDA_ARCH__, a user
 * macro built on it, the queries of <nv/target>'s NV_IF_TARGET,
 * NV_IF_ELSE_TARGET and NV_DISPATCH_TARGET).  Two targets with the same
 * trace see the same token stream from the user's files: one parse serves
 * both.  A quiet chain (an #if chain whose blocks only #define and #undef
 * macros, and whose choice reads the arch) adds its choice to no trace: the
 * macros it (un)defines add what they expand to wherever code or a
 * condition uses them, and where a system header is entered after it
 * (arch_pp.c's quiet_chain()).  System headers are not replayed: what they declare per target
 * changes overload sets, which the checks judge through the facts table,
 * not through clang; their macros are read from the first parse.
 *
 * Soundness: the replay of the first target must agree, directive by
 * directive, with the ranges clang skipped for it, or the whole file falls
 * back to one parse per target.  A condition whose value cannot be
 * computed (an unknown macro value on a path the first parse never took,
 * an arch-dependent value it cannot evaluate) gives that target a parse of
 * its own and names the place in plan->why.
 */
#ifndef CUATOMLINT_ARCH_PP_H
#define CUATOMLINT_ARCH_PP_H

#include <stddef.h>
#include <stdint.h>

#include "cuatomlint/target.h"

/* A place in a replayed file: into files[file].text; at NULL: none. */
struct cal_pp_place {
	const char *at;
	int file;
};

#define CAL_PP_NR_WORDS 3	/* user_words.h's bits */

struct cal_pp_include {
	unsigned line;		/* of the #include directive */
	int file;		/* index into cal_pp_tu.files */
	int entered;		/* the first parse entered the file there (not a guarded repeat) */
};

/*
 * A function the first parse saw as __device__ or __global__ (offsets in
 * its file): from where its declaration begins, through its body.  Lines
 * of the body that the host reads otherwise are device code there too,
 * unless the host reads its head otherwise (host_differs, set by the
 * host's replay).
 */
struct cal_pp_body {
	size_t head, start, end;	/* declaration start, body '{', body end */
	int host_differs;
};

struct cal_pp_file {
	char *name;
	struct cal_pp_body *bodies;	/* in source order */
	size_t nr_bodies, alloc_bodies;
	const char *text;	/* not owned */
	size_t len;
	int user;		/* replayed; else a system header, read only for macros */
	size_t (*skipped)[2];	/* byte ranges the first parse skipped */
	size_t nr_skipped, alloc_skipped;
	struct cal_pp_include *incs;
	size_t nr_incs, alloc_incs;
};

/* A macro definition the first parse saw, outside the replayed files. */
struct cal_pp_macro {
	char *name;
	char *text;		/* "NAME(a, b) body" or "NAME body"; NULL: not readable */
};

struct cal_pp_tu {
	struct cal_pp_file *files;	/* files[0]: the main file */
	size_t nr_files, alloc_files;
	struct cal_pp_macro *macros;
	size_t nr_macros, alloc_macros;
	int *forced;		/* files -include brings in, replayed before files[0] */
	size_t nr_forced, alloc_forced;
	int have_skipped;	/* skipped ranges describe the first target's parse */
	/*
	 * Set by the host's replay where *host_why comes back NULL: the first
	 * identifier beginning "__nv_atomic_" on a line the host's path reads
	 * (.at NULL where it reads none), and the line where each word of
	 * host_words (user_words.h's bits, 1 << i) was first read.
	 */
	struct cal_pp_place host_nv_atomic;
	struct cal_pp_place host_word_at[CAL_PP_NR_WORDS];
	/* reads macros[i]'s text when it is NULL (malloc'd, or NULL) */
	char *(*read_macro)(void *ctx, size_t i);
	/* 1 if a system header #undefs macros[i]'s name after that definition
	 * (cuda_fp16.hpp undefs what cuda_fp16.h defined); may be NULL */
	int (*undefined_later)(void *ctx, size_t i);
	/* 1 if macros[i] may be defined otherwise, or not at all, where
	 * __CUDA_ARCH__ is not (the host's path); may be NULL: none is */
	int (*host_differs)(void *ctx, size_t i);
	void *ctx;
};

struct cal_arch_plan {
	int nr_groups;
	uint64_t groups[CAL_MAX_TARGETS];	/* target bits; groups[0] holds the first */
	int nr_fallback;	/* targets parsed alone: a value could not be computed */
	uint64_t alone;		/* ... those targets (every target where the plan is not the replay's) */
	char *why;		/* "FILE:LINE: reason" for the first fallback, or NULL */
};

/*
 * Group set's targets; first is the target the facts in tu come from.
 * With host_why, replay the host's path too (__CUDA_ARCH__ undefined):
 * *host_why is NULL where it opens no file the first parse did not and
 * every condition on it is decided, else "FILE:LINE: reason: text" (caller
 * frees).  A host parse of such a file reads only files the first parse
 * read (the system headers aside, which the replay does not visit).  With
 * host_words too: the words (user_words.h) of the lines of those files the
 * host's path reads and the first parse skipped (tu->have_skipped), all of
 * them where *host_why is not NULL.
 */
void cal_arch_plan_from_pp(struct cal_pp_tu *tu, const struct cal_target_set *set,
			   int first, struct cal_arch_plan *plan, char **host_why,
			   unsigned *host_words);
/*
 * For tu->host_differs: is the #define at offset of text (a system header)
 * inside a conditional block whose condition, or an earlier one of its
 * chain, reads the arch, <nv/target>'s macros or a host predefine?  Such a
 * macro may be defined otherwise, or not at all, for the host.
 */
int cal_pp_defined_per_side(const char *text, size_t len, size_t offset);
/* Is name one clang predefines otherwise for a CUDA parse's host side than its device side? */
int cal_pp_host_predefine(const char *name, size_t n);
/* Every target its own group (the reference mode). */
void cal_arch_plan_each(const struct cal_target_set *set, int first, struct cal_arch_plan *plan);
void cal_arch_plan_release(struct cal_arch_plan *plan);
void cal_pp_tu_release(struct cal_pp_tu *tu);

#endif
