/*
 * Unit tests for the table C fallback helpers: every helper is found by its
 * operation, has a unique name, an include guard named after it, the guard
 * that selects the fallback below its native arch (or when forced), a
 * native branch that calls the CUDA function it stands for, and no float
 * comparison in a CAS loop; and the native arch agrees with the facts table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixits/fallbacks.h"
#include "cuatomlint/facts.h"
#include "test.h"

static void test_lookup_and_names(void)
{
	int i, j;

	for (i = 0; i < cal_nr_fallbacks; i++) {
		const struct cal_fallback *fb = &cal_fallbacks[i];
		enum cal_signedness s = fb->sign == CAL_SIGN_ANY ? CAL_SIGN_UNSIGNED : fb->sign;
		EXPECT(cal_fallback_find(fb->op, fb->type, s) == fb);
		EXPECT(cal_fallback_by_name(fb->name) == fb);
		EXPECT(!strncmp(fb->name, "cuatomlint_atomic", 17));
		for (j = 0; j < i; j++)
			EXPECT(strcmp(fb->name, cal_fallbacks[j].name));
	}
	EXPECT(!cal_fallback_find(CAL_OP_CAS, CAL_T_B128, CAL_SIGN_ANY));
	EXPECT(!cal_fallback_find(CAL_OP_EXCH, CAL_T_B128, CAL_SIGN_ANY));
	EXPECT(!cal_fallback_find(CAL_OP_ADD, CAL_T_I32, CAL_SIGN_SIGNED));
}

static void test_text(void)
{
	int i;

	for (i = 0; i < cal_nr_fallbacks; i++) {
		const struct cal_fallback *fb = &cal_fallbacks[i];
		char *text = cal_fallback_text(fb);
		char guard[160], select[160], native[64];
		const char *callee = fb->name + strlen("cuatomlint_");

		snprintf(guard, sizeof(guard), "#ifndef CUATOMLINT_HAVE_%s\n#define CUATOMLINT_HAVE_%s\n",
			 fb->name, fb->name);
		snprintf(select, sizeof(select), "#if (defined(__CUDA_ARCH__) && __CUDA_ARCH__ < %u) || "
			 "defined(CUATOMLINT_FORCE_FALLBACKS)\n", fb->native_arch);
		snprintf(native, sizeof(native), "#else\n    return %.*s(", (int)strcspn(callee, "_"),
			 callee);
		EXPECT(!strncmp(text, guard, strlen(guard)));
		EXPECT(strstr(text, select) != NULL);
		EXPECT(strstr(text, native) != NULL);
		EXPECT(strstr(text, "__device__ __forceinline__ ") != NULL);
		EXPECT(!strstr(text, "static "));
		/* CAS loops compare integer words, never floats */
		EXPECT(!strstr(fb->fallback, "__int_as_float") && !strstr(fb->fallback, "float old"));
		EXPECT(text[strlen(text) - 1] == '\n');
		free(text);
	}
}

/* A helper's native branch is taken exactly where the facts say the target has the op. */
static void test_agrees_with_facts(void)
{
	int i;

	for (i = 0; i < cal_nr_fallbacks; i++) {
		const struct cal_fallback *fb = &cal_fallbacks[i];
		const struct cal_fact *f = cal_facts_find(CAL_API_LEGACY, fb->op, fb->type, 0);
		EXPECT(f != NULL);
		if (f)
			EXPECT(f->min_sm * 10 == fb->native_arch);
	}
}

int main(void)
{
	test_lookup_and_names();
	test_text();
	test_agrees_with_facts();
	return test_summary("fallbacks");
}
