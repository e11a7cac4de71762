/*
 * Strings for the JSON reporters.  JSON text is UTF-8; a file name (or a
 * message quoting one) need not be.  cal_json_text() makes a cJSON string
 * that is always valid JSON: valid UTF-8 as it is, and each byte of an
 * invalid sequence as the escape \udcXX (XX its value: Python's
 * "surrogateescape", so os.fsencode() gives the bytes back).
 */
#ifndef CUATOMLINT_JSON_TEXT_H
#define CUATOMLINT_JSON_TEXT_H

#include <cjson/cJSON.h>

cJSON *cal_json_text(const char *s);
/* cJSON_AddStringToObject with cal_json_text's escaping. */
void cal_json_add_text(cJSON *obj, const char *key, const char *s);

#endif
