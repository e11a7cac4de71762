/*
 * A config written in YAML, clang-tidy's format (.clang-tidy), read with
 * libyaml into the cJSON tree that the JSON config reader walks.  Plain
 * scalars true/false become booleans, null, ~ and nothing become null,
 * everything else stays text (clang-tidy's option values are text).
 */
#ifndef CUATOMLINT_CONFIG_YAML_H
#define CUATOMLINT_CONFIG_YAML_H

#include <cjson/cJSON.h>
#include <stddef.h>

/*
 * The config text as a cJSON tree; NULL after printing one error line
 * naming path and the line (invalid YAML, or aliases nested or expanded
 * too far).  Text that cJSON rejected and that starts with '{"' is meant
 * as JSON: its error is cJSON's.  Caller frees with cJSON_Delete.
 */
cJSON *cal_yaml_to_json(const char *path, const char *text, size_t len);

#endif
