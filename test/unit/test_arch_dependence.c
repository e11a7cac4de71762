/* Unit tests for the textual __CUDA_ARCH__ scan. */
#include <stdlib.h>
#include <string.h>

#include "parse/arch_dependence.h"
#include "cuatomlint/strbuf.h"
#include "test.h"

static int mentions(const char *s)
{
	return cal_text_mentions_arch(s, strlen(s));
}

/* A one-file TU of text, "t.cu", and the targets sm_75,sm_80,sm_86,sm_90. */
static void one_file_tu(const char *text, struct cal_pp_tu *tu, struct cal_target_set *set)
{
	const char *bad;
	int bad_len;

	memset(tu, 0, sizeof(*tu));
	memset(set, 0, sizeof(*set));
	cal_target_set_add_list(set, "sm_75,sm_80,sm_86,sm_90", &bad, &bad_len);
	GROW(tu->files, tu->alloc_files, 1);
	memset(&tu->files[0], 0, sizeof(tu->files[0]));
	tu->files[0].name = xstrdup("t.cu");
	tu->files[0].text = text;
	tu->files[0].len = strlen(text);
	tu->files[0].user = 1;
	tu->nr_files = 1;
}

/* Group the targets by a one-file TU of text (no skipped ranges); sm_90 first. */
static int groups_of(const char *text, uint64_t *groups, int *fallback)
{
	struct cal_pp_tu tu;
	struct cal_target_set set;
	struct cal_arch_plan plan;
	int n, g;

	one_file_tu(text, &tu, &set);
	cal_arch_plan_from_pp(&tu, &set, 3, &plan, NULL, NULL);
	n = plan.nr_groups;
	for (g = 0; g < n; g++)
		groups[g] = plan.groups[g];
	*fallback = plan.nr_fallback;
	cal_arch_plan_release(&plan);
	cal_pp_tu_release(&tu);
	return n;
}

