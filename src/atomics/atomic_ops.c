/*
 * The op table and the scope and memory-order words (atomics.h).
 */
#include "atomics/atomics.h"

#include <string.h>

#define NO_ORDER -1, -1, -1

/* atomicXxx, atomicXxx_block, atomicXxx_system: relaxed, the result is the old value */
#define LEGACY(Name, OP, nargs) \
	{ "atomic" #Name, CAL_API_LEGACY, CAL_OP_##OP, CAL_SCOPE_DEVICE, 0, 1, nargs, NO_ORDER }, \
	{ "atomic" #Name "_block", CAL_API_LEGACY, CAL_OP_##OP, CAL_SCOPE_BLOCK, 0, 1, nargs, NO_ORDER }, \
	{ "atomic" #Name "_system", CAL_API_LEGACY, CAL_OP_##OP, CAL_SCOPE_SYSTEM, 0, 1, nargs, NO_ORDER }

#define NV(name, OP, generic, old, nargs, order, failure, scope) \
	{ "__nv_atomic_" name, CAL_API_NV_BUILTIN, CAL_OP_##OP, CAL_SCOPE_UNKNOWN, \
	  generic, old, nargs, order, failure, scope }
#define NV_RMW(name, OP) \
	NV("fetch_" name, OP, 0, 1, 4, 2, -1, 3), NV(name, OP, 0, 0, 4, 2, -1, 3)

/* members: the scope is the class's template argument, the order defaults to seq_cst */
#define MEMBER(name, OP, old, nargs, order, failure) \
	{ name, CAL_API_LIBCUDACXX, CAL_OP_##OP, CAL_SCOPE_UNKNOWN, 0, old, nargs, order, failure, -1 }

const struct cal_atomic_op cal_atomic_ops[] = {
	/* name, api, op, scope, generic, returns_old, nr_args, order, failure, scope */
	LEGACY(Add, ADD, 2), LEGACY(Sub, SUB, 2), LEGACY(Exch, EXCH, 2),
	LEGACY(Min, MIN, 2), LEGACY(Max, MAX, 2), LEGACY(Inc, INC, 2),
	LEGACY(Dec, DEC, 2), LEGACY(CAS, CAS, 3), LEGACY(And, AND, 2),
	LEGACY(Or, OR, 2), LEGACY(Xor, XOR, 2),

	NV("load_n", LOAD, 0, 1, 3, 1, -1, 2),
	NV("load", LOAD, 1, 0, 4, 2, -1, 3),
	NV("store_n", STORE, 0, 0, 4, 2, -1, 3),
	NV("store", STORE, 1, 0, 4, 2, -1, 3),
	NV("exchange_n", EXCH, 0, 1, 4, 2, -1, 3),
	NV("exchange", EXCH, 1, 0, 5, 3, -1, 4),
	NV("compare_exchange_n", CAS, 0, 0, 7, 4, 5, 6),
	NV("compare_exchange", CAS, 1, 0, 7, 4, 5, 6),
	NV_RMW("add", ADD), NV_RMW("sub", SUB), NV_RMW("and", AND), NV_RMW("or", OR),
	NV_RMW("xor", XOR), NV_RMW("min", MIN), NV_RMW("max", MAX),

	MEMBER("load", LOAD, 1, 1, 0, -1),
	MEMBER("store", STORE, 0, 2, 1, -1),
	MEMBER("exchange", EXCH, 1, 2, 1, -1),
	MEMBER("compare_exchange_weak", CAS, 0, 4, 2, 3),
	MEMBER("compare_exchange_strong", CAS, 0, 4, 2, 3),
	MEMBER("fetch_add", ADD, 1, 2, 1, -1), MEMBER("fetch_sub", SUB, 1, 2, 1, -1),
	MEMBER("fetch_and", AND, 1, 2, 1, -1), MEMBER("fetch_or", OR, 1, 2, 1, -1),
	MEMBER("fetch_xor", XOR, 1, 2, 1, -1), MEMBER("fetch_min", MIN, 1, 2, 1, -1),
	MEMBER("fetch_max", MAX, 1, 2, 1, -1),
};
#undef LEGACY
#undef NV
#undef NV_RMW
#undef MEMBER

const int cal_nr_atomic_ops = (int)(sizeof(cal_atomic_ops) / sizeof(cal_atomic_ops[0]));

const struct cal_atomic_op *cal_atomic_op_find(enum cal_api api, const char *name)
{
	int i;

	for (i = 0; i < cal_nr_atomic_ops; i++)
		if (cal_atomic_ops[i].api == api && !strcmp(cal_atomic_ops[i].name, name))
			return &cal_atomic_ops[i];
	return NULL;
}

const struct cal_atomic_op *cal_legacy_op(enum cal_op op, enum cal_scope scope)
{
	int i;

	for (i = 0; i < cal_nr_atomic_ops; i++)
		if (cal_atomic_ops[i].api == CAL_API_LEGACY && cal_atomic_ops[i].op == op &&
		    cal_atomic_ops[i].scope == scope)
			return &cal_atomic_ops[i];
	return NULL;
}

const struct cal_atomic_op *cal_member_op(enum cal_op op)
{
	int i;

	for (i = 0; i < cal_nr_atomic_ops; i++)
		if (cal_atomic_ops[i].api == CAL_API_LIBCUDACXX && cal_atomic_ops[i].op == op)
			return &cal_atomic_ops[i];
	return NULL;
}

int cal_op_is_arith(enum cal_op op)
{
	switch (op) {
	case CAL_OP_ADD: case CAL_OP_SUB: case CAL_OP_MIN: case CAL_OP_MAX:
	case CAL_OP_INC: case CAL_OP_DEC: case CAL_OP_AND: case CAL_OP_OR: case CAL_OP_XOR:
		return 1;
	default:
		return 0;
	}
}

int cal_order_valid_for(enum cal_op op, long long order)
{
	if (order < 0 || order >= CAL_NR_ORDERS)
		return 0;
	if (op == CAL_OP_LOAD)
		return order != CAL_ORDER_RELEASE && order != CAL_ORDER_ACQ_REL;
	if (op == CAL_OP_STORE)
		return order == CAL_ORDER_RELAXED || order == CAL_ORDER_RELEASE ||
		       order == CAL_ORDER_SEQ_CST;
	return 1;
}

const char *cal_scope_name(enum cal_scope s)
{
	static const char *const names[CAL_NR_SCOPES] = {
		"thread", "block", "cluster", "device", "system",
	};
	return s >= 0 && s < CAL_NR_SCOPES ? names[s] : "unknown";
}

const char *cal_nv_scope_name(long long scope)
{
	static const char *const names[CAL_NR_SCOPES] = {
		"__NV_THREAD_SCOPE_THREAD", "__NV_THREAD_SCOPE_BLOCK", "__NV_THREAD_SCOPE_CLUSTER",
		"__NV_THREAD_SCOPE_DEVICE", "__NV_THREAD_SCOPE_SYSTEM",
	};
	return scope >= 0 && scope < CAL_NR_SCOPES ? names[scope] : NULL;
}

const char *cal_nv_order_name(long long order)
{
	static const char *const names[CAL_NR_ORDERS] = {
		"__NV_ATOMIC_RELAXED", "__NV_ATOMIC_CONSUME", "__NV_ATOMIC_ACQUIRE",
		"__NV_ATOMIC_RELEASE", "__NV_ATOMIC_ACQ_REL", "__NV_ATOMIC_SEQ_CST",
	};
	return order >= 0 && order < CAL_NR_ORDERS ? names[order] : NULL;
}

enum cal_scope cal_scope_from_nv(long long v)
{
	return v >= 0 && v < CAL_NR_SCOPES ? (enum cal_scope)v : CAL_SCOPE_UNKNOWN;
}

enum cal_scope cal_scope_from_cuda(long long v)
{
	switch (v) {
	case 0: return CAL_SCOPE_SYSTEM;
	case 1: return CAL_SCOPE_DEVICE;
	case 2: return CAL_SCOPE_BLOCK;
	case 3: case 10: return CAL_SCOPE_THREAD;
	case 4: return CAL_SCOPE_CLUSTER;
	default: return CAL_SCOPE_UNKNOWN;
	}
}

enum cal_order cal_order_from_value(long long v)
{
	return v >= 0 && v < CAL_NR_ORDERS ? (enum cal_order)v : CAL_ORDER_UNKNOWN;
}
