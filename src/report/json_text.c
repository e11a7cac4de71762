#include "report/json_text.h"

#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"

/* Length of the valid UTF-8 sequence at p (1..4), or 0 if it is not one. */
static size_t utf8_length(const unsigned char *p)
{
	unsigned c = p[0], cp;
	size_t n, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	/* overlong forms, UTF-16 surrogates, beyond U+10FFFF */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

static int is_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	for (; *p; p += n)
		if (!(n = utf8_length(p)))
			return 0;
	return 1;
}

/* s as a JSON string literal, invalid bytes as \udcXX. */
static char *json_literal(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	strbuf_addch(&sb, '"');
	for (; *p; p += n) {
		char one[5] = { 0 };
		n = utf8_length(p);
		if (!n) {
			strbuf_addf(&sb, "\\udc%02x", *p);
			n = 1;
			continue;
		}
		memcpy(one, p, n);
		strbuf_add_json_escaped(&sb, one);
	}
	strbuf_addch(&sb, '"');
	return strbuf_detach(&sb);
}

cJSON *cal_json_text(const char *s)
{
	cJSON *item;
	char *lit;

	if (!s || is_utf8(s))
		return cJSON_CreateString(s ? s : "");
	lit = json_literal(s);
	item = cJSON_CreateRaw(lit);
	free(lit);
	return item;
}

void cal_json_add_text(cJSON *obj, const char *key, const char *s)
{
	cJSON_AddItemToObject(obj, key, cal_json_text(s));
}
