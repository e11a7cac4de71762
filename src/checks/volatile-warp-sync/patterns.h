/*
 * volatile-warp-sync: the blocks and loops of template patterns, and
 * whether any instantiation of one can give a finding (patterns.c).
 */
#ifndef CUATOMLINT_CHECKS_VOLATILE_WARP_SYNC_PATTERNS_H
#define CUATOMLINT_CHECKS_VOLATILE_WARP_SYNC_PATTERNS_H

#include <stddef.h>

#include <clang-c/Index.h>

/* A pattern's blocks and loops by source range; all zero: empty. */
struct warp_patterns {
	struct pattern_stmt *slot;
	size_t nr, size;
};

/* Keep stmt, a block or loop of a template pattern in function fn. */
void warp_patterns_note(struct warp_patterns *set, CXCursor stmt, CXCursor fn);
/*
 * Is c, a block or loop of an instantiation, one whose pattern (kept) shows
 * that no instantiation of it can hold a step or an exchange loop, nor a
 * block or loop in it?  0 where not known.
 */
int warp_patterns_finding_free(struct warp_patterns *set, CXCursor c);
void warp_patterns_release(struct warp_patterns *set);

/* An array type, its size known or not. */
int warp_is_array_type(CXType t);

#endif
