/*
 * What one kernel shows: its atomics, loops, the variables its indices are
 * computed from, and the dtypes and ranks its static_asserts, loads,
 * x.shape uses and parameter annotations state.  Used by the checks' cuTile
 * halves (src/checks/<check-id>/cutile.c).
 */
#ifndef CUATOMLINT_CUTILE_ANALYSIS_H
#define CUATOMLINT_CUTILE_ANALYSIS_H

#include "cutile/tree.h"

struct strbuf;

#define CT_MAX_FACTS 64

struct ct_array_fact {
	char name[CT_NAME_LEN];
	char dtype[32];		/* "float32", "" unknown */
	int rank;		/* 0 unknown, -1 conflicting */
	int min_rank;		/* at least (static_shape_dims, x.shape[2]); 0 unknown */
};

struct ct_kernel {
	const struct ct_file *file;
	TSNode def;		/* function_definition */
	TSNode body;
	struct ct_array_fact facts[CT_MAX_FACTS];
	int nr_facts;
};

/* Call fn(k, node, data) for each function decorated with ct.kernel / ct.function. */
void ct_for_each_kernel(const struct ct_file *f,
			void (*fn)(struct ct_kernel *k, void *data), void *data);
/* Call fn for every call node inside the kernel's body, in source order. */
void ct_for_each_call(struct ct_kernel *k, void (*fn)(struct ct_kernel *k, TSNode call,
						       void *data), void *data);

const struct ct_array_fact *ct_fact(const struct ct_kernel *k, TSNode array);
/* The innermost while/for loop around n inside the kernel, or a null node. */
TSNode ct_enclosing_loop(const struct ct_kernel *k, TSNode n);
/* The variable a call's result is assigned to ("old = ct.atomic_cas(...)"), into buf. */
const char *ct_result_var(const struct ct_file *f, TSNode call, char *buf, size_t size);
/* Does n's subtree mention identifier name? */
int ct_mentions(const struct ct_file *f, TSNode n, const char *name);
/*
 * Does the loop's exit depend on name: its condition, or the condition of
 * an if inside it, mentions name?
 */
int ct_loop_tests(const struct ct_file *f, TSNode loop, const char *name);
/* Is n inside (or equal to) the subtree of outer? */
int ct_within(TSNode n, TSNode outer);
/*
 * Might the value of expression e differ between blocks (depend on
 * ct.bid)?  Unknown calls and unresolvable names count as "might".
 */
int ct_depends_on_bid(const struct ct_kernel *k, TSNode e);
/* Is e's value (through the kernel's assignments) clamped or masked? */
int ct_is_guarded(const struct ct_kernel *k, TSNode e);
/*
 * e's text in a canonical form, appended to out: no blanks, no comments, a
 * 1-tuple as its element, and names the kernel assigns exactly once replaced
 * by their value, so that "nxt" (after "nxt = b + 1") and "b + 1" compare equal.
 */
void ct_canon(const struct ct_kernel *k, TSNode e, struct strbuf *out);
/*
 * Might two blocks compute the same value of e from different ct.bid()s:
 * a %, //, >>, &, |, ^, their cuda.tile functions (ct.mod, ct.floordiv,
 * ct.cdiv, ct.bitwise_*) or a clamp (ct.minimum, ct.maximum, ct.where) on
 * the way?  What cannot be traced counts as no.
 */
int ct_folds_blocks(const struct ct_kernel *k, TSNode e);
/* Is e computed from a value the kernel read from an array (ct.load, ct.gather, an atomic)? */
int ct_reads_memory(const struct ct_kernel *k, TSNode e);
/*
 * Does e differ between blocks only through a tile of values read from
 * memory ("keys = ct.load(data, index=(bid,), shape=(16,))"; "hist[keys]"):
 * data, which may send any block to any element?  No where ct.bid() reaches
 * e by arithmetic too ("bid * BINS + keys"), a user function may bring it,
 * or the read is one element (offsets[bid]: maybe a per-block table's entry).
 */
int ct_bid_only_through_data(const struct ct_kernel *k, TSNode e);

#endif
