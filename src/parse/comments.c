#include "parse/comments.h"

#include "cuatomlint/strbuf.h"

/* Past the literal opened by the quote at text[i]: its end, a newline, or len. */
static size_t skip_literal(const char *text, size_t len, size_t i)
{
	char quote = text[i];

	for (i++; i < len && text[i] != quote && text[i] != '\n'; i++)
		if (text[i] == '\\' && i + 1 < len)
			i++;
	return i < len ? i + 1 : len;
}

/* The end of the comment that begins at text[i] ("//" or "slash-star"). */
static size_t comment_end(const char *text, size_t len, size_t i)
{
	if (text[i + 1] == '*') {
		for (i += 2; i + 1 < len; i++)
			if (text[i] == '*' && text[i + 1] == '/')
				return i + 2;
		return len;
	}
	/* a line comment goes on past a backslash-newline, as in clang */
	for (i += 2; i < len && text[i] != '\n'; i++)
		if (text[i] == '\\' && i + 1 < len && text[i + 1] == '\n')
			i++;
		else if (text[i] == '\\' && i + 2 < len && text[i + 1] == '\r' && text[i + 2] == '\n')
			i += 2;
	return i;
}

/* See comments.h.  Never blanks too much: only ever too little. */
char *cal_blank_comments(const char *text, size_t len)
{
	char *out = NULL;
	size_t i = 0, k, end;

	for (k = 0; k + 1 < len; k++)
		if (text[k] == 'R' && text[k + 1] == '"')
			return NULL;
	while (i < len) {
		if (text[i] == '"' ||
		    (text[i] == '\'' && !(i && text[i - 1] >= '0' && text[i - 1] <= '9'))) {
			i = skip_literal(text, len, i);
		} else if (text[i] == '/' && i + 1 < len && (text[i + 1] == '/' || text[i + 1] == '*')) {
			end = comment_end(text, len, i);
			if (!out)
				out = xstrndup(text, len);
			for (k = i; k < end; k++)
				if (out[k] != '\n')
					out[k] = ' ';
			i = end;
		} else {
			i++;
		}
	}
	return out;
}
