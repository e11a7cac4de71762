/*
 * The hashes, both stable across runs and machines:
 *  - 64-bit FNV-1a, for hash tables (compile database, preprocessor
 *    replay, the result cache's sets) and the values compared with earlier
 *    runs' (SARIF fingerprints, the rewriter's content check);
 *  - a 128-bit hash, 8 bytes a step, for the result cache's keys and file
 *    hashes, where a chance collision would return wrong findings.
 * Neither is for anything an attacker could aim collisions at.
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

/*
 * The hash of a file's content that fixes carry (cal_edit.file_hash) and
 * the rewriter compares before it writes: FNV-1a, never 0 (0: unknown).
 */
uint64_t cal_content_hash(const char *data, size_t len);

struct cal_hash128 {
	uint64_t a, b, len;
};
#define CAL_HASH128_HEX_LEN 32	/* hex digits */

void cal_hash128_init(struct cal_hash128 *h);
void cal_hash128_add(struct cal_hash128 *h, const void *data, size_t len);
/* A string with its length (NULL too), so "ab"+"c" and "a"+"bc" differ. */
void cal_hash128_add_str(struct cal_hash128 *h, const char *s);
void cal_hash128_hex(const struct cal_hash128 *h, char out[CAL_HASH128_HEX_LEN + 1]);

#endif
