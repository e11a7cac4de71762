/* A tiny assertion helper for the unit tests: counts, prints failures, exits 1. */
#ifndef CUATOMLINT_TEST_H
#define CUATOMLINT_TEST_H

#include <stdio.h>

static int test_failures, test_checks;

#define EXPECT(cond) do { \
		test_checks++; \
		if (!(cond)) { \
			test_failures++; \
			fprintf(stderr, "%s:%d: expectation failed: %s\n", __FILE__, __LINE__, #cond); \
		} \
	} while (0)

static inline int test_summary(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, test_checks - test_failures, test_failures);
	return test_failures ? 1 : 0;
}

#endif
