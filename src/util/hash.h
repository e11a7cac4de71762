/*
 * The one hash: 64-bit FNV-1a.  Fast and stable across runs and machines,
 * which the SARIF fingerprints and the rewriter's content check rely on
 * (both are compared with values from earlier runs); the hash tables of
 * the compile database and the preprocessor replay use it too.  Not for
 * anything an attacker could aim collisions at.
 */
#ifndef CUATOMLINT_UTIL_HASH_H
#define CUATOMLINT_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

#define CAL_FNV1A_SEED 0xcbf29ce484222325ULL

/* h with len bytes of data folded in; start from CAL_FNV1A_SEED. */
uint64_t cal_fnv1a_add(uint64_t h, const void *data, size_t len);
/* h with the bytes of the string s (without its NUL) folded in. */
uint64_t cal_fnv1a_add_str(uint64_t h, const char *s);
/* The hash of len bytes of data. */
uint64_t cal_fnv1a(const void *data, size_t len);

#endif
