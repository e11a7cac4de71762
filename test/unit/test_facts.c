/* Unit tests for the facts table: every row is reachable and sane. */
#include <string.h>

#include "cuatomlint/facts.h"
#include "test.h"

static void test_every_row(void)
{
	int i;
	for (i = 0; i < cal_nr_facts; i++) {
		const struct cal_fact *f = &cal_facts[i];
		/* each row is found by its own key, and is unique */
		EXPECT(cal_facts_find(f->api, f->op, f->type, f->quals) == f);
		EXPECT(f->min_sm >= 20 && f->min_sm <= 120);
		EXPECT(f->what && *f->what && f->source && *f->source);
		EXPECT(!f->emulated_from_sm || f->emulated_from_sm < f->min_sm);
		EXPECT(!f->emulated_from_sm || f->emulated_since_cuda >= 11);
	}
}

static void test_lookups(void)
{
	const struct cal_fact *f;

	f = cal_facts_find(CAL_API_LEGACY, CAL_OP_ADD, CAL_T_F64, 0);
	EXPECT(f && f->min_sm == 60 && cal_fact_min_sm(f, 13) == 60);
	f = cal_facts_find(CAL_API_LEGACY, CAL_OP_ADD, CAL_T_BF16, 0);
	EXPECT(f && cal_fact_min_sm(f, 12) == 80 && cal_fact_min_sm(f, 13) == 70);
	f = cal_facts_find(CAL_API_LEGACY, CAL_OP_ADD, CAL_T_F16X2, 0);
	EXPECT(f && cal_fact_min_sm(f, 12) == 60 && cal_fact_min_sm(f, 13) == 1);
	/* plain 32-bit add: nothing known, supported everywhere */
	EXPECT(cal_facts_find(CAL_API_LEGACY, CAL_OP_ADD, CAL_T_I32, 0) == NULL);
	/* _block on any op falls back to the wildcard row */
	f = cal_facts_find(CAL_API_LEGACY, CAL_OP_INC, CAL_T_I32, CAL_Q_SCOPE_BLOCK);
	EXPECT(f && f->min_sm == 60);
	/* several rows apply: the strictest wins */
	f = cal_facts_find(CAL_API_PTX, CAL_OP_ADD, CAL_T_F32, CAL_Q_SEM | CAL_Q_SCOPE_CLUSTER);
	EXPECT(f && f->min_sm == 90);
	f = cal_facts_find(CAL_API_PTX, CAL_OP_ADD, CAL_T_F32, CAL_Q_SEM);
	EXPECT(f && f->min_sm == 70);
	f = cal_facts_find(CAL_API_NV_BUILTIN, CAL_OP_CAS, CAL_T_B16, 0);
	EXPECT(f && f->min_sm == 70);
	f = cal_facts_find(CAL_API_NV_BUILTIN, CAL_OP_LOAD, CAL_T_I32, 0);
	EXPECT(f && f->min_sm == 60);
	EXPECT(!strcmp(cal_op_name(CAL_OP_CAS), "cas"));
}

int main(void)
{
	test_every_row();
	test_lookups();
	return test_summary("facts");
}
