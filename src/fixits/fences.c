#include "fixits/fences.h"

#include <string.h>

#include "cuatomlint/strbuf.h"

static const char *const fences[] = {
	"__threadfence()", "__threadfence_block()", "__threadfence_system()",
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * Does before end with the statement "fence;" (blanks after it allowed),
 * itself after a ';', '{' or '}' (so no 'if', 'else' or label governs it)?
 */
static int ends_with_fence(const char *before, size_t len, const char *fence, size_t *start)
{
	size_t n = strlen(fence);

	while (len && is_blank(before[len - 1]))
		len--;
	if (!len || before[len - 1] != ';')
		return 0;
	len--;
	while (len && is_blank(before[len - 1]))
		len--;
	if (len < n || memcmp(before + len - n, fence, n))
		return 0;
	/* a statement of its own, run whenever the edit's code is: not "if (c) fence;" */
	len -= n;
	*start = len;
	while (len && is_blank(before[len - 1]))
		len--;
	return !len || before[len - 1] == ';' || before[len - 1] == '{' || before[len - 1] == '}';
}

char *cal_without_doubled_fence(const char *r, const char *before, size_t len,
				size_t *fence_start)
{
	const char *rest;
	size_t i, n;

	for (i = 0; i < sizeof(fences) / sizeof(fences[0]); i++) {
		n = strlen(fences[i]);
		if (!ends_with_fence(before, len, fences[i], fence_start))
			continue;
		if (!strncmp(r, fences[i], n) && r[n] == ';') {
			/* "__threadfence(); atomicExch(p, v)" */
			for (rest = r + n + 1; is_blank(*rest); rest++)
				;
			return xstrdup(rest);
		}
		if (r[0] == '(' && !strncmp(r + 1, fences[i], n) && r[n + 1] == ',') {
			/* "(__threadfence(), atomicExch(p, v))" */
			for (rest = r + n + 2; is_blank(*rest); rest++)
				;
			return xasprintf("(%s", rest);
		}
	}
	return NULL;
}
