#include "parse/prefix.h"

#include <string.h>

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '\f' ||
			   *p == '\v'))
		p++;
	return p;
}

static const char *skip_inline_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* Past a line comment at p, or NULL if it continues onto the next line. */
static const char *skip_line_comment(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	const char *last = nl ? nl : end;

	while (last > p && (last[-1] == '\r' || last[-1] == ' ' || last[-1] == '\t'))
		last--;
	if (last > p && last[-1] == '\\')
		return NULL;
	return nl ? nl + 1 : end;
}

/*
 * One `#include <NAME>` line at p, appended to sb; returns the next line,
 * or NULL if p holds anything else (then the prefix ends before it).
 */
static const char *include_line(const char *p, const char *end, struct strbuf *sb)
{
	const char *name, *close;

	p = skip_inline_blank(p + 1, end);
	if (end - p < 7 || memcmp(p, "include", 7))
		return NULL;
	p = skip_inline_blank(p + 7, end);
	if (p >= end || *p != '<')
		return NULL;
	name = p + 1;
	/* no control characters (a NUL would cut the name short), no continuation */
	for (close = name; close < end && *close != '>' && (unsigned char)*close >= 0x20 &&
			   *close != '\\'; close++)
		;
	if (close >= end || *close != '>' || close == name)
		return NULL;
	p = skip_inline_blank(close + 1, end);
	if (end - p >= 2 && p[0] == '/' && p[1] == '/')
		p = skip_line_comment(p, end);
	else if (p < end && *p == '\r')
		p++;
	if (!p || (p < end && p[-1] != '\n' && *p != '\n'))
		return NULL;
	strbuf_addf(sb, "#include <%.*s>\n", (int)(close - name), name);
	return p;
}

void cal_include_prefix(const char *text, size_t len, struct strbuf *sb)
{
	const char *p = text, *end = text + len, *close;

	for (;;) {
		p = skip_blank(p, end);
		if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
			if (!(p = skip_line_comment(p, end)))
				return;
		} else if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
			close = NULL;
			for (p += 2; p + 1 < end && !close; p++)
				if (p[0] == '*' && p[1] == '/')
					close = p + 2;
			if (!close)
				return;
			p = close;
		} else if (p < end && *p == '#') {
			if (!(p = include_line(p, end, sb)))
				return;
		} else {
			return;
		}
	}
}
