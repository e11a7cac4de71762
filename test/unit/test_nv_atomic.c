/* Unit tests for the __nv_atomic_* builtin table and its order rules. */
#include <string.h>

#include "atomics/nv_atomic.h"
#include "parse/toolkit.h"
#include "test.h"

/* Every row: found by its name, scope last, orders before it, in range. */
static void test_every_row(void)
{
	int i;

	for (i = 0; i < cal_nr_nv_builtins; i++) {
		const struct cal_nv_builtin *b = &cal_nv_builtins[i];
		EXPECT(cal_nv_builtin_find(b->name) == b);
		EXPECT(!strncmp(b->name, "__nv_atomic_", 12));
		EXPECT(b->scope_arg == b->nr_args - 1);
		EXPECT(b->order_arg > 0 && b->order_arg < b->scope_arg);
		EXPECT((b->op == CAL_NV_CAS) == (b->failure_order_arg >= 0));
		EXPECT(b->failure_order_arg < 0 || b->failure_order_arg == b->order_arg + 1);
		EXPECT(!b->generic || !cal_nv_op_is_rmw(b->op));
		/* the prelude declares it */
		EXPECT(strstr(cal_prelude_text, b->name) ||
		       (cal_nv_op_is_rmw(b->op) && strstr(cal_prelude_text, "__CAL_RMW(")));
	}
	EXPECT(cal_nr_nv_builtins == 8 + 14);
}

static void test_lookups(void)
{
	const struct cal_nv_builtin *b;

	b = cal_nv_builtin_find("__nv_atomic_load_n");
	EXPECT(b && b->op == CAL_NV_LOAD && !b->generic && b->nr_args == 3 && b->order_arg == 1);
	b = cal_nv_builtin_find("__nv_atomic_exchange");
	EXPECT(b && b->op == CAL_NV_EXCHANGE && b->generic && b->order_arg == 3);
	b = cal_nv_builtin_find("__nv_atomic_compare_exchange_n");
	EXPECT(b && b->op == CAL_NV_CAS && b->order_arg == 4 && b->failure_order_arg == 5 &&
	       b->scope_arg == 6);
	b = cal_nv_builtin_find("__nv_atomic_fetch_min");
	EXPECT(b && b->op == CAL_NV_MIN && b->returns_old && b->order_arg == 2);
	b = cal_nv_builtin_find("__nv_atomic_xor");
	EXPECT(b && b->op == CAL_NV_XOR && !b->returns_old);
	/* nvcc 13 has no add_fetch forms */
	EXPECT(!cal_nv_builtin_find("__nv_atomic_add_fetch"));
	EXPECT(!cal_nv_builtin_find("__nv_atomic_load_n_"));
}

static void test_orders(void)
{
	EXPECT(cal_nv_order_valid_for(CAL_NV_LOAD, CAL_NV_ACQUIRE));
	EXPECT(cal_nv_order_valid_for(CAL_NV_LOAD, CAL_NV_CONSUME));
	EXPECT(cal_nv_order_valid_for(CAL_NV_LOAD, CAL_NV_SEQ_CST));
	EXPECT(!cal_nv_order_valid_for(CAL_NV_LOAD, CAL_NV_RELEASE));
	EXPECT(!cal_nv_order_valid_for(CAL_NV_LOAD, CAL_NV_ACQ_REL));
	EXPECT(cal_nv_order_valid_for(CAL_NV_STORE, CAL_NV_RELEASE));
	EXPECT(cal_nv_order_valid_for(CAL_NV_STORE, CAL_NV_RELAXED));
	EXPECT(!cal_nv_order_valid_for(CAL_NV_STORE, CAL_NV_CONSUME));
	EXPECT(!cal_nv_order_valid_for(CAL_NV_STORE, CAL_NV_ACQUIRE));
	EXPECT(!cal_nv_order_valid_for(CAL_NV_STORE, CAL_NV_ACQ_REL));
	EXPECT(cal_nv_order_valid_for(CAL_NV_CAS, CAL_NV_ACQ_REL));
	EXPECT(cal_nv_order_valid_for(CAL_NV_ADD, CAL_NV_CONSUME));
	EXPECT(!cal_nv_order_valid_for(CAL_NV_ADD, 6));
	EXPECT(!cal_nv_order_valid_for(CAL_NV_EXCHANGE, -1));
	EXPECT(!strcmp(cal_nv_order_name(CAL_NV_ACQ_REL), "__NV_ATOMIC_ACQ_REL"));
	EXPECT(!cal_nv_order_name(6));
	EXPECT(!strcmp(cal_nv_scope_name(CAL_NV_SCOPE_CLUSTER), "__NV_THREAD_SCOPE_CLUSTER"));
	EXPECT(!cal_nv_scope_name(5) && !cal_nv_scope_name(-1));
}

int main(void)
{
	test_every_row();
	test_lookups();
	test_orders();
	return test_summary("test_nv_atomic");
}
