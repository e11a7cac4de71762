/*
 * Unit tests for src/util/: the hashes (values other runs compare with
 * must not change), the string vector, the worker count and the regex guard.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "util/hash.h"
#include "util/strvec.h"
#include "util/regex_guard.h"
#include "util/threads.h"

static void test_hashes(void)
{
	struct cal_hash128 a, b;
	char ha[CAL_HASH128_HEX_LEN + 1], hb[CAL_HASH128_HEX_LEN + 1];

	/* the published FNV-1a 64 test vectors */
	EXPECT(cal_fnv1a("", 0) == 0xcbf29ce484222325ULL);
	EXPECT(cal_fnv1a("a", 1) == 0xaf63dc4c8601ec8cULL);
	EXPECT(cal_fnv1a("foobar", 6) == 0x85944171f73967e8ULL);
	EXPECT(cal_fnv1a_add_str(cal_fnv1a("foo", 3), "bar") == cal_fnv1a("foobar", 6));
	EXPECT(cal_content_hash("", 0) != 0);

	/* the result cache's key hash: fields are delimited, values are stable */
	cal_hash128_init(&a);
	cal_hash128_add_str(&a, "ab");
	cal_hash128_add_str(&a, "c");
	cal_hash128_init(&b);
	cal_hash128_add_str(&b, "a");
	cal_hash128_add_str(&b, "bc");
	cal_hash128_hex(&a, ha);
	cal_hash128_hex(&b, hb);
	EXPECT(strlen(ha) == CAL_HASH128_HEX_LEN && strcmp(ha, hb) != 0);
	cal_hash128_init(&b);
	cal_hash128_add_str(&b, "ab");
	cal_hash128_add_str(&b, "c");
	cal_hash128_hex(&b, hb);
	EXPECT(!strcmp(ha, hb));
}

static void test_strvec(void)
{
	struct cal_argv v = { NULL, 0, 0 };
	int i;

	for (i = 0; i < 100; i++)
		cal_argv_pushf(&v, "s%d", i % 10);
	EXPECT(v.n == 100 && v.v[100] == NULL);
	EXPECT(cal_argv_count(&v, "s3") == 10 && cal_argv_count(&v, "x") == 0);
	EXPECT(!strcmp(v.v[42], "s2"));
	cal_argv_clear(&v);
	EXPECT(v.n == 0 && v.v == NULL && cal_argv_count(&v, "s3") == 0);
}

static void test_regex_guard(void)
{
	/* ordinary patterns compile */
	EXPECT(cal_regex_ok(".*\\.cuh$"));
	EXPECT(cal_regex_ok("(a|b)+c{2,3}"));
	EXPECT(cal_regex_ok("[+*]+x"));		/* '+' in a bracket is a member */
	EXPECT(cal_regex_ok("[]+]+x"));		/* ']' first in a bracket too */
	EXPECT(cal_regex_ok("a\\++"));		/* an escaped '+' is an atom */
	EXPECT(cal_regex_ok("a{2,}b"));
	EXPECT(cal_regex_ok("(a{10}){10}"));
	EXPECT(cal_regex_ok("a{0}b{0,255}"));
	EXPECT(cal_regex_ok("x{19000}"));		/* required copies are cheap */
	/* adjacent repetition operators (undefined in POSIX; glibc blows up) */
	EXPECT(!cal_regex_ok("a++"));
	EXPECT(!cal_regex_ok("a*+"));
	EXPECT(!cal_regex_ok("(x){2}+"));
	/* expansions that would take gigabytes */
	EXPECT(!cal_regex_ok("((a{255}){255}){255}"));
	EXPECT(!cal_regex_ok("x(a{200}){200}"));
	EXPECT(!cal_regex_ok("a{99999999999999999999}"));	/* no overflow (UBSan) */
	/* optional copies: regcomp's closures are quadratic in them */
	EXPECT(!cal_regex_ok("a{0,8000}"));
	EXPECT(!cal_regex_ok("-dab44{442,19130}ato"));	/* the config fuzzer's */
	EXPECT(!cal_regex_ok("(ab|cd){0,2000}"));
	EXPECT(!cal_regex_ok("(a?){3000}"));
	/* regcomp's own errors, and no pattern */
	EXPECT(!cal_regex_ok("(a"));
	EXPECT(!cal_regex_ok(NULL));
}

static void test_workers(void)
{
	EXPECT(cal_default_workers() >= 1);
}

int main(void)
{
	test_hashes();
	test_strvec();
	test_workers();
	test_regex_guard();
	return test_summary("util");
}
