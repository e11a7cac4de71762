/* Unit tests for suppression comments. */
#include <string.h>

#include "filter/suppress.h"
#include "test.h"

static int sup(const char *text, unsigned line, const char *check)
{
	return cal_suppressed_in(text, strlen(text), line, check);
}

static void test_same_and_next_line(void)
{
	const char *t =
		"int a; // cuatomlint: ignore[volatile-sync]\n"		/* 1 */
		"// cuatomlint: ignore[scope-mismatch, volatile-*]\n"	/* 2 */
		"int b;\n"						/* 3 */
		"int c; // NOLINT(cuatomlint-arch-unsupported)\n"	/* 4 */
		"// NOLINTNEXTLINE(cuatomlint-*)\n"			/* 5 */
		"int d;\n"						/* 6 */
		"int e; // NOLINT\n"					/* 7 */
		"int f; // cuatomlint: ignore[volatile-sync]\n"		/* 8 */
		"int g;\n"						/* 9 */
		"const char *s = \"cuatomlint: ignore[volatile-sync]\";\n" /* 10 */
		"int h; // NOLINT(readability-x)\n"			/* 11 */
		"int i; /* cuatomlint: ignore[*] */\n";			/* 12 */

	EXPECT(sup(t, 1, "volatile-sync"));
	EXPECT(!sup(t, 1, "scope-mismatch"));
	EXPECT(sup(t, 3, "scope-mismatch"));
	EXPECT(sup(t, 3, "volatile-warp-sync"));
	EXPECT(!sup(t, 3, "arch-unsupported"));
	EXPECT(sup(t, 4, "arch-unsupported"));
	EXPECT(!sup(t, 4, "volatile-sync"));
	EXPECT(sup(t, 6, "anything"));
	EXPECT(sup(t, 7, "volatile-sync"));
	EXPECT(!sup(t, 9, "volatile-sync"));	/* a trailing comment speaks for its own line */
	EXPECT(!sup(t, 10, "volatile-sync"));	/* not in a comment */
	EXPECT(!sup(t, 11, "volatile-sync"));	/* another tool's NOLINT */
	EXPECT(sup(t, 12, "cas-float-compare"));
	EXPECT(!sup(t, 2, "arch-unsupported"));
}

static void test_whole_file(void)
{
	const char *t = "// cuatomlint: ignore-file[arch-unsupported]\nint a;\nint b;\n";
	EXPECT(sup(t, 3, "arch-unsupported"));
	EXPECT(!sup(t, 3, "volatile-sync"));
}

static void test_nolintnextline_is_not_nolint(void)
{
	const char *t = "int a; // NOLINTNEXTLINE(cuatomlint-volatile-sync)\nint b;\n";
	EXPECT(!sup(t, 1, "volatile-sync"));
	EXPECT(sup(t, 2, "volatile-sync"));
}

static void test_nolint_blocks(void)
{
	const char *t = "// NOLINTBEGIN(volatile-sync)\n"	/* 1 */
			"int a;\n"				/* 2 */
			"// NOLINTBEGIN\n"			/* 3 */
			"int b;\n"				/* 4 */
			"// NOLINTEND(volatile-sync)\n"		/* 5 */
			"int c;\n"				/* 6 */
			"// NOLINTEND\n"				/* 7 */
			"int d; // NOLINTBEGIN(scope-mismatch)\n"	/* 8: never closed */
			"int e;\n";				/* 9 */
	EXPECT(sup(t, 2, "volatile-sync"));
	EXPECT(!sup(t, 2, "scope-mismatch"));
	EXPECT(sup(t, 4, "scope-mismatch"));	/* inside the bare block */
	EXPECT(sup(t, 5, "volatile-sync"));	/* the END line is inside */
	EXPECT(sup(t, 6, "scope-mismatch"));	/* the bare one ends at 7 */
	EXPECT(!sup(t, 8, "volatile-sync"));	/* both have ended */
	EXPECT(!sup(t, 8, "scope-mismatch"));	/* unmatched: nothing */
	EXPECT(!sup(t, 9, "scope-mismatch"));
}

int main(void)
{
	test_nolint_blocks();
	test_same_and_next_line();
	test_whole_file();
	test_nolintnextline_is_not_nolint();
	return test_summary("suppress");
}
