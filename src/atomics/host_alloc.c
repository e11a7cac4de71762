/* Calls that place memory where another processor touches it (host_alloc.h). */
#include "atomics/host_alloc.h"

#include <string.h>

const struct cal_host_alloc cal_host_allocs[] = {
	{ "cudaMallocHost", 0, CAL_ALLOC_HOST },
	{ "cudaHostAlloc", 0, CAL_ALLOC_HOST },
	{ "cudaHostRegister", 0, CAL_ALLOC_HOST },
	{ "cudaMallocManaged", 0, CAL_ALLOC_MANAGED },
	{ "cuMemHostAlloc", 0, CAL_ALLOC_HOST },
	{ "cuMemAllocHost", 0, CAL_ALLOC_HOST },
	{ "cuMemHostRegister", 0, CAL_ALLOC_HOST },
	{ "cuMemAllocManaged", 0, CAL_ALLOC_MANAGED },
	{ "cudaDeviceEnablePeerAccess", 0, CAL_ALLOC_PEER },
	{ "cuCtxEnablePeerAccess", 0, CAL_ALLOC_PEER },
	{ "cudaIpcOpenMemHandle", 0, CAL_ALLOC_PEER },
	{ "cuIpcOpenMemHandle", 0, CAL_ALLOC_PEER },
	{ "cuMemImportFromShareableHandle", 0, CAL_ALLOC_PEER },
	/* HIP (hip_runtime_api.h); hipHostAlloc and hipMallocHost are deprecated spellings */
	{ "hipHostMalloc", 1, CAL_ALLOC_HOST },
	{ "hipHostAlloc", 1, CAL_ALLOC_HOST },
	{ "hipMallocHost", 1, CAL_ALLOC_HOST },
	{ "hipHostRegister", 1, CAL_ALLOC_HOST },
	{ "hipMallocManaged", 1, CAL_ALLOC_MANAGED },
	{ "hipExtMallocWithFlags", 1, CAL_ALLOC_FLAGGED },
	{ "hipDeviceEnablePeerAccess", 1, CAL_ALLOC_PEER },
	{ "hipIpcOpenMemHandle", 1, CAL_ALLOC_PEER },
	{ NULL, 0, 0 },
};

const struct cal_host_alloc *cal_host_alloc_find(const char *name, size_t len)
{
	const struct cal_host_alloc *a;

	for (a = cal_host_allocs; a->name; a++)
		if (strlen(a->name) == len && !memcmp(a->name, name, len))
			return a;
	return NULL;
}
