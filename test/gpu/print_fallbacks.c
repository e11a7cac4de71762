/*
 * cuatomlint-fallbacks: print the fallback helpers exactly as the
 * arch-unsupported fix-its insert them, for the GPU tests.
 *
 *   cuatomlint-fallbacks            every helper, and the legacy acquire load
 *   cuatomlint-fallbacks --list     their names, one a line
 *   cuatomlint-fallbacks NAME...    the named helpers
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixits/fallbacks.h"

static int print_one(const struct cal_fallback *fb)
{
	char *text = cal_fallback_text(fb);
	fputs(text, stdout);
	free(text);
	return 0;
}

int main(int argc, char **argv)
{
	int i;

	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (i = 0; i < cal_nr_fallbacks; i++)
			printf("%s\n", cal_fallbacks[i].name);
		return 0;
	}
	if (argc == 1) {
		for (i = 0; i < cal_nr_fallbacks; i++)
			print_one(&cal_fallbacks[i]);
		printf("%s\n", cal_acquire_load_helper);
		return 0;
	}
	for (i = 1; i < argc; i++) {
		const struct cal_fallback *fb = cal_fallback_by_name(argv[i]);
		if (!fb) {
			fprintf(stderr, "cuatomlint-fallbacks: no helper '%s'\n", argv[i]);
			return 2;
		}
		print_one(fb);
	}
	return 0;
}
