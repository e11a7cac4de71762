/*
 * The fence functions (atomics.h): which memory fences CUDA, HIP and OpenCL C
 * offer, the scope each one has or where its order argument sits, so that
 * checks asking "is the access ordered by a fence?" read one table.
 */
#include "atomics/atomics.h"

#include <string.h>

static const struct cal_fence_op fence_ops[] = {
	/* name, api, scope, order_arg */
	{ "__threadfence_block", CAL_API_LEGACY, CAL_SCOPE_BLOCK, -1 },
	{ "__threadfence", CAL_API_LEGACY, CAL_SCOPE_DEVICE, -1 },
	{ "__threadfence_system", CAL_API_LEGACY, CAL_SCOPE_SYSTEM, -1 },
	/* cuda::atomic_thread_fence(order, scope), cuda::std::atomic_thread_fence(order) */
	{ "atomic_thread_fence", CAL_API_LIBCUDACXX, CAL_SCOPE_UNKNOWN, 0 },
	/* GNU's fence (system scope) and AMD's, whose second argument names the scope (HIP) */
	{ "__atomic_thread_fence", CAL_API_GNU, CAL_SCOPE_SYSTEM, 0 },
	{ "__builtin_amdgcn_fence", CAL_API_HIP, CAL_SCOPE_UNKNOWN, 0 },
	/* OpenCL C 1.x: a fence for the address spaces its flags name */
	{ "mem_fence", CAL_API_OPENCL_1X, CAL_SCOPE_UNKNOWN, -1 },
	{ "read_mem_fence", CAL_API_OPENCL_1X, CAL_SCOPE_UNKNOWN, -1 },
	{ "write_mem_fence", CAL_API_OPENCL_1X, CAL_SCOPE_UNKNOWN, -1 },
	/* OpenCL C 2.0: atomic_work_item_fence(flags, order, scope) */
	{ "atomic_work_item_fence", CAL_API_OPENCL_2X, CAL_SCOPE_UNKNOWN, 1 },
};

const struct cal_fence_op *cal_fence_op_find(int opencl, const char *name)
{
	size_t i;

	for (i = 0; name && i < sizeof(fence_ops) / sizeof(fence_ops[0]); i++) {
		int cl = fence_ops[i].api == CAL_API_OPENCL_1X || fence_ops[i].api == CAL_API_OPENCL_2X;
		if (cl == !!opencl && !strcmp(fence_ops[i].name, name))
			return &fence_ops[i];
	}
	return NULL;
}

const char *cal_fence_name(enum cal_scope scope)
{
	size_t i;

	for (i = 0; i < sizeof(fence_ops) / sizeof(fence_ops[0]); i++)
		if (fence_ops[i].api == CAL_API_LEGACY && fence_ops[i].scope == scope)
			return fence_ops[i].name;
	return NULL;
}
