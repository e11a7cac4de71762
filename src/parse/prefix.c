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
static const char *include_line(const char *p, const char *end, int quoted,
				struct strbuf *sb)
{
	const char *name, *close;
	char open, shut;

	p = skip_inline_blank(p + 1, end);
	if (end - p < 7 || memcmp(p, "include", 7))
		return NULL;
	p = skip_inline_blank(p + 7, end);
	if (p >= end || (*p != '<' && !(quoted && *p == '"')))
		return NULL;
	open = *p;
	shut = open == '<' ? '>' : '"';
	name = p + 1;
	/* no control characters (a NUL would cut the name short), no continuation */
	for (close = name; close < end && *close != shut && (unsigned char)*close >= 0x20 &&
			   *close != '\\' && (open == '<' || *close != '>'); close++)
		;
	if (close >= end || *close != shut || close == name)
		return NULL;
	p = skip_inline_blank(close + 1, end);
	if (end - p >= 2 && p[0] == '/' && p[1] == '/')
		p = skip_line_comment(p, end);
	else if (p < end && *p == '\r')
		p++;
	if (!p || (p < end && p[-1] != '\n' && *p != '\n'))
		return NULL;
	strbuf_addf(sb, "#include %c%.*s%c\n", open, (int)(close - name), name, shut);
	return p;
}

/* Past a `#pragma once` line at p (the '#'), or NULL if p holds anything else. */
static const char *pragma_once(const char *p, const char *end)
{
	p = skip_inline_blank(p + 1, end);
	if (end - p < 6 || memcmp(p, "pragma", 6))
		return NULL;
	p = skip_inline_blank(p + 6, end);
	if (end - p < 4 || memcmp(p, "once", 4))
		return NULL;
	p = skip_inline_blank(p + 4, end);
	if (end - p >= 2 && p[0] == '/' && p[1] == '/')
		return skip_line_comment(p, end);
	if (p < end && *p == '\r')
		p++;
	if (p < end && *p != '\n')
		return NULL;
	return p < end ? p + 1 : p;
}

static void prefix(const char *text, size_t len, int quoted, struct strbuf *sb)
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
			const char *next = quoted ? pragma_once(p, end) : NULL;
			/* `#pragma once` marks the file: it changes no token after it */
			if (next)
				p = next;
			else if (!(p = include_line(p, end, quoted, sb)))
				return;
		} else {
			return;
		}
	}
}

void cal_include_prefix(const char *text, size_t len, struct strbuf *sb)
{
	prefix(text, len, 0, sb);
}

void cal_include_prefix_user(const char *text, size_t len, struct strbuf *sb)
{
	prefix(text, len, 1, sb);
}
