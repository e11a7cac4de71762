#include "report/check_help.h"

#include <string.h>

#include "cuatomlint/strbuf.h"

const char *cal_check_help_markdown(const char *id)
{
	const struct cal_check_help *h;
	for (h = cal_check_helps; h->id; h++)
		if (!strcmp(h->id, id))
			return h->markdown;
	return NULL;
}

char *cal_check_help_text(const char *markdown)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (p = markdown; *p; p++) {
		if (*p == '`' || (*p == '*' && p[1] == '*'))
			p += *p == '*';	/* drop code marks and bold marks */
		else
			strbuf_addch(&sb, *p);
	}
	return strbuf_detach(&sb);
}
