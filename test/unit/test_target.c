/* Unit tests for target parsing and target sets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/target.h"
#include "test.h"

static void test_parse_spellings(void)
{
	struct cal_target t;
	char buf[16];
	EXPECT(cal_target_parse("sm_90a", &t) == 0 && t.sm == 90 && t.suffix == 'a');
	EXPECT(cal_target_parse("compute_75", &t) == 0 && t.sm == 75 && !t.suffix);
	EXPECT(cal_target_parse("52", &t) == 0 && t.sm == 52);
	EXPECT(cal_target_parse("sm_100f", &t) == 0 && t.sm == 100 && t.suffix == 'f');
	EXPECT(!strcmp(cal_target_name(t, buf, sizeof(buf)), "sm_100f"));
	EXPECT(cal_target_parse("sm_", &t) < 0);
	EXPECT(cal_target_parse("sm_9x", &t) < 0);
	EXPECT(cal_target_parse("", &t) < 0);
	/* AMD targets (HIP, docs/hip.md): known gfx names only */
	EXPECT(cal_target_parse("gfx90a", &t) == 0 && cal_target_is_gfx(t));
	EXPECT(cal_target_parse("gfx9999", &t) < 0 && cal_target_parse("gfx", &t) < 0);
	EXPECT(cal_target_parse("sm_5", &t) < 0);
	EXPECT(cal_target_parse("sm_99999", &t) < 0);
	EXPECT(cal_target_parse("sm_10", &t) < 0);	/* no such GPU */
	EXPECT(cal_target_parse("sm_99", &t) < 0);
	EXPECT(cal_target_parse("sm_80a", &t) < 0);	/* 'a' from sm_90 */
	EXPECT(cal_target_parse("sm_90f", &t) < 0);	/* 'f' from sm_100 */
	EXPECT(cal_target_parse("sm_20", &t) == 0 && t.sm == 20);
	EXPECT(cal_target_parse("sm_121a", &t) == 0 && t.sm == 121);
}

static void test_set_sorted_unique(void)
{
	struct cal_target_set set = { .n = 0 };
	const char *bad;
	int bad_len;
	char *names;

	EXPECT(cal_target_set_add_list(&set, "sm_90,52,compute_75,sm_52", &bad, &bad_len) == 0);
	EXPECT(set.n == 3);
	EXPECT(set.t[0].sm == 52 && set.t[1].sm == 75 && set.t[2].sm == 90);
	names = cal_target_mask_names(&set, 0x5 | CAL_HOST_BIT);
	EXPECT(!strcmp(names, "host, sm_52, sm_90"));
	free(names);
	EXPECT(cal_target_set_add_list(&set, "sm_80,bogus", &bad, &bad_len) < 0);
	EXPECT(bad_len == 5 && !strncmp(bad, "bogus", 5));
}

int main(void)
{
	test_parse_spellings();
	test_set_sorted_unique();
	return test_summary("target");
}
