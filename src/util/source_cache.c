#include "util/source_cache.h"

#include <stdlib.h>
#include <string.h>

const char *cal_source_line(struct cal_source_cache *c, const char *path,
			    unsigned offset, unsigned column, size_t *len)
{
	const char *start, *end;

	if (!c->path || strcmp(c->path, path)) {
		free(c->path);
		c->path = xstrdup(path);
		strbuf_reset(&c->text);
		c->ok = read_file(path, &c->text) == 0;
	}
	if (!c->ok || column == 0 || offset > c->text.len || column - 1 > offset)
		return NULL;
	start = c->text.buf + offset - (column - 1);
	end = memchr(start, '\n', c->text.len - (size_t)(start - c->text.buf));
	*len = end ? (size_t)(end - start) : c->text.len - (size_t)(start - c->text.buf);
	if (*len && start[*len - 1] == '\r')
		(*len)--;
	return start;
}

/* UTF-8 lead bytes start a code point; 4-byte ones need a surrogate pair. */
unsigned cal_utf16_column(const char *line, size_t len, unsigned byte_column)
{
	unsigned units = 0;
	size_t i, end = byte_column ? byte_column - 1 : 0;

	if (!line)
		return byte_column;
	for (i = 0; i < end; i++) {
		unsigned char b = i < len ? (unsigned char)line[i] : 'x';
		if ((b & 0xC0) == 0x80)
			continue;
		units += b >= 0xF0 ? 2 : 1;
	}
	return units + 1;
}

void cal_source_cache_release(struct cal_source_cache *c)
{
	free(c->path);
	strbuf_release(&c->text);
	c->path = NULL;
	c->ok = 0;
}