static void test_groups(void)
{
	uint64_t g[32];
	int fb;

	/* sm_75 = bit 0 ... sm_90 = bit 3; the first group holds sm_90 */
	EXPECT(groups_of("int x;\n", g, &fb) == 1 && g[0] == 0xf && !fb);
	EXPECT(groups_of("#if __CUDA_ARCH__ >= 800\nint a;\n#endif\n", g, &fb) == 2 &&
	       g[0] == 0xe && g[1] == 0x1);
	EXPECT(groups_of("#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 860\n#define F 1\n#endif\n"
			 "#ifdef F\nint a;\n#elif __CUDA_ARCH__ < 800\nint b;\n#endif\n", g, &fb) == 3 &&
	       g[0] == 0xc && g[1] == 0x1 && g[2] == 0x2);
	/* derived function-like macro, continuation line, comment */
	EXPECT(groups_of("#define AT_LEAST(v) (__CUDA_ARCH__ >= \\\n (v) * 10) /* x */\n"
			 "#if AT_LEAST(90)\nint a;\n#endif\n", g, &fb) == 2 && g[0] == 0x8);
	/* the replay follows #define/#undef in order */
	EXPECT(groups_of("#define A 1\n#undef A\n#if defined(A) || __CUDA_ARCH__ > 2000\nx\n#endif\n",
			 g, &fb) == 1);
	/* <nv/target> queries in code */
	EXPECT(groups_of("void f() { NV_IF_TARGET(NV_PROVIDES_SM_86, (a();), (b();)) }\n", g, &fb) == 2 &&
	       g[0] == 0xc);
	EXPECT(groups_of("NV_DISPATCH_TARGET(NV_IS_EXACTLY_SM_80, (a();), NV_PROVIDES_SM_90, (b();))\n",
			 g, &fb) == 3);
	/* the arch as a value in code, and through a macro */
	EXPECT(groups_of("int v = __CUDA_ARCH__;\n", g, &fb) == 4 && !fb);
	EXPECT(groups_of("#define OK (__CUDA_ARCH__ >= 800)\nbool b = OK;\n", g, &fb) == 2);
	/* the arch's token in code, through a stringizing macro: a group per target */
	EXPECT(groups_of("#define S(x) #x\nconst char *s = S(__CUDA_ARCH__);\n", g, &fb) == 4 && !fb);
	/* a value the replay cannot compute: the known side decides sm_75, the others alone */
	EXPECT(groups_of("#if __has_builtin(x) && __CUDA_ARCH__ >= 800\n#endif\n", g, &fb) == 4 && fb == 3);
	/* directives in strings and comments are not directives */
	EXPECT(groups_of("const char *s = \"\\n#if __CUDA_ARCH__\";\n", g, &fb) == 1);
	EXPECT(groups_of("/*\n#if __CUDA_ARCH__ >= 800\n*/ int x;\n", g, &fb) == 1);
	/* hostile input: no crash, no hang, every target alone or one group */
	EXPECT(groups_of("#define A0 A1 A1\n#define A1 A2 A2\n#define A2 A3 A3\n#define A3 A4 A4\n"
			 "#define A4 A5 A5\n#define A5 A6 A6\n#define A6 A7 A7\n#define A7 A8 A8\n"
			 "#define A8 A9 A9\n#define A9 B0 B0\n#define B0 B1 B1\n#define B1 B2 B2\n"
			 "#define B2 B3 B3\n#define B3 B4 B4\n#define B4 B5 B5\n#define B5 B6 B6\n"
			 "#define B6 B7 B7\n#define B7 B8 B8\n#define B8 B9 B9\n#define B9 __CUDA_ARCH__\n"
			 "#if A0\n#endif\n", g, &fb) == 4 && fb == 4);
	EXPECT(groups_of("#if (((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
			 "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
			 "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
			 "__CUDA_ARCH__\n#endif\n", g, &fb) == 4 && fb == 4);
	EXPECT(groups_of("#if -9223372036854775807 - 1 / -1 + __CUDA_ARCH__ % -1 << 70\n#endif\n#endif\n"
			 "#else\n#if\n#define\n#undef\n#include\n/* unterminated", g, &fb) >= 1);
	EXPECT(groups_of("#define F(a, b) ((a) > (b))\n#if F(__CUDA_ARCH__, 799)\nint a;\n#endif\n", g,
			 &fb) == 2 && g[0] == 0xe && !fb);
	/* a quiet chain (it only defines macros): traced where what it defines is used */
	EXPECT(groups_of("#define F(a, b) ((a) > (b))\n#if F(__CUDA_ARCH__, 799)\n#endif\n", g, &fb) == 1);
	EXPECT(groups_of("#if __CUDA_ARCH__ >= 800\n#define M 1\n#else\n#define M 0\n#endif\nint a;\n",
			 g, &fb) == 1 && !fb);
	EXPECT(groups_of("#if __CUDA_ARCH__ >= 800\n#define M 1\n#else\n#define M 0\n#endif\nint a = M;\n",
			 g, &fb) == 2 && g[0] == 0xe && !fb);
	EXPECT(groups_of("#if __CUDA_ARCH__ >= 800\n#define M 1\n#endif\n#ifdef M\nint a;\n#endif\n",
			 g, &fb) == 2 && g[0] == 0xe && !fb);
	EXPECT(groups_of("#if __CUDA_ARCH__ >= 800\n#define M 1\n#elif __CUDA_ARCH__ >= 700\n#define M 2\n"
			 "#else\n#define M 1\n#endif\nint a = M;\n", g, &fb) == 2 && !fb);
	/* near miss: a block with code is no quiet chain */
	EXPECT(groups_of("#if __CUDA_ARCH__ >= 800\n#define M 1\nint b;\n#endif\nint a;\n", g, &fb) == 2);
	/* an #if inside a branch no target takes */
	EXPECT(groups_of("#if 0\n#if __CUDA_ARCH__ >= 800\n#endif\n#endif\n", g, &fb) == 1);
}

/*
 * The host's path through a one-file TU whose first parse (sm_90) skipped
 * [skip_from, skip_to) of text: NULL if it opens no file that parse did
 * not and decides every condition, else why (caller frees).
 */
