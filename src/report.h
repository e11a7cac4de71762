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

struct cal_report_ctx {
	FILE *out;
	const struct cal_target_set *targets;
	int color;
};

int cal_report_text(const struct cal_findings *list, const struct cal_report_ctx *ctx);
int cal_report_json(const struct cal_findings *list, const struct cal_report_ctx *ctx);

#endif
