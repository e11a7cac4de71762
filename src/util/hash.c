#include "util/hash.h"

uint64_t cal_content_hash(const char *data, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;
	for (i = 0; i < len; i++) {
		h ^= (unsigned char)data[i];
		h *= 0x100000001b3ULL;
	}
	return h ? h : 1;	/* 0 means "unknown" */
}
