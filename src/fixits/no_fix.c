#include "fixits/no_fix.h"

#include <stdarg.h>
#include <stdlib.h>

#include "cuatomlint/strbuf.h"

void cal_note_no_fix(struct cal_walk *w, struct cal_finding *f, CXCursor c, const char *fmt, ...)
{
	struct strbuf why = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&why, fmt, ap);
	va_end(ap);
	cal_note_at(w, f, c, "no automatic fix: %s", why.buf);
	strbuf_release(&why);
}

void cal_note_no_fix_in_template(struct cal_walk *w, struct cal_finding *f, CXCursor fn,
				 const char *what, const char *also)
{
	char *name = cal_function_name(fn);

	cal_note_at(w, f, fn, "in instantiation '%s'; no automatic fix: " CAL_NO_FIX_TEMPLATE
		    " %s%s%s", name, what ? what : "this code", also ? "; " : "", also ? also : "");
	free(name);
}
