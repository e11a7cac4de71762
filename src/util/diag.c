#include "util/diag.h"

#include <stdarg.h>
#include <stdio.h>

#include "cuatomlint/strbuf.h"

static void say(const char *kind, const char *fmt, va_list ap)
{
	struct strbuf line = STRBUF_INIT;

	strbuf_addf(&line, "cuatomlint: %s: ", kind);
	strbuf_vaddf(&line, fmt, ap);
	strbuf_addch(&line, '\n');
	fputs(line.buf, stderr);
	strbuf_release(&line);
}

void cal_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("error", fmt, ap);
	va_end(ap);
}

void cal_verror(const char *fmt, va_list ap)
{
	say("error", fmt, ap);
}

void cal_warning(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("warning", fmt, ap);
	va_end(ap);
}

void cal_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("note", fmt, ap);
	va_end(ap);
}
