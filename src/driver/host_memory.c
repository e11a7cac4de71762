/* Evidence of host-pinned or managed memory in the run's files (host_memory.h). */
#include "driver/host_memory.h"

#include "atomics/host_alloc.h"
#include "cuatomlint/strbuf.h"

static int is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Is the identifier at text[i] (a whole one) followed by '(' or '<' (a template call)? */
static int called_at(const char *text, size_t len, size_t i, size_t n)
{
	size_t j = i + n;

	if ((i > 0 && is_ident_char(text[i - 1])) || (j < len && is_ident_char(text[j])))
		return 0;
	while (j < len && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r'))
		j++;
	return j < len && (text[j] == '(' || text[j] == '<');
}

static unsigned line_at(const char *text, size_t i)
{
	unsigned line = 1;
	size_t k;

	for (k = 0; k < i; k++)
		line += text[k] == '\n';
	return line;
}

char *cal_host_memory_in_text(const char *text, size_t len, const char *label, int hip)
{
	size_t i, n;

	for (i = 0; i < len; i++) {
		const struct cal_host_alloc *a;

		if ((text[i] != 'c' && text[i] != 'h') || (i > 0 && is_ident_char(text[i - 1])))
			continue;
		for (n = 0; i + n < len && is_ident_char(text[i + n]); n++)
			;
		a = cal_host_alloc_find(text + i, n);
		if (a && (hip || !a->hip) && called_at(text, len, i, n))
			return xasprintf("%s (%s:%u)", a->name, label, line_at(text, i));
		i += n - 1;
	}
	return NULL;
}

char *cal_host_memory_evidence(char *const *files, size_t nr, int hip)
{
	char *found = NULL;
	size_t i;

	for (i = 0; i < nr && !found; i++) {
		struct strbuf sb = STRBUF_INIT;
		if (read_file(files[i], &sb) == 0)
			found = cal_host_memory_in_text(sb.buf, sb.len, files[i], hip);
		strbuf_release(&sb);
	}
	return found;
}
