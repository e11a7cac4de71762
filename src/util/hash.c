#include "util/hash.h"

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
