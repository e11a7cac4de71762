/*
 * OpenCL C's atomic functions and memory scopes (atomics.h): the OpenCL
 * front end's checks find them here by name.  A table of its own, apart
 * from cal_atomic_ops[], so that cal_atomic_classify() never reads a CUDA
 * file's function of the same name as OpenCL's.
 */
#include "atomics/atomics.h"

#include <string.h>

#define NO_ORDER -1, -1, -1

/* atomic_add() (1.1) and atom_add() (the cl_khr_*_atomics extensions): relaxed, return the old value */
#define CL1(name, OP, nargs) \
	{ "atomic_" name, CAL_API_OPENCL_1X, CAL_OP_##OP, CAL_SCOPE_UNKNOWN, 0, 1, nargs, NO_ORDER }, \
	{ "atom_" name, CAL_API_OPENCL_1X, CAL_OP_##OP, CAL_SCOPE_UNKNOWN, 0, 1, nargs, NO_ORDER }

/*
 * The 2.0 function (seq_cst, device scope) and its _explicit form, whose
 * order argument sits at order and whose scope argument, last and optional,
 * follows the order(s): nr_args counts it.
 */
#define CL2(name, OP, old, nargs, order, failure) \
	{ "atomic_" name, CAL_API_OPENCL_2X, CAL_OP_##OP, CAL_SCOPE_UNKNOWN, 0, old, nargs, \
	  NO_ORDER }, \
	{ "atomic_" name "_explicit", CAL_API_OPENCL_2X, CAL_OP_##OP, CAL_SCOPE_UNKNOWN, 0, old, \
	  (failure) >= 0 ? (failure) + 2 : (order) + 2, order, failure, \
	  (failure) >= 0 ? (failure) + 1 : (order) + 1 }
#define CL2_RMW(name, OP) CL2("fetch_" name, OP, 1, 2, 2, -1)

const struct cal_atomic_op cal_atomic_ops_cl[] = {
	/* name, api, op, scope, generic, returns_old, nr_args, order, failure, scope */
	CL1("add", ADD, 2), CL1("sub", SUB, 2), CL1("xchg", EXCH, 2),
	CL1("inc", INC, 1), CL1("dec", DEC, 1), CL1("cmpxchg", CAS, 3),
	CL1("min", MIN, 2), CL1("max", MAX, 2), CL1("and", AND, 2),
	CL1("or", OR, 2), CL1("xor", XOR, 2),

	CL2("load", LOAD, 1, 1, 1, -1),
	CL2("store", STORE, 0, 2, 2, -1),
	CL2("exchange", EXCH, 1, 2, 2, -1),
	/* (obj, expected, desired[, success, failure[, scope]]): a bool, the old value in *expected */
	CL2("compare_exchange_strong", CAS, 0, 3, 3, 4),
	CL2("compare_exchange_weak", CAS, 0, 3, 3, 4),
	CL2_RMW("add", ADD), CL2_RMW("sub", SUB), CL2_RMW("and", AND), CL2_RMW("or", OR),
	CL2_RMW("xor", XOR), CL2_RMW("min", MIN), CL2_RMW("max", MAX),
	/* atomic_flag: test_and_set exchanges in 'set' and returns the old flag; clear stores */
	CL2("flag_test_and_set", EXCH, 1, 1, 1, -1),
	CL2("flag_clear", STORE, 0, 1, 1, -1),
};
#undef CL1
#undef CL2
#undef CL2_RMW

const int cal_nr_atomic_ops_cl = (int)(sizeof(cal_atomic_ops_cl) / sizeof(cal_atomic_ops_cl[0]));

const struct cal_atomic_op *cal_atomic_op_cl_find(const char *name)
{
	int i;

	for (i = 0; name && i < cal_nr_atomic_ops_cl; i++)
		if (!strcmp(cal_atomic_ops_cl[i].name, name))
			return &cal_atomic_ops_cl[i];
	return NULL;
}

const struct cal_cl_scope *cal_cl_scope_find(const char *name)
{
	static const struct cal_cl_scope scopes[] = {
		{ "memory_scope_work_item", 0 },
		{ "memory_scope_sub_group", 1 },
		{ "memory_scope_work_group", 1 },
		{ "memory_scope_device", 0 },
		{ "memory_scope_all_svm_devices", 0 },
		{ "memory_scope_all_devices", 0 },
	};
	size_t i;

	for (i = 0; name && i < sizeof(scopes) / sizeof(scopes[0]); i++)
		if (!strcmp(scopes[i].name, name))
			return &scopes[i];
	return NULL;
}