static char *host_why_of(const char *text, const char *skip_from, const char *skip_to)
{
	struct cal_pp_tu tu;
	struct cal_target_set set;
	struct cal_arch_plan plan;
	char *why = NULL;

	one_file_tu(text, &tu, &set);
	tu.have_skipped = 1;
	if (skip_from) {
		const char *a = strstr(text, skip_from), *b = strstr(a, skip_to);
		GROW(tu.files[0].skipped, tu.files[0].alloc_skipped, 1);
		tu.files[0].skipped[0][0] = (size_t)(a - text);
		tu.files[0].skipped[0][1] = (size_t)(b - text) + strlen(skip_to);
		tu.files[0].nr_skipped = 1;
	}
	cal_arch_plan_from_pp(&tu, &set, 3, &plan, &why, NULL);
	cal_arch_plan_release(&plan);
	cal_pp_tu_release(&tu);
	return why;
}

static int host_follows(const char *text, const char *skip_from, const char *skip_to)
{
	char *why = host_why_of(text, skip_from, skip_to);

	free(why);
	return why == NULL;
}

static int host_why_has(const char *text, const char *skip_from, const char *skip_to,
			const char *part)
{
	char *why = host_why_of(text, skip_from, skip_to);
	int has = why && strstr(why, part);

	free(why);
	return has;
}

static int per_side(const char *text, const char *def)
{
	return cal_pp_defined_per_side(text, strlen(text), (size_t)(strstr(text, def) - text));
}

static void test_host_path(void)
{
	/* test/lit/arch-groups/host-predefines.test's list, from clang itself */
	static const char *const sides[] = {
		"__BIGGEST_ALIGNMENT__", "__BITINT_MAXWIDTH__", "__LDBL_DECIMAL_DIG__",
		"__LDBL_DENORM_MIN__", "__LDBL_DIG__", "__LDBL_EPSILON__", "__LDBL_MANT_DIG__",
		"__LDBL_MAX_10_EXP__", "__LDBL_MAX_EXP__", "__LDBL_MAX__", "__LDBL_MIN_10_EXP__",
		"__LDBL_MIN_EXP__", "__LDBL_MIN__", "__LDBL_NORM_MAX__", "__NO_MATH_ERRNO__",
		"__PIC__", "__PIE__", "__SIZEOF_LONG_DOUBLE__", "__code_model___",
		"__code_model_small__", "__pic__", "__pie__", NULL,
	};
	size_t i;

	/* the host takes another branch, which opens no file */
	EXPECT(host_follows("#if __CUDA_ARCH__ >= 800\nint a;\n#else\nint b;\n#endif\n",
			    "#else", "#endif"));
	/* an #include only the host reaches: a file no device parse read */
	EXPECT(host_why_has("#ifndef __CUDA_ARCH__\n#include \"h.h\"\n#endif\nint x;\n",
			    "#ifndef", "#endif", "t.cu:2: #include the first parse did not follow"));
	EXPECT(host_why_has("#if !defined(__CUDA_ARCH__) || 0\n#include \"h.h\"\n#endif\n",
			    "#if", "#endif", "#include the first parse did not follow"));
	/* an #include no side takes (ggml's vendor headers): the host follows */
	EXPECT(host_follows("#if defined(GGML_USE_HIP)\n#include \"hip.h\"\n#endif\n"
			    "#if __CUDA_ARCH__ >= 800\nint a;\n#endif\n", "#if defined", "#endif"));
	/* <nv/target> queries in code are not traced for the host */
	EXPECT(host_follows("void f() { NV_IF_TARGET(NV_IS_HOST, (a();), (b();)) }\n", NULL, NULL));
	/* a macro clang predefines otherwise for the host decides nothing */
	EXPECT(host_why_has("#if __SIZEOF_LONG_DOUBLE__ == 16\n#include \"h.h\"\n#endif\n",
			    "#if", "#endif", "condition the replay cannot evaluate"));
	EXPECT(host_why_has("#ifdef __PIC__\n#include \"h.h\"\n#endif\n", "#ifdef", "#endif",
			    "condition the replay cannot evaluate"));
	/* a system #define under a condition that reads the arch or a host predefine */
	EXPECT(per_side("#ifdef __CUDA_ARCH__\n#define A 1\n#endif\n#define B 2\n", "#define A"));
	EXPECT(!per_side("#ifdef __CUDA_ARCH__\n#define A 1\n#endif\n#define B 2\n", "#define B"));
	EXPECT(per_side("#if X\n#elif __CUDA_ARCH__ >= 800\n#else\n#define C\n#endif\n", "#define C"));
	EXPECT(per_side("#if __LDBL_MANT_DIG__ == 64\n#if Y\n#define D\n#endif\n#endif\n",
			"#define D"));
	EXPECT(!per_side("#if defined(__CUDA_ARCH__)\n#endif\n#define E\n", "#define E"));
	EXPECT(!per_side("#if FOO // __CUDA_ARCH__\n#define F\n#endif\n", "#define F"));

	for (i = 0; sides[i]; i++)
		EXPECT(cal_pp_host_predefine(sides[i], strlen(sides[i])));
	EXPECT(cal_pp_host_predefine("__LDBL_DIG__", 12));
	EXPECT(cal_pp_host_predefine("__code_model_small__", 20));
	EXPECT(cal_pp_host_predefine("__PIC__", 7));
	EXPECT(!cal_pp_host_predefine("__PICX__", 8));
	EXPECT(!cal_pp_host_predefine("__LDB", 5));
	EXPECT(!cal_pp_host_predefine("__x86_64__", 10));
	EXPECT(!cal_pp_host_predefine("__PIC__", 5));
}

