/* Unit tests for the __nv_atomic_* builtin table and its order rules. */
#include <string.h>

#include "atomics/nv_atomic.h"
#include "parse/toolkit.h"
#include "test.h"

/* Every row: found by its name, scope last, orders before it, in range. */
static void test_every_row(void)
{
	int i, n = 0;

	for (i = 0; i < cal_nr_atomic_ops; i++) {
		const struct cal_atomic_op *b = &cal_atomic_ops[i];
		if (b->api != CAL_API_NV_BUILTIN)
			continue;
		n++;
		EXPECT(cal_nv_builtin_find(b->name) == b);
		EXPECT(!strncmp(b->name, "__nv_atomic_", 12));
		EXPECT(b->scope_arg == b->nr_args - 1);
		EXPECT(b->order_arg > 0 && b->order_arg < b->scope_arg);
		EXPECT((b->op == CAL_OP_CAS) == (b->failure_order_arg >= 0));
		EXPECT(b->failure_order_arg < 0 || b->failure_order_arg == b->order_arg + 1);
		EXPECT(!b->generic || !cal_op_is_arith(b->op));
		/* the prelude declares it */
		EXPECT(strstr(cal_prelude_text, b->name) ||
		       (cal_op_is_arith(b->op) && strstr(cal_prelude_text, "__CAL_RMW(")));
	}
	EXPECT(n == 8 + 14);
}

static void test_lookups(void)
{
	const struct cal_atomic_op *b;

	b = cal_nv_builtin_find("__nv_atomic_load_n");
	EXPECT(b && b->op == CAL_OP_LOAD && !b->generic && b->nr_args == 3 && b->order_arg == 1);
	b = cal_nv_builtin_find("__nv_atomic_exchange");
	EXPECT(b && b->op == CAL_OP_EXCH && b->generic && b->order_arg == 3);
	b = cal_nv_builtin_find("__nv_atomic_compare_exchange_n");
	EXPECT(b && b->op == CAL_OP_CAS && b->order_arg == 4 && b->failure_order_arg == 5 &&
	       b->scope_arg == 6);
	b = cal_nv_builtin_find("__nv_atomic_fetch_min");
	EXPECT(b && b->op == CAL_OP_MIN && b->returns_old && b->order_arg == 2);
	b = cal_nv_builtin_find("__nv_atomic_xor");
	EXPECT(b && b->op == CAL_OP_XOR && !b->returns_old);
	/* nvcc 13 has no add_fetch forms */
	EXPECT(!cal_nv_builtin_find("__nv_atomic_add_fetch"));
	EXPECT(!cal_nv_builtin_find("__nv_atomic_load_n_"));
}

static void test_orders(void)
{
	EXPECT(cal_order_valid_for(CAL_OP_LOAD, CAL_ORDER_ACQUIRE));
	EXPECT(cal_order_valid_for(CAL_OP_LOAD, CAL_ORDER_CONSUME));
	EXPECT(cal_order_valid_for(CAL_OP_LOAD, CAL_ORDER_SEQ_CST));
	EXPECT(!cal_order_valid_for(CAL_OP_LOAD, CAL_ORDER_RELEASE));
	EXPECT(!cal_order_valid_for(CAL_OP_LOAD, CAL_ORDER_ACQ_REL));
	EXPECT(cal_order_valid_for(CAL_OP_STORE, CAL_ORDER_RELEASE));
	EXPECT(cal_order_valid_for(CAL_OP_STORE, CAL_ORDER_RELAXED));
	EXPECT(!cal_order_valid_for(CAL_OP_STORE, CAL_ORDER_CONSUME));
	EXPECT(!cal_order_valid_for(CAL_OP_STORE, CAL_ORDER_ACQUIRE));
	EXPECT(!cal_order_valid_for(CAL_OP_STORE, CAL_ORDER_ACQ_REL));
	EXPECT(cal_order_valid_for(CAL_OP_CAS, CAL_ORDER_ACQ_REL));
	EXPECT(cal_order_valid_for(CAL_OP_ADD, CAL_ORDER_CONSUME));
	EXPECT(!cal_order_valid_for(CAL_OP_ADD, 6));
	EXPECT(!cal_order_valid_for(CAL_OP_EXCH, -1));
	EXPECT(!strcmp(cal_nv_order_name(CAL_ORDER_ACQ_REL), "__NV_ATOMIC_ACQ_REL"));
	EXPECT(!cal_nv_order_name(6));
	EXPECT(!strcmp(cal_nv_scope_name(CAL_SCOPE_CLUSTER), "__NV_THREAD_SCOPE_CLUSTER"));
	EXPECT(!cal_nv_scope_name(5) && !cal_nv_scope_name(-1));
}

int main(void)
{
	test_every_row();
	test_lookups();
	test_orders();
	return test_summary("test_nv_atomic");
}
