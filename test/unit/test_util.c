/*
 * Unit tests for src/util/: the hashes (values other runs compare with
 * must not change), the string vector and the thread pool.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "util/hash.h"
#include "util/strvec.h"
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

struct pool_test {
	int *done;
	int starts, ends;
};

static void *start(void *arg)
{
	struct pool_test *t = arg;
	__atomic_add_fetch(&t->starts, 1, __ATOMIC_RELAXED);
	return t;
}

static void end(void *state, void *arg)
{
	struct pool_test *t = arg;
	if (state == arg)
		__atomic_add_fetch(&t->ends, 1, __ATOMIC_RELAXED);
}

static void item(size_t i, void *state, void *arg)
{
	struct pool_test *t = arg;
	(void)state;
	t->done[i]++;
}

static void test_pool(void)
{
	int done[1000] = { 0 }, i, ok = 1;
	struct pool_test t = { done, 0, 0 };
	struct cal_pool_task task = { start, end, item, &t };

	cal_pool_run(&task, 1000, 4);
	for (i = 0; i < 1000; i++)
		ok &= done[i] == 1;
	EXPECT(ok);
	EXPECT(t.starts >= 1 && t.starts <= 4 && t.ends == t.starts);
	t.starts = t.ends = 0;
	cal_pool_run(&task, 0, 4);	/* nothing to do: no thread */
	EXPECT(t.starts == 0);
	cal_pool_run(&task, 2, 0);	/* one per core, never more than the items */
	EXPECT(t.starts >= 1 && t.starts <= 2 && done[0] == 2 && done[1] == 2);
	EXPECT(cal_default_workers() >= 1);
}

int main(void)
{
	test_hashes();
	test_strvec();
	test_pool();
	return test_summary("util");
}
