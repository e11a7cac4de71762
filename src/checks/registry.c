/*
 * The registry: every check's descriptor, in checks.def's order, and what
 * the engine asks of a descriptor.  Choosing checks by glob is the
 * driver's (driver/check_select.c).
 */
#include <string.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"

#define CHECK(sym) extern const struct cal_check cal_check_##sym;
#include "checks/checks.def"
#undef CHECK

const struct cal_check *const cal_checks[] = {
#define CHECK(sym) &cal_check_##sym,
#include "checks/checks.def"
#undef CHECK
};

_Static_assert(sizeof(cal_checks) / sizeof(cal_checks[0]) <= CAL_MAX_CHECKS,
	       "the walk keeps one state per check in arrays of CAL_MAX_CHECKS");

const int cal_nr_checks = (int)(sizeof(cal_checks) / sizeof(cal_checks[0]));

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
