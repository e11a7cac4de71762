/*
 * HIP's atomics and scopes (atomics.h): clang's __hip_atomic_* and
 * __scoped_atomic_* builtins, GNU's __atomic_* builtins, and HIP's
 * unsafeAtomicAdd / safeAtomicAdd.  Argument positions are clang's
 * (clang/include/clang/Basic/Builtins.td, HIP's amd_hip_atomic.h), the
 * scope values clang's predefined macros (__HIP_MEMORY_SCOPE_*,
 * __MEMORY_SCOPE_*).
 */
#include "atomics/atomics.h"

#include <string.h>

/* __hip_atomic_NAME(ptr, [operands], order(s), scope) */
#define HIPB(name, OP, old, nargs, order, failure) \
	{ "__hip_atomic_" name, CAL_API_HIP_BUILTIN, CAL_OP_##OP, CAL_SCOPE_UNKNOWN, \
	  0, old, nargs, order, failure, (nargs) - 1 }
/* GNU's __atomic_NAME and clang's __scoped_atomic_NAME (one more argument: the scope) */
#define GNU(name, OP, generic, old, nargs, order, failure) \
	{ "__atomic_" name, CAL_API_GNU, CAL_OP_##OP, CAL_SCOPE_SYSTEM, \
	  generic, old, nargs, order, failure, -1 }, \
	{ "__scoped_atomic_" name, CAL_API_SCOPED, CAL_OP_##OP, CAL_SCOPE_UNKNOWN, \
	  generic, old, (nargs) + 1, order, failure, nargs }
/* fetch_OP returns the old value, OP_fetch the new one */
#define GNU_RMW(name, OP) GNU("fetch_" name, OP, 0, 1, 3, 2, -1), GNU(name "_fetch", OP, 0, 0, 3, 2, -1)

const struct cal_atomic_op cal_atomic_ops_hip[] = {
	/* name, api, op, scope, generic, returns_old, nr_args, order, failure, scope */
	HIPB("load", LOAD, 1, 3, 1, -1),
	HIPB("store", STORE, 0, 4, 2, -1),
	HIPB("exchange", EXCH, 1, 4, 2, -1),
	HIPB("compare_exchange_strong", CAS, 0, 6, 3, 4),
	HIPB("compare_exchange_weak", CAS, 0, 6, 3, 4),
	HIPB("fetch_add", ADD, 1, 4, 2, -1), HIPB("fetch_sub", SUB, 1, 4, 2, -1),
	HIPB("fetch_and", AND, 1, 4, 2, -1), HIPB("fetch_or", OR, 1, 4, 2, -1),
	HIPB("fetch_xor", XOR, 1, 4, 2, -1), HIPB("fetch_min", MIN, 1, 4, 2, -1),
	HIPB("fetch_max", MAX, 1, 4, 2, -1),

	GNU("load_n", LOAD, 0, 1, 2, 1, -1),
	GNU("load", LOAD, 1, 0, 3, 2, -1),
	GNU("store_n", STORE, 0, 0, 3, 2, -1),
	GNU("store", STORE, 1, 0, 3, 2, -1),
	GNU("exchange_n", EXCH, 0, 1, 3, 2, -1),
	GNU("exchange", EXCH, 1, 0, 4, 3, -1),
	GNU("compare_exchange_n", CAS, 0, 0, 6, 4, 5),
	GNU("compare_exchange", CAS, 1, 0, 6, 4, 5),
	GNU_RMW("add", ADD), GNU_RMW("sub", SUB), GNU_RMW("and", AND), GNU_RMW("or", OR),
	GNU_RMW("xor", XOR), GNU_RMW("min", MIN), GNU_RMW("max", MAX),

	/* HIP's float adds: relaxed, agent (device) scope, the old value */
	{ "unsafeAtomicAdd", CAL_API_HIP, CAL_OP_ADD, CAL_SCOPE_DEVICE, 0, 1, 2, -1, -1, -1 },
	{ "safeAtomicAdd", CAL_API_HIP, CAL_OP_ADD, CAL_SCOPE_DEVICE, 0, 1, 2, -1, -1, -1 },
};
#undef HIPB
#undef GNU
#undef GNU_RMW

const int cal_nr_atomic_ops_hip = (int)(sizeof(cal_atomic_ops_hip) / sizeof(cal_atomic_ops_hip[0]));

const struct cal_atomic_op *cal_atomic_op_hip_find(const char *name)
{
	int i;

	for (i = 0; i < cal_nr_atomic_ops_hip; i++)
		if (!strcmp(cal_atomic_ops_hip[i].name, name))
			return &cal_atomic_ops_hip[i];
	return NULL;
}

static const struct cal_hip_scope scopes[] = {
	{ "__HIP_MEMORY_SCOPE_SINGLETHREAD", CAL_API_HIP_BUILTIN, 1, CAL_SCOPE_THREAD, 1 },
	{ "__HIP_MEMORY_SCOPE_WAVEFRONT", CAL_API_HIP_BUILTIN, 2, CAL_SCOPE_BLOCK, 1 },
	{ "__HIP_MEMORY_SCOPE_WORKGROUP", CAL_API_HIP_BUILTIN, 3, CAL_SCOPE_BLOCK, 0 },
	{ "__HIP_MEMORY_SCOPE_AGENT", CAL_API_HIP_BUILTIN, 4, CAL_SCOPE_DEVICE, 0 },
	{ "__HIP_MEMORY_SCOPE_SYSTEM", CAL_API_HIP_BUILTIN, 5, CAL_SCOPE_SYSTEM, 0 },
	{ "__MEMORY_SCOPE_SYSTEM", CAL_API_SCOPED, 0, CAL_SCOPE_SYSTEM, 0 },
	{ "__MEMORY_SCOPE_DEVICE", CAL_API_SCOPED, 1, CAL_SCOPE_DEVICE, 0 },
	{ "__MEMORY_SCOPE_WRKGRP", CAL_API_SCOPED, 2, CAL_SCOPE_BLOCK, 0 },
	{ "__MEMORY_SCOPE_WVFRNT", CAL_API_SCOPED, 3, CAL_SCOPE_BLOCK, 1 },
	{ "__MEMORY_SCOPE_SINGLE", CAL_API_SCOPED, 4, CAL_SCOPE_THREAD, 1 },
};

#define NR_SCOPES (sizeof(scopes) / sizeof(scopes[0]))

const struct cal_hip_scope *cal_hip_scope_find(enum cal_api api, long long value)
{
	size_t i;

	for (i = 0; i < NR_SCOPES; i++)
		if (scopes[i].api == api && scopes[i].value == value)
			return &scopes[i];
	return NULL;
}

const struct cal_hip_scope *cal_hip_scope_named(const char *name)
{
	size_t i;

	for (i = 0; i < NR_SCOPES; i++)
		if (!strcmp(scopes[i].name, name))
			return &scopes[i];
	return NULL;
}

const char *cal_hip_scope_name(enum cal_scope s)
{
	size_t i;

	for (i = 0; i < NR_SCOPES; i++)
		if (scopes[i].api == CAL_API_HIP_BUILTIN && scopes[i].scope == s &&
		    !scopes[i].within_block)
			return scopes[i].name;
	return NULL;
}
