/*
 * The rules' help in SARIF logs.  Launcher mode writes each object's log
 * without it (struct cal_report_ctx's compact_rules); cuatomlint merge adds
 * it back, so the merged log is what a whole-run log would be.
 */
#ifndef CUATOMLINT_SARIF_HELP_H
#define CUATOMLINT_SARIF_HELP_H

#include <cjson/cJSON.h>

/* To each rule of a run's tool.driver.rules that has none: its help (page or summary). */
void cal_sarif_add_rule_help(cJSON *rules);

#endif
