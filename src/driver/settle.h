/*
 * What the config of each finding's file says after the walk: its
 * severities and warnings-as-errors, and the header filter (--header-filter,
 * else the config's); with none, headers outside the source roots are not
 * the user's (roots NULL: no such limit).  Shared by the command line and
 * the language server.
 */
#ifndef CUATOMLINT_SETTLE_H
#define CUATOMLINT_SETTLE_H

#include "cuatomlint/finding.h"
#include "driver/config.h"
#include "driver/jobs.h"
#include "driver/source_root.h"

void cal_settle_config(struct cal_findings *list, const struct cal_jobs *jobs,
		       struct cal_config_cache *configs, const char *cli_filter,
		       const struct cal_source_roots *roots);

#endif
