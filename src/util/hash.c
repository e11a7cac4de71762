#include "util/hash.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define FNV1A_PRIME 0x100000001b3ULL

uint64_t cal_fnv1a_add(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ p[i]) * FNV1A_PRIME;
	return h;
}

uint64_t cal_fnv1a_add_str(uint64_t h, const char *s)
{
	return cal_fnv1a_add(h, s, strlen(s));
}

uint64_t cal_fnv1a(const void *data, size_t len)
{
	return cal_fnv1a_add(CAL_FNV1A_SEED, data, len);
}

uint64_t cal_content_hash(const char *data, size_t len)
{
	uint64_t h = cal_fnv1a(data, len);
	return h ? h : 1;	/* 0 means "unknown" */
}

/* ---- 128 bits from two 64-bit lanes, 8 bytes a step ---- */

static uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static uint64_t fmix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	k ^= k >> 33;
	return k;
}

void cal_hash128_init(struct cal_hash128 *h)
{
	h->a = 0x9e3779b97f4a7c15ULL;
	h->b = 0xc2b2ae3d27d4eb4fULL;
	h->len = 0;
}

static void hash_word(struct cal_hash128 *h, uint64_t w)
{
	h->a = rotl(h->a ^ (w * 0x87c37b91114253d5ULL), 31) * 0x4cf5ad432745937fULL;
	h->b = (rotl(h->b + w, 27) ^ h->a) * 0x52dce729ULL + 0x38495ab5ULL;
}

void cal_hash128_add(struct cal_hash128 *h, const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t w;

	h->len += len;
	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		hash_word(h, w);
	}
	if (len) {
		w = 0;
		memcpy(&w, p, len);
		hash_word(h, w ^ ((uint64_t)len << 56));
	}
}

void cal_hash128_add_str(struct cal_hash128 *h, const char *s)
{
	uint64_t n = s ? strlen(s) + 1 : 0;
	cal_hash128_add(h, &n, sizeof(n));
	if (s)
		cal_hash128_add(h, s, n);
}

void cal_hash128_hex(const struct cal_hash128 *h, char out[CAL_HASH128_HEX_LEN + 1])
{
	uint64_t a = fmix(h->a ^ h->len), b = fmix(h->b + a);
	snprintf(out, CAL_HASH128_HEX_LEN + 1, "%016" PRIx64 "%016" PRIx64, fmix(a + b), b);
}