int main(void)
{
	test_groups();
	test_host_path();
	EXPECT(mentions("#if __CUDA_ARCH__ >= 600\n"));
	EXPECT(mentions("#ifdef __CUDA_ARCH__"));
	EXPECT(mentions("x __CUDA_ARCH_FEAT_SM90_ALL y"));
	EXPECT(mentions("__CUDA_ARCH"));
	EXPECT(!mentions("int x = __CUDA_ARCH_LIST__;"));
	EXPECT(mentions("__CUDA_ARCH_LIST__ __CUDA_ARCH__"));
	EXPECT(!mentions(""));
	EXPECT(!mentions("__CUDA_ARC"));
	EXPECT(!mentions("__global__ void k() { atomicAdd(p, 1); }"));
	/* <nv/target> selects code by __CUDA_ARCH__ in its own macros */
	EXPECT(mentions("NV_IF_TARGET(NV_PROVIDES_SM_90, (f();), (g();))"));
	EXPECT(mentions("NV_IF_ELSE_TARGET(NV_IS_DEVICE, (a();), (b();))"));
	EXPECT(mentions("NV_DISPATCH_TARGET(NV_PROVIDES_SM_90, (f();))"));
	EXPECT(!mentions("NV_IF_TARG"));
	/* a buffer that ends in the middle of the macro name */
	EXPECT(!cal_text_mentions_arch("__CUDA_ARCH__", 8));
	/* comments reach no preprocessor: a mention in one tests nothing */
	EXPECT(!mentions("// __CUDA_ARCH__ is undefined in host passes\nint x;"));
	EXPECT(!mentions("/* NV_IF_TARGET(NV_IS_DEVICE, ...) */ int x;"));
	EXPECT(!mentions("/* a\n __CUDA_ARCH__\n */"));
	EXPECT(mentions("/* x */ __CUDA_ARCH__"));
	EXPECT(mentions("// x\n#if __CUDA_ARCH__ >= 800"));
	/* never too much: literals open no comment, a continued line comment ends late */
	EXPECT(mentions("s = \"http://x\"; __CUDA_ARCH__"));
	EXPECT(mentions("s = \"a\\\"//\"; __CUDA_ARCH__"));
	EXPECT(mentions("c = '/'; d = '*'; __CUDA_ARCH__"));
	EXPECT(mentions("c = '\"'; __CUDA_ARCH__ // x"));
	EXPECT(mentions("n = 1'000; /* x */ __CUDA_ARCH__"));
	EXPECT(mentions("// x \\\n/* y\n__CUDA_ARCH__ // */"));
	EXPECT(!mentions("// x \\\n __CUDA_ARCH__"));
	EXPECT(mentions("s = \"unterminated\n/* x */ __CUDA_ARCH__"));
	/* a raw string literal: the text is read whole */
	EXPECT(mentions("s = R\"(/*)\"; /* __CUDA_ARCH__ */"));
	EXPECT(!mentions("/* unterminated __CUDA_ARCH__"));
	return test_summary("arch_dependence");
}
