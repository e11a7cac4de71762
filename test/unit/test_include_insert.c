/* The shared insertion point for #include lines and helpers, and the doubled-fence rule. */
#include <stdlib.h>
#include <string.h>

#include "fixits/fences.h"
#include "fixits/include_insert.h"
#include "test.h"

/* The insertion point of text, as the text that follows it. */
static const char *after(const char *text)
{
	return text + cal_top_insert_offset(text, strlen(text));
}

static void test_offsets(void)
{
	EXPECT(!strcmp(after(""), ""));
	EXPECT(!strcmp(after("int x;\n"), "int x;\n"));
	/* a byte order mark stays first */
	EXPECT(!strcmp(after("\xEF\xBB\xBFint x;\n"), "int x;\n"));
	EXPECT(!strcmp(after("\xEF\xBB\xBF"), ""));
	/* the leading comment block, up to a blank line; not a later comment */
	EXPECT(!strcmp(after("// licence\n// text\n\n// doc\nint x;\n"), "\n// doc\nint x;\n"));
	EXPECT(!strcmp(after("/*\n * licence\n */\nint x;\n"), "int x;\n"));
	EXPECT(!strcmp(after("/* a */ /* b\n c */\nint x;\n"), "int x;\n"));
	/* includes, after a comment that mentions #include */
	EXPECT(!strcmp(after("/* #include <a>\n*/\n#include <b>\n#include \"c.h\"\nint x;\n#include <d>\n"),
		       "int x;\n#include <d>\n"));
	/* after the #endif of a block that holds an #include, not after a bare #if block */
	EXPECT(!strcmp(after("#include <a>\n#if X\n#include <b>\n#endif\n#if Y\n#define Z\n#endif\nint x;\n"),
		       "#if Y\n#define Z\n#endif\nint x;\n"));
	/* an include guard or #pragma once */
	EXPECT(!strcmp(after("// h\n#ifndef H\n#define H\n\nint x;\n#endif\n"), "\nint x;\n#endif\n"));
	EXPECT(!strcmp(after("#ifndef H\n#define H\n#include <a>\nint x;\n#endif\n"), "int x;\n#endif\n"));
	EXPECT(!strcmp(after("#pragma once\nint x;\n"), "int x;\n"));
	EXPECT(!strcmp(after("#ifndef H\n#define H\nint x;\n#endif // H\n/* end */\n"),
		       "int x;\n#endif // H\n/* end */\n"));
	/* a guarded helper a fix put at the top, code after it: not an include guard */
	EXPECT(!strcmp(after("#ifndef CUATOMLINT_HAVE_f\n#define CUATOMLINT_HAVE_f\nint f();\n#endif\nint x;\n"),
		       "#ifndef CUATOMLINT_HAVE_f\n#define CUATOMLINT_HAVE_f\nint f();\n#endif\nint x;\n"));
	EXPECT(!strcmp(after("#include <a>\n#ifndef CUATOMLINT_HAVE_f\n#define CUATOMLINT_HAVE_f\nint f();\n#endif\nint x;\n"),
		       "#ifndef CUATOMLINT_HAVE_f\n#define CUATOMLINT_HAVE_f\nint f();\n#endif\nint x;\n"));
	/* "#ifndef X / #define X 1 / #endif" is a default, not a guard */
	EXPECT(!strcmp(after("#ifndef N\n#define N 4\n#endif\nint x;\n"), "#ifndef N\n#define N 4\n#endif\nint x;\n"));
	EXPECT(!strcmp(after("#ifndef N\n#define N\n#endif\nint x;\n"), "#ifndef N\n#define N\n#endif\nint x;\n"));
	/* a continued directive is one line; CRLF line ends */
	EXPECT(!strcmp(after("#define M(a) \\\n  a\n#include <a>\nint x;\n"), "int x;\n"));
	EXPECT(!strcmp(after("#include <a>\r\nint x;\r\n"), "int x;\r\n"));
	/* the last line has no line break */
	EXPECT(!strcmp(after("#include <a>"), ""));
}

static void test_includes(void)
{
	const char *t = "#include <cuda_runtime.h>\n  #  include <cuda/atomic>\n";

	EXPECT(cal_text_includes(t, strlen(t), "cuda/atomic"));
	EXPECT(cal_text_includes(t, strlen(t), "cuda_runtime.h"));
	EXPECT(!cal_text_includes(t, strlen(t), "cuda"));
	EXPECT(!cal_text_includes("#include <cuda/atomic_ref>\n", 26, "cuda/atomic"));
	EXPECT(cal_text_includes("#include \"cuda/atomic\"", 22, "cuda/atomic"));
}

static void check_fence(const char *before, const char *rep, const char *want)
{
	size_t start = 0;
	char *got = cal_without_doubled_fence(rep, before, strlen(before), &start);

	EXPECT(want ? got && !strcmp(got, want) : !got);
	if (got && want)
		EXPECT(!strncmp(before + start, "__threadfence", 13));
	free(got);
}

static void test_fences(void)
{
	check_fence("  x = 1;\n  __threadfence();\n  ", "__threadfence(); atomicExch(f, 1)",
		    "atomicExch(f, 1)");
	check_fence("{ __threadfence(); ", "(__threadfence(), atomicExch(f, 1))", "(atomicExch(f, 1))");
	/* another fence, a conditional fence, a comment in between, nothing before */
	check_fence("__threadfence_block();\n", "__threadfence(); atomicExch(f, 1)", NULL);
	check_fence("if (c)\n  __threadfence();\n", "__threadfence(); atomicExch(f, 1)", NULL);
	check_fence("else __threadfence(); ", "__threadfence(); atomicExch(f, 1)", NULL);
	check_fence("__threadfence(); // done\n", "__threadfence(); atomicExch(f, 1)", NULL);
	check_fence("", "__threadfence(); atomicExch(f, 1)", NULL);
	check_fence("__threadfence();", "__threadfence(); atomicExch(f, 1)", "atomicExch(f, 1)");
	check_fence("my__threadfence();", "__threadfence(); x", NULL);
}

int main(void)
{
	test_offsets();
	test_includes();
	test_fences();
	return test_summary("include_insert");
}
