#include "util/strvec.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"

void cal_argv_push(struct cal_argv *a, const char *arg)
{
	if (a->n + 2 > a->alloc) {
		a->alloc = a->alloc ? a->alloc * 2 : 32;
		a->v = xrealloc(a->v, (size_t)a->alloc * sizeof(*a->v));
	}
	a->v[a->n++] = xstrdup(arg);
	a->v[a->n] = NULL;
}

void cal_argv_pushf(struct cal_argv *a, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	cal_argv_push(a, sb.buf);
	strbuf_release(&sb);
}

int cal_argv_count(const struct cal_argv *a, const char *s)
{
	int i, n = 0;
	for (i = 0; i < a->n; i++)
		n += !strcmp(a->v[i], s);
	return n;
}

void cal_argv_clear(struct cal_argv *a)
{
	int i;
	for (i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}
