/*
 * What the engine asks of a check's descriptor (parse/check.h).  The
 * registry itself, cal_checks[], is checks/registry.c's: the walks below
 * the checks reach the descriptors through it, as data.
 */
#include "parse/check.h"

#include <string.h>

#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"

const struct cal_check *cal_check_find(const char *id)
{
	int i;
	for (i = 0; i < cal_nr_checks; i++)
		if (!strcmp(cal_checks[i]->id, id))
			return cal_checks[i];
	return NULL;
}

int cal_check_judges(const struct cal_check *check, enum cal_check_language language)
{
	return ((check->languages ? check->languages : CAL_LANG_CUDA) & language) != 0;
}

char *cal_check_doc_url(const struct cal_check *check)
{
	if (check->doc)
		return xasprintf("%s%s", CUATOMLINT_DOCS_URL, check->doc);
	return xasprintf("%s%s.md", CUATOMLINT_DOCS_URL, check->id);
}
