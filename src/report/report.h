/*
 * Reporters turn the final, merged findings into text or JSON.  They know
 * nothing of checks or libclang: only struct cal_finding and the run's
 * target set (to spell arch masks).
 */
#ifndef CUATOMLINT_REPORT_H
#define CUATOMLINT_REPORT_H

#include <stdio.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"

/* A check as the reporters see it: SARIF lists every rule. */
struct cal_rule {
	const char *id;
	const char *summary;
	enum cal_severity level;
	int enabled;
	const char *help_uri;	/* its page; NULL: CUATOMLINT_DOCS_URL + id + ".md" */
};

struct cal_report_ctx {
	FILE *out;
	const struct cal_target_set *targets;
	int color;
	/* SARIF only */
	const struct cal_rule *rules;
	int nr_rules;
	const char *srcroot;	/* absolute; URIs below it are relative to %SRCROOT% */
	int exit_code;
	/*
	 * Rules without their help pages (helpUri names them): what launcher
	 * mode writes per object file, where the pages, the bulk of the log,
	 * would repeat in every file; cuatomlint merge puts them back.
	 */
	int compact_rules;
};

int cal_report_text(const struct cal_findings *list, const struct cal_report_ctx *ctx);
int cal_report_json(const struct cal_findings *list, const struct cal_report_ctx *ctx);
int cal_report_sarif(const struct cal_findings *list, const struct cal_report_ctx *ctx);
/* cuatomlint merge: one run from the runs of several SARIF files. */
int cal_sarif_merge(char *const *paths, int n, FILE *out);

#endif
