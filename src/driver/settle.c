#include <regex.h>
#include <string.h>

#include "driver/check_select.h"
#include "driver/settle.h"

/*
 * After the walk: severities from the config governing each finding's
 * file, and the header filter (--header-filter, else the config's); with
 * none, headers outside the source roots are not the user's (roots NULL:
 * no such limit).
 */
void cal_settle_config(struct cal_findings *list, const struct cal_jobs *jobs,
		       struct cal_config_cache *configs, const char *cli_filter,
		       const struct cal_source_roots *roots)
{
	size_t i, j, kept = 0;

	for (i = 0; i < list->nr; i++) {
		struct cal_finding *f = &list->items[i];
		const struct cal_config *cfg = cal_config_for(configs, f->range.begin.file);
		const char *filter = cli_filter ? cli_filter : cfg ? cfg->header_filter : NULL;
		regex_t re;
		int drop = 0;

		for (j = 0; cfg && j < cfg->nr_severities; j++)
			if (!strcmp(cfg->severities[j].check, f->check))
				f->severity = cfg->severities[j].severity;
		if (cfg && cfg->warnings_as_errors && f->severity == CAL_SEV_WARNING &&
		    cal_checks_glob_match(cfg->warnings_as_errors, f->check))
			f->severity = CAL_SEV_ERROR;
		if (filter && !cal_jobs_has_file(jobs, f->range.begin.file) &&
		    regcomp(&re, filter, REG_EXTENDED | REG_NOSUB) == 0) {
			drop = regexec(&re, f->range.begin.file, 0, NULL, 0) != 0;
			regfree(&re);
		} else if (!filter && roots) {
			drop = !cal_source_roots_keep(roots, jobs, f);
		}
		if (drop)
			cal_finding_clear(f);
		else
			list->items[kept++] = *f;
	}
	list->nr = kept;
}

