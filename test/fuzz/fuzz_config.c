/*
 * libFuzzer target for the config reader (src/driver/config.c and
 * config_yaml.c): arbitrary bytes as a .cuatomlint, JSON or YAML (libyaml),
 * through every key's reader, check options included.  Beyond "no crash,
 * no sanitizer report, no leak": a text is accepted (0) or refused with an
 * error (-1), and an accepted config's check options each name a declared
 * option with a valid value.  Built and run by scripts/fuzz.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver/config.h"
#include "parse/check_option.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond) do { if (!(cond)) abort(); } while (0)

static void check_options(const struct cal_config *cfg)
{
	const struct cal_check *check;
	const struct cal_check_option *opt;
	size_t i;

	for (i = 0; i < cfg->options.nr; i++) {
		opt = cal_check_option_find(cfg->options.items[i].key, &check);
		REQUIRE(opt && cal_check_option_check(opt, cfg->options.items[i].value) == 0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cal_config cfg;
	char *text = malloc(size + 1);
	int r;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';	/* cJSON and the key search read a C string */
	r = cal_config_parse("fuzz", text, size, &cfg);
	REQUIRE(r == 0 || r == -1);
	if (r == 0)
		check_options(&cfg);
	cal_config_release(&cfg);
	free(text);
	return 0;
}
